import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DownloadedListColumns } from '../../common/downloaded-list/downloaded-list.entity';
import type { ListedTracker } from './tracker-list.parser';

/**
 * The one row (id 1) caching the fetched tracker list (TRACKER_LIST_URL, third-party-web's by
 * default): the trackers kept of it and how its last refresh went. A failed refresh keeps the copy.
 * `dropped` counts the entities of a tracking category that the parser refused.
 */
@Entity({ name: 'tracker_list' })
export class TrackerListEntity extends DownloadedListColumns {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_tracker_list' })
  id!: number;

  /** The list's trackers (its tracking categories only), normalized. */
  @Column({ type: 'jsonb' })
  trackers!: ListedTracker[];
}
