import { Inject, Injectable } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import type { AuthenticatedUser } from '../auth/current-user.decorator';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { MetricsService } from '../common/metrics/metrics.service';
import { AdmissionQueue, Release } from '../common/backpressure/admission.queue';
import { RateLimiter, RateLimitRule } from '../common/security/rate-limiter.service';
import { classifyScanInput, ClassifiedScanInput } from '../browser-shared/scan-input.rules';
import type { AnalysisResult, CheckReport } from './result/analysis.types';
import type { ScanViewer } from './checks/scan-check.types';
import { buildAnalysisResult } from './result/analysis-result.builder';
import { BrowserAuditService } from '../browser-audit/browser-audit.service';
import { SCAN_MESSAGES, ScanHistoryService } from './scan-history.service';
import type { ClaimedQueuedScan } from './scan.repository';
import { CheckRun, ScanPipeline } from './scan.pipeline';
import { RATE_LIMIT_MESSAGE } from './sources/source-http.util';
import { BreachLookupService } from './breaches/breach-lookup.service';
import { answerCoverage } from './checks/answer-coverage.rules';
import { TooManyRequestsException } from '../common/security/too-many-requests.exception';
import type { QueuedScanDto, ScanStartedEventDto } from './scan.dto';
import { Mailer } from '../mail/mail.types';

/**
 * A queued scan is expected this long after its breach sources say they have a turn again: the
 * runner looks every QUEUED_SCAN_TICK_MS (queued-scan-runner.service.ts), so this is the promise
 * the person reads, with room for that tick.
 */
const QUEUED_SCAN_MARGIN_MS = 60_000;

/** A scan that passed the rate limit and the quota, ready to run. */
export interface PreparedScan {
  input: ClassifiedScanInput;
  viewer: ScanViewer;
  /** The reserved history record (signed-in users). */
  scanId?: string;
  started: ScanStartedEventDto;
  /** A visitor's scan: the address it was counted against and when (given back if its answer is incomplete through a rate limit). */
  visitor?: { clientIp: string; countedAt: number };
  /** Gives the scan's turn in this instance's scan queue back (run() does, when it ends). */
  release: Release;
}

/** What prepare() answers when a signed-in person's email scan was queued instead of run now. */
export interface QueuedScan {
  queued: QueuedScanDto;
}

/** How a queued scan's run ended: stored, waiting again for its sources, or failed (no quota used). */
export type QueuedRun =
  | { outcome: 'completed'; result: AnalysisResult }
  | { outcome: 'requeued'; expectedBy: Date }
  | { outcome: 'failed'; reason: string };

/** A queued scan still meeting rate limits this long after it was queued is given up (failed, honestly). */
export const QUEUED_SCAN_GIVE_UP_MS = 24 * 3_600_000;

/** A monitor's scan: the result (stored when complete) and what each check produced. */
export interface MonitorScan {
  result: AnalysisResult;
  runs: CheckRun[];
}

export interface ScanListener {
  onCheck?(report: CheckReport): void;
}

/**
 * The scan's straight line: who is asking (rate limit for visitors, the plan's monthly quota for
 * users) → the pipeline's checks in parallel → grouping, scoring and recommendations → stored
 * for signed-in users (real results only) → the result.
 */
