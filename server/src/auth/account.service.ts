import { BadRequestException, ForbiddenException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { Mailer } from '../mail/mail.types';
import { AccountExportDto, ExportSections } from './account.dto';
import { ApiTokenDto } from './api-token.dto';
import { ApiTokenRepository } from './api-token.repository';
import { AUTH_MESSAGES, PlanSummaryDto, UserDto } from './auth.dto';
import { EmailTokenRepository } from './email-token.repository';
import { PasswordHashPool } from './password-hash.pool';
import { AUTH_RATE_LIMITS } from './rate-limits.catalogue';
import { RefreshTokenRepository } from './refresh-token.repository';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/** What a deletion step is told about the account just deleted. */
export interface DeletedAccount {
  userId: string;
  email: string;
}

/** The signed-in person's own account: profile, export of everything kept, deletion. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);
  private readonly exportReaders: { [K in keyof ExportSections]?: (userId: string) => Promise<ExportSections[K]> } = {};
  private readonly deletionSteps: { name: string; run: (account: DeletedAccount) => Promise<void> }[] = [];

  constructor(
    private readonly users: UserRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly emailTokens: EmailTokenRepository,
    private readonly apiTokens: ApiTokenRepository,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly passwords: PasswordHashPool,
  ) {}

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
   * Deletes the account and, through ON DELETE CASCADE, every row that belongs to it. Accounts
   * with a password must confirm it.
   */
  async delete(userId: string, password: string | undefined): Promise<void> {
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
    // Mail we kept for the address (verification and reset links included) goes with the account.
    const forgotten = await this.mailer.forgetRecipient(user.email);
    for (const step of this.deletionSteps) {
      try {
        await step.run({ userId, email: user.email });
      } catch (err) {
        // The account is gone already; what the step keeps expires by itself. Never the address in the log.
        this.logger.error(`account deletion step failed: step=${step.name} userId=${userId} error=${err instanceof Error ? err.name : 'unknown'}`);
      }
    }
    this.logger.log(`account deleted: userId=${userId} outboxMessagesDeleted=${forgotten}`);
  }

  /**
   * Modules that keep data about an account outside its rows (the breach answer cache, keyed by a
   * hash of addresses) register how to forget it; each runs after the user row is deleted.
   */
  registerDeletionStep(name: string, run: (account: DeletedAccount) => Promise<void>): void {
    this.deletionSteps.push({ name, run });
  }

  /**
   * Modules that keep a user's data elsewhere (scans…) register how to read it for the export;
   * auth stays unaware of their storage, and deletion reaches their rows by ON DELETE CASCADE.
   */
  registerExportSection<K extends keyof ExportSections>(name: K, read: (userId: string) => Promise<ExportSections[K]>): void {
    // TypeScript cannot relate a generic key to its mapped type on assignment; the signature above keeps it sound.
    (this.exportReaders as Record<K, (userId: string) => Promise<ExportSections[K]>>)[name] = read;
  }

  /** Everything kept about the account, without secrets or their hashes. */
  async export(userId: string): Promise<AccountExportDto> {
    const now = new Date();
    const user = await this.user(userId);
    const [sessions, emailLinks, apiTokens, scans, payments, analyticsEvents, abTests, monitors] = await Promise.all([
      this.refreshTokens.listActiveOfUser(userId, now),
      this.emailTokens.listOfUser(userId),
      this.apiTokens.listAllOfUser(userId),
      this.exportReaders.scans?.(userId) ?? [],
      this.exportReaders.payments?.(userId) ?? [],
      this.exportReaders.analyticsEvents?.(userId) ?? [],
      this.exportReaders.abTests?.(userId) ?? [],
      this.exportReaders.monitors?.(userId) ?? [],
    ]);
    return {
      exportedAt: now.toISOString(),
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
      })),
      emailLinks: emailLinks.map((t) => ({
        purpose: t.purpose,
        createdAt: t.createdAt.toISOString(),
        expiresAt: t.expiresAt.toISOString(),
        usedAt: t.usedAt?.toISOString() ?? null,
      })),
      apiTokens: apiTokens.map((t) => ({ ...ApiTokenDto.from(t), revokedAt: t.revokedAt?.toISOString() ?? null })),
      scans,
      payments,
      analyticsEvents,
      abTests,
      monitors,
    };
  }

  private async user(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    // The guard found the user a moment ago; it was deleted since.
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    return user;
  }
}
