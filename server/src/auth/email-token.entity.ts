import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

export const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'change-email'] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/** A single-use token sent by email (address verification, password reset, a change of address); stored as SHA-256. */
@Entity({ name: 'email_tokens' })
@Index('IDX_email_tokens_user_id', ['userId'])
@Index('UQ_email_tokens_token_hash', ['tokenHash'], { unique: true })
export class EmailTokenEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_email_tokens' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_email_tokens_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  purpose!: EmailTokenPurpose;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** 'change-email': the address the account moves to when the link is opened. */
  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail!: string | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
