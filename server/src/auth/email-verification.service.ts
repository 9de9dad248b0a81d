import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { verificationEmail } from '../mail/mail-templates';
import { Mailer } from '../mail/mail.types';
import { AUTH_MESSAGES } from './auth.dto';
import { BackgroundTasks } from './background-tasks.service';
import { EmailTokenRepository } from './email-token.repository';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { hashSecret, randomSecret } from './secret-token.util';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

export const VERIFICATION_LINK_SECONDS = 24 * 3600;

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

  async resend(userId: string): Promise<void> {
    await this.limiter.consume(AUTH_RATE_LIMITS.verifyResendPerUser, userId);
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(AUTH_MESSAGES.signInRequired);
    if (user.emailVerifiedAt) throw new ConflictException(AUTH_MESSAGES.alreadyVerified);
    await this.send(user);
  }

  async confirm(token: string): Promise<void> {
    const now = new Date();
    const userId = await this.tokens.consume(hashSecret(token), 'verify', now);
    if (!userId) throw new BadRequestException(AUTH_MESSAGES.invalidVerificationLink);
    await this.users.markEmailVerified(userId, now);
    this.logger.log(`email verified: userId=${userId}`);
  }

  private async send(user: UserEntity): Promise<void> {
    const now = new Date();
    const token = randomSecret();
    await this.tokens.invalidateUnused(user.id, 'verify', now);
    await this.tokens.insert({
      userId: user.id,
      purpose: 'verify',
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + VERIFICATION_LINK_SECONDS * 1000),
    });
    const url = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: user.email, ...verificationEmail(url) });
  }
}
