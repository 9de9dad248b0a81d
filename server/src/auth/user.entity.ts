import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PlanTier } from '../vocabulary/plan.catalogue';

/**
 * A person's account. The email is stored as entered (trimmed, domain lower-cased) and unique
 * case-insensitively through the expression index UQ_users_email_lower (created by the migration).
 */
@Entity({ name: 'users' })
@Index('UQ_users_email_lower', { synchronize: false })
@Index('UQ_users_google_subject', ['googleSubject'], { unique: true })
export class UserEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_users' })
  id!: string;

  @Column({ type: 'text' })
  email!: string;

  /** Null for accounts that sign in only with Google. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  /** The Google account (the ID token's `sub`) that signs in to this account, if one is linked. */
  @Column({ name: 'google_subject', type: 'text', nullable: true })
  googleSubject!: string | null;

  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName!: string | null;

  /** When the person finished or skipped the first-time tour; null: not yet (the tour shows). */
  @Column({ name: 'onboarding_completed_at', type: 'timestamptz', nullable: true })
  onboardingCompletedAt!: Date | null;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** The last plan paid for (or granted); see billing/plan-period.rules.ts for the one that applies now. */
  @Column({ name: 'plan_tier', type: 'text', default: 'free' })
  planTier!: PlanTier;

  /** When the paid period of planTier ends; null: no end (Free, or an operator's grant). */
  @Column({ name: 'plan_expires_at', type: 'timestamptz', nullable: true })
  planExpiresAt!: Date | null;

  /** Access tokens issued before this instant are refused (set by a password reset). */
  @Column({ name: 'sessions_revoked_at', type: 'timestamptz', nullable: true })
  sessionsRevokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
