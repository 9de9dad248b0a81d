import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MonitorEntity } from './monitor.entity';

export type MonitorTargetKind = 'email' | 'handle';

/**
 * One email or handle a monitor watches. Emails other than the account's own verified address
 * wait for their owner's click (verified_at); the link's token is kept only as its SHA-256.
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
}
