import { Column, Entity, PrimaryColumn } from 'typeorm';
import { DownloadedListColumns } from '../../common/downloaded-list/downloaded-list.entity';
import type { UsernameSite } from './username-site.types';

/**
 * The one row (id 1) caching the configured site list (USERNAME_SITE_LIST_URL): the document as
 * fetched, the sites we kept of it, and how its last refresh went. A failed refresh keeps the copy.
 */
@Entity({ name: 'username_site_list' })
export class UsernameSiteListEntity extends DownloadedListColumns {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_username_site_list' })
  id!: number;

  /** The document as fetched (JSON text); null until a fetch succeeded. */
  @Column({ type: 'text', nullable: true })
  raw!: string | null;

  /** The sites the parser kept of it, normalized. */
  @Column({ type: 'jsonb' })
  sites!: UsernameSite[];
}
