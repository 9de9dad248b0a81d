import { Inject, Injectable, Logger } from '@nestjs/common';
import { AnalyticsService } from '../analytics/analytics.service';
import { effectivePlan, planFor } from '../vocabulary/plan.catalogue';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { retryWhileUnavailable } from '../common/database/database-errors.util';
import { monitorAlertEmail } from '../mail/mail-templates.renderer';
import { MailService } from '../mail/mail.service';
import type { ScanViewer } from '../scans/checks/scan-check.types';
import { ScansService } from '../scans/scans.service';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { DomainWatcher } from './domain/domain-watcher.service';
import { changeSummary, RunChanges, runSummary, ScannedTarget, workOutChanges } from './monitor-changes.rules';
import type { NoticeItem } from './monitoring.types';
import { PastesOfTarget, workOutPasteChanges } from './monitor-pastes.rules';
import type { WatchOutcome } from './monitor-run.types';
import { afterFailure, afterSuccess, RETRY_DELAYS_MS } from './monitor-schedule.rules';
import { ClaimedMonitor, FinishedRun, MonitorRepository } from './monitor.repository';
import { WebsiteWatcher } from './website/website-watcher.service';

export type RunOutcome = 'succeeded' | 'partial' | 'waiting' | 'failed' | 'lease_lost';

export const RUN_MESSAGES = {
  unexpected: 'The run failed unexpectedly; the monitor will try again.',
  nothingVerified: 'Nothing to check yet: the email addresses await verification',
  planEnded: "Paused: the account's plan no longer includes monitors.",
  overLimit: (limit: number) => `Paused: the account's plan allows ${limit} active ${limit === 1 ? 'monitor' : 'monitors'}; the older ones keep running.`,
  givenUp: 'The run stopped the server several times; it will be tried again at the next regular run.',
  domainPlanEnded: "Paused: watching a whole email domain comes with the Business plan, which the account no longer has.",
} as const;

/**
 * One monitor run, claimed by the scheduler: what the monitor watches, by kind — every verified
 * email and handle through the scan pipeline (stored in the user's history) and what is new since
 * the previous run (findings and pastes); a website's full check against its watched baseline
 * (website-watcher.service.ts); a domain's proof and breached addresses (domain-watcher.service.ts)
 * — then one transaction that records it all and queues the alert, or a failure with its retry time.
 */
@Injectable()
export class MonitorRunner {
  private readonly logger = new Logger(MonitorRunner.name);

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly scans: ScansService,
    private readonly websites: WebsiteWatcher,
    private readonly domains: DomainWatcher,
    private readonly mail: MailService,
    private readonly analytics: AnalyticsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Never throws: a run that cannot even be recorded keeps its lease until it expires, then runs again. */
  async run(claimed: ClaimedMonitor): Promise<RunOutcome> {
    try {
      return await this.runClaimed(claimed);
    } catch (err) {
      this.logger.error(`monitor run not recorded: monitorId=${claimed.id} error=${err instanceof Error ? err.name : 'unknown'}`);
      return 'failed';
    }
  }

  private async runClaimed(claimed: ClaimedMonitor): Promise<RunOutcome> {
    const base = { monitorId: claimed.id, leaseToken: claimed.leaseToken, runId: claimed.runId };
    // Runs that end before watching: failed, with why, and what happens next.
    const endNow = (summary: string, schedule: FinishedRun['schedule'], deactivate = false) =>
      this.finish({ ...base, finishedAt: this.clock.now(), status: 'failed', newItems: 0, summary, schedule, ...(deactivate ? { deactivate } : {}) }, claimed.userId);
    // A plan that ended or shrank keeps only its limit of the oldest monitors running.
    const plan = planFor(effectivePlan(claimed.plan, this.clock.now()).tier);
    const limit = plan.monitors;
    if (claimed.activeBefore >= limit) {
      const now = this.clock.now();
      return endNow(limit === 0 ? RUN_MESSAGES.planEnded : RUN_MESSAGES.overLimit(limit), { nextRunAt: now, scheduledAt: now, failedAttempts: 0 }, true);
    }
    if (claimed.kind === 'domain' && !plan.domainWatch) {
      const now = this.clock.now();
      return endNow(RUN_MESSAGES.domainPlanEnded, { nextRunAt: now, scheduledAt: now, failedAttempts: 0 }, true);
    }
    // Crashes counted up past the retries: skip to the next regular run instead of crashing again.
    if (claimed.failedAttempts > RETRY_DELAYS_MS.length) return endNow(RUN_MESSAGES.givenUp, afterSuccess(claimed.scheduledAt, claimed.type, this.clock.now()));

    let watched: WatchOutcome;
    try {
      watched = await this.watch(claimed);
    } catch (err) {
      // Never the target: only which monitor and the error's class.
      this.logger.error(`monitor run failed: monitorId=${claimed.id} error=${err instanceof Error ? err.name : 'unknown'}`);
      watched = { outcome: 'failed', summary: RUN_MESSAGES.unexpected, retry: true };
    }
    return this.finish(this.finishedRun(claimed, watched), claimed.userId);
  }

  /** What the monitor watches, by kind. */
  private watch(claimed: ClaimedMonitor): Promise<WatchOutcome> {
    switch (claimed.kind) {
      case 'website':
        return this.websites.watch(claimed, this.config.monitoring.confirmDelaySeconds, this.clock.now());
      case 'domain':
        return this.domains.watch(claimed, this.clock.now());
      default:
        return this.identities(claimed);
    }
  }

