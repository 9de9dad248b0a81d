import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { FindOptionsWhere, ILike, In, IsNull, MoreThanOrEqual, Not, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { StoredFinding } from '../vocabulary/finding.types';
import type { Recommendation } from '../vocabulary/recommendation.types';
import type { ImageRiskLevel } from '../vocabulary/image-risk.catalogue';
import type { RiskLevel } from '../vocabulary/risk.types';
import { FindingCounts, ScanEntity, ScanStatus, ScanType } from './scan.entity';
import { type StoredAuditParts, type WebsiteAudit, websiteAuditOf } from './stored-website-audit.mapper';

export interface NewScan {
  userId: string;
  scanType: ScanType;
  input: string;
  inputType: ScanEntity['inputType'];
  startedAt: Date;
  /** The monitor that ran it (monitor scans are outside the quota). */
  monitorId?: string;
  /** A reserved scan: the instance running it (InstanceRegistry), so that its death releases the scan. */
  instanceId?: string;
}

/** Which of a user's scans a history page shows: input types (none: all) and a piece of the input. */
export interface ScanListFilter {
  inputTypes?: readonly ScanEntity['inputType'][];
  /** Matched case-insensitively anywhere in the input, as typed (no wildcards). */
  inputContains?: string;
}

/** `text` inside a LIKE pattern as itself: its wildcards and the escape character escaped. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface ScanOutcome {
  status: Exclude<ScanStatus, 'running' | 'queued'>;
  score: number | null;
  riskLevel: ImageRiskLevel | null;
  findingCounts: FindingCounts | null;
  findings: StoredFinding[] | null;
  result: unknown;
  completedAt: Date;
  /** A failed scan: why, in words for the person. */
  failureReason?: string | null;
}

/** A completed scan as the dashboard and reports read it: its findings in the one stored shape. */
export interface CompletedScan {
  id: string;
  scanType: ScanType;
  input: string;
  /** Privacy scans: the privacy score. */
  score: number | null;
  /** Image checks: the risk level. */
  riskLevel: ImageRiskLevel | null;
  findings: StoredFinding[];
  /** Privacy scans: the recommendations the result gave (good practice included). */
  recommendations: Recommendation[];
  startedAt: Date;
  /** Website scans: how the page was looked at (in a browser or from its HTML, each browser test, GPC). */
  websiteAudit: WebsiteAudit | null;
}

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

/** A completed privacy scan's input, score and time: the trend's history. */
export interface ScoredScan {
  input: string;
  /** The privacy score (0-100, higher is better). */
  score: number;
  startedAt: Date;
}

/** The columns a summary shows: everything but the (large) result and findings. */
const SUMMARY_COLUMNS = {
  id: true, userId: true, scanType: true, input: true, inputType: true, status: true, score: true, riskLevel: true, findingCounts: true, startedAt: true, completedAt: true, failureReason: true, expectedBy: true,
} as const;

/** A queued scan a runner claimed: what it needs to run it. */
export interface ClaimedQueuedScan {
  id: string;
  userId: string;
  input: string;
  startedAt: Date;
}

/** A completed scan's row as the reads below select it. */
const COMPLETED_COLUMNS = `id, scan_type, input, score, risk_level, findings,
  CASE WHEN jsonb_typeof(result -> 'recommendations') = 'array' THEN result -> 'recommendations' ELSE '[]'::jsonb END AS recommendations, started_at,
  CASE WHEN scan_type = 'privacy' AND jsonb_typeof(result -> 'website') = 'object'
    THEN jsonb_build_object('website', result -> 'website', 'checks', result -> 'checks') END AS audit`;
