import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One Google sign-in in progress (GET /api/auth/google/start until its callback): what the callback
 * must check and needs. Keyed by the SHA-256 of the OAuth `state`; bound to the browser that started
 * it by the SHA-256 of the secret in its fp_oidc cookie. Deleted when used (single use) or expired.
 */
@Entity({ name: 'oidc_login_attempts' })
@Index('IDX_oidc_login_attempts_expires_at', ['expiresAt'])
export class OidcLoginAttemptEntity {
  @PrimaryColumn({ name: 'state_hash', type: 'text', primaryKeyConstraintName: 'PK_oidc_login_attempts' })
  stateHash!: string;

  @Column({ name: 'browser_hash', type: 'text' })
  browserHash!: string;

  @Column({ type: 'text' })
  nonce!: string;

  @Column({ name: 'code_verifier', type: 'text' })
  codeVerifier!: string;

  @Column({ name: 'remember_me', type: 'boolean' })
  rememberMe!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
