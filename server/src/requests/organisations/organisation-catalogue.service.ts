import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type DownloadedListOutcome, type ListRead, refreshDownloadedList, refreshesByItself } from '../../common/downloaded-list/downloaded-list.refresher';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh.scheduler';
import { CATALOGUE_SERVICE, OrganisationCatalogueSource } from '../sources/organisation-catalogue.source';
import { isCatalogueRecordPath, parseCatalogueFiles } from './organisation-catalogue.parser';
import { type MatchOutcome, type MatchQuery, matchFindings, queryDomains } from './organisation-match.rules';
import type { OrganisationCatalogueStateEntity } from './organisation.entity';
import { OrganisationRepository, type StoredOrganisations } from './organisation.repository';
import type { Organisation, OrganisationKind } from './organisation.types';
import { readTarGz } from './tar-gz.reader';

/** The catalogue changes slowly (a few records a week): refreshed when the stored copy is a week old. */
export const CATALOGUE_MAX_AGE_MS = 7 * 24 * 3600_000;
const STARTUP_DELAY_MS = 15_000;
const FETCH_TIMEOUT_MS = 120_000;
/** The archive unpacks to about 20 MB today (with the templates and packs we skip); room to grow, a stop for a bomb. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const SEARCH_LIMIT = 20;

interface CatalogueCounts {
  companies: number;
  authorities: number;
  dropped: number;
}
export type CatalogueRefreshOutcome = DownloadedListOutcome<CatalogueCounts>;

export interface CatalogueState {
  configured: boolean;
  fetchedAt: Date | null;
  companies: number;
  authorities: number;
  lastError: string | null;
}

/**
 * The organisation catalogue: the datarequests.org company database and its supervisory
 * authorities (CC0 1.0), downloaded from ORGANISATION_CATALOGUE_URL at run time, stored in
 * PostgreSQL and refreshed weekly, one instance at a time (the others skip while one holds the
 * database lock). A failed refresh keeps the stored copy and is tried again within the hour.
 */
@Injectable()
export class OrganisationCatalogueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OrganisationCatalogueService.name);
  private readonly refresher = new ScheduledRefresh<CatalogueRefreshOutcome>('organisation catalogue', this.logger, (options, stopping) => this.refreshNow(options, stopping));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly source: OrganisationCatalogueSource,
    private readonly repository: OrganisationRepository,
  ) {}

  private get url(): string | undefined {
    return this.config.requests.catalogueUrl;
  }

  private get automatic(): boolean {
    return refreshesByItself(this.config, this.url);
  }

  onApplicationBootstrap(): void {
    if (this.automatic) this.refresher.afterStart(STARTUP_DELAY_MS, CATALOGUE_MAX_AGE_MS);
  }

  @Cron('23 * * * *', { name: 'organisation-catalogue-refresh' })
  hourly(): void {
    if (this.automatic) this.refresher.inBackground('hourly', CATALOGUE_MAX_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  refresh(options: RefreshOptions = {}): Promise<CatalogueRefreshOutcome> {
    return this.refresher.refresh(options);
  }

  async state(): Promise<CatalogueState> {
    const row = await this.repository.state();
    return {
      configured: this.url !== undefined,
      fetchedAt: row?.fetchedAt ?? null,
      companies: row?.companyCount ?? 0,
      authorities: row?.authorityCount ?? 0,
      lastError: row?.lastError ?? null,
    };
  }

  search(query: string, kind: OrganisationKind = 'company'): Promise<Organisation[]> {
    return this.repository.search(query.trim(), kind, SEARCH_LIMIT);
  }

  find(kind: OrganisationKind, slug: string): Promise<Organisation | null> {
    return this.repository.find(kind, slug);
  }

  /** The supervisory authorities for a country (lower-case ISO code). */
  authoritiesFor(country: string): Promise<Organisation[]> {
    return this.repository.authoritiesFor(country.toLowerCase());
  }

  /** Each finding's organisation in the catalogue, or why there is none. */
  async match(queries: readonly MatchQuery[]): Promise<MatchOutcome[]> {
    const domains = [...new Set(queries.flatMap(queryDomains))];
    const names = [...new Set(queries.flatMap((q) => (q.company?.trim() ? [q.company.trim()] : [])))];
    const [byDomain, byName] = await Promise.all([this.repository.withDomains(domains), this.repository.withNames(names)]);
    return matchFindings(queries, byDomain, byName);
  }

  private async refreshNow(options: RefreshOptions, stopping: AbortSignal): Promise<CatalogueRefreshOutcome> {
    const started = Date.now();
    const outcome: CatalogueRefreshOutcome = await refreshDownloadedList(
      {
        url: this.url,
        fetchTimeoutMs: FETCH_TIMEOUT_MS,
        holdsCopy: (row: OrganisationCatalogueStateEntity) => row.fetchedAt !== null,
        withRefreshLock: (work) => this.repository.withRefreshLock(work),
        download: (url, etag, signal) => this.source.download(url, etag, signal),
        read: ({ archive }): ListRead<StoredOrganisations, CatalogueCounts> => {
          let parsed;
          try {
            parsed = parseCatalogueFiles(readTarGz(archive, isCatalogueRecordPath, MAX_UNPACKED_BYTES));
          } catch {
            return { error: `${CATALOGUE_SERVICE} answered with a damaged archive` };
          }
          const companies = parsed.organisations.filter((o) => o.kind === 'company').length;
          if (companies === 0) return { error: `${CATALOGUE_SERVICE} held no usable company record` };
          return { stored: parsed, counts: { companies, authorities: parsed.organisations.length - companies, dropped: parsed.dropped } };
        },
      },
      options,
      stopping,
    );
    if (outcome.status === 'refreshed') {
      this.logger.log(`organisation catalogue refreshed in ${Date.now() - started} ms: ${outcome.companies} companies, ${outcome.authorities} authorities, ${outcome.dropped} dropped`);
    }
    if (outcome.status === 'failed') this.logger.warn(`organisation catalogue refresh failed (${outcome.error}); the stored copy stays; next try within the hour`);
    return outcome;
  }
}
