import { HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { reportRateLimit } from '../common/http/rate-limit-headers.util';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { RetryAfterException } from '../common/http/retry-after.exception';
import { storableJson } from '../common/database/storable-json.util';
import { InstanceRegistry } from '../common/instances/instance-registry.service';
import { planFor, PlanTier } from '../vocabulary/plan.catalogue';
import type { ClassifiedScanInput } from '../browser-shared/scan-input.rules';
import { imageRiskLevel } from '../vocabulary/image-risk.catalogue';
import type { RiskLevel } from '../vocabulary/risk.types';
import type { StoredFinding } from '../vocabulary/finding.types';
import type { AnalysisResult } from './result/analysis.types';
import { ClaimedQueuedScan, CompletedScan, DailyScore, ScanOutcome, ScanRepository, ScanTotals, ScoredScan } from './scan.repository';
import { countsOfFindings, storedFindingsOfResult } from './stored-findings.mapper';
import { SCAN_HISTORY_KINDS, ScanHistoryKind, ScanPageDto, ScanRecordDto, ScanSummaryDto } from './scan.dto';
import type { ScanUsageDto } from './scan-usage.dto';

/** Time a finished scan's result has to be stored after SCAN_TIMEOUT_MS ends its checks. */
const STORE_GRACE_MS = 30_000;

/**
 * A scan still running this long after it started was cut short (a crash, a kill -9, a restart):
 * its checks are bounded by SCAN_TIMEOUT_MS, so it will never finish. It stops counting against
 * the quota at once and ScanRecoveryService marks it failed. The backstop: a scan whose instance
 * died is normally failed within seconds by the instance heartbeat (ScanRecoveryService).
 */
export function staleScanAfterMs(config: Pick<AppConfig, 'scans'>): number {
  return config.scans.scanTimeoutMs + STORE_GRACE_MS;
}

export const SCAN_MESSAGES = {
  notFound: 'Scan not found',
  /** Its instance died (kill -9, crash, lost host) while it ran. */
  instanceDied: 'The server handling this scan stopped before it finished. It did not count against your monthly scans; please run it again.',
  /** The instance's shutdown ran out of time while it ran. */
  shutdownCut: 'The server was restarted before this scan finished. It did not count against your monthly scans; please run it again.',
  quotaUsed: (limit: number, planName: string) =>
    `You have used all ${limit} scans of your ${planName} plan this month. Upgrade your plan for more scans, or wait until next month.`,
} as const;

/** The quota is per calendar month in UTC. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
function nextMonthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export class ScanQuotaExceededException extends RetryAfterException {
  constructor(limit: number, planName: string, retryAfterSeconds: number) {
    super(SCAN_MESSAGES.quotaUsed(limit, planName), HttpStatus.TOO_MANY_REQUESTS, retryAfterSeconds);
  }
}

/** A signed-in user's stored scans: the monthly quota, recording results, listing and reading them. */
@Injectable()
export class ScanHistoryService {
  constructor(
    private readonly scans: ScanRepository,
    private readonly profiles: ProfileService,
    // The quota month follows the same clock as plan periods and retention (tests move it).
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceRegistry,
  ) {}

  /** Running scans that started before this are stale: they do not count against the quota. */
  private runningSince(now: Date): Date {
    return new Date(now.getTime() - staleScanAfterMs(this.config));
  }

  /** The account export's part: every stored scan with its result, newest first. */
  async exportOf(userId: string): Promise<ScanRecordDto[]> {
    return (await this.scans.allOfUser(userId)).map((s) => ScanRecordDto.from(s));
  }

  /**
   * Reserves one of the plan's monthly scans with a running record (with `queuedUntil`: a queued
   * one, expected to run then); throws 429 when none is left.
   */
  async reservePrivacyScan(userId: string, planTier: PlanTier, input: ClassifiedScanInput, queuedUntil?: Date): Promise<string> {
    const now = this.clock.now();
    const plan = planFor(planTier);
    const { scan, used } = await this.scans.reserveWithinQuota(
      { userId, scanType: 'privacy', input: input.value, inputType: input.inputType, startedAt: now, instanceId: this.instance.id },
      plan.monthlyScans,
      monthStartUtc(now),
      this.runningSince(now),
      queuedUntil,
    );
    const secondsLeft = (nextMonthStartUtc(now).getTime() - now.getTime()) / 1000;
    // The monthly allowance is this route's limit for a signed-in caller: RateLimit-* say where it stands.
    reportRateLimit(plan.monthlyScans, plan.monthlyScans - used - (scan ? 1 : 0), secondsLeft);
    if (!scan) throw new ScanQuotaExceededException(plan.monthlyScans, plan.name, Math.max(1, Math.ceil(secondsLeft)));
    return scan.id;
  }

  async completePrivacyScan(id: string, result: AnalysisResult): Promise<void> {
    await this.scans.finish(id, privacyOutcome(result));
  }

  /** The queued scan due longest ago, held for `leaseMs` by this runner (see ScanRepository.claimQueued). */
  claimQueued(leaseMs: number): Promise<ClaimedQueuedScan | undefined> {
    const now = this.clock.now();
    return this.scans.claimQueued(now, new Date(now.getTime() + leaseMs));
  }

  /** A running scan whose sources reached their limit mid-run is queued, expected by `expectedBy` (it keeps its monthly scan). */
  queueRunning(id: string, expectedBy: Date): Promise<boolean> {
    return this.scans.queueRunning(id, expectedBy);
  }

  /** A queued scan waits again, expected by `expectedBy`. */
  requeue(id: string, expectedBy: Date): Promise<void> {
    return this.scans.requeue(id, expectedBy);
  }

  /** A scan that could not finish: kept as failed (it does not count against the quota). */
  async failPrivacyScan(id: string, reason: string | null = null): Promise<void> {
    await this.scans.finish(id, { status: 'failed', score: null, riskLevel: null, findingCounts: null, findings: null, result: null, completedAt: this.clock.now(), failureReason: reason });
  }

  /** A demo or an incomplete result is never stored as the user's result (it would pass off a sample or a partial answer as theirs): the reservation goes. */
  async discardPrivacyScan(id: string): Promise<void> {
    await this.scans.delete(id);
  }

  /** Records a finished scan a monitor ran: kept in the history, outside the monthly quota. */
  async recordMonitorScan(userId: string, monitorId: string, input: ClassifiedScanInput, result: AnalysisResult): Promise<string> {
    const scan = await this.scans.insertFinished(
      { userId, scanType: 'privacy', input: input.value, inputType: input.inputType, startedAt: new Date(result.startedAt), monitorId },
      privacyOutcome(result),
    );
    return scan.id;
  }

  /**
   * Records a finished image metadata check (the file name only, never the image). Outside its own
   * widget it shows a risk level, never its risk score, and is never averaged with privacy scores.
   */
  async recordImageCheck(userId: string, entry: { fileName: string; riskScore: number; findings: StoredFinding[]; analysis: unknown }): Promise<string> {
    const now = this.clock.now();
    const scan = await this.scans.insertFinished(
      { userId, scanType: 'image', input: entry.fileName, inputType: 'image', startedAt: now },
      {
        status: 'completed',
        score: null,
        riskLevel: imageRiskLevel(entry.riskScore),
        findingCounts: countsOfFindings(entry.findings),
        findings: entry.findings,
        result: entry.analysis,
        completedAt: now,
      },
    );
    return scan.id;
  }

  /** How many of this month's privacy scans the user has used: completed ones, and running ones not yet stale. */
  usedThisMonth(userId: string, now = this.clock.now()): Promise<number> {
    return this.scans.countOfUserSince(userId, 'privacy', monthStartUtc(now), this.runningSince(now));
  }

  /** This month's privacy scans against the allowance of the plan that applies now (the account page). */
  async usage(userId: string, now = this.clock.now()): Promise<ScanUsageDto> {
    const [profile, used] = await Promise.all([this.profiles.profile(userId), this.usedThisMonth(userId, now)]);
    return {
      used,
      limit: planFor(profile.plan.tier).monthlyScans,
      periodStart: monthStartUtc(now).toISOString(),
      periodEnd: nextMonthStartUtc(now).toISOString(),
    };
  }

  /** A page of the user's scans, newest first; `kind` and `input` narrow it (the history page's filters). */
  async list(userId: string, page: number, pageSize: number, filter: { kind?: ScanHistoryKind; input?: string } = {}): Promise<ScanPageDto> {
    const inputContains = filter.input?.trim() || undefined;
    const inputTypes = filter.kind ? SCAN_HISTORY_KINDS[filter.kind] : undefined;
    const [items, total] = await this.scans.pageOfUser(userId, (page - 1) * pageSize, pageSize, { inputTypes, inputContains });
    return { items: items.map((s) => ScanSummaryDto.from(s)), total, page, pageSize };
  }

  async get(userId: string, id: string): Promise<ScanRecordDto> {
    const scan = await this.scans.findOfUser(userId, id);
    if (!scan) throw new NotFoundException(SCAN_MESSAGES.notFound);
    return ScanRecordDto.from(scan);
  }

  // What the dashboard and the report read: aggregates computed in the database, findings in the one stored shape.

  /** How many scans, the newest's start and the average privacy score (the latest scored privacy scan of each input). */
  totals(userId: string): Promise<ScanTotals> {
    return this.scans.totals(userId);
  }

  /** The newest scans, as GET /api/scans lists them. */
  async recent(userId: string, limit: number): Promise<ScanSummaryDto[]> {
    return (await this.scans.recent(userId, limit)).map((s) => ScanSummaryDto.from(s));
  }

  /** Findings per risk level of the newest completed scan of each input. */
  riskDistribution(userId: string): Promise<Record<RiskLevel, number>> {
    return this.scans.riskDistribution(userId);
  }

  /** Completed privacy scans since `since`, per UTC day, oldest first. */
  dailyScores(userId: string, since: Date): Promise<DailyScore[]> {
    return this.scans.dailyScores(userId, since);
  }

  /** The newest completed scan of each (scan type, input), with its findings. */
  latestCompletedPerInput(userId: string): Promise<CompletedScan[]> {
    return this.scans.latestCompletedPerInput(userId);
  }

  /** Every scored, completed privacy scan's input, score and time, oldest first: the privacy trend's history. */
  privacyScores(userId: string): Promise<ScoredScan[]> {
    return this.scans.privacyScores(userId);
  }

  /** Completed scans with their findings, newest first, `limit` at a time from `offset`. */
  completedPage(userId: string, offset: number, limit: number): Promise<CompletedScan[]> {
    return this.scans.completedPage(userId, offset, limit);
  }
}

/**
 * A completed privacy scan: its privacy score, the groups' counts and its findings in the one stored
 * shape. What a site or page put in it (a NUL or half a surrogate pair in a cookie name, a storage
 * key, a page's text) is made storable first: one such character must not fail the whole write.
 */
function privacyOutcome(unchecked: AnalysisResult): ScanOutcome {
  const result = storableJson(unchecked).value;
  return {
    status: 'completed',
    score: result.privacyScore,
    riskLevel: null,
    findingCounts: {
      breaches: result.breaches.count,
      personalInfo: result.personalInfo.count,
      locationData: result.locationData.count,
      metadata: result.metadata.count,
      socialMedia: result.socialMedia.count,
    },
    findings: storedFindingsOfResult(result),
    result,
    completedAt: new Date(result.completedAt),
  };
}

