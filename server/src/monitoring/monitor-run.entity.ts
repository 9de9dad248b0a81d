import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MonitorEntity } from './monitor.entity';
import type { MonitorRunStatus, NoticeItem } from './monitoring.types';

/** One run of a monitor: when, how it ended, what was new (a run left 'running' by a crash is marked failed when retried). */
@Entity({ name: 'monitor_runs' })
@Index('IDX_monitor_runs_monitor_id_started_at', ['monitorId', 'startedAt'])
export class MonitorRunEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_monitor_runs' })
  id!: string;

  @Column({ name: 'monitor_id', type: 'uuid' })
  monitorId!: string;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'FK_monitor_runs_monitor_id' })
  monitor?: MonitorEntity;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'text' })
  status!: MonitorRunStatus;

  /** 1 for a period's first try, 2+ for retries after failures. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ name: 'new_items', type: 'integer' })
  newItems!: number;

  @Column({ type: 'text' })
  summary!: string;

  /** What the run alerted about, each with before, after and the evidence where it has them. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  changes!: NoticeItem[];
}
