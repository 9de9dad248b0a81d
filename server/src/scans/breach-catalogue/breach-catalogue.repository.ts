import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys';
import { type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import { BreachCatalogueStateEntity } from './breach-catalogue-state.entity';
import { BreachCatalogueEntity } from './breach-catalogue.entity';

/** Rows per INSERT … ON CONFLICT statement (18 parameters each, well under PostgreSQL's 65,535). */
const UPSERT_CHUNK = 500;

/** Every instance of the app takes its source's lock to refresh, so only one refreshes a source at a time. */
export const refreshLockKey = (source: BreachSourceId): number => ADVISORY_LOCK_KEYS.breachCatalogueRefresh[source];

/** What a refresh may do while it holds its source's lock, all in the lock's transaction. */
export interface CatalogueRefreshStore {
  state(): Promise<BreachCatalogueStateEntity | null>;
  /** Upserts every row of the source and deletes its rows not among them; records the success in its state row. */
  replaceAll(rows: BreachCatalogueEntity[], at: Date): Promise<void>;
  /** Keeps the rows; records the failed attempt and why. */
  recordFailure(error: string, at: Date): Promise<void>;
}

/** The breach_catalogue and breach_catalogue_state tables: the catalogue's only TypeORM code. */
@Injectable()
export class BreachCatalogueRepository {
  constructor(
    @InjectRepository(BreachCatalogueEntity) private readonly breaches: Repository<BreachCatalogueEntity>,
    @InjectRepository(BreachCatalogueStateEntity) private readonly states: Repository<BreachCatalogueStateEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Runs `work` in a transaction holding the source's refresh lock (pg_try_advisory_xact_lock,
   * released at commit or rollback). When another instance holds it, does nothing and answers `acquired: false`.
   */
  async withRefreshLock<T>(
    source: BreachSourceId,
    work: (store: CatalogueRefreshStore) => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [refreshLockKey(source)])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      return { acquired: true as const, value: await work(storeOf(manager, source)) };
    });
  }

  state(source: BreachSourceId): Promise<BreachCatalogueStateEntity | null> {
    return this.states.findOneBy({ source });
  }

  /** The breaches of every source whose domain is one of these (lower-cased) domains, newest breach first. */
  findByDomains(domains: string[]): Promise<BreachCatalogueEntity[]> {
    if (domains.length === 0) return Promise.resolve([]);
    return this.breaches.find({ where: { domain: In(domains) }, order: { breachDate: 'DESC', source: 'ASC', name: 'ASC' } });
  }

  /** The source's breaches with these names. */
  findByNames(source: BreachSourceId, names: string[]): Promise<BreachCatalogueEntity[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.breaches.findBy({ source, name: In(names) });
  }

  /**
   * Breaches of other sources than `source` that may be one of the given breaches: same domain,
   * or same name once case, spaces and punctuation are set aside (as breachNameKey compares).
   */
  findCandidates(source: BreachSourceId, domains: string[], nameKeys: string[]): Promise<BreachCatalogueEntity[]> {
    if (domains.length === 0 && nameKeys.length === 0) return Promise.resolve([]);
    return this.breaches
      .createQueryBuilder('b')
      .where('b.source <> :source', { source })
      .andWhere(
        `(b.domain = ANY(:domains) OR regexp_replace(lower(b.name), '[^[:alnum:]]', '', 'g') = ANY(:nameKeys))`,
        { domains: domains.filter(Boolean), nameKeys },
      )
      .getMany();
  }

  count(source?: BreachSourceId): Promise<number> {
    return source ? this.breaches.countBy({ source }) : this.breaches.count();
  }
}

function storeOf(manager: EntityManager, source: BreachSourceId): CatalogueRefreshStore {
  return {
    state: () => manager.findOneBy(BreachCatalogueStateEntity, { source }),

    async replaceAll(rows, at) {
      const columns = manager.connection
        .getMetadata(BreachCatalogueEntity)
        .columns.filter((column) => !column.isPrimary)
        .map((column) => column.databaseName);
      for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
        await manager
          .createQueryBuilder()
          .insert()
          .into(BreachCatalogueEntity)
          .values(rows.slice(i, i + UPSERT_CHUNK))
          .orUpdate(columns, ['source', 'name'])
          .execute();
      }
      await manager.query('DELETE FROM "breach_catalogue" WHERE "source" = $1 AND NOT ("name" = ANY($2::text[]))', [source, rows.map((row) => row.name)]);
      await manager.query(
        `INSERT INTO "breach_catalogue_state" ("source", "refreshed_at", "breach_count", "attempted_at", "last_error")
         VALUES ($1, $2, $3, $2, NULL)
         ON CONFLICT ("source") DO UPDATE SET "refreshed_at" = $2, "breach_count" = $3, "attempted_at" = $2, "last_error" = NULL`,
        [source, at, rows.length],
      );
    },

    async recordFailure(error, at) {
      await manager.query(
        `INSERT INTO "breach_catalogue_state" ("source", "breach_count", "attempted_at", "last_error")
         VALUES ($1, 0, $2, $3)
         ON CONFLICT ("source") DO UPDATE SET "attempted_at" = $2, "last_error" = $3`,
        [source, at, error],
      );
    },
  };
}