  /** Emails and handles: every verified target through the scan pipeline, and the findings and pastes not seen before. */
  private async identities(claimed: ClaimedMonitor): Promise<WatchOutcome> {
    if (claimed.targets.length === 0) return { outcome: 'waiting', summary: RUN_MESSAGES.nothingVerified, items: [] };
    const scanned = await this.scanTargets(claimed);
    const changes: RunChanges = workOutChanges(scanned, claimed.knownKeys);
    if (changes.outcome === 'failed') return { outcome: 'failed', summary: changes.reason, retry: true };
    const pastes = workOutPasteChanges(scanned, claimed.knownKeys);
    const items: NoticeItem[] = [...changes.newItems, ...pastes.newItems].map(({ key: _key, ...item }) => item);
    let summary = items.length > 0 ? changeSummary(items) : runSummary(changes);
    if (items.length === 0 && changes.baselineChecks === 0 && pastes.newlyWatched.length > 0) summary = `No changes; first run of ${pastes.newlyWatched.join(', ')}: recorded as the starting point`;
    return { outcome: 'succeeded', summary, items, knownKeys: [...changes.keysToRecord, ...pastes.keysToRecord] };
  }

  /**
   * The run's record: its schedule (a failure that may pass is retried with backoff; a change seen
   * once is confirmed by a run soon, but a confirmation run never asks for another), and the alert
   * (notice and email) when it found something.
   */
  private finishedRun(claimed: ClaimedMonitor, watched: WatchOutcome): FinishedRun {
    const finishedAt = this.clock.now();
    const items = watched.items ?? [];
    let schedule: FinishedRun['schedule'];
    if (watched.outcome === 'failed') {
      schedule = watched.retry ? afterFailure(claimed.scheduledAt, claimed.failedAttempts, claimed.type, finishedAt) : afterSuccess(claimed.scheduledAt, claimed.type, finishedAt);
    } else {
      const regular = afterSuccess(claimed.scheduledAt, claimed.type, finishedAt);
      const confirming = claimed.failedAttempts === 0 && claimed.dueAt !== undefined && claimed.dueAt.getTime() > claimed.scheduledAt.getTime();
      const soon = new Date(finishedAt.getTime() + this.config.monitoring.confirmDelaySeconds * 1000);
      schedule = watched.confirmSoon && !confirming && soon < regular.nextRunAt ? { nextRunAt: soon, scheduledAt: claimed.scheduledAt, failedAttempts: 0 } : regular;
    }
    const summary = changeSummary(items);
    return {
      monitorId: claimed.id,
      leaseToken: claimed.leaseToken,
      runId: claimed.runId,
      finishedAt,
      status: watched.outcome,
      newItems: watched.outcome === 'failed' ? 0 : items.length,
      summary: watched.summary,
      schedule,
      ...(watched.outcome === 'failed' && watched.pause ? { deactivate: true } : {}),
      ...(watched.outcome !== 'failed' && watched.knownKeys ? { knownKeys: watched.knownKeys } : {}),
      ...(watched.targetUpdates ? { targetUpdates: watched.targetUpdates } : {}),
      changes: items,
      ...(items.length > 0
        ? {
            notice: { userId: claimed.userId, summary, items },
            mail: this.mail.outboxRow({
              to: claimed.userEmail,
              ...monitorAlertEmail({ summary, monitorType: claimed.type, items, manageUrl: `${this.config.publicUrl}/monitoring` }),
            }),
          }
        : {}),
    };
  }

  private async scanTargets(claimed: ClaimedMonitor): Promise<(ScannedTarget & PastesOfTarget)[]> {
    const scanned: (ScannedTarget & PastesOfTarget)[] = [];
    // One target after another: concurrency comes from running several monitors at once.
    for (const target of claimed.targets) {
      const input = classifyScanInput(target.value);
      // The address is verified as the user's (their account's, or by the emailed link): they see its sensitive breaches.
      const viewer: ScanViewer = { userId: claimed.userId, ...(target.kind === 'email' ? { verifiedEmail: target.value } : {}) };
      const { result, runs } = await this.scans.runForMonitor(claimed.userId, claimed.id, input, viewer);
      const { coverage } = result;
      const main = coverage.complete ? undefined : (coverage.unchecked.find((c) => c.id === coverage.mainCheck) ?? { label: coverage.mainCheck, status: 'unavailable' as const });
      scanned.push({
        kind: target.kind,
        value: target.value,
        ...(main ? { incomplete: { label: main.label, status: main.status } } : {}),
        ...(result.pastes ? { pastes: result.pastes } : {}),
        checks: runs.map((r) => ({
          id: r.meta.id,
          label: r.report.label,
          status: r.outcome.status,
          findings: r.outcome.findings,
          ...(r.outcome.sources ? { sources: r.outcome.sources.map((s) => ({ id: s.id, status: s.status })) } : {}),
        })),
      });
    }
    return scanned;
  }

  private async finish(run: FinishedRun, userId: string): Promise<RunOutcome> {
    // A busy pool is waited out: otherwise the run is lost and the monitor waits for its lease to end.
    const outcome = await retryWhileUnavailable(() => this.monitors.finishRun(run));
    if (outcome === 'lease_lost') {
      this.logger.warn(`monitor run discarded: monitorId=${run.monitorId} reason=lease_lost`);
      return 'lease_lost';
    }
    if (outcome.mail) {
      this.mail.deliverStored(outcome.mail);
      await this.analytics.record(userId, 'email_sent', { email_type: 'monitor_alert', recipient: 'account' });
    }
    // Quiet runs are the bulk (thousands per tick on a big server): debug only.
    const line = `monitor run ${run.status}: monitorId=${run.monitorId} newItems=${run.newItems}`;
    if (run.status !== 'failed' && run.newItems === 0) this.logger.debug(line);
    else this.logger.log(line);
    return run.status;
  }
}
