import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One running app instance: it registers at start, beats every few seconds and removes its row on a
 * clean shutdown. A row whose beat is old belongs to an instance that died (kill -9, crash, lost
 * host): a live instance removes it and fails the scans it was running (ScanRecoveryService).
 */
@Entity({ name: 'instances' })
export class InstanceEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_instances' })
  id!: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  /** The database's clock (now()) at the last beat: one clock for every instance, so no skew between hosts. */
  @Column({ name: 'beat_at', type: 'timestamptz' })
  beatAt!: Date;
}
