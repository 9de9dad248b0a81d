import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ListedTracker } from './tracker-list.parser';

/**
 * The one row (id 1) caching the fetched tracker list (TRACKER_LIST_URL, third-party-web's by
 * default): the trackers kept of it and how its last refresh went. A failed refresh keeps the copy.
 */
@Entity({ name: 'tracker_list' })
export class TrackerListEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_tracker_list' })
  id!: number;

  /** The URL the stored copy came from: a changed setting makes it stale at once. */
  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl!: string | null;

  /** The list's trackers (its tracking categories only), normalized. */
  @Column({ type: 'jsonb' })
  trackers!: ListedTracker[];

  /** Entities of a tracking category that the parser refused. */
  @Column({ type: 'integer', default: 0 })
  dropped!: number;

  /** The server's ETag of the stored copy, sent back as If-None-Match. */
  @Column({ type: 'text', nullable: true })
  etag!: string | null;

  /** The last successful fetch (a 304 counts); null until there has been one. */
  @Column({ name: 'fetched_at', type: 'timestamptz', nullable: true })
  fetchedAt!: Date | null;

  /** The last attempt, successful or not. */
  @Column({ name: 'attempted_at', type: 'timestamptz', nullable: true })
  attemptedAt!: Date | null;

  /** Why the last attempt failed (the source's message); null after a success. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;
}
