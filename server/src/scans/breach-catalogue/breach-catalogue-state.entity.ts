import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';

/** One row per breach source saying how fresh its catalogue is and how its last refresh went. */
@Entity({ name: 'breach_catalogue_state' })
export class BreachCatalogueStateEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_breach_catalogue_state' })
  source!: BreachSourceId;

  /** The last successful refresh; null until there has been one. */
  @Column({ name: 'refreshed_at', type: 'timestamptz', nullable: true })
  refreshedAt!: Date | null;

  /** Breaches stored by that refresh. */
  @Column({ name: 'breach_count', type: 'integer', default: 0 })
  breachCount!: number;

  /** The last attempt, successful or not. */
  @Column({ name: 'attempted_at', type: 'timestamptz', nullable: true })
  attemptedAt!: Date | null;

  /** Why the last attempt failed (the source's message, nothing personal); null after a success. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
