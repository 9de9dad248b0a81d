import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys.catalogue';
import type { DownloadedListStore, Locked } from '../../common/downloaded-list/downloaded-list.refresher';
import { OrganisationCatalogueStateEntity, OrganisationEntity } from './organisation.entity';
import { DATA_BROKER_CATEGORY, type Organisation, type OrganisationKind, type OrganisationSource } from './organisation.types';

/** Each source's row of organisation_catalogue_state (1 predates the broker registry). */
const STATE_IDS: Record<OrganisationSource, number> = { datarequests: 1, ca_broker_registry: 2 };
/** Each source refreshes under its own lock: a slow catalogue download does not hold up the registry's. */
const LOCK_KEYS: Record<OrganisationSource, number> = {
  datarequests: ADVISORY_LOCK_KEYS.organisationCatalogueRefresh,
  ca_broker_registry: ADVISORY_LOCK_KEYS.brokerRegistryRefresh.ca,
};
/** Rows per INSERT: 3,000 records in a handful of statements, well under PostgreSQL's parameter limit. */
const INSERT_CHUNK = 400;

/** What a refresh stores of a fetched catalogue or registry, beside its URL and ETag. */
export interface StoredOrganisations {
  organisations: readonly Organisation[];
  dropped: number;
}

export type CatalogueRefreshStore = DownloadedListStore<OrganisationCatalogueStateEntity, StoredOrganisations>;

const toOrganisation = (row: OrganisationEntity): Organisation => {
  const { searchText: _search, ...organisation } = row;
  return organisation;
};

/** Escapes LIKE's wildcards in user text. */
const likeText = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The organisations and organisation_catalogue_state tables: the catalogue's only TypeORM code. */
@Injectable()
export class OrganisationRepository {
  constructor(
    @InjectRepository(OrganisationEntity) private readonly rows: Repository<OrganisationEntity>,
    @InjectRepository(OrganisationCatalogueStateEntity) private readonly states: Repository<OrganisationCatalogueStateEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Runs `work` holding the source's refresh lock (one instance at a time); the others answer `acquired: false`. */
  async withRefreshLock<T>(work: (store: CatalogueRefreshStore) => Promise<T>, source: OrganisationSource = 'datarequests'): Promise<Locked<T>> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [LOCK_KEYS[source]])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      return { acquired: true as const, value: await work(storeOf(manager, source)) };
    });
  }

  state(source: OrganisationSource = 'datarequests'): Promise<OrganisationCatalogueStateEntity | null> {
    return this.states.findOneBy({ id: STATE_IDS[source] });
  }

  /**
   * The data brokers relevant to a person: those of a registry (all of its brokers), or, with a
   * country, the catalogue's address traders and brokers for that country or for all countries.
   * In name order; at most `limit`.
   */
  async brokers(where: { source: OrganisationSource } | { country: string }, limit: number): Promise<Organisation[]> {
    const query = this.rows.createQueryBuilder('o').where(`o.kind = 'company'`);
    if ('source' in where) query.andWhere('o.source = :source', { source: where.source });
    else
      query
        .andWhere(`(:country = ANY(o.countries) OR 'all' = ANY(o.countries))`, { country: where.country })
        .andWhere(`(o.categories && :categories::text[])`, { categories: [DATA_BROKER_CATEGORY, 'addresses'] });
    const rows = await query.orderBy('lower(o.name)').addOrderBy('o.slug').limit(limit).getMany();
    return rows.map(toOrganisation);
  }

  async find(kind: OrganisationKind, slug: string): Promise<Organisation | null> {
    const row = await this.rows.findOneBy({ kind, slug });
    return row && toOrganisation(row);
  }

  /**
   * Organisations whose name, services or domains contain `query` (case-insensitive): those with
   * the query as a domain or at the start of the name first, then the better-kept records.
   */
  async search(query: string, kind: OrganisationKind, limit: number): Promise<Organisation[]> {
    const q = query.toLowerCase();
    const rows = await this.rows
      .createQueryBuilder('o')
      .where('o.kind = :kind', { kind })
      .andWhere(`o.search_text LIKE :contains ESCAPE '\\'`, { contains: `%${likeText(q)}%` })
      .orderBy(`CASE WHEN :q = ANY(o.domains) THEN 0 WHEN lower(o.name) LIKE :prefix ESCAPE '\\' THEN 1 ELSE 2 END`)
      .addOrderBy(`CASE o.quality WHEN 'tested' THEN 0 WHEN 'verified' THEN 1 WHEN 'imported' THEN 2 ELSE 3 END`)
      .addOrderBy('o.name')
      .setParameters({ q, prefix: `${likeText(q)}%` })
      .limit(limit)
      .getMany();
    return rows.map(toOrganisation);
  }

  /** Companies having any of these registrable domains. */
  async withDomains(domains: readonly string[]): Promise<Organisation[]> {
    if (domains.length === 0) return [];
    const rows = await this.rows.createQueryBuilder('o').where(`o.kind = 'company'`).andWhere('o.domains && :domains::text[]', { domains }).getMany();
    return rows.map(toOrganisation);
  }

  /** Companies whose name (or a service they run) starts with one of these names, case-insensitive. */
  async withNames(names: readonly string[]): Promise<Organisation[]> {
    if (names.length === 0) return [];
    const rows = await this.rows
      .createQueryBuilder('o')
      .where(`o.kind = 'company'`)
      .andWhere(`(lower(o.name) LIKE ANY(:prefixes) OR EXISTS (SELECT 1 FROM unnest(o.runs) r WHERE lower(r) LIKE ANY(:prefixes)))`, {
        prefixes: names.map((n) => `${likeText(n.toLowerCase())} %`).concat(names.map((n) => likeText(n.toLowerCase()))),
      })
      .getMany();
    return rows.map(toOrganisation);
  }

  /** Authorities for this country (or for all countries). */
  async authoritiesFor(country: string): Promise<Organisation[]> {
    const rows = await this.rows.createQueryBuilder('o').where(`o.kind = 'authority'`).andWhere(':country = ANY(o.countries)', { country }).orderBy('o.slug').getMany();
    return rows.map(toOrganisation);
  }
}

