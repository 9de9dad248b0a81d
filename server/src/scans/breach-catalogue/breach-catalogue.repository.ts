import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { BreachCatalogueStateEntity } from './breach-catalogue-state.entity';
import { BreachCatalogueEntity } from './breach-catalogue.entity';

/** Every instance of the app takes this lock to refresh, so only one refreshes at a time. */
const REFRESH_LOCK_KEY = 4_640_297_105; // arbitrary, fixed: "breach catalogue refresh"
/** Rows per INSERT … ON CONFLICT statement (16 parameters each, well under PostgreSQL's 65,535). */
const UPSERT_CHUNK = 500;
const STATE_ID = 1;

/** What a refresh may do while it holds the lock, all in the lock's transaction. */
export interface CatalogueRefreshStore {
  state(): Promise<BreachCatalogueStateEntity | null>;
  /** Upserts every row and deletes those not among them; records the success in the state row. */
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
   * Runs `work` in a transaction holding the refresh lock (pg_try_advisory_xact_lock, released at
   * commit or rollback). When another instance holds it, does nothing and answers `acquired: false`.
   */
  async withRefreshLock<T>(work: (store: CatalogueRefreshStore) => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [REFRESH_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      return { acquired: true as const, value: await work(storeOf(manager)) };
    });
  }

  state(): Promise<BreachCatalogueStateEntity | null> {
    return this.states.findOneBy({ id: STATE_ID });
  }

  /** The breaches whose domain is one of these (lower-cased) domains, newest breach first. */
  findByDomains(domains: string[]): Promise<BreachCatalogueEntity[]> {
    if (domains.length === 0) return Promise.resolve([]);
    return this.breaches.find({ where: { domain: In(domains) }, order: { breachDate: 'DESC', name: 'ASC' } });
  }

  count(): Promise<number> {
    return this.breaches.count();
  }
}

function storeOf(manager: EntityManager): CatalogueRefreshStore {
  return {
    state: () => manager.findOneBy(BreachCatalogueStateEntity, { id: STATE_ID }),

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
          .orUpdate(columns, ['name'])
          .execute();
      }
      await manager.query('DELETE FROM "breach_catalogue" WHERE NOT ("name" = ANY($1::text[]))', [rows.map((row) => row.name)]);
      await manager.query(
        `INSERT INTO "breach_catalogue_state" ("id", "refreshed_at", "breach_count", "attempted_at", "last_error")
         VALUES ($1, $2, $3, $2, NULL)
         ON CONFLICT ("id") DO UPDATE SET "refreshed_at" = $2, "breach_count" = $3, "attempted_at" = $2, "last_error" = NULL`,
        [STATE_ID, at, rows.length],
      );
    },

    async recordFailure(error, at) {
      await manager.query(
        `INSERT INTO "breach_catalogue_state" ("id", "breach_count", "attempted_at", "last_error")
         VALUES ($1, 0, $2, $3)
         ON CONFLICT ("id") DO UPDATE SET "attempted_at" = $2, "last_error" = $3`,
        [STATE_ID, at, error],
      );
    },
  };
}
