import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { RiskLevel } from '../vocabulary/risk.types';
import { ScanEntity } from '../scans/scan.entity';
import type { PlanTier } from '../vocabulary/plan.catalogue';
import type { ScoredScan } from './privacy-trend.rules';
import type { StoredScan } from './scan-findings';

export interface ScanTotals {
  totalScans: number;
  lastScanAt: Date | null;
  /** The mean privacy score of the latest scored privacy scan of each input, rounded; null when there is none. */
  averagePrivacyScore: number | null;
}

export interface DailyScore {
  /** YYYY-MM-DD, UTC. */
  date: string;
  averageScore: number;
  scans: number;
}

/** A user who has scans older than a cutoff, with what the users table says about their plan. */
export interface RetentionCandidate {
  userId: string;
  planTier: PlanTier;
  planExpiresAt: Date | null;
}

/**
 * The risk level of every finding in a stored result: `risk` of each detail in the groups of a
 * privacy result, `severity` of each image finding. One jsonpath pass reads each (TOASTed) result
 * once, where chained -> operators would decompress it once per group (5x slower at 1,000 scans).
 */
const LEVELS_OF_RESULT = `CASE WHEN s.scan_type = 'image' THEN 'lax $.findings[*].severity'::jsonpath ELSE 'lax $.*.details[*].risk'::jsonpath END`;

const STORED_COLUMNS = { id: true, scanType: true, input: true, score: true, result: true, startedAt: true } as const;

