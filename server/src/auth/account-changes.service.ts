import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { emailChangeConfirmationEmail, passwordChangedEmail } from '../mail/mail-templates.renderer';
import { Mailer } from '../mail/mail.types';
import { ApiTokensService } from './api-tokens.service';
import { AUTH_MESSAGES, EmailChangeRequestedDto, UserDto } from './auth.dto';
import { AuthService, SignedIn } from './auth.service';
import { BackgroundTasks } from './background-tasks.service';
import { normalizeEmail } from './email-address.util';
import { EmailTokenRepository } from './email-token.repository';
import { VERIFICATION_LINK_SECONDS } from './email-verification.service';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { hashSecret, randomSecret } from './secret-token.util';
import { SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/**
 * What a person changes about their account on the account page: the name, the password and the
 * sign-in address. The password and the address need the current password; an account made with
 * Google sign-in has none until it sets one through the reset link, and until then may change only
 * its name. The new address takes effect when its emailed link is opened (EmailVerificationService).
 */
@Injectable()
export class AccountChangesService {
  private readonly logger = new Logger(AccountChangesService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly tokens: EmailTokenRepository,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly apiTokens: ApiTokensService,
    private readonly passwords: PasswordHashPool,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly background: BackgroundTasks,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sets the display name; blank or null removes it. */
  async rename(userId: string, displayName: string | null | undefined): Promise<UserDto> {
    if (displayName !== undefined) await this.users.setDisplayName(userId, displayName?.trim() || null);
    return UserDto.from(await this.user(userId), this.clock.now());
  }

  /**
   * Sets a new password after checking the current one. Every session (this one too) and every API
   * token is revoked, as a reset does; the caller gets a fresh session, so only this browser stays
   * signed in. The account's address is told.
   */
  async changePassword(userId: string, currentPassword: string, newPassword: string, persistent: boolean): Promise<SignedIn> {
    await this.limiter.consume(AUTH_RATE_LIMITS.passwordChangePerUser, userId);
    const user = await this.checkedUser(userId, currentPassword, 'password change');
    const now = new Date();
    await this.users.setPassword(userId, await this.passwords.hash(newPassword), now);
    await this.sessions.endAll(userId);
    const apiTokensRevoked = await this.apiTokens.revokeAll(userId);
    this.logger.log(`password changed; other sessions and every API token revoked: userId=${userId} apiTokensRevoked=${apiTokensRevoked}`);
    this.background.run(`password change notice for userId=${userId}`, () =>
      this.mailer.send({ to: user.email, ...passwordChangedEmail(`${this.config.publicUrl}/account`) }),
    );
    // The revocation instant is compared in whole seconds, so the new session's access token is honoured.
    return this.auth.startSession(user, persistent);
  }

  /**
   * Sends a confirmation link to the new address; the account keeps its address until the link is
   * opened. A newer request replaces an older link.
   */
  async requestEmailChange(userId: string, rawNewEmail: string, currentPassword: string): Promise<EmailChangeRequestedDto> {
    await this.limiter.consume(AUTH_RATE_LIMITS.emailChangePerUser, userId);
    const user = await this.checkedUser(userId, currentPassword, 'email change');
    const newEmail = normalizeEmail(rawNewEmail);
    if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new BadRequestException(AUTH_MESSAGES.sameEmail);
    if (await this.users.findByEmail(newEmail)) throw new ConflictException(AUTH_MESSAGES.emailTaken);
    const now = new Date();
    const token = randomSecret();
    const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_SECONDS * 1000);
    await this.tokens.invalidateUnused(userId, 'change-email', now);
    await this.tokens.insert({ userId, purpose: 'change-email', tokenHash: hashSecret(token), expiresAt, newEmail });
    const url = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.mailer.send({ to: newEmail, ...emailChangeConfirmationEmail(url) });
    this.logger.log(`email change requested: userId=${userId}`);
    return { pendingEmail: newEmail, expiresAt: expiresAt.toISOString() };
  }

  /** The user, once the current password is confirmed (403 when wrong; accounts without one cannot). */
  private async checkedUser(userId: string, currentPassword: string, action: string): Promise<UserEntity> {
    const user = await this.user(userId);
    if (!user.passwordHash) throw new ConflictException(AUTH_MESSAGES.noPasswordYet);
    if (!(await this.passwords.verify(currentPassword, user.passwordHash))) {
      this.logger.warn(`${action} refused: reason=wrong_password userId=${userId}`);
      throw new ForbiddenException(AUTH_MESSAGES.wrongCurrentPassword);
    }
    return user;
  }

  private async user(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    return user;
  }
}
