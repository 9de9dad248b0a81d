import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThan, Repository } from 'typeorm';
import { BreachLookupCacheEntity, BreachLookupCacheReaderEntity } from './breach-lookup-cache.entity';

/** The breach_lookup_cache tables: the cache's only TypeORM code. */
@Injectable()
export class BreachLookupCacheRepository {
  constructor(
    @InjectRepository(BreachLookupCacheEntity) private readonly answers: Repository<BreachLookupCacheEntity>,
    @InjectRepository(BreachLookupCacheReaderEntity) private readonly readers: Repository<BreachLookupCacheReaderEntity>,
  ) {}

  /** The answer still valid at `now`, if any. */
  async find(source: string, lookupKey: string, now: Date): Promise<Buffer | undefined> {
    const row = await this.answers.findOne({ select: { answer: true }, where: { source, lookupKey, expiresAt: MoreThan(now) } });
    return row?.answer;
  }

  async save(source: string, lookupKey: string, answer: Buffer, storedAt: Date, expiresAt: Date): Promise<void> {
    await this.answers.upsert({ source, lookupKey, answer, storedAt, expiresAt }, ['source', 'lookupKey']);
  }

  async addReader(lookupKey: string, userId: string): Promise<void> {
    await this.readers.createQueryBuilder().insert().values({ lookupKey, userId }).orIgnore().execute();
  }

  /** Every answer the user's scans or monitors used and those under `ownKeys`, oldest first. */
  async ofUser(userId: string, ownKeys: string[]): Promise<BreachLookupCacheEntity[]> {
    const rows = (await this.answers.query(
      `SELECT "source", "lookup_key", "answer", "stored_at", "expires_at" FROM "breach_lookup_cache"
       WHERE "lookup_key" IN (SELECT "lookup_key" FROM "breach_lookup_cache_readers" WHERE "user_id" = $1 UNION SELECT unnest($2::text[]))
       ORDER BY "stored_at", "source"`,
      [userId, ownKeys],
    )) as { source: string; lookup_key: string; answer: Buffer; stored_at: Date; expires_at: Date }[];
    return rows.map((r) => Object.assign(new BreachLookupCacheEntity(), { source: r.source, lookupKey: r.lookup_key, answer: r.answer, storedAt: r.stored_at, expiresAt: r.expires_at }));
  }

  /** Deletes every answer the user's scans or monitors used, and those under `ownKeys`; answers how many. */
  async deleteOfUser(userId: string, ownKeys: string[]): Promise<number> {
    const rows = (await this.answers.query(
        `WITH "keys" AS (
           SELECT "lookup_key" FROM "breach_lookup_cache_readers" WHERE "user_id" = $1
           UNION SELECT unnest($2::text[])
         ), "gone" AS (
           DELETE FROM "breach_lookup_cache" WHERE "lookup_key" IN (SELECT "lookup_key" FROM "keys") RETURNING 1
         ), "readers" AS (
           DELETE FROM "breach_lookup_cache_readers" WHERE "user_id" = $1 OR "lookup_key" IN (SELECT "lookup_key" FROM "keys") RETURNING 1
         )
         SELECT (SELECT count(*) FROM "gone")::int AS "deleted", (SELECT count(*) FROM "readers")::int AS "readers"`,
      [userId, ownKeys],
    )) as { deleted: number }[];
    return rows[0].deleted;
  }

  /** Deletes expired answers and the reader rows no answer needs any more. */
  async deleteExpired(now: Date): Promise<void> {
    await this.answers.query(`DELETE FROM "breach_lookup_cache" WHERE "expires_at" <= $1`, [now]);
    await this.answers.query(
      `DELETE FROM "breach_lookup_cache_readers" r WHERE NOT EXISTS (SELECT 1 FROM "breach_lookup_cache" c WHERE c."lookup_key" = r."lookup_key")`,
    );
  }

  count(): Promise<number> {
    return this.answers.count();
  }
}
