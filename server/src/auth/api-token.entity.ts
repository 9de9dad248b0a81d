import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/** What a token may do: everything its owner may (except account management), or only read (GET). */
export const API_TOKEN_SCOPES = ['read-write', 'read-only'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** A personal API token (`fp_<prefix>_<secret>`); only the SHA-256 of the whole token is stored. */
@Entity({ name: 'api_tokens' })
@Index('IDX_api_tokens_user_id', ['userId'])
@Index('UQ_api_tokens_token_hash', ['tokenHash'], { unique: true })
export class ApiTokenEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_api_tokens' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_api_tokens_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  name!: string;

  /** The non-secret part shown in lists, so a person can tell tokens apart. */
  @Column({ type: 'text' })
  prefix!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text', default: 'read-write' })
  scope!: ApiTokenScope;

  /** After this instant the token no longer authenticates (401); null: it does not expire. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
