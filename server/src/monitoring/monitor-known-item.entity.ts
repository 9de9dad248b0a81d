import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { MonitorEntity } from './monitor.entity';

/**
 * A finding a monitor has already seen, as a stable key (see monitor-changes.rules.ts): hashes of
 * the target and of any personal value, never the values themselves. What is not here is new.
 */
@Entity({ name: 'monitor_known_items' })
export class MonitorKnownItemEntity {
  @PrimaryColumn({ name: 'monitor_id', type: 'uuid', primaryKeyConstraintName: 'PK_monitor_known_items' })
  monitorId!: string;

  @PrimaryColumn({ name: 'item_key', type: 'text', primaryKeyConstraintName: 'PK_monitor_known_items' })
  itemKey!: string;

  @ManyToOne(() => MonitorEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'monitor_id', foreignKeyConstraintName: 'FK_monitor_known_items_monitor_id' })
  monitor?: MonitorEntity;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;
}