@Injectable()
export class ScansService {
  private readonly visitorRule: RateLimitRule;
  /** Scans this instance runs at once; more wait in a bounded queue, beyond it 503 (SCAN_CONCURRENCY; the queue's length is TUNING.scanQueue). */
  private readonly admission: AdmissionQueue;
  /** Reserved scans of this instance whose result is not stored yet; `abandoned` once shutdown failed them. */
  private readonly reserved = new Map<string, { abandoned: boolean }>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly pipeline: ScanPipeline,
    private readonly history: ScanHistoryService,
    private readonly profiles: ProfileService,
    private readonly limiter: RateLimiter,
    // Stored scans are timed by the same clock as the quota month, retention and monitors.
    private readonly clock: Clock,
    private readonly browser: BrowserAuditService,
    metrics: MetricsService,
    private readonly breaches: BreachLookupService,
    private readonly mailer: Mailer,
  ) {
    this.visitorRule = { name: 'scan-visitor-ip', limit: config.scans.visitorScansPerHour, windowSeconds: 3600, message: RATE_LIMIT_MESSAGE, perAddress: true };
    this.admission = new AdmissionQueue('scans', config.scanAdmission);
    metrics.trackQueue(this.admission.name, () => this.admission.stats);
  }

  /**
   * Everything that can refuse a scan, before any answer is streamed: 429s and 503s come from
   * here. The turn in the scan queue comes first, so a refused scan has used no quota. A signed-in
   * person's email scan whose breach sources are at their limit is queued instead (QueuedScan).
   */
  async prepare(rawInput: string, user: AuthenticatedUser | undefined, clientIp: string): Promise<PreparedScan | QueuedScan> {
    const input = classifyScanInput(rawInput);
    // A full browser queue refuses a website scan before any quota is used (503, try again).
    if (input.kind === 'url') await this.browser.assertCapacity();
    // An email's main check is its breaches: when no breach source has a turn before a scan would
    // end, a visitor's scan is refused now, before it waits for a scan slot or a database
    // connection; a signed-in person's is stored and run once the sources allow.
    const busy = input.kind === 'email' ? this.breachesBusyFor() : undefined;
    if (busy !== undefined) {
      if (!user) throw new TooManyRequestsException(busy, breachesBusyMessage(busy));
      return { queued: await this.queue(input, user, busy) };
    }
    const release = await this.admission.acquire();
    try {
      let viewer: ScanViewer = {};
      let scanId: string | undefined;
      let visitor: PreparedScan['visitor'];
      if (user) {
        const profile = await this.profiles.profile(user.userId);
        viewer = { userId: user.userId, ...(profile.emailVerified ? { verifiedEmail: profile.email.toLowerCase() } : {}) };
        scanId = await this.history.reservePrivacyScan(user.userId, profile.plan.tier, input);
        this.reserved.set(scanId, { abandoned: false });
      } else {
        visitor = { clientIp, countedAt: Date.now() };
        await this.limiter.consume(this.visitorRule, clientIp);
      }
      const checks = this.pipeline.applicableChecks(input).map((check) => ({ id: check.meta.id, label: check.label }));
      return { input, viewer, scanId, ...(visitor ? { visitor } : {}), started: { input: input.value, inputType: input.inputType, checks }, release };
    } catch (err) {
      release();
      throw err;
    }
  }

  /** An answer the visitor could not use does not spend their hourly allowance (a failure to give it back only costs them that scan). */
  private async giveVisitorScanBack({ clientIp, countedAt }: NonNullable<PreparedScan['visitor']>): Promise<void> {
    await this.limiter.giveBack(this.visitorRule, clientIp, countedAt).catch(() => undefined);
  }

  /** Seconds until enough breach sources have a turn for a complete answer; undefined when they may now. */
  breachesBusyFor(): number | undefined {
    // As many sources as a complete answer needs (the coverage rule: with two sources, both).
    return this.breaches.busyForSeconds((asked) => answerCoverage(0, asked).required);
  }

  /** Stores a signed-in person's email scan as queued (within their monthly quota: 429 when it is used up). */
  private async queue(input: ClassifiedScanInput, user: AuthenticatedUser, busySeconds: number): Promise<QueuedScanDto> {
    const profile = await this.profiles.profile(user.userId);
    const expectedBy = this.expectedByAfter(busySeconds);
    const scanId = await this.history.reservePrivacyScan(user.userId, profile.plan.tier, input, expectedBy);
    return this.queuedAnswer(scanId, input, expectedBy);
  }

  /**
   * A signed-in person's email scan that met the breach sources' limit while it ran (the first 429
   * came after prepare()): its reservation becomes a queued scan, as if prepare() had queued it, so
   * it still holds its one monthly scan and the same runner finishes it.
   */
  private async queueRunning(scanId: string, input: ClassifiedScanInput, result: AnalysisResult): Promise<QueuedScanDto | undefined> {
    const expectedBy = this.expectedByAfter(this.busySecondsAfter(result));
    // No longer running (failed meanwhile, which gave its quota back): nothing is queued, the incomplete answer stands.
    if (!(await this.history.queueRunning(scanId, expectedBy))) return undefined;
    return this.queuedAnswer(scanId, input, expectedBy);
  }

  /** When a scan waiting `busySeconds` for its sources is promised: the wait plus the runner's tick. */
  private expectedByAfter(busySeconds: number): Date {
    return new Date(this.clock.now().getTime() + busySeconds * 1000 + QUEUED_SCAN_MARGIN_MS);
  }

  /** How long sources that just answered "not now" need: this instance's limiter first, else their Retry-After, else a minute. */
  private busySecondsAfter(result: AnalysisResult): number {
    return this.breachesBusyFor() ?? rateLimitWait(result) ?? 60;
  }

  private queuedAnswer(scanId: string, input: ClassifiedScanInput, expectedBy: Date): QueuedScanDto {
    const emailWhenDone = this.mailer.sendsMail;
    return {
      scanId,
      status: 'queued',
      input: input.value,
      inputType: input.inputType,
      expectedBy: expectedBy.toISOString(),
      emailWhenDone,
      message: queuedMessage(expectedBy, emailWhenDone),
    };
  }

  /**
   * A monitor's scan of one of its targets: the same pipeline and result as the user's own scans,
   * stored in their history marked with the monitor, outside the monthly quota. A result whose
   * main check did not run (a demo included) is not stored: the monitor counts it as no run.
   */
  async runForMonitor(userId: string, monitorId: string, input: ClassifiedScanInput, viewer: ScanViewer): Promise<MonitorScan> {
    const startedAt = this.clock.now();
    const runs = await this.pipeline.run(input, viewer);
    const result = buildAnalysisResult({ input, viewer, runs, startedAt, completedAt: this.clock.now() });
    if (!storable(result)) return { result, runs };
    const scanId = await this.history.recordMonitorScan(userId, monitorId, input, result);
    return { result: { ...result, scanId }, runs };
  }

  /**
   * Runs a queued scan a runner claimed, as the person's own scan would have run: a result whose
   * main check ran completes the stored scan; one whose breach sources were at their limit again
   * waits again (until QUEUED_SCAN_GIVE_UP_MS after it was queued); anything else fails it, which
   * gives its quota back.
   */
  async runQueued(claimed: ClaimedQueuedScan): Promise<QueuedRun> {
    const profile = await this.profiles.profile(claimed.userId);
    const viewer: ScanViewer = { userId: claimed.userId, ...(profile.emailVerified ? { verifiedEmail: profile.email.toLowerCase() } : {}) };
    const input = classifyScanInput(claimed.input);
    const startedAt = this.clock.now();
    let result: AnalysisResult;
    try {
      const runs = await this.pipeline.run(input, viewer);
      result = buildAnalysisResult({ input, viewer, runs, startedAt, completedAt: this.clock.now() });
    } catch (err) {
      await this.history.failPrivacyScan(claimed.id);
      throw err;
    }
    if (storable(result)) {
      const stored = { ...result, scanId: claimed.id };
      await this.history.completePrivacyScan(claimed.id, stored);
      return { outcome: 'completed', result: stored };
    }
    const now = this.clock.now();
    if (incompleteThroughRateLimit(result) && now.getTime() - claimed.startedAt.getTime() < QUEUED_SCAN_GIVE_UP_MS) {
      const expectedBy = this.expectedByAfter(this.busySecondsAfter(result));
      await this.history.requeue(claimed.id, expectedBy);
      return { outcome: 'requeued', expectedBy };
    }
    await this.history.failPrivacyScan(claimed.id);
    const main = result.coverage.unchecked.find((check) => check.id === result.coverage.mainCheck);
    return { outcome: 'failed', reason: main ? `${main.label}: ${main.message ?? main.status.replace('_', ' ')}` : 'its checks did not give a complete answer' };
  }

  /**
   * Runs a prepared scan. A signed-in person's email scan whose breach sources answered "not now"
   * during the run is queued (QueuedScan, 202) rather than ending incomplete; a visitor's incomplete
   * answer is theirs, and gives their hourly scan back.
   */
  async run(scan: PreparedScan, listener: ScanListener = {}): Promise<AnalysisResult | QueuedScan> {
    const startedAt = this.clock.now();
    try {
      const runs = await this.pipeline.run(scan.input, scan.viewer, listener.onCheck);
      const result = buildAnalysisResult({ input: scan.input, viewer: scan.viewer, runs, startedAt, completedAt: this.clock.now() });
      if (!scan.scanId) {
        if (scan.visitor && incompleteThroughRateLimit(result)) await this.giveVisitorScanBack(scan.visitor);
        return result;
      }
      // Shutdown gave up on it and marked it failed: its answer may never reach the person, so it uses no quota.
      if (this.reserved.get(scan.scanId)?.abandoned) return result;
      // Neither a sample nor a result that could not check the main thing is the user's result: the
      // reservation goes, so it uses no quota and never counts in the history, dashboard or report.
      if (!storable(result)) {
        if (scan.input.kind === 'email' && incompleteThroughRateLimit(result)) {
          const queued = await this.queueRunning(scan.scanId, scan.input, result);
          if (queued) return { queued };
        }
        await this.history.discardPrivacyScan(scan.scanId);
        return result;
      }
      const stored = { ...result, scanId: scan.scanId };
      await this.history.completePrivacyScan(scan.scanId, stored);
      return stored;
    } catch (err) {
      if (scan.scanId && !this.reserved.get(scan.scanId)?.abandoned) await this.history.failPrivacyScan(scan.scanId);
      throw err;
    } finally {
      if (scan.scanId) this.reserved.delete(scan.scanId);
      scan.release();
    }
  }

  /**
   * Shutdown ran out of time with these scans still running: each is marked failed (which uses no
   * quota) before the process exits and cuts their answers; a result that arrives after this is
   * not stored. Answers how many.
   */
  async abandonInFlight(): Promise<number> {
    const ids = [...this.reserved].filter(([, state]) => !state.abandoned).map(([id]) => id);
    for (const id of ids) this.reserved.get(id)!.abandoned = true;
    await Promise.all(ids.map((id) => this.history.failPrivacyScan(id, SCAN_MESSAGES.shutdownCut)));
    return ids.length;
  }
}

