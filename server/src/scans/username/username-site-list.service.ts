import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh';
import { platformOfHost } from '../../browser-shared/scan-input.rules';
import { malformed } from '../sources/source-http';
import { SITE_LIST_SERVICE, UsernameSiteListSource } from '../sources/username-site-list.source';
import { parseSiteList } from './site-list.parser';
import { UsernameSiteListRepository } from './username-site-list.repository';
import type { ParsedSiteList, UsernameSite } from './username-site.types';
import { BUILT_IN_USERNAME_SITES } from './username-sites.catalogue';

/** A stored copy older than this is refreshed shortly after start. */
export const SITE_LIST_MAX_AGE_MS = 24 * 3600_000;
/** The daily run skips a copy another instance refreshed this recently. */
const DAILY_MIN_AGE_MS = 12 * 3600_000;
/** The start-up check waits this long, so it never slows the start itself. */
export const SITE_LIST_STARTUP_DELAY_MS = 5_000;
const FETCH_TIMEOUT_MS = 60_000;
/** How long a process keeps the merged list before reading the stored copy again (another instance may have refreshed it). */
const MEMORY_TTL_MS = 10 * 60_000;

export type SiteListRefreshOutcome =
  | { status: 'refreshed'; siteCount: number; dropped: number }
  /** The server answered 304 for our ETag: the stored copy is current. */
  | { status: 'unchanged' }
  | { status: 'failed'; error: string }
  /** busy: another instance is refreshing; fresh: the stored copy was recent enough; not_configured: no URL. */
  | { status: 'skipped'; reason: 'busy' | 'fresh' | 'not_configured' };

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
 * USERNAME_SITE_LIST_URL (WhatsMyName format; its data is CC BY-SA, so it is fetched at run time and
 * cached in the database, never committed). Refreshed daily and shortly after start when missing or
 * stale, one instance at a time; a failed refresh keeps the stored copy. Adult sites are left out
 * unless USERNAME_INCLUDE_ADULT=true.
 */
@Injectable()
export class UsernameSiteListService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsernameSiteListService.name);
  private memory?: { sites: readonly UsernameSite[]; until: number };
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

  /** Tests refresh explicitly; the OpenAPI generator runs without a database. */
  private get automatic(): boolean {
    return this.config.env !== 'test' && this.config.databaseUrl !== undefined && this.url !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.automatic) return;
    this.refresher.afterStart(SITE_LIST_STARTUP_DELAY_MS, SITE_LIST_MAX_AGE_MS);
  }

  @Cron('41 4 * * *', { name: 'username-site-list-refresh' })
  daily(): void {
    if (this.automatic) this.refresher.inBackground('daily', DAILY_MIN_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  /** The sites to check now: built-in and configured, merged, adult sites filtered per configuration. */
  async sites(): Promise<readonly UsernameSite[]> {
    if (this.memory && Date.now() < this.memory.until) return this.memory.sites;
    const configured = await this.storedSites();
    const { builtInSites, includeAdult } = this.config.username;
    const merged = mergeSiteLists(builtInSites ? BUILT_IN_USERNAME_SITES : [], configured ?? []);
    const sites = includeAdult ? merged : merged.filter((site) => !site.adult);
    // A failed read is retried on the next scan instead of being remembered.
    if (configured !== undefined) this.memory = { sites, until: Date.now() + MEMORY_TTL_MS };
    return sites;
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

  /** The configured sites as stored ([] when none or stored from another URL); undefined when they could not be read. */
  private async storedSites(): Promise<UsernameSite[] | undefined> {
    const url = this.url;
    if (url === undefined || this.config.databaseUrl === undefined) return [];
    try {
      const row = await this.repository.current();
      return row && row.sourceUrl === url ? row.sites : [];
    } catch (err) {
      this.logger.warn(`username site list could not be read, using the built-in sites: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  private async refreshNow({ ifOlderThanMs }: RefreshOptions, stopping: AbortSignal): Promise<SiteListRefreshOutcome> {
    const url = this.url;
    if (url === undefined) return { status: 'skipped', reason: 'not_configured' };
    const locked = await this.repository.withRefreshLock(async (store): Promise<SiteListRefreshOutcome> => {
      const row = await store.current();
      const sameUrl = row?.sourceUrl === url && row.raw !== null;
      if (ifOlderThanMs !== undefined && sameUrl && row.fetchedAt && Date.now() - row.fetchedAt.getTime() < ifOlderThanMs) {
        return { status: 'skipped', reason: 'fresh' };
      }
      const signal = AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), stopping]);
      const fetched = await this.source.download(url, sameUrl ? row.etag : null, signal);
      const now = new Date();
      if (fetched.status !== 'ok') {
        await store.recordFailure(fetched.message, now);
        return { status: 'failed', error: fetched.message };
      }
      if (fetched.data.notModified) {
        await store.confirm(now);
        return { status: 'unchanged' };
      }
      const parsed = parseDocument(fetched.data.text);
      if (!parsed || parsed.sites.length === 0) {
        const error = parsed ? `${SITE_LIST_SERVICE} held no usable site` : malformed(SITE_LIST_SERVICE).message;
        await store.recordFailure(error, now);
        return { status: 'failed', error };
      }
      await store.replace({ sourceUrl: url, raw: fetched.data.text, sites: parsed.sites, dropped: parsed.dropped, etag: fetched.data.etag }, now);
      return { status: 'refreshed', siteCount: parsed.sites.length, dropped: parsed.dropped };
    });
    const outcome: SiteListRefreshOutcome = locked.acquired ? locked.value : { status: 'skipped', reason: 'busy' };
    if (outcome.status === 'refreshed') this.logger.log(`username site list refreshed: ${outcome.siteCount} sites kept, ${outcome.dropped} dropped`);
    if (outcome.status === 'failed') this.logger.warn(`username site list refresh failed, keeping the stored copy: ${outcome.error}`);
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

/**
 * The built-in sites with the configured ones merged in: a configured entry replaces the built-in
 * entry of the same name (case-insensitive). A configured entry gets its platform from the
 * built-in entry it replaces, or else from its profile host (instagram.com → instagram); it is read
 * as a profile page only when it replaces a built-in profile page on the same host.
 */
export function mergeSiteLists(builtIn: readonly UsernameSite[], configured: readonly UsernameSite[]): UsernameSite[] {
  const byName = new Map<string, UsernameSite>();
  for (const site of builtIn) byName.set(site.name.toLowerCase(), site);
  for (const site of configured) {
    const key = site.name.toLowerCase();
    const replaced = byName.get(key);
    const platform = replaced?.platform ?? platformOfHost(hostOf(site.uriPretty ?? site.uriCheck));
    const profilePage = replaced !== undefined && replaced.profilePage && hostOf(replaced.uriCheck) === hostOf(site.uriCheck);
    byName.set(key, { ...site, ...(platform ? { platform } : {}), profilePage });
  }
  return [...byName.values()];
}

function hostOf(template: string): string {
  try {
    return new URL(template.split('{account}').join('x')).hostname;
  } catch {
    return '';
  }
}
