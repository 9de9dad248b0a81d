import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh';
import { HibpSource } from '../sources/hibp.source';
import type { HibpBreach } from '../sources/source-types';
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
  /** busy: another instance is refreshing; fresh: the stored copy was recent enough. */
  | { status: 'skipped'; reason: 'busy' | 'fresh' };

export interface CatalogueState {
  /** The last successful refresh; null when there has been none. */
  refreshedAt: Date | null;
  breachCount: number;
  attemptedAt: Date | null;
  lastError: string | null;
}

/**
 * HIBP's public breach catalogue, cached in the database: fetched at run time (never committed),
 * refreshed daily and shortly after start when missing or stale. A failed fetch keeps the rows
 * we have. The website check looks breaches up by the site's domain.
 */
@Injectable()
export class BreachCatalogueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BreachCatalogueService.name);
  private readonly refresher = new ScheduledRefresh<RefreshOutcome>('breach catalogue', this.logger, (options, stopping) =>
    this.refreshNow(options, stopping),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hibp: HibpSource,
    private readonly repository: BreachCatalogueRepository,
  ) {}

  /** Tests refresh explicitly; the OpenAPI generator runs without a database. */
  private get automatic(): boolean {
    return this.config.env !== 'test' && this.config.databaseUrl !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.automatic) return;
    this.refresher.afterStart(STARTUP_REFRESH_DELAY_MS, CATALOGUE_MAX_AGE_MS);
  }

  @Cron('17 4 * * *', { name: 'breach-catalogue-refresh' })
  daily(): void {
    if (this.automatic) this.refresher.inBackground('daily', DAILY_MIN_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  /**
   * Fetches the catalogue and replaces the stored one. With `ifOlderThanMs`, does nothing when the
   * stored copy is younger. One refresh at a time per instance (a second call shares the first)
   * and across instances (a database lock: the others skip).
   */
  refresh(options: RefreshOptions = {}): Promise<RefreshOutcome> {
    return this.refresher.refresh(options);
  }

  /** Breaches of a site: those whose domain is the host or one of its parent domains. */
  async findByDomain(host: string): Promise<HibpBreach[]> {
    const rows = await this.repository.findByDomains(domainAndParents(host));
    return rows.map(toHibpBreach);
  }

  async state(): Promise<CatalogueState> {
    const row = await this.repository.state();
    return {
      refreshedAt: row?.refreshedAt ?? null,
      breachCount: row?.breachCount ?? 0,
      attemptedAt: row?.attemptedAt ?? null,
      lastError: row?.lastError ?? null,
    };
  }

  private async refreshNow({ ifOlderThanMs }: RefreshOptions, stopping: AbortSignal): Promise<RefreshOutcome> {
    const locked = await this.repository.withRefreshLock(async (store): Promise<RefreshOutcome> => {
      if (ifOlderThanMs !== undefined) {
        const refreshedAt = (await store.state())?.refreshedAt;
        if (refreshedAt && Date.now() - refreshedAt.getTime() < ifOlderThanMs) return { status: 'skipped', reason: 'fresh' };
      }
      const signal = AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), stopping]);
      const fetched = await this.hibp.breaches(signal);
      if (fetched.status === 'ok' && fetched.data.length > 0) {
        const rows = toRows(fetched.data);
        await store.replaceAll(rows, new Date());
        return { status: 'refreshed', breachCount: rows.length };
      }
      // The source's messages name the service and the problem, never anything personal.
      const error = fetched.status === 'ok' ? 'Have I Been Pwned answered with an empty breach catalogue' : fetched.message;
      await store.recordFailure(error, new Date());
      return { status: 'failed', error };
    });
    const outcome: RefreshOutcome = locked.acquired ? locked.value : { status: 'skipped', reason: 'busy' };
    if (outcome.status === 'refreshed') this.logger.log(`breach catalogue refreshed: ${outcome.breachCount} breaches`);
    if (outcome.status === 'failed') this.logger.warn(`breach catalogue refresh failed, keeping the stored copy: ${outcome.error}`);
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

/** One row per name (the last one wins, should HIBP ever repeat one). */
function toRows(breaches: HibpBreach[]): BreachCatalogueEntity[] {
  const byName = new Map<string, BreachCatalogueEntity>();
  for (const b of breaches) {
    const row = new BreachCatalogueEntity();
    Object.assign(row, {
      name: b.Name,
      title: b.Title,
      domain: b.Domain.trim().toLowerCase(),
      breachDate: b.BreachDate,
      addedDate: new Date(b.AddedDate),
      modifiedDate: new Date(b.ModifiedDate),
      pwnCount: b.PwnCount,
      description: b.Description,
      dataClasses: b.DataClasses,
      isVerified: b.IsVerified,
      isFabricated: b.IsFabricated,
      isSensitive: b.IsSensitive,
      isRetired: b.IsRetired,
      isSpamList: b.IsSpamList,
      isMalware: b.IsMalware ?? false,
      isStealerLog: b.IsStealerLog ?? false,
      isSubscriptionFree: b.IsSubscriptionFree ?? false,
    } satisfies BreachCatalogueEntity);
    byName.set(row.name, row);
  }
  return [...byName.values()];
}

/** HIBP writes instants without milliseconds ("2013-12-04T00:00:00Z"). */
const hibpInstant = (date: Date) => date.toISOString().replace(/\.000Z$/, 'Z');

function toHibpBreach(row: BreachCatalogueEntity): HibpBreach {
  return {
    Name: row.name,
    Title: row.title,
    Domain: row.domain,
    BreachDate: row.breachDate,
    AddedDate: hibpInstant(row.addedDate),
    ModifiedDate: hibpInstant(row.modifiedDate),
    PwnCount: row.pwnCount,
    Description: row.description,
    DataClasses: row.dataClasses,
    IsVerified: row.isVerified,
    IsFabricated: row.isFabricated,
    IsSensitive: row.isSensitive,
    IsRetired: row.isRetired,
    IsSpamList: row.isSpamList,
    IsMalware: row.isMalware,
    IsStealerLog: row.isStealerLog,
    IsSubscriptionFree: row.isSubscriptionFree,
  };
}
