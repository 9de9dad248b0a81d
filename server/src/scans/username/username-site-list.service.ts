import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type DownloadedListOutcome, type ListRead, refreshDownloadedList, refreshesByItself } from '../../common/downloaded-list/downloaded-list.refresher';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh.scheduler';
import { malformed } from '../sources/source-http.util';
import { SITE_LIST_SERVICE, UsernameSiteListSource } from '../sources/username-site-list.source';
import { mergeSiteLists } from './site-list.merger';
import { parseSiteList } from './site-list.parser';
import type { UsernameSiteListEntity } from './username-site-list.entity';
import { type StoredSiteList, UsernameSiteListRepository } from './username-site-list.repository';
import { siteListCredit } from './site-list.credit';
import type { ConfiguredListState, ParsedSiteList, SitesInUse, UsernameSite } from './username-site.types';
import { BUILT_IN_USERNAME_SITES } from './username-sites.catalogue';

/** A stored copy older than this is refreshed (shortly after start, and by the hourly run). */
export const SITE_LIST_MAX_AGE_MS = 24 * 3600_000;
/** The start-up check waits this long, so it never slows the start itself. */
export const SITE_LIST_STARTUP_DELAY_MS = 5_000;
const FETCH_TIMEOUT_MS = 60_000;
/** How long a process keeps the merged list before reading the stored copy again (another instance may have refreshed it). */
const MEMORY_TTL_MS = 10 * 60_000;

interface SiteListCounts {
  siteCount: number;
  dropped: number;
}
export type SiteListRefreshOutcome = DownloadedListOutcome<SiteListCounts>;

export interface SiteListState {
  url: string | null;
  fetchedAt: Date | null;
  siteCount: number;
  dropped: number;
  attemptedAt: Date | null;
  lastError: string | null;
}

/**
 * The sites the username check asks: our built-in list merged with the list configured in
 * USERNAME_SITE_LIST_URL (WhatsMyName's by default; its data is CC BY-SA, so it is fetched at run
 * time and cached in the database, never committed). Refreshed shortly after start and then
 * hourly once the stored copy is a day old or missing, one instance at a time: a failed download is
 * retried within the hour, and keeps the stored copy (or, before the first success, the built-in
 * list alone). Adult sites are left out unless USERNAME_INCLUDE_ADULT=true.
 */
@Injectable()
export class UsernameSiteListService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsernameSiteListService.name);
  private memory?: { inUse: SitesInUse; until: number };
  private readonly refresher = new ScheduledRefresh<SiteListRefreshOutcome>(
    'username site list',
    this.logger,
    (options, stopping) => this.refreshNow(options, stopping),
    () => (this.memory = undefined),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly source: UsernameSiteListSource,
    private readonly repository: UsernameSiteListRepository,
  ) {}

  private get url(): string | undefined {
    return this.config.username.siteListUrl;
  }

  private get automatic(): boolean {
    return refreshesByItself(this.config, this.url);
  }

  onApplicationBootstrap(): void {
    if (!this.automatic) return;
    this.refresher.afterStart(SITE_LIST_STARTUP_DELAY_MS, SITE_LIST_MAX_AGE_MS);
  }

  @Cron('41 * * * *', { name: 'username-site-list-refresh' })
  hourly(): void {
    if (this.automatic) this.refresher.inBackground('hourly', SITE_LIST_MAX_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  /** The sites to check now (built-in and configured, merged; adult sites filtered per configuration) and the configured list's state. */
  async inUse(): Promise<SitesInUse> {
    if (this.memory && Date.now() < this.memory.until) return this.memory.inUse;
    const stored = await this.storedSites();
    const { builtInSites, includeAdult } = this.config.username;
    const { sites: merged } = mergeSiteLists(builtInSites ? BUILT_IN_USERNAME_SITES : [], stored?.sites ?? []);
    const sites = includeAdult ? merged : merged.filter((site) => !site.adult);
    const url = this.url;
    const list: ConfiguredListState | null = url === undefined ? null : { credit: siteListCredit(url), loaded: stored?.loaded ?? false };
    const inUse = { sites, list };
    // A failed read is retried on the next scan instead of being remembered.
    if (stored !== undefined) this.memory = { inUse, until: Date.now() + MEMORY_TTL_MS };
    return inUse;
  }

  /** The sites to check now (see inUse). */
  async sites(): Promise<readonly UsernameSite[]> {
    return (await this.inUse()).sites;
  }

  async state(): Promise<SiteListState> {
    const row = this.config.databaseUrl !== undefined ? await this.repository.current() : null;
    const current = row && row.sourceUrl === (this.url ?? null) ? row : null;
    return {
      url: this.url ?? null,
      fetchedAt: current?.fetchedAt ?? null,
      siteCount: current?.sites.length ?? 0,
      dropped: current?.dropped ?? 0,
      attemptedAt: row?.attemptedAt ?? null,
      lastError: row?.lastError ?? null,
    };
  }

  /**
   * Fetches the configured list and replaces the stored one. With `ifOlderThanMs`, does nothing when
   * the stored copy (of the same URL) is younger. One refresh at a time per instance (a second call
   * shares the first) and across instances (a database lock: the others skip).
   */
  refresh(options: RefreshOptions = {}): Promise<SiteListRefreshOutcome> {
    return this.refresher.refresh(options);
  }

  /** The configured sites as stored (none when off, not loaded yet, or stored from another URL); undefined when they could not be read. */
  private async storedSites(): Promise<{ sites: UsernameSite[]; loaded: boolean } | undefined> {
    const url = this.url;
    if (url === undefined || this.config.databaseUrl === undefined) return { sites: [], loaded: false };
    try {
      const row = await this.repository.current();
      return row && row.sourceUrl === url && row.fetchedAt !== null ? { sites: row.sites, loaded: true } : { sites: [], loaded: false };
    } catch (err) {
      this.logger.warn(`username site list could not be read, using the built-in sites: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  private async refreshNow(options: RefreshOptions, stopping: AbortSignal): Promise<SiteListRefreshOutcome> {
    const outcome: SiteListRefreshOutcome = await refreshDownloadedList(
      {
        url: this.url,
        fetchTimeoutMs: FETCH_TIMEOUT_MS,
        holdsCopy: (row: UsernameSiteListEntity) => row.raw !== null,
        withRefreshLock: (work) => this.repository.withRefreshLock(work),
        download: (url, etag, signal) => this.source.download(url, etag, signal),
        read: ({ text }): ListRead<StoredSiteList, SiteListCounts> => {
          const parsed = parseDocument(text);
          if (!parsed) return { error: malformed(SITE_LIST_SERVICE).message };
          if (parsed.sites.length === 0) return { error: `${SITE_LIST_SERVICE} held no usable site` };
          return { stored: { raw: text, sites: parsed.sites, dropped: parsed.dropped }, counts: { siteCount: parsed.sites.length, dropped: parsed.dropped } };
        },
      },
      options,
      stopping,
    );
    if (outcome.status === 'refreshed') this.logger.log(`username site list refreshed: ${outcome.siteCount} sites kept, ${outcome.dropped} dropped`);
    if (outcome.status === 'failed') this.logger.warn(`username site list refresh failed (${outcome.error}); kept: the stored copy if any, else the built-in sites alone; next try within the hour`);
    return outcome;
  }
}

/** The list of a JSON document; undefined when the text is no JSON. */
function parseDocument(text: string): ParsedSiteList | undefined {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  return parseSiteList(document);
}
