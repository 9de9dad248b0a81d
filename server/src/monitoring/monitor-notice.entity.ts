import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import { MonitorEntity } from './monitor.entity';
import type { NoticeItem } from './monitoring.types';


/** The in-app alert of a run that found something new (the dashboard shows it until dismissed). */
@Entity({ name: 'monitor_notices' })
@Index('IDX_monitor_notices_user_id_created_at', ['userId', 'createdAt'])
@Index('IDX_monitor_notices_monitor_id', ['monitorId'])
export class MonitorNoticeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_monitor_notices' })
  id!: string;

  @Column({ name: 'monitor_id', type: 'uuid' })
  monitorId!: string;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'FK_monitor_notices_monitor_id' })
  monitor?: MonitorEntity;

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
