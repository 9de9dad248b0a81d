import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { UsernameSite } from './username-site.types';

/**
 * The one row (id 1) caching the configured site list (USERNAME_SITE_LIST_URL): the document as
 * fetched, the sites we kept of it, and how its last refresh went. A failed refresh keeps the copy.
 */
@Entity({ name: 'username_site_list' })
export class UsernameSiteListEntity {
  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_username_site_list' })
  id!: number;

  /** The URL the stored copy came from: a changed setting makes it stale at once. */
  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl!: string | null;

  /** The document as fetched (JSON text); null until a fetch succeeded. */
  @Column({ type: 'text', nullable: true })
  raw!: string | null;

  /** The sites the parser kept of it, normalized. */
  @Column({ type: 'jsonb' })
  sites!: UsernameSite[];

  /** Entries of the document the parser refused. */
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
