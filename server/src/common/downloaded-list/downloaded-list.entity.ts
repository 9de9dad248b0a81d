import { Column } from 'typeorm';

/**
 * The columns every cached download shares (a list fetched at run time from an operator's URL and
 * kept in one row): where the copy came from, its ETag, and how its last refresh went. Each table
 * extends this with its id and its own list columns; a failed refresh keeps the copy.
 */
export abstract class DownloadedListColumns {
  /** The URL the stored copy came from: a changed setting makes it stale at once. */
  @Column({ name: 'source_url', type: 'text', nullable: true })
  sourceUrl!: string | null;

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
