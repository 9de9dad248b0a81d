import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import { ScanEntity } from '../scans/scan.entity';
import { MonitorEntity } from './monitor.entity';
import type { NoticeItem } from './monitoring.types';

/**
 * The in-app alert of a run that found something new, or of a queued scan that finished (the
 * dashboard shows it until dismissed). Exactly one of monitor and scan is set.
 */
@Entity({ name: 'monitor_notices' })
@Index('IDX_monitor_notices_user_id_created_at', ['userId', 'createdAt'])
@Index('IDX_monitor_notices_monitor_id', ['monitorId'])
@Index('IDX_monitor_notices_scan_id', ['scanId'])
export class MonitorNoticeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_monitor_notices' })
  id!: string;

  @Column({ name: 'monitor_id', type: 'uuid', nullable: true })
  monitorId!: string | null;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'FK_monitor_notices_monitor_id' })
  monitor?: MonitorEntity;

  /** A queued scan's notice: the scan (the notice goes with it). */
  @Column({ name: 'scan_id', type: 'uuid', nullable: true })
  scanId!: string | null;

  @ManyToOne(() => ScanEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'scan_id', foreignKeyConstraintName: 'FK_monitor_notices_scan_id' })
  scan?: ScanEntity;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_monitor_notices_user_id' })
  user?: UserEntity;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text' })
  summary!: string;

  @Column({ type: 'jsonb' })
  items!: NoticeItem[];

  @Column({ name: 'dismissed_at', type: 'timestamptz', nullable: true })
  dismissedAt!: Date | null;
}
