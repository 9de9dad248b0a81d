import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { withDeadline } from '../../common/deadline.util';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh.scheduler';
import { runsScheduledWork } from '../../common/scheduling/scheduled-work.util';
import { BREACH_SOURCE_IDS, BREACH_SOURCES, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import { breachNameKey, mergeBreaches, type MergedBreach } from '../breaches/breach.merger';
import { fromHibp } from '../breaches/breach-record.mapper';
import { HibpSource } from '../sources/hibp.source';
import type { BreachRecord, SourceResult } from '../sources/source.types';
import { XposedOrNotSource } from '../sources/xposedornot.source';
import { BreachCatalogueEntity } from './breach-catalogue.entity';
import { BreachCatalogueRepository } from './breach-catalogue.repository';

/** A stored copy older than this is refreshed shortly after start. */
export const CATALOGUE_MAX_AGE_MS = 24 * 3600_000;
/** The daily run skips a copy another instance refreshed this recently. */
const DAILY_MIN_AGE_MS = 12 * 3600_000;
/** The start-up check waits this long, so it never slows the start itself. */
export const STARTUP_REFRESH_DELAY_MS = 5_000;
const FETCH_TIMEOUT_MS = 30_000;

export type RefreshOutcome =
  | { status: 'refreshed'; breachCount: number }
  | { status: 'failed'; error: string }
  /** busy: another instance is refreshing; fresh: the stored copy was recent enough; off: the source is turned off. */
  | { status: 'skipped'; reason: 'busy' | 'fresh' | 'off' };

export interface CatalogueState {
  /** The last successful refresh; null when there has been none. */
  refreshedAt: Date | null;
  breachCount: number;
  attemptedAt: Date | null;
  lastError: string | null;
}

/** Breaches of a site's domain from the merged catalogue, and whose catalogues were there to ask. */
export interface DomainBreaches {
  breaches: MergedBreach[];
  /** Sources whose catalogue has been loaded (a source never loaded says nothing about the domain). */
  loaded: BreachSourceId[];
}

/**
 * The breach sources' public catalogues (HIBP's and XposedOrNot's `/breaches`), cached in the
 * database: fetched at run time (never committed), each refreshed daily and shortly after start
 * when missing or stale, one instance at a time per source. A failed fetch keeps the rows we have.
 * Read merged (one entry per breach, as breach.merger.ts matches them): the website check looks
 * breaches up by the site's domain, email results and reports fill in details from it.
 */
@Injectable()
export class BreachCatalogueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BreachCatalogueService.name);
  private readonly refreshers: Record<BreachSourceId, ScheduledRefresh<RefreshOutcome>>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hibp: HibpSource,
    private readonly xposedOrNot: XposedOrNotSource,
    private readonly repository: BreachCatalogueRepository,
  ) {
    const refresher = (source: BreachSourceId) =>
      new ScheduledRefresh<RefreshOutcome>(`${BREACH_SOURCES[source].name} breach catalogue`, this.logger, (options, stopping) =>
        this.refreshNow(source, options, stopping),
      );
    this.refreshers = { hibp: refresher('hibp'), xposedornot: refresher('xposedornot') };
  }

  /** HIBP's catalogue needs no key; XposedOrNot's only its switch. */
  private enabled(source: BreachSourceId): boolean {
    return source === 'hibp' || this.xposedOrNot.enabled;
  }

  /** The sources whose catalogues this server keeps. */
  enabledSources(): BreachSourceId[] {
    return BREACH_SOURCE_IDS.filter((source) => this.enabled(source));
  }

  /** Tests refresh explicitly. */
  onApplicationBootstrap(): void {
    if (!runsScheduledWork(this.config)) return;
    for (const source of BREACH_SOURCE_IDS) if (this.enabled(source)) this.refreshers[source].afterStart(STARTUP_REFRESH_DELAY_MS, CATALOGUE_MAX_AGE_MS);
  }

  @Cron('17 4 * * *', { name: 'breach-catalogue-refresh' })
  daily(): void {
    if (!runsScheduledWork(this.config)) return;
    for (const source of BREACH_SOURCE_IDS) if (this.enabled(source)) this.refreshers[source].inBackground('daily', DAILY_MIN_AGE_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(BREACH_SOURCE_IDS.map((source) => this.refreshers[source].stop()));
  }

  /**
   * Fetches one source's catalogue and replaces its stored copy. With `ifOlderThanMs`, does nothing
   * when the stored copy is younger. One refresh at a time per source and instance (a second call
   * shares the first) and across instances (a database lock: the others skip).
   */
  refresh(source: BreachSourceId = 'hibp', options: RefreshOptions = {}): Promise<RefreshOutcome> {
    if (!this.enabled(source)) return Promise.resolve({ status: 'skipped', reason: 'off' });
    return this.refreshers[source].refresh(options);
  }

  /** Breaches of a site: those whose domain is the host or one of its parent domains, merged across sources. */
  async findByDomain(host: string): Promise<DomainBreaches> {
    const [rows, states] = await Promise.all([this.repository.findByDomains(domainAndParents(host)), this.states()]);
    const loaded = BREACH_SOURCE_IDS.filter((source) => states[source].refreshedAt !== null && this.enabled(source));
    const lists: Partial<Record<BreachSourceId, BreachRecord[]>> = {};
    for (const row of rows) if (loaded.includes(row.source)) (lists[row.source] ??= []).push(toRecord(row));
    return { breaches: mergeBreaches(lists), loaded };
  }

  /** The source's catalogue entries of these breaches (by name), to fill in what a per-address answer leaves out. */
  async recordsByName(source: BreachSourceId, names: string[]): Promise<Map<string, BreachRecord>> {
    const rows = await this.repository.findByNames(source, [...new Set(names)]);
    return new Map(rows.map((row) => [row.name, toRecord(row)]));
  }

  /** Other sources' catalogue entries that may be these breaches (same domain, or same name): merge's counterparts. */
  async counterpartsOf(records: readonly BreachRecord[]): Promise<BreachRecord[]> {
    const found: BreachRecord[] = [];
    for (const source of BREACH_SOURCE_IDS) {
      const own = records.filter((r) => r.source === source);
      if (own.length === 0) continue;
      const rows = await this.repository.findCandidates(
        source,
        [...new Set(own.map((r) => r.domain).filter(Boolean))],
        [...new Set(own.map((r) => breachNameKey(r.name)).filter(Boolean))],
      );
      found.push(...rows.map(toRecord));
    }
    return found;
  }

  async state(source: BreachSourceId = 'hibp'): Promise<CatalogueState> {
    const row = await this.repository.state(source);
    return {
      refreshedAt: row?.refreshedAt ?? null,
      breachCount: row?.breachCount ?? 0,
      attemptedAt: row?.attemptedAt ?? null,
      lastError: row?.lastError ?? null,
    };
  }

  async states(): Promise<Record<BreachSourceId, CatalogueState>> {
    const [hibp, xposedornot] = await Promise.all([this.state('hibp'), this.state('xposedornot')]);
    return { hibp, xposedornot };
  }

  private fetch(source: BreachSourceId, signal: AbortSignal): Promise<SourceResult<BreachRecord[]>> {
    if (source === 'xposedornot') return this.xposedOrNot.breaches(signal);
    return this.hibp.breaches(signal).then((r) => (r.status === 'ok' ? { status: 'ok', data: r.data.map(fromHibp) } : r));
  }

  private async refreshNow(source: BreachSourceId, { ifOlderThanMs }: RefreshOptions, stopping: AbortSignal): Promise<RefreshOutcome> {
    const name = BREACH_SOURCES[source].name;
    const locked = await this.repository.withRefreshLock(source, async (store): Promise<RefreshOutcome> => {
      if (ifOlderThanMs !== undefined) {
        const refreshedAt = (await store.state())?.refreshedAt;
        if (refreshedAt && Date.now() - refreshedAt.getTime() < ifOlderThanMs) return { status: 'skipped', reason: 'fresh' };
      }
      const fetched = await withDeadline(FETCH_TIMEOUT_MS, [stopping], (signal) => this.fetch(source, signal));
      if (fetched.status === 'ok' && fetched.data.length > 0) {
        const rows = toRows(fetched.data);
        await store.replaceAll(rows, new Date());
        return { status: 'refreshed', breachCount: rows.length };
      }
      // The source's messages name the service and the problem, never anything personal.
      const error = fetched.status === 'ok' ? `${name} answered with an empty breach catalogue` : fetched.message;
      await store.recordFailure(error, new Date());
      return { status: 'failed', error };
    });
    const outcome: RefreshOutcome = locked.acquired ? locked.value : { status: 'skipped', reason: 'busy' };
    if (outcome.status === 'refreshed') this.logger.log(`${name} breach catalogue refreshed: ${outcome.breachCount} breaches`);
    if (outcome.status === 'failed') this.logger.warn(`${name} breach catalogue refresh failed, keeping the stored copy: ${outcome.error}`);
    // Said, not silent: a skip that is never logged once hid a lock key shared with another feature.
    if (outcome.status === 'skipped' && outcome.reason === 'busy') this.logger.log(`${name} breach catalogue refresh skipped: another instance is refreshing it`);
    return outcome;
  }
}