function storeOf(manager: EntityManager, source: OrganisationSource): CatalogueRefreshStore {
  const STATE_ID = STATE_IDS[source];
  return {
    current: () => manager.findOneBy(OrganisationCatalogueStateEntity, { id: STATE_ID }),

    async replace(sourceUrl, { organisations, dropped }, etag, at) {
      await manager.query('DELETE FROM "organisations" WHERE "source" = $1', [source]);
      for (let i = 0; i < organisations.length; i += INSERT_CHUNK) {
        const chunk = organisations.slice(i, i + INSERT_CHUNK).map((o) => ({
          ...o,
          searchText: [o.name, ...o.runs, ...o.domains].join('\n').toLowerCase(),
        }));
        await manager.insert(OrganisationEntity, chunk);
      }
      await manager.upsert(
        OrganisationCatalogueStateEntity,
        {
          id: STATE_ID,
          sourceUrl,
          etag,
          companyCount: organisations.filter((o) => o.kind === 'company').length,
          authorityCount: organisations.filter((o) => o.kind === 'authority').length,
          dropped,
          fetchedAt: at,
          attemptedAt: at,
          lastError: null,
        },
        ['id'],
      );
    },

    async confirm(at) {
      await manager.update(OrganisationCatalogueStateEntity, { id: STATE_ID }, { fetchedAt: at, attemptedAt: at, lastError: null });
    },

    async recordFailure(sourceUrl, error, at) {
      await manager.query(
        `INSERT INTO "organisation_catalogue_state" ("id", "source_url", "attempted_at", "last_error") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("id") DO UPDATE SET "attempted_at" = $3, "last_error" = $4`,
        [STATE_ID, sourceUrl, at, error],
      );
    },
  };
}
