import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * One refresh token of a sign-in session. Each use rotates it: the used token is marked and a new
 * one of the same family is issued. Using a token a second time revokes the whole family, except
 * a retry of a lost answer (SessionService: within a short grace, while its successor was never used).
 * Only the SHA-256 of the secret is stored.
 */
@Entity({ name: 'refresh_tokens' })
@Index('IDX_refresh_tokens_user_id', ['userId'])
@Index('IDX_refresh_tokens_family_id', ['familyId'])
@Index('UQ_refresh_tokens_token_hash', ['tokenHash'], { unique: true })
export class RefreshTokenEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_refresh_tokens' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_refresh_tokens_user_id' })
  user?: UserEntity;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** 'Remember me' (and sign-up): the cookie outlives the browser session. */
  @Column({ type: 'boolean' })
  persistent!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  /**
   * The token whose use issued this one; null for a session's first. A used token's successors are
   * found by it: whether one is still unused, and how many a lost answer's retries have issued.
   */
  @Column({ name: 'predecessor_id', type: 'uuid', nullable: true })
  predecessorId!: string | null;
}
