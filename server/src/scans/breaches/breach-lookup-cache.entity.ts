import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One breach source's answer about one email address, kept for a short while so scans and monitors
 * asking again within BREACH_CACHE_TTL_SECONDS do not ask the source again. The address is never
 * stored: the key is a keyed hash (HMAC-SHA256) of it and the answer is encrypted (AES-256-GCM)
 * with a key derived from the address, so only someone who knows the address can read it.
 */
@Entity({ name: 'breach_lookup_cache' })
@Index('IDX_breach_lookup_cache_expires_at', ['expiresAt'])
export class BreachLookupCacheEntity {
  /** The source: 'hibp', 'xposedornot'. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_breach_lookup_cache' })
  source!: string;

  /** base64url of HMAC-SHA256(the server's cache key, the address). */
  @PrimaryColumn({ name: 'lookup_key', type: 'text', primaryKeyConstraintName: 'PK_breach_lookup_cache' })
  lookupKey!: string;

  /** IV (12 bytes), GCM tag (16 bytes), then the encrypted JSON answer. */
  @Column({ type: 'bytea' })
  answer!: Buffer;

  @Column({ name: 'stored_at', type: 'timestamptz' })
  storedAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

/**
 * Which accounts' scans or monitors used a cached answer, so deleting an account deletes those
 * answers too. No foreign keys: the rows outlive neither the answer (cleaned with it) nor the
 * account (deleted by the account deletion, after the user row is gone).
 */
@Entity({ name: 'breach_lookup_cache_readers' })
@Index('IDX_breach_lookup_cache_readers_user_id', ['userId'])
export class BreachLookupCacheReaderEntity {
  @PrimaryColumn({ name: 'lookup_key', type: 'text', primaryKeyConstraintName: 'PK_breach_lookup_cache_readers' })
  lookupKey!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_breach_lookup_cache_readers' })
  userId!: string;
}