interface CompletedRow {
  id: string;
  scan_type: ScanType;
  input: string;
  score: number | null;
  risk_level: ImageRiskLevel | null;
  findings: StoredFinding[] | null;
  recommendations: Recommendation[];
  started_at: Date;
  audit: StoredAuditParts | null;
}
const completedScan = (r: CompletedRow): CompletedScan => ({
  id: r.id,
  scanType: r.scan_type,
  input: r.input,
  score: r.score,
  riskLevel: r.risk_level,
  findings: r.findings ?? [],
  recommendations: r.recommendations,
  startedAt: r.started_at,
  websiteAudit: websiteAuditOf({ input: r.input, startedAt: r.started_at }, r.audit) ?? null,
});

@Injectable()
export class ScanRepository {
  constructor(@InjectRepository(ScanEntity) private readonly scans: Repository<ScanEntity>) {}

  /**
   * Inserts a running scan unless the user already has `limit` counted scans of this type since
   * `since` (see countedSince). A per-user advisory lock serialises concurrent reservations, so
   * parallel requests cannot overshoot the quota. Answers the scan (none when the quota is used
   * up) and `used`: how many were counted before it. With `queuedUntil` the scan is stored
   * `queued`, expected by then (it counts like a running one, so queuing cannot overshoot the quota).
   */
  async reserveWithinQuota(scan: NewScan, limit: number, since: Date, runningSince: Date, queuedUntil?: Date): Promise<{ scan?: ScanEntity; used: number }> {
    return this.scans.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`scan-quota:${scan.userId}`]);
      const used = await manager.countBy(ScanEntity, countedSince(scan.userId, scan.scanType, since, runningSince));
      if (used >= limit) return { used };
      const saved = await manager.save(
        manager.create(ScanEntity, {
          ...scan,
          id: randomUUID(),
          status: queuedUntil ? 'queued' : 'running',
          expectedBy: queuedUntil ?? null,
          score: null,
          riskLevel: null,
          findingCounts: null,
          findings: null,
          result: null,
          completedAt: null,
          instanceId: scan.instanceId ?? null,
          failureReason: null,
        }),
      );
      return { scan: saved, used };
    });
  }

  /** One INSERT (save() adds a transaction and a reload): monitors store thousands of these per tick. */
  async insertFinished(scan: NewScan, outcome: ScanOutcome): Promise<ScanEntity> {
    const entity = this.finishedEntity(scan, outcome);
    await this.scans.insert(entity as QueryDeepPartialEntity<ScanEntity>);
    return entity;
  }

  private finishedEntity(scan: NewScan, outcome: ScanOutcome): ScanEntity {
    // Plain assignment: the columns are flat, and TypeORM's create() walked its metadata for each row.
    return Object.assign(new ScanEntity(), scan, outcome, { id: randomUUID(), monitorId: scan.monitorId ?? null, expectedBy: null });
  }

  async finish(id: string, outcome: ScanOutcome): Promise<void> {
    // jsonb `result` holds any JSON; TypeORM's deep-partial type cannot express unknown.
    await this.scans.update({ id, status: In(['running', 'queued']) }, outcome as QueryDeepPartialEntity<ScanEntity>);
  }

  /**
   * Claims the queued scan expected longest ago (due by `now`), safe with several instances: the row
   * is locked with SKIP LOCKED and its `expected_by` moved to `leaseUntil`, so no other runner takes
   * it until then (a runner that dies leaves it to the next after the lease).
   */
  async claimQueued(now: Date, leaseUntil: Date): Promise<ClaimedQueuedScan | undefined> {
    const [rows] = (await this.scans.query(
      `UPDATE scans SET expected_by = $2
        WHERE id = (SELECT id FROM scans WHERE status = 'queued' AND expected_by <= $1
                     ORDER BY expected_by, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          AND status = 'queued'
        RETURNING id, user_id, input, started_at`,
      [now, leaseUntil],
    )) as [{ id: string; user_id: string; input: string; started_at: Date }[], number];
    const row = rows[0];
    return row && { id: row.id, userId: row.user_id, input: row.input, startedAt: row.started_at };
  }

  /**
   * A running scan becomes queued, expected by `expectedBy`; its started_at stays, so it counts in the
   * same quota month. False when it was no longer running (shutdown or the stale-scan sweep failed it).
   */
  async queueRunning(id: string, expectedBy: Date): Promise<boolean> {
    const { affected } = await this.scans.update({ id, status: 'running' }, { status: 'queued', expectedBy });
    return (affected ?? 0) > 0;
  }

  /** A queued scan whose sources are still at their limit waits again, expected by `expectedBy`. */
  async requeue(id: string, expectedBy: Date): Promise<void> {
    await this.scans.update({ id, status: 'queued' }, { expectedBy });
  }

  async delete(id: string): Promise<void> {
    await this.scans.delete({ id });
  }

  countOfUserSince(userId: string, scanType: ScanType, since: Date, runningSince: Date): Promise<number> {
    return this.scans.countBy(countedSince(userId, scanType, since, runningSince));
  }

  /** Newest first; the list leaves the (large) result out. */
  async pageOfUser(userId: string, offset: number, limit: number, filter: ScanListFilter = {}): Promise<[ScanEntity[], number]> {
    const where: FindOptionsWhere<ScanEntity> = { userId };
    if (filter.inputTypes?.length) where.inputType = In([...filter.inputTypes]);
    if (filter.inputContains) where.input = ILike(`%${likeLiteral(filter.inputContains)}%`);
    return this.scans.findAndCount({
      where,
      order: { startedAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
      select: SUMMARY_COLUMNS,
    });
  }

  async allOfUser(userId: string): Promise<ScanEntity[]> {
    return this.scans.find({ where: { userId }, order: { startedAt: 'DESC', id: 'DESC' } });
  }

  async findOfUser(userId: string, id: string): Promise<ScanEntity | null> {
    return this.scans.findOneBy({ id, userId });
  }

  /**
   * The dashboard's and the report's figures, one computation for both: the average privacy score
   * takes the latest scored privacy scan of each input (a monitor re-scanning one address weekly
   * does not outweigh everything else), never an image check (which has no score).
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
  async recent(userId: string, limit: number): Promise<ScanEntity[]> {
    return this.scans.find({ where: { userId }, order: { startedAt: 'DESC', id: 'DESC' }, take: limit, select: SUMMARY_COLUMNS });
  }

  /**
   * Findings per risk level as things stand: the newest completed scan of each input, so a weekly
   * monitor re-finding one breach counts it once, not once per run. Counted inside the database.
   */
  async riskDistribution(userId: string): Promise<Record<RiskLevel, number>> {
    const rows = (await this.scans.query(
      `SELECT f ->> 'risk' AS level, count(*)::int AS n
         FROM (SELECT DISTINCT ON (scan_type, input) findings
                 FROM scans WHERE user_id = $1 AND status = 'completed'
                ORDER BY scan_type, input, started_at DESC, id DESC) s
         CROSS JOIN LATERAL jsonb_array_elements(s.findings) AS f
        WHERE s.findings IS NOT NULL
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

  /** The newest completed scan of each (scan type, input), with its findings. */
  async latestCompletedPerInput(userId: string): Promise<CompletedScan[]> {
    const rows = (await this.scans.query(
      `SELECT DISTINCT ON (scan_type, input) ${COMPLETED_COLUMNS}
         FROM scans WHERE user_id = $1 AND status = 'completed'
        ORDER BY scan_type, input, started_at DESC, id DESC`,
      [userId],
    )) as CompletedRow[];
    return rows.map(completedScan);
  }

  /** Every scored, completed privacy scan (input, score and time; no results), oldest first: the trend's history. */
  async privacyScores(userId: string): Promise<ScoredScan[]> {
    const rows = await this.scans.find({
      where: { userId, status: 'completed', scanType: 'privacy', score: Not(IsNull()) },
      order: { startedAt: 'ASC', id: 'ASC' },
      select: { input: true, score: true, startedAt: true },
    });
    return rows.flatMap((r) => (r.score === null ? [] : [{ input: r.input, score: r.score, startedAt: r.startedAt }]));
  }

  /** Completed scans with their findings, newest first, a page at a time (the CSV). */
  async completedPage(userId: string, offset: number, limit: number): Promise<CompletedScan[]> {
    const rows = (await this.scans.query(
      `SELECT ${COMPLETED_COLUMNS} FROM scans WHERE user_id = $1 AND status = 'completed'
        ORDER BY started_at DESC, id DESC OFFSET $2 LIMIT $3`,
      [userId, offset, limit],
    )) as CompletedRow[];
    return rows.map(completedScan);
  }

  /** Ids of users with scans started before `before`, in id order after `afterUserId`, `limit` at a time. */
  async userIdsWithScansBefore(before: Date, afterUserId: string | null, limit: number): Promise<string[]> {
    const rows = (await this.scans.query(
      `SELECT DISTINCT user_id FROM scans
        WHERE user_id IS NOT NULL AND started_at < $1 AND ($2::uuid IS NULL OR user_id > $2::uuid)
        ORDER BY user_id LIMIT $3`,
      [before, afterUserId, limit],
    )) as { user_id: string }[];
    return rows.map((r) => r.user_id);
  }

  /** Deletes at most `limit` of the user's scans started before `before`; answers how many went. */
  async deleteOfUserBefore(userId: string, before: Date, limit: number): Promise<number> {
    const [, affected] = (await this.scans.query(
      `DELETE FROM scans WHERE id IN (SELECT id FROM scans WHERE user_id = $1 AND started_at < $2 LIMIT $3)`,
      [userId, before, limit],
    )) as [unknown, number];
    return affected;
  }

  /**
   * Marks up to `limit` scans still running that started before `before` as failed (a crash or
   * restart cut them short); how many it marked.
   */
  async failRunningStartedBefore(before: Date, at: Date, limit: number): Promise<number> {
    const [, affected] = (await this.scans.query(
      `UPDATE scans SET status = 'failed', score = NULL, risk_level = NULL, finding_counts = NULL, findings = NULL, result = NULL, completed_at = $2
        WHERE id IN (SELECT id FROM scans WHERE status = 'running' AND started_at < $1 LIMIT $3)`,
      [before, at, limit],
    )) as [unknown, number];
    return affected;
  }

  /**
   * Marks failed, with `reason`, every running scan whose instance is no longer in the instances
   * table (it died and was removed, or it stopped without finishing them); how many. Scans with no
   * instance (reserved before instances were recorded) are left to failRunningStartedBefore. Two
   * instances running this at once fail each scan once: the row lock makes the second re-read the
   * status and skip it.
   */
  async failRunningOfGoneInstances(at: Date, reason: string): Promise<number> {
    const [, affected] = (await this.scans.query(
      `UPDATE scans SET status = 'failed', score = NULL, risk_level = NULL, finding_counts = NULL, findings = NULL, result = NULL, completed_at = $1, failure_reason = $2
        WHERE status = 'running' AND instance_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM instances i WHERE i.id = scans.instance_id)`,
      [at, reason],
    )) as [unknown, number];
    return affected;
  }
}

/**
 * The scans a quota counts: the user's own (not a monitor's) completed scans since `since`, queued
 * ones, and those still running that started after `runningSince` (a scan running longer was cut short by a
 * crash and will be marked failed: it no longer counts).
 */
function countedSince(userId: string, scanType: ScanType, since: Date, runningSince: Date): FindOptionsWhere<ScanEntity>[] {
  const own = { userId, scanType, monitorId: IsNull() };
  return [
    { ...own, status: 'completed', startedAt: MoreThanOrEqual(since) },
    { ...own, status: 'running', startedAt: MoreThanOrEqual(runningSince > since ? runningSince : since) },
    // Reserved until it runs (and counted then as completed), or given back when it fails.
    { ...own, status: 'queued', startedAt: MoreThanOrEqual(since) },
  ];
}
