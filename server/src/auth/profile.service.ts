import { BadRequestException, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import type { StoredPlan } from '../vocabulary/plan.catalogue';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { ApiTokenDto } from './api-token.dto';
import { ApiTokenRepository } from './api-token.repository';
import { AUTH_MESSAGES, PlanSummaryDto, UserDto } from './auth.dto';
import type { AuthExportDto } from './auth-export.dto';
import { EmailTokenRepository } from './email-token.repository';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { OpenTransaction, UserRepository } from './user.repository';

/**
 * The signed-in person's user record: the profile with the plan that applies now (what every quota
 * reads), auth's part of the data export, and deleting the user. The account module (above every
 * capability) puts the whole export and the deletion together.
 */
@Injectable()
export class ProfileService {
  private readonly logger = new Logger(ProfileService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly emailTokens: EmailTokenRepository,
    private readonly apiTokens: ApiTokenRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly passwords: PasswordHashPool,
    private readonly sessions: SessionService,
  ) {}

  /**
   * The address and stored plan of each user, for the modules that work for users in the
   * background (monitor runs, scan retention): they reach auth's users table only through here.
   */
  async accountsOf(userIds: string[]): Promise<Map<string, { email: string; plan: { tier: UserEntity['planTier']; expiresAt: Date | null } }>> {
    const rows = await this.users.accountsOf([...new Set(userIds)]);
    return new Map(rows.map((r) => [r.id, { email: r.email, plan: { tier: r.planTier, expiresAt: r.planExpiresAt } }]));
  }

  /**
   * A paid plan change, made inside the caller's transaction (billing's: the payment and the plan
   * commit together); billing reaches the users table only through here. Undefined when the user is gone.
   */
  changePlanWithin(manager: OpenTransaction, userId: string, next: (current: StoredPlan) => StoredPlan): Promise<StoredPlan | undefined> {
    return this.users.changePlanWithin(manager, userId, next);
  }

  /** The user with the plan that applies now (a paid plan past its end reads as Free): every quota reads this. */
  async profile(userId: string): Promise<UserDto> {
    return UserDto.from(await this.user(userId), this.clock.now());
  }

  /** The first-time tour is done for this person in every browser; the profile says so. */
  async completeOnboarding(userId: string): Promise<UserDto> {
    await this.users.markOnboardingCompleted(userId, this.clock.now());
    return this.profile(userId);
  }

  /**
   * Deletes the user and, through ON DELETE CASCADE, every row that belongs to it. Accounts with a
   * password must confirm it. Answers the deleted account's address (its mail is forgotten next).
   */
  async deleteUser(userId: string, password: string | undefined): Promise<{ email: string }> {
    await this.limiter.consume(AUTH_RATE_LIMITS.deleteAccountPerUser, userId);
    const user = await this.user(userId);
    if (user.passwordHash) {
      if (!password) throw new BadRequestException(AUTH_MESSAGES.currentPasswordRequired);
      if (!(await this.passwords.verify(password, user.passwordHash))) {
        this.logger.warn(`account deletion refused: reason=wrong_password userId=${userId}`);
        throw new ForbiddenException(AUTH_MESSAGES.wrongCurrentPassword);
      }
    }
    await this.users.delete(userId);
    // Its access tokens stop here at once, not when the cached session check runs out.
    this.sessions.forgetUser(userId);
    return { email: user.email };
  }

  /** What auth keeps about the account, without secrets or their hashes. */
  async exportOf(userId: string, now: Date): Promise<AuthExportDto> {
    const user = await this.user(userId);
    const [sessions, emailLinks, apiTokens] = await Promise.all([
      this.refreshTokens.listAllOfUser(userId),
      this.emailTokens.listOfUser(userId),
      this.apiTokens.listAllOfUser(userId),
    ]);
    return {
      profile: {
        id: user.id,
        email: user.email,
        displayName: user.displayName,
        emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
        onboardingCompletedAt: user.onboardingCompletedAt?.toISOString() ?? null,
        hasPassword: user.passwordHash !== null,
        plan: PlanSummaryDto.from(user, this.clock.now()),
        createdAt: user.createdAt.toISOString(),
      },
      sessions: sessions.map((s) => ({
        lastRefreshedAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        persistent: s.persistent,
        endedAt: (s.revokedAt ?? s.usedAt)?.toISOString() ?? null,
        active: s.usedAt === null && s.revokedAt === null && s.expiresAt > now,
      })),
      emailLinks: emailLinks.map((t) => ({
        purpose: t.purpose,
        newEmail: t.newEmail,
        createdAt: t.createdAt.toISOString(),
        expiresAt: t.expiresAt.toISOString(),
        usedAt: t.usedAt?.toISOString() ?? null,
      })),
      apiTokens: apiTokens.map((t) => ({ ...ApiTokenDto.from(t), revokedAt: t.revokedAt?.toISOString() ?? null })),
    };
  }

  private async user(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    // The guard found the user a moment ago; it was deleted since.
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    return user;
  }
}
