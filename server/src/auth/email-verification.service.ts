import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { MAIL_SENT_MESSAGES, noMailSentMessage } from '../mail/mail-notices.catalogue';
import { emailChangedNoticeEmail, verificationEmail } from '../mail/mail-templates.renderer';
import { Mailer } from '../mail/mail.types';
import { AUTH_MESSAGES, EmailDeliveryDto } from './auth.dto';
import { BackgroundTasks } from './background-tasks.service';
import { EMAIL_LINK_SECONDS, issueEmailLink } from './email-link.util';
import { EmailTokenRepository } from './email-token.repository';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { hashSecret } from './secret-token.util';
import { UserEntity } from './user.entity';
import { EmailTakenError, UserRepository } from './user.repository';

export const VERIFICATION_LINK_SECONDS = EMAIL_LINK_SECONDS.verify;

/** Confirms that a person owns their email address, with a single-use link valid for a day. */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailTokenRepository,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly background: BackgroundTasks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** After sign-up: the email goes out without delaying (or failing) the sign-up itself. */
  sendInBackground(user: UserEntity): void {
    this.background.run(`verification email for userId=${user.id}`, () => this.send(user));
  }

  /** Answers whether an email really went out (without a mail transport it did not, and says so). */
  async resend(userId: string): Promise<EmailDeliveryDto> {
    await this.limiter.consume(AUTH_RATE_LIMITS.verifyResendPerUser, userId);
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(AUTH_MESSAGES.signInRequired);
    if (user.emailVerifiedAt) throw new ConflictException(AUTH_MESSAGES.alreadyVerified);
    await this.send(user);
    return this.mailer.sendsMail
      ? { emailSent: true, message: MAIL_SENT_MESSAGES.verification }
      : { emailSent: false, message: noMailSentMessage('verification', this.config.contactEmail) };
  }

  /**
   * Opens an emailed confirmation link: the sign-up address's (it becomes verified), or a new
   * sign-in address's (the account moves to it, verified, and the old address is told).
   */
  async confirm(token: string): Promise<{ outcome: 'verified' } | { outcome: 'changed'; email: string }> {
    const now = new Date();
    const tokenHash = hashSecret(token);
    const userId = await this.tokens.consume(tokenHash, 'verify', now);
    if (userId) {
      await this.users.markEmailVerified(userId, now);
      this.logger.log(`email verified: userId=${userId}`);
      return { outcome: 'verified' };
    }
    const change = await this.tokens.consumeWithAddress(tokenHash, 'change-email', now);
    if (!change?.newEmail) throw new BadRequestException(AUTH_MESSAGES.invalidVerificationLink);
    await this.changeAddress(change.userId, change.newEmail, now);
    // The address the link was sent to: whoever opened it knows it already.
    return { outcome: 'changed', email: change.newEmail };
  }

  private async changeAddress(userId: string, newEmail: string, now: Date): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new BadRequestException(AUTH_MESSAGES.invalidVerificationLink);
    try {
      // The link reached the new inbox, so the new address is verified.
      await this.users.changeEmail(userId, newEmail, now);
    } catch (err) {
      // Another account took the address between the request and the link.
      if (err instanceof EmailTakenError) throw new ConflictException(AUTH_MESSAGES.emailTaken);
      throw err;
    }
    // Links sent to the old address no longer fit the account.
    await this.tokens.invalidateUnused(userId, 'verify', now);
    await this.tokens.invalidateUnused(userId, 'reset', now);
    this.logger.log(`sign-in email changed: userId=${userId}`);
    this.background.run(`email change notice for userId=${userId}`, () => this.mailer.send({ to: user.email, ...emailChangedNoticeEmail(newEmail) }));
  }

  private async send(user: UserEntity): Promise<void> {
    const url = await issueEmailLink(this.tokens, user.id, 'verify', this.config.publicUrl);
    await this.mailer.send({ to: user.email, ...verificationEmail(url), link: url });
  }
}
