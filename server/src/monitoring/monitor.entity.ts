import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { MonitorKind, MonitorType } from './monitoring.types';

/**
 * The spec's Monitor (id, type, active, nextRunAt, targets) plus the scheduler's state: the
 * regular schedule, failed attempts of this period (for the retry backoff) and the lease of the
 * instance running it.
 */
@Entity({ name: 'monitors' })
@Index('IDX_monitors_user_id', ['userId'])
@Index('IDX_monitors_next_run_at', ['nextRunAt'])
export class MonitorEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_monitors' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_monitors_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  type!: MonitorType;

  /** What it watches: emails and handles, one website, or one email domain. */
  @Column({ type: 'text', default: 'identity' })
  kind!: MonitorKind;

  @Column({ type: 'boolean' })
  active!: boolean;

  /** When the next run is due: the regular schedule, or a retry after a failed run. */
  @Column({ name: 'next_run_at', type: 'timestamptz', nullable: true })
  nextRunAt!: Date | null;

  /** The regular schedule's due time of the current period (retries do not move it). */
  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true })
  scheduledAt!: Date | null;

  /** Failed runs since the last success in this period: picks the retry delay. */
  @Column({ name: 'failed_attempts', type: 'integer', default: 0 })
  failedAttempts!: number;

  /** Until when an instance holds the monitor; after that another may run it (a crash). */
  @Column({ name: 'lease_until', type: 'timestamptz', nullable: true })
  leaseUntil!: Date | null;

  /** The claim that holds the lease: a run commits only while its claim still holds it. */
  @Column({ name: 'lease_token', type: 'uuid', nullable: true })
  leaseToken!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
