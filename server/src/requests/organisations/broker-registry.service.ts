import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { type DownloadedListOutcome, type ListRead, refreshDownloadedList, refreshesByItself } from '../../common/downloaded-list/downloaded-list.refresher';
import { type RefreshOptions, ScheduledRefresh } from '../../common/scheduling/scheduled-refresh.scheduler';
import { BROKER_REGISTRY_DOWNLOAD, OrganisationCatalogueSource } from '../sources/organisation-catalogue.source';
import { parseBrokerRegistry } from './broker-registry.parser';
import { CATALOGUE_MAX_AGE_MS } from './organisation-catalogue.service';
import type { OrganisationCatalogueStateEntity } from './organisation.entity';
import { OrganisationRepository, type StoredOrganisations } from './organisation.repository';
import type { Organisation } from './organisation.types';

/** After the catalogue's own start-up refresh (15 s), so the two downloads do not start together. */
const STARTUP_DELAY_MS = 45_000;
const FETCH_TIMEOUT_MS = 60_000;
/** The most brokers one person is offered at once: the registry lists about 550 today. */
export const MAX_BROKERS = 2_000;

interface RegistryCounts {
  brokers: number;
  dropped: number;
}
export type RegistryRefreshOutcome = DownloadedListOutcome<RegistryCounts>;

export interface RegistryState {
  configured: boolean;
  fetchedAt: Date | null;
  brokers: number;
  lastError: string | null;
}

/**
 * California's data broker registry (CPPA), downloaded from CA_BROKER_REGISTRY_URL at run time into
 * the organisation catalogue as data brokers relevant to the United States, refreshed weekly by one
 * instance at a time (its own advisory lock). A failed refresh keeps the stored brokers.
 */
@Injectable()
export class BrokerRegistryService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BrokerRegistryService.name);
  private readonly refresher = new ScheduledRefresh<RegistryRefreshOutcome>('broker registry', this.logger, (options, stopping) => this.refreshNow(options, stopping));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly source: OrganisationCatalogueSource,
    private readonly repository: OrganisationRepository,
  ) {}

  private get url(): string | undefined {
    return this.config.requests.caBrokerRegistryUrl;
  }

  private get automatic(): boolean {
    return refreshesByItself(this.config, this.url);
  }

  onApplicationBootstrap(): void {
    if (this.automatic) this.refresher.afterStart(STARTUP_DELAY_MS, CATALOGUE_MAX_AGE_MS);
  }

  @Cron('37 * * * *', { name: 'broker-registry-refresh' })
  hourly(): void {
    if (this.automatic) this.refresher.inBackground('hourly', CATALOGUE_MAX_AGE_MS);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.refresher.stop();
  }

  refresh(options: RefreshOptions = {}): Promise<RegistryRefreshOutcome> {
    return this.refresher.refresh(options);
  }

  async state(): Promise<RegistryState> {
    const row = await this.repository.state('ca_broker_registry');
    return { configured: this.url !== undefined, fetchedAt: row?.fetchedAt ?? null, brokers: row?.companyCount ?? 0, lastError: row?.lastError ?? null };
  }

  /** Every broker of California's registry, in name order. */
  californiaBrokers(): Promise<Organisation[]> {
    return this.repository.brokers({ source: 'ca_broker_registry' }, MAX_BROKERS);
  }

  /** The catalogue's brokers and address traders for a country (lower-case ISO code) or for all countries. */
  brokersForCountry(country: string): Promise<Organisation[]> {
    return this.repository.brokers({ country: country.toLowerCase() }, MAX_BROKERS);
  }

  private async refreshNow(options: RefreshOptions, stopping: AbortSignal): Promise<RegistryRefreshOutcome> {
    const started = Date.now();
    const service = BROKER_REGISTRY_DOWNLOAD.service;
    const outcome: RegistryRefreshOutcome = await refreshDownloadedList(
      {
        url: this.url,
        fetchTimeoutMs: FETCH_TIMEOUT_MS,
        holdsCopy: (row: OrganisationCatalogueStateEntity) => row.fetchedAt !== null,
        withRefreshLock: (work) => this.repository.withRefreshLock(work, 'ca_broker_registry'),
        download: (url, etag, signal) => this.source.download(url, etag, signal, BROKER_REGISTRY_DOWNLOAD),
        read: ({ archive }): ListRead<StoredOrganisations, RegistryCounts> => {
          let parsed;
          try {
            parsed = parseBrokerRegistry(archive.toString('utf8'));
          } catch {
            return { error: `${service} is not the registry's CSV (no header row names the data broker)` };
          }
          if (parsed.organisations.length === 0) return { error: `${service} held no usable broker` };
          return { stored: parsed, counts: { brokers: parsed.organisations.length, dropped: parsed.dropped } };
        },
      },
      options,
      stopping,
    );
    if (outcome.status === 'refreshed') this.logger.log(`broker registry refreshed in ${Date.now() - started} ms: ${outcome.brokers} brokers, ${outcome.dropped} dropped`);
    if (outcome.status === 'failed') this.logger.warn(`broker registry refresh failed (${outcome.error}); the stored copy stays; next try within the hour`);
    return outcome;
  }
}
