import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, QueryRunner, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys.catalogue';
import { type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import { BreachCatalogueStateEntity } from './breach-catalogue-state.entity';
import { BreachCatalogueEntity } from './breach-catalogue.entity';

/** Rows per INSERT … ON CONFLICT statement (18 parameters each, well under PostgreSQL's 65,535). */
const UPSERT_CHUNK = 500;

/** Every instance of the app takes its source's lock to refresh, so only one refreshes a source at a time. */
export const refreshLockKey = (source: BreachSourceId): number => ADVISORY_LOCK_KEYS.breachCatalogueRefresh[source];

/** What a refresh may do while it holds its source's lock; each write is a short transaction of its own. */
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
   * Runs `work` holding the source's refresh lock (pg_try_advisory_lock on a connection of its own,
   * released at the end or when the connection drops). No transaction is open while `work` waits
   * for the source: one held across the fetch once kept connections "idle in transaction" for as
   * long as a silent source kept it waiting. When another instance holds the lock, does nothing
   * and answers `acquired: false`.
   */
  async withRefreshLock<T>(
    source: BreachSourceId,
    work: (store: CatalogueRefreshStore) => Promise<T>,
  ): Promise<{ acquired: true; value: T } | { acquired: false }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [refreshLockKey(source)])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      try {
        return { acquired: true as const, value: await work(storeOf(runner, source)) };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [refreshLockKey(source)]);
      }
    } finally {
      await runner.release();
    }
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

/** Runs `write` in a transaction on `runner`'s connection, committed before it answers. */
async function inTransaction(runner: QueryRunner, write: () => Promise<void>): Promise<void> {
  await runner.startTransaction();
  try {
    await write();
    await runner.commitTransaction();
  } catch (err) {
    await runner.rollbackTransaction();
    throw err;
  }
}

function storeOf(runner: QueryRunner, source: BreachSourceId): CatalogueRefreshStore {
  const manager = runner.manager;
  return {
    state: () => manager.findOneBy(BreachCatalogueStateEntity, { source }),

    replaceAll: (rows, at) => inTransaction(runner, async () => {
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
    }),

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
