import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type DownloadedListOutcome, type ListRead, refreshDownloadedList, refreshesByItself } from '../../common/downloaded-list/downloaded-list.refresher';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh.scheduler';
import { malformed } from '../sources/source-http.util';
import { TRACKER_LIST_SERVICE, TrackerListSource } from '../sources/tracker-list.source';
import { TrackerCatalogueService } from './tracker-catalogue.service';
import { trackerListCredit } from './tracker-list.credit';
import type { TrackerListEntity } from './tracker-list.entity';
import { parseTrackerList } from './tracker-list.parser';
import { type StoredTrackerList, TrackerListRepository } from './tracker-list.repository';

/** A stored copy older than this is refreshed (shortly after start, and by the hourly run). */
export const TRACKER_LIST_MAX_AGE_MS = 24 * 3600_000;
/** The start-up check waits this long, so it never slows the start itself. */
export const TRACKER_LIST_STARTUP_DELAY_MS = 5_000;
const FETCH_TIMEOUT_MS = 60_000;

interface TrackerListCounts {
  trackers: number;
  dropped: number;
  notTrackers: number;
}
export type TrackerListRefreshOutcome = DownloadedListOutcome<TrackerListCounts>;

/**
 * Keeps the catalogue's fetched-list part current: the list configured in TRACKER_LIST_URL
 * (third-party-web's by default; MIT, so fetched at run time and cached in the database, never
 * committed) is read from the database at start, refreshed shortly after start and then hourly once
 * the stored copy is a day old or missing, one instance at a time. A failed download keeps the
 * stored copy, or before the first success our own catalogue alone. Each instance reads the stored
 * copy again every hour, so a refresh by another instance reaches it.
 */
@Injectable()
export class TrackerListService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TrackerListService.name);
  private readonly refresher = new ScheduledRefresh<TrackerListRefreshOutcome>('tracker list', this.logger, (options, stopping) => this.refreshNow(options, stopping));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly source: TrackerListSource,
    private readonly repository: TrackerListRepository,
    private readonly catalogue: TrackerCatalogueService,
  ) {}

  private get url(): string | undefined {
    return this.config.sources.trackerListUrl;
  }

  private get automatic(): boolean {
    return refreshesByItself(this.config, this.url);
  }

  onApplicationBootstrap(): void {
    if (!this.automatic) return;
    void this.useStored();
    this.refresher.afterStart(TRACKER_LIST_STARTUP_DELAY_MS, TRACKER_LIST_MAX_AGE_MS);
  }

  @Cron('47 * * * *', { name: 'tracker-list-refresh' })
  hourly(): void {
    if (!this.automatic) return;
    void this.useStored();
    this.refresher.inBackground('hourly', TRACKER_LIST_MAX_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  /**
   * Hands the stored copy to the catalogue (or our own catalogue alone when there is none of the
   * configured URL). Never throws: a failed read keeps what the catalogue had.
   */
  async useStored(): Promise<boolean> {
    try {
      return this.install(this.url === undefined ? null : await this.repository.current());
    } catch (err) {
      this.logger.warn(`tracker list could not be read, keeping the catalogue as it was: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  /**
   * Fetches the configured list, stores it and hands it to the catalogue. With `ifOlderThanMs`, does
   * nothing when the stored copy (of the same URL) is younger. One refresh at a time per instance
   * (a second call shares the first) and across instances (a database lock: the others skip).
   */
  refresh(options: RefreshOptions = {}): Promise<TrackerListRefreshOutcome> {
    return this.refresher.refresh(options);
  }

  private install(row: TrackerListEntity | null): boolean {
    const url = this.url;
    if (url === undefined || !row || row.sourceUrl !== url || row.fetchedAt === null || row.trackers.length === 0) {
      this.catalogue.dropTrackerList();
      return false;
    }
    this.catalogue.useTrackerList(row.trackers, { ...trackerListCredit(url), fetchedAt: row.fetchedAt.toISOString() });
    return true;
  }

  private async refreshNow(options: RefreshOptions, stopping: AbortSignal): Promise<TrackerListRefreshOutcome> {
    const outcome: TrackerListRefreshOutcome = await refreshDownloadedList(
      {
        url: this.url,
        fetchTimeoutMs: FETCH_TIMEOUT_MS,
        holdsCopy: (row: TrackerListEntity) => row.fetchedAt !== null && row.trackers.length > 0,
        withRefreshLock: (work) => this.repository.withRefreshLock(work),
        download: (url, etag, signal) => this.source.download(url, etag, signal),
        read: ({ text }): ListRead<StoredTrackerList, TrackerListCounts> => {
          const parsed = parseTrackerList(parseJson(text));
          if (!parsed) return { error: malformed(TRACKER_LIST_SERVICE).message };
          if (parsed.trackers.length === 0) return { error: `${TRACKER_LIST_SERVICE} held no usable tracker` };
          const { trackers, dropped, notTrackers } = parsed;
          return { stored: { trackers, dropped }, counts: { trackers: trackers.length, dropped, notTrackers } };
        },
      },
      options,
      stopping,
    );
    if (outcome.status === 'refreshed' || outcome.status === 'unchanged') await this.useStored();
    if (outcome.status === 'refreshed') {
      this.logger.log(`tracker list refreshed: ${outcome.trackers} trackers kept, ${outcome.notTrackers} other third parties left out, ${outcome.dropped} dropped`);
    }
    if (outcome.status === 'failed') this.logger.warn(`tracker list refresh failed (${outcome.error}); kept: the stored copy if any, else Footprint's own catalogue alone; next try within the hour`);
    return outcome;
  }
}

/** The parsed JSON; undefined when the text is no JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
