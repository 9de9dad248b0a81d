import { DataSource, EntityManager, EntityTarget, FindOptionsWhere, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { DownloadedListStore, Locked } from './downloaded-list.refresher';
import type { DownloadedListColumns } from './downloaded-list.entity';

const ROW_ID = 1;

type ListRow = DownloadedListColumns & { id: number };

/**
 * The table of a list downloaded at run time and cached in one row (id 1): reading it, and a
 * refresh under a lock across instances. Each list's repository extends this with its entity, its
 * lock key and the column emptied when a first attempt fails; it stays that table's only TypeORM code.
 */
export abstract class SingleRowListRepository<Row extends ListRow, Stored extends QueryDeepPartialEntity<Row>> {
  protected constructor(
    private readonly entity: EntityTarget<Row>,
    private readonly rows: Repository<Row>,
    private readonly dataSource: DataSource,
    /** Every instance of the app takes this advisory lock to refresh, so only one refreshes at a time. */
    private readonly lockKey: number,
    /** The list's jsonb column (an empty array in the row a failed first attempt creates). */
    private readonly listColumn: string,
  ) {}

  /**
   * Runs `work` holding the refresh lock (pg_try_advisory_lock on a connection of its own, released
   * at the end or when the connection drops), with no transaction open while `work` waits for the
   * download. When another instance holds it, does nothing and answers `acquired: false`.
   */
  async withRefreshLock<T>(work: (store: DownloadedListStore<Row, Stored>) => Promise<T>): Promise<Locked<T>> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [this.lockKey])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      try {
        return { acquired: true as const, value: await work(this.storeOf(runner.manager)) };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [this.lockKey]);
      }
    } finally {
      await runner.release();
    }
  }

  current(): Promise<Row | null> {
    return this.rows.findOneBy({ id: ROW_ID } as FindOptionsWhere<Row>);
  }

  /** Each write is one statement, committed at once. */
  private storeOf(manager: EntityManager): DownloadedListStore<Row, Stored> {
    const { entity, listColumn } = this;
    const byId = { id: ROW_ID } as FindOptionsWhere<Row>;
    const success = (at: Date) => ({ fetchedAt: at, attemptedAt: at, lastError: null }) as unknown as QueryDeepPartialEntity<Row>;
    return {
      current: () => manager.findOneBy(entity, byId),

      async replace(sourceUrl, stored, etag, at) {
        await manager.upsert(entity, { id: ROW_ID, sourceUrl, ...stored, etag, ...success(at) } as QueryDeepPartialEntity<Row>, ['id']);
      },

      async confirm(at) {
        await manager.update(entity, byId, success(at));
      },

      // The copy's URL goes with the copy only (replace): a failure leaves the row's as it was.
      async recordFailure(_sourceUrl, error, at) {
        const table = manager.connection.getMetadata(entity).tableName;
        await manager.query(
          `INSERT INTO "${table}" ("id", "${listColumn}", "attempted_at", "last_error") VALUES ($1, '[]'::jsonb, $2, $3)
           ON CONFLICT ("id") DO UPDATE SET "attempted_at" = $2, "last_error" = $3`,
          [ROW_ID, at, error],
        );
      },
    };
  }
}
