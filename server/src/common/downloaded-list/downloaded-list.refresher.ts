import type { CheckStatus } from '../../vocabulary/check.types';
import type { AppConfig } from '../config/app.config';
import { withDeadline } from '../deadline.util';
import type { RefreshOptions } from '../scheduling/scheduled-refresh.scheduler';
import { runsScheduledWork } from '../scheduling/scheduled-work.util';

/** How a refresh of a downloaded list ended; `Counts` says what a successful one kept. */
export type DownloadedListOutcome<Counts extends object> =
  | ({ status: 'refreshed' } & Counts)
  /** The server answered 304 for our ETag: the stored copy is current. */
  | { status: 'unchanged' }
  | { status: 'failed'; error: string }
  /** busy: another instance is refreshing; fresh: the stored copy was recent enough; not_configured: no URL. */
  | { status: 'skipped'; reason: 'busy' | 'fresh' | 'not_configured' };

/** What every stored copy records about itself. */
export interface StoredCopy {
  sourceUrl: string | null;
  fetchedAt: Date | null;
  etag: string | null;
}

/** What a refresh may do while it holds the lock across instances. */
export interface DownloadedListStore<Row extends StoredCopy, Stored> {
  current(): Promise<Row | null>;
  /** Replaces the stored copy and records the success. */
  replace(sourceUrl: string, stored: Stored, etag: string | null, at: Date): Promise<void>;
  /** The server said the stored copy is current (304): records the success only. */
  confirm(at: Date): Promise<void>;
  /** Keeps the stored copy; records the failed attempt and why. */
  recordFailure(sourceUrl: string, error: string, at: Date): Promise<void>;
}

/** What to store and report of a fetched document, or why it is unusable. */
export type ListRead<Stored, Counts extends object> = { stored: Stored; counts: Counts } | { error: string };

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

/** A source's answer (never thrown): the document, the server's word that our copy is current, or why not. */
export type ListDownload<Downloaded> = { status: 'ok'; data: { notModified: true } | Downloaded } | { status: Exclude<CheckStatus, 'ok' | 'not_applicable'>; message: string };

/** One downloaded list: where it comes from, how it is fetched, read and stored. */
export interface DownloadedList<Row extends StoredCopy, Downloaded extends { notModified: false; etag: string | null }, Stored, Counts extends object> {
  /** The operator's setting; undefined switches the list off. */
  url: string | undefined;
  fetchTimeoutMs: number;
  /** Whether a row of the configured URL holds a usable copy (whose ETag is sent and whose age counts). */
  holdsCopy(row: Row): boolean;
  /** Runs `work` holding the lock across instances, or answers `acquired: false` when another holds it. */
  withRefreshLock<T>(work: (store: DownloadedListStore<Row, Stored>) => Promise<T>): Promise<Locked<T>>;
  download(url: string, etag: string | null, signal: AbortSignal): Promise<ListDownload<{ notModified: true } | Downloaded>>;
  read(downloaded: Downloaded): ListRead<Stored, Counts>;
}

/**
 * Whether a downloaded list refreshes by itself (shortly after start, then hourly): not in tests,
 * which refresh explicitly; not without a database (the OpenAPI generator); not when switched off.
 */
export function refreshesByItself(config: Pick<AppConfig, 'env' | 'databaseUrl'>, url: string | undefined): boolean {
  return runsScheduledWork(config) && url !== undefined;
}

/**
 * The refresh every downloaded list shares: under the lock, skips a copy younger than
 * `ifOlderThanMs`, fetches with the stored copy's ETag, then stores the new copy, confirms the old
 * one (304) or records the failure while keeping the old one. Logging stays with each list.
 */
export async function refreshDownloadedList<Row extends StoredCopy, Downloaded extends { notModified: false; etag: string | null }, Stored, Counts extends object>(
  list: DownloadedList<Row, Downloaded, Stored, Counts>,
  { ifOlderThanMs }: RefreshOptions,
  stopping: AbortSignal,
): Promise<DownloadedListOutcome<Counts>> {
  const url = list.url;
  if (url === undefined) return { status: 'skipped', reason: 'not_configured' };
  const locked = await list.withRefreshLock(async (store): Promise<DownloadedListOutcome<Counts>> => {
    const row = await store.current();
    const copy = row !== null && row.sourceUrl === url && list.holdsCopy(row) ? row : null;
    if (ifOlderThanMs !== undefined && copy?.fetchedAt && Date.now() - copy.fetchedAt.getTime() < ifOlderThanMs) {
      return { status: 'skipped', reason: 'fresh' };
    }
    const fetched = await withDeadline(list.fetchTimeoutMs, [stopping], (signal) => list.download(url, copy ? copy.etag : null, signal));
    const now = new Date();
    if (fetched.status !== 'ok') {
      await store.recordFailure(url, fetched.message, now);
      return { status: 'failed', error: fetched.message };
    }
    if (fetched.data.notModified) {
      await store.confirm(now);
      return { status: 'unchanged' };
    }
    const read = list.read(fetched.data);
    if ('error' in read) {
      await store.recordFailure(url, read.error, now);
      return { status: 'failed', error: read.error };
    }
    await store.replace(url, read.stored, fetched.data.etag, now);
    return { status: 'refreshed', ...read.counts };
  });
  return locked.acquired ? locked.value : { status: 'skipped', reason: 'busy' };
}
