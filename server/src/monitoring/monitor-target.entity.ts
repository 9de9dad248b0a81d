import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MonitorEntity } from './monitor.entity';

export type MonitorTargetKind = 'email' | 'handle' | 'website' | 'domain';

/** How control of a watched domain was proven: a DNS TXT record, or a file under /.well-known/. */
export type DomainProof = 'dns' | 'file';

/**
 * One email, handle, website or email domain a monitor watches. Emails other than the account's
 * own verified address wait for their owner's click (verified_at); the link's token is kept only
 * as its SHA-256. A domain waits for proof of control (its challenge in a DNS TXT record or in a
 * file under /.well-known/), checked again by every run: a lapse unverifies it.
 */
@Entity({ name: 'monitor_targets' })
@Index('UQ_monitor_targets_value', ['monitorId', 'kind', 'value'], { unique: true })
@Index('UQ_monitor_targets_token_hash', ['tokenHash'], { unique: true })
export class MonitorTargetEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_monitor_targets' })
  id!: string;

  @Column({ name: 'monitor_id', type: 'uuid' })
  monitorId!: string;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'FK_monitor_targets_monitor_id' })
  monitor?: MonitorEntity;

  @Column({ type: 'text' })
  kind!: MonitorTargetKind;

  /** Normalized as the scan input rules do (emails lower-cased). */
  @Column({ type: 'text' })
  value!: string;

  /** The order the person entered them in. */
  @Column({ type: 'integer' })
  position!: number;

  /** Handles and the account's own verified email are verified at creation. */
  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'token_hash', type: 'text', nullable: true })
  tokenHash!: string | null;

  @Column({ name: 'token_expires_at', type: 'timestamptz', nullable: true })
  tokenExpiresAt!: Date | null;

  /** A domain's proof of control: the value to publish. Public by nature (anyone can read DNS), so kept as it is. */
  @Column({ type: 'text', nullable: true })
  challenge!: string | null;

  /** How control of a domain was last proven. */
  @Column({ name: 'verified_by', type: 'text', nullable: true })
  verifiedBy!: DomainProof | null;

  /** When control of a domain was last checked, whatever the answer. */
  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt!: Date | null;

  /** A website's accepted baseline and the changes awaiting confirmation; a domain's breached addresses and Have I Been Pwned's answer. */
  @Column({ name: 'watch_state', type: 'jsonb', nullable: true })
  watchState!: unknown;
}
