import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { passwordResetEmail } from '../mail/mail-templates';
import { Mailer } from '../mail/mail.types';
import { ApiTokensService } from './api-tokens.service';
import { AUTH_MESSAGES } from './auth.dto';
import { BackgroundTasks } from './background-tasks.service';
import { normalizeEmail } from './email-address.util';
import { EmailTokenRepository } from './email-token.repository';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { hashSecret, randomSecret } from './secret-token.util';
import { SessionService } from './session.service';
import { UserRepository } from './user.repository';

export const RESET_LINK_SECONDS = 3600;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, we have sent it a link to reset the password.';

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
   * after the rate limits happens after the response (the lookup, the token and the email).
   */
  async request(rawEmail: string, ip: string): Promise<void> {
    await this.limiter.consume(AUTH_RATE_LIMITS.resetPerIp, ip);
    const email = normalizeEmail(rawEmail);
    await this.limiter.consume(AUTH_RATE_LIMITS.resetPerEmail, email.toLowerCase());
    this.background.run('password reset email', () => this.sendLink(email));
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
    const now = new Date();
    const token = randomSecret();
    await this.tokens.invalidateUnused(user.id, 'reset', now);
    await this.tokens.insert({
      userId: user.id,
      purpose: 'reset',
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + RESET_LINK_SECONDS * 1000),
    });
    const url = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: user.email, ...passwordResetEmail(url) });
    this.logger.log(`password reset link sent: userId=${user.id}`);
  }
}