/** The report's and the retention job's reads and deletions; aggregates are computed in SQL. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectRepository(ScanEntity) private readonly scans: Repository<ScanEntity>) {}

  /**
   * The dashboard's and the report's figures, one computation for both: the average privacy score
   * takes the latest scored privacy scan of each input (a monitor re-scanning one address weekly
   * does not outweigh everything else), never an image check's risk score.
   */
  async totals(userId: string): Promise<ScanTotals> {
    const [row] = (await this.scans.query(
      `SELECT count(*)::int AS total, max(started_at) AS last,
              (SELECT avg(score)::float8 FROM (
                 SELECT DISTINCT ON (input) score FROM scans
                  WHERE user_id = $1 AND scan_type = 'privacy' AND status = 'completed' AND score IS NOT NULL
                  ORDER BY input, started_at DESC, id DESC) latest) AS average
         FROM scans WHERE user_id = $1`,
      [userId],
    )) as { total: number; last: Date | null; average: number | null }[];
    return { totalScans: row.total, lastScanAt: row.last, averagePrivacyScore: row.average === null ? null : Math.round(row.average) };
  }

  /** The newest scans, without their (large) results. */
  recent(userId: string, limit: number): Promise<ScanEntity[]> {
    return this.scans.find({
      where: { userId },
      order: { startedAt: 'DESC', id: 'DESC' },
      take: limit,
      select: { id: true, userId: true, scanType: true, input: true, inputType: true, status: true, score: true, findingCounts: true, startedAt: true, completedAt: true },
    });
  }

  /**
   * Findings per risk level as things stand: the newest completed scan of each input (as the report
   * reads them), so a weekly monitor re-finding one breach counts it once, not once per run.
   * Counted inside the database.
   */
  async riskDistribution(userId: string): Promise<Record<RiskLevel, number>> {
    const rows = (await this.scans.query(
      `SELECT level #>> '{}' AS level, count(*)::int AS n
         FROM (SELECT DISTINCT ON (scan_type, input) scan_type, result
                 FROM scans WHERE user_id = $1 AND status = 'completed'
                ORDER BY scan_type, input, started_at DESC, id DESC) s
         CROSS JOIN LATERAL jsonb_path_query(s.result, ${LEVELS_OF_RESULT}) AS level
        WHERE s.result IS NOT NULL
        GROUP BY 1`,
      [userId],
    )) as { level: string | null; n: number }[];
    const counts: Record<RiskLevel, number> = { low: 0, medium: 0, high: 0, critical: 0 };
    for (const row of rows) if (row.level && row.level in counts) counts[row.level as RiskLevel] = row.n;
    return counts;
  }

  /** Completed privacy scans since `since`, per UTC day, oldest first. */
  async dailyScores(userId: string, since: Date): Promise<DailyScore[]> {
    const rows = (await this.scans.query(
      `SELECT to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, avg(score)::float8 AS average, count(*)::int AS n
         FROM scans
        WHERE user_id = $1 AND scan_type = 'privacy' AND status = 'completed' AND score IS NOT NULL AND started_at >= $2
        GROUP BY day ORDER BY day`,
      [userId, since],
    )) as { day: string; average: number; n: number }[];
    return rows.map((r) => ({ date: r.day, averageScore: Math.round(r.average), scans: r.n }));
  }

  /** The newest completed scan of each (scan type, input), with its result. */
  async latestCompletedPerInput(userId: string): Promise<StoredScan[]> {
    const rows = (await this.scans.query(
      `SELECT DISTINCT ON (scan_type, input) id, scan_type, input, score, result, started_at
         FROM scans WHERE user_id = $1 AND status = 'completed'
        ORDER BY scan_type, input, started_at DESC, id DESC`,
      [userId],
    )) as { id: string; scan_type: StoredScan['scanType']; input: string; score: number | null; result: unknown; started_at: Date }[];
    return rows.map((r) => ({ id: r.id, scanType: r.scan_type, input: r.input, score: r.score, result: r.result, startedAt: r.started_at }));
  }

  /** Every scored, completed privacy scan (input, score and time; no results): the trend's history. */
  async privacyScores(userId: string): Promise<ScoredScan[]> {
    const rows = (await this.scans.query(
      `SELECT input, score, started_at FROM scans
        WHERE user_id = $1 AND scan_type = 'privacy' AND status = 'completed' AND score IS NOT NULL
        ORDER BY started_at, id`,
      [userId],
    )) as { input: string; score: number; started_at: Date }[];
    return rows.map((r) => ({ input: r.input, score: r.score, startedAt: r.started_at }));
  }

  /** Completed scans with their results, newest first, a page at a time (the CSV). */
  completedPage(userId: string, offset: number, limit: number): Promise<StoredScan[]> {
    return this.scans.find({ where: { userId, status: 'completed' }, order: { startedAt: 'DESC', id: 'DESC' }, skip: offset, take: limit, select: STORED_COLUMNS });
  }

  /**
   * Runs `work` while holding a session-level advisory lock named `name`, on a connection of its
   * own; answers `acquired: false` without running it when another process holds the lock.
   */
  async withExclusiveLock<T>(name: string, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    const runner = this.scans.manager.connection.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name])) as { locked: boolean }[];
      if (!locked) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      await runner.release();
    }
  }

  /** Users with scans started before `before`, in user id order after `afterUserId`, `limit` at a time. */
  async usersWithScansBefore(before: Date, afterUserId: string | null, limit: number): Promise<RetentionCandidate[]> {
    const rows = (await this.scans.query(
      `SELECT u.id, u.plan_tier, u.plan_expires_at FROM users u
        WHERE ($2::uuid IS NULL OR u.id > $2::uuid)
          AND EXISTS (SELECT 1 FROM scans s WHERE s.user_id = u.id AND s.started_at < $1)
        ORDER BY u.id LIMIT $3`,
      [before, afterUserId, limit],
    )) as { id: string; plan_tier: PlanTier; plan_expires_at: Date | null }[];
    return rows.map((r) => ({ userId: r.id, planTier: r.plan_tier, planExpiresAt: r.plan_expires_at }));
  }

  /** Deletes at most `limit` of the user's scans started before `before`; answers how many went. */
  async deleteScansOfUserBefore(userId: string, before: Date, limit: number): Promise<number> {
    const [, affected] = (await this.scans.query(
      `DELETE FROM scans WHERE id IN (SELECT id FROM scans WHERE user_id = $1 AND started_at < $2 LIMIT $3)`,
      [userId, before, limit],
    )) as [unknown, number];
    return affected;
  }

  /** Marks at most `limit` scans still running since before `before` as failed; answers how many. */
  async failRunningStartedBefore(before: Date, at: Date, limit: number): Promise<number> {
    const [, affected] = (await this.scans.query(
      `UPDATE scans SET status = 'failed', score = NULL, finding_counts = NULL, result = NULL, completed_at = $2
        WHERE id IN (SELECT id FROM scans WHERE status = 'running' AND started_at < $1 LIMIT $3)`,
      [before, at, limit],
    )) as [unknown, number];
    return affected;
  }
}
