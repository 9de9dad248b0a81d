import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { MAIL_SENT_MESSAGES, noMailSentMessage } from '../mail/mail-notices.catalogue';
import { passwordResetEmail } from '../mail/mail-templates.renderer';
import { Mailer } from '../mail/mail.types';
import { ApiTokensService } from './api-tokens.service';
import { AcceptedDto, AUTH_MESSAGES } from './auth.dto';
import { BackgroundTasks } from './background-tasks.service';
import { normalizeEmail } from './email-address.util';
import { EMAIL_LINK_SECONDS, issueEmailLink } from './email-link.util';
import { EmailTokenRepository } from './email-token.repository';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { hashSecret } from './secret-token.util';
import { SessionService } from './session.service';
import { UserRepository } from './user.repository';

export const RESET_LINK_SECONDS = EMAIL_LINK_SECONDS.reset;

/** 'Forgot your password?': a single-use link, valid one hour, that sets a new password. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailTokenRepository,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly background: BackgroundTasks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly passwords: PasswordHashPool,
    private readonly apiTokens: ApiTokensService,
  ) {}

  /**
   * Answers the same, in the same time, whether or not the address has an account: everything
   * after the rate limits happens after the response (the lookup, the token and the email). Without a
   * mail transport the answer says no link was sent, and who can make one (the same for every address).
   */
  async request(rawEmail: string, ip: string): Promise<AcceptedDto> {
    await this.limiter.consume(AUTH_RATE_LIMITS.resetPerIp, ip);
    const email = normalizeEmail(rawEmail);
    await this.limiter.consume(AUTH_RATE_LIMITS.resetPerEmail, email.toLowerCase());
    this.background.run('password reset email', () => this.sendLink(email));
    return this.mailer.sendsMail
      ? { status: 'accepted', emailSent: true, message: MAIL_SENT_MESSAGES.reset }
      : { status: 'accepted', emailSent: false, message: noMailSentMessage('reset', this.config.contactEmail) };
  }

  /**
   * Sets the new password, signs every session of the account out and revokes every API token:
   * recovering an account locks out whoever held it, including through a token they made.
   */
  async confirm(token: string, password: string): Promise<void> {
    const now = new Date();
    const userId = await this.tokens.consume(hashSecret(token), 'reset', now);
    if (!userId) throw new BadRequestException(AUTH_MESSAGES.invalidResetLink);
    await this.users.setPassword(userId, await this.passwords.hash(password), now);
    // The link reached the inbox, so the address is the person's.
    await this.users.markEmailVerified(userId, now);
    await this.sessions.endAll(userId);
    const apiTokensRevoked = await this.apiTokens.revokeAll(userId);
    this.logger.log(`password reset; every session and API token revoked: userId=${userId} apiTokensRevoked=${apiTokensRevoked}`);
  }

  private async sendLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      this.logger.log('password reset requested for an address without an account');
      return;
    }
    const url = await issueEmailLink(this.tokens, user.id, 'reset', this.config.publicUrl);
    await this.mailer.send({ to: user.email, ...passwordResetEmail(url), link: url });
    this.logger.log(`password reset link ${this.mailer.sendsMail ? 'sent' : 'stored in the outbox (no mail transport)'}: userId=${user.id}`);
  }
}
