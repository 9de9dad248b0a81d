import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { FindOptionsWhere, IsNull, MoreThanOrEqual, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FindingCounts, ScanEntity, ScanStatus, ScanType } from './scan.entity';

export interface NewScan {
  userId: string;
  scanType: ScanType;
  input: string;
  inputType: ScanEntity['inputType'];
  startedAt: Date;
  /** The monitor that ran it (monitor scans are outside the quota). */
  monitorId?: string;
}

export interface ScanOutcome {
  status: Exclude<ScanStatus, 'running'>;
  score: number | null;
  findingCounts: FindingCounts | null;
  result: unknown;
  completedAt: Date;
}

@Injectable()
export class ScanRepository {
  constructor(@InjectRepository(ScanEntity) private readonly scans: Repository<ScanEntity>) {}

  /**
   * Inserts a running scan unless the user already has `limit` counted scans of this type since
   * `since` (see countedSince). A per-user advisory lock serialises concurrent reservations, so
   * parallel requests cannot overshoot the quota. Returns undefined when the quota is used up.
   */
  async reserveWithinQuota(scan: NewScan, limit: number, since: Date, runningSince: Date): Promise<ScanEntity | undefined> {
    return this.scans.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`scan-quota:${scan.userId}`]);
      const used = await manager.countBy(ScanEntity, countedSince(scan.userId, scan.scanType, since, runningSince));
      if (used >= limit) return undefined;
      return manager.save(manager.create(ScanEntity, { ...scan, id: randomUUID(), status: 'running', score: null, findingCounts: null, result: null, completedAt: null }));
    });
  }

  /**
   * `waitForDisk: false` commits without waiting for the write-ahead log to reach the disk
   * (PostgreSQL's asynchronous commit, for this transaction only): the row is written, consistent
   * and visible at once, but a crash of the database server within a fraction of a second could
   * lose it. For records whose loss costs nothing but a history line (image checks), that wait was
   * most of the request's time.
   */
  async insertFinished(scan: NewScan, outcome: ScanOutcome, options: { waitForDisk?: boolean } = {}): Promise<ScanEntity> {
    const entity = this.scans.create({ ...scan, ...outcome, id: randomUUID() });
    const row = entity as QueryDeepPartialEntity<ScanEntity>;
    if (options.waitForDisk === false) {
      // One statement, one round trip: INSERT … SELECT from a subquery that turns off the wait for
      // this statement's own transaction (set_config's third argument: local to it).
      // Every column given (a SELECT list has no DEFAULT).
      const [sql, parameters] = this.scans.createQueryBuilder().insert().values({ ...row, monitorId: entity.monitorId ?? null }).getQueryAndParameters();
      const parts = /^(INSERT INTO .*?) VALUES \((.*)\)( RETURNING .*)?$/s.exec(sql);
      if (!parts || /\bDEFAULT\b/.test(parts[2])) throw new Error('unexpected INSERT statement');
      const [, into, values, returning = ''] = parts;
      await this.scans.query(`${into} SELECT ${values} FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit${returning}`, parameters);
      return entity;
    }
    // One INSERT (save() adds a transaction and a reload): monitors store thousands of these per tick.
    await this.scans.insert(row);
    return entity;
  }

  async finish(id: string, outcome: ScanOutcome): Promise<void> {
    // jsonb `result` holds any JSON; TypeORM's deep-partial type cannot express unknown.
    await this.scans.update({ id }, outcome as QueryDeepPartialEntity<ScanEntity>);
  }

  async delete(id: string): Promise<void> {
    await this.scans.delete({ id });
  }

  countOfUserSince(userId: string, scanType: ScanType, since: Date, runningSince: Date): Promise<number> {
    return this.scans.countBy(countedSince(userId, scanType, since, runningSince));
  }

  /**
   * Marks up to `limit` scans still running that started before `before` as failed (a crash or
   * restart cut them short); how many it marked.
   */
  async failRunningStartedBefore(before: Date, at: Date, limit: number): Promise<number> {
    const [, affected] = (await this.scans.query(
      `UPDATE scans SET status = 'failed', score = NULL, finding_counts = NULL, result = NULL, completed_at = $2
        WHERE id IN (SELECT id FROM scans WHERE status = 'running' AND started_at < $1 LIMIT $3)`,
      [before, at, limit],
    )) as [unknown, number];
    return affected;
  }

  /** Newest first; the list leaves the (large) result out. */
  async pageOfUser(userId: string, offset: number, limit: number): Promise<[ScanEntity[], number]> {
    return this.scans.findAndCount({
      where: { userId },
      order: { startedAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
      select: { id: true, userId: true, scanType: true, input: true, inputType: true, status: true, score: true, findingCounts: true, startedAt: true, completedAt: true },
    });
  }

  allOfUser(userId: string): Promise<ScanEntity[]> {
    return this.scans.find({ where: { userId }, order: { startedAt: 'DESC', id: 'DESC' } });
  }

  findOfUser(userId: string, id: string): Promise<ScanEntity | null> {
    return this.scans.findOneBy({ id, userId });
  }
}

/**
 * The scans a quota counts: the user's own (not a monitor's) completed scans since `since`, and
 * those still running that started after `runningSince` (a scan running longer was cut short by a
 * crash and will be marked failed: it no longer counts).
 */
function countedSince(userId: string, scanType: ScanType, since: Date, runningSince: Date): FindOptionsWhere<ScanEntity>[] {
  const own = { userId, scanType, monitorId: IsNull() };
  return [
    { ...own, status: 'completed', startedAt: MoreThanOrEqual(since) },
    { ...own, status: 'running', startedAt: MoreThanOrEqual(runningSince > since ? runningSince : since) },
  ];
}
