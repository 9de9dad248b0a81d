import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EntityManager, In, IsNull, QueryFailedError, Repository } from 'typeorm';
import type { StoredPlan } from '../vocabulary/plan.catalogue';
import { UserEntity } from './user.entity';

/** The transaction a caller's repository opened (billing's payment): auth's writes join it. */
export type OpenTransaction = EntityManager;

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

@Injectable()
export class UserRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** Each user's address and stored plan (before effectivePlan), for the modules that act for a user; unknown ids are left out. */
  async accountsOf(ids: string[]): Promise<{ id: string; email: string; planTier: UserEntity['planTier']; planExpiresAt: Date | null }[]> {
    if (ids.length === 0) return [];
    return this.users.find({ where: { id: In(ids) }, select: { id: true, email: true, planTier: true, planExpiresAt: true } });
  }

  /**
   * Sets the plan `next` computes from the user's stored one, inside the caller's transaction (so
   * that it commits or rolls back with what pays for it), the row locked first; undefined when the
   * user is gone.
   */
  async changePlanWithin(manager: OpenTransaction, userId: string, next: (current: StoredPlan) => StoredPlan): Promise<StoredPlan | undefined> {
    const user = await manager.findOne(UserEntity, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!user) return undefined;
    const plan = next({ tier: user.planTier, expiresAt: user.planExpiresAt });
    await manager.update(UserEntity, { id: user.id }, { planTier: plan.tier, planExpiresAt: plan.expiresAt });
    return plan;
  }

  /** Inserts a user; EmailTakenError when the address (case-insensitively) has an account already. */
  async create(fields: {
    email: string;
    passwordHash: string | null;
    emailVerifiedAt?: Date | null;
    googleSubject?: string | null;
    displayName?: string | null;
  }): Promise<UserEntity> {
    const user = this.users.create({
      id: randomUUID(),
      email: fields.email,
      passwordHash: fields.passwordHash,
      displayName: fields.displayName ?? null,
      emailVerifiedAt: fields.emailVerifiedAt ?? null,
      googleSubject: fields.googleSubject ?? null,
      onboardingCompletedAt: null,
      sessionsRevokedAt: null,
    });
    try {
      return await this.users.save(user);
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') throw new EmailTakenError();
      throw err;
    }
  }

  /** Records the tour as done, once (the first time is kept). */
  async markOnboardingCompleted(id: string, at: Date): Promise<void> {
    await this.users.update({ id, onboardingCompletedAt: IsNull() }, { onboardingCompletedAt: at });
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Case-insensitive, through the UQ_users_email_lower index. */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findByGoogleSubject(googleSubject: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ googleSubject });
  }

  /**
   * Links the Google account, only if the user has none linked yet (false otherwise), and marks the
   * email verified. `dropPassword` also removes the password and ends every session.
   */
  async linkGoogleSubject(id: string, googleSubject: string, at: Date, dropPassword: boolean): Promise<boolean> {
    const result = await this.users.update(
      { id, googleSubject: IsNull() },
      dropPassword
        ? { googleSubject, emailVerifiedAt: at, passwordHash: null, sessionsRevokedAt: at }
        : { googleSubject },
    );
    if (result.affected === 1) await this.markEmailVerified(id, at);
    return result.affected === 1;
  }

  async setPassword(id: string, passwordHash: string, sessionsRevokedAt: Date): Promise<void> {
    await this.users.update({ id }, { passwordHash, sessionsRevokedAt });
  }

  /** null: no display name (the client then shows the part of the address before the @). */
  async setDisplayName(id: string, displayName: string | null): Promise<void> {
    await this.users.update({ id }, { displayName });
  }

  /** Moves the account to a confirmed new address; EmailTakenError when another account has it meanwhile. */
  async changeEmail(id: string, email: string, verifiedAt: Date): Promise<void> {
    try {
      await this.users.update({ id }, { email, emailVerifiedAt: verifiedAt });
    } catch (err) {
      if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === '23505') throw new EmailTakenError();
      throw err;
    }
  }

  async markEmailVerified(id: string, at: Date): Promise<void> {
    await this.users.update({ id, emailVerifiedAt: IsNull() }, { emailVerifiedAt: at });
  }

  /** Deletes the user; every row that references it goes with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.users.delete({ id });
    return (result.affected ?? 0) > 0;
  }
}
