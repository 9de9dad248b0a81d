import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../../common/database/advisory-lock-keys.catalogue';
import { UsernameSiteListEntity } from './username-site-list.entity';
import type { UsernameSite } from './username-site.types';

/** Every instance of the app takes this lock to refresh, so only one refreshes at a time. */
const REFRESH_LOCK_KEY = ADVISORY_LOCK_KEYS.usernameSiteListRefresh;
const ROW_ID = 1;

/** A fetched list, as stored. */
export interface StoredSiteList {
  sourceUrl: string;
  raw: string;
  sites: UsernameSite[];
  dropped: number;
  etag: string | null;
}

/** What a refresh may do while it holds the lock; each write is one statement, committed at once. */
export interface SiteListRefreshStore {
  current(): Promise<UsernameSiteListEntity | null>;
  /** Replaces the stored list and records the success. */
  replace(list: StoredSiteList, at: Date): Promise<void>;
  /** The server said the stored copy is current (304): records the success only. */
  confirm(at: Date): Promise<void>;
  /** Keeps the stored list; records the failed attempt and why. */
  recordFailure(error: string, at: Date): Promise<void>;
}

/** The username_site_list table: the site list cache's only TypeORM code. */
@Injectable()
export class UsernameSiteListRepository {
  constructor(
    @InjectRepository(UsernameSiteListEntity) private readonly rows: Repository<UsernameSiteListEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Runs `work` holding the refresh lock (pg_try_advisory_lock on a connection of its own, released
   * at the end or when the connection drops), with no transaction open while `work` waits for the
   * download. When another instance holds it, does nothing and answers `acquired: false`.
   */
  async withRefreshLock<T>(work: (store: SiteListRefreshStore) => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [REFRESH_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return { acquired: false as const };
      try {
        return { acquired: true as const, value: await work(storeOf(runner.manager)) };
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }

  current(): Promise<UsernameSiteListEntity | null> {
    return this.rows.findOneBy({ id: ROW_ID });
  }
}

function storeOf(manager: EntityManager): SiteListRefreshStore {
  return {
    current: () => manager.findOneBy(UsernameSiteListEntity, { id: ROW_ID }),

    async replace(list, at) {
      await manager.upsert(
        UsernameSiteListEntity,
        {
          id: ROW_ID,
          sourceUrl: list.sourceUrl,
          raw: list.raw,
          sites: list.sites,
          dropped: list.dropped,
          etag: list.etag,
          fetchedAt: at,
          attemptedAt: at,
          lastError: null,
        },
        ['id'],
      );
    },

    async confirm(at) {
      await manager.update(UsernameSiteListEntity, { id: ROW_ID }, { fetchedAt: at, attemptedAt: at, lastError: null });
    },

    async recordFailure(error, at) {
      await manager.query(
        `INSERT INTO "username_site_list" ("id", "sites", "attempted_at", "last_error") VALUES ($1, '[]'::jsonb, $2, $3)
         ON CONFLICT ("id") DO UPDATE SET "attempted_at" = $2, "last_error" = $3`,
        [ROW_ID, at, error],
      );
    },
  };
}