/** Only a real result whose main check ran is kept in the history. */
export function storable(result: AnalysisResult): boolean {
  return result.mode === 'real' && result.coverage.complete;
}

/**
 * The result is incomplete because an outside service said "not now": a check of it rate limited,
 * or one source of a multi-source check (the breaches: HIBP answered, XposedOrNot did not, below the coverage rule).
 */
export function incompleteThroughRateLimit(result: AnalysisResult): boolean {
  return !result.coverage.complete && result.checks.some(rateLimited);
}

function rateLimited(check: CheckReport): boolean {
  return check.status === 'rate_limited' || (check.sources ?? []).some((source) => source.status === 'rate_limited');
}

/** The shortest Retry-After a rate-limited check or source of the result gave, if any did. */
export function rateLimitWait(result: AnalysisResult): number | undefined {
  const waits = result.checks
    .filter(rateLimited)
    .flatMap((check) => [check.retryAfterSeconds, ...(check.sources ?? []).filter((source) => source.status === 'rate_limited').map((source) => source.retryAfterSeconds)])
    .filter((wait): wait is number => wait !== undefined);
  return waits.length > 0 ? Math.min(...waits) : undefined;
}

/** The answer to a queued scan: why, by when, and how the person hears of it (an email only when this server sends mail). */
export function queuedMessage(expectedBy: Date, emailWhenDone: boolean): string {
  const time = expectedBy.toISOString().slice(11, 16);
  return (
    `The breach services this server uses are at their request limit. Your check is queued and will run by about ${time} UTC; ` +
    `its result will be in your scan history and notices${emailWhenDone ? ', and we will email you' : ''}.`
  );
}

/** "…try again in 25 minutes": the wait in the unit a person reads. */
export function breachesBusyMessage(seconds: number): string {
  const wait = seconds < 90 ? `${seconds} seconds` : seconds < 5_400 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds / 3600)} hours`;
  return `The breach services this server uses are at their request limit. Please try again in ${wait}.`;
}