/** `a.b.example.com` → [a.b.example.com, b.example.com, example.com]: never a bare top-level domain. */
export function domainAndParents(host: string): string[] {
  const labels = host.trim().toLowerCase().replace(/\.$/, '').split('.');
  if (labels.some((label) => label === '')) return [];
  const domains: string[] = [];
  for (let i = 0; i + 2 <= labels.length; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

/** One row per name (the last one wins, should a source ever repeat one). */
function toRows(records: BreachRecord[]): BreachCatalogueEntity[] {
  const byName = new Map<string, BreachCatalogueEntity>();
  for (const r of records) {
    const row = new BreachCatalogueEntity();
    Object.assign(row, {
      source: r.source,
      name: r.name,
      title: r.title,
      domain: r.domain,
      // The date column holds days; a year alone (never in a catalogue so far) is its first day.
      breachDate: /^\d{4}$/.test(r.breachDate) ? `${r.breachDate}-01-01` : r.breachDate,
      addedDate: r.addedDate ? new Date(r.addedDate) : null,
      modifiedDate: r.modifiedDate ? new Date(r.modifiedDate) : null,
      pwnCount: r.pwnCount,
      description: r.description,
      dataClasses: r.dataClasses,
      isVerified: r.isVerified,
      isFabricated: r.isFabricated,
      isSensitive: r.isSensitive,
      isRetired: r.isRetired,
      isSpamList: r.isSpamList,
      isMalware: r.isMalware,
      isStealerLog: r.isStealerLog,
      isSubscriptionFree: r.isSubscriptionFree,
    } satisfies BreachCatalogueEntity);
    byName.set(row.name, row);
  }
  return [...byName.values()];
}

/** HIBP writes instants without milliseconds ("2013-12-04T00:00:00Z"). */
const instant = (date: Date | null) => (date ? date.toISOString().replace(/\.000Z$/, 'Z') : undefined);

function toRecord(row: BreachCatalogueEntity): BreachRecord {
  const record: BreachRecord = {
    source: row.source,
    name: row.name,
    title: row.title,
    domain: row.domain,
    breachDate: row.breachDate,
    pwnCount: row.pwnCount,
    description: row.description,
    dataClasses: row.dataClasses,
    isVerified: row.isVerified,
    isFabricated: row.isFabricated,
    isSensitive: row.isSensitive,
    isRetired: row.isRetired,
    isSpamList: row.isSpamList,
    isMalware: row.isMalware,
    isStealerLog: row.isStealerLog,
    isSubscriptionFree: row.isSubscriptionFree,
  };
  const added = instant(row.addedDate);
  const modified = instant(row.modifiedDate);
  if (added) record.addedDate = added;
  if (modified) record.modifiedDate = modified;
  return record;
}
