import { Inject, Injectable, Logger } from '@nestjs/common';
import { AnalyticsService } from '../analytics/analytics.service';
import { effectivePlan, planFor } from '../vocabulary/plan.catalogue';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { retryWhileUnavailable } from '../common/database/database-errors';
import { monitorAlertEmail } from '../mail/mail-templates';
import { MailService } from '../mail/mail.service';
import type { ScanViewer } from '../scans/checks/scan-check';
import { ScansService } from '../scans/scans.service';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { changeSummary, RunChanges, runSummary, ScannedTarget, workOutChanges } from './monitor-changes.rules';
import { afterFailure, afterSuccess, RETRY_DELAYS_MS } from './monitor-schedule.rules';
import { ClaimedMonitor, FinishedRun, MonitorRepository } from './monitor.repository';

export type RunOutcome = 'succeeded' | 'failed' | 'lease_lost';

export const RUN_MESSAGES = {
  unexpected: 'The run failed unexpectedly; the monitor will try again.',
  nothingVerified: 'Nothing to check yet: the email addresses await verification',
  planEnded: "Paused: the account's plan no longer includes monitors.",
  overLimit: (limit: number) => `Paused: the account's plan allows ${limit} active ${limit === 1 ? 'monitor' : 'monitors'}; the older ones keep running.`,
  givenUp: 'The run stopped the server several times; it will be tried again at the next regular run.',
} as const;

/**
 * One monitor run, claimed by the scheduler: every verified target through the scan pipeline
 * (stored in the user's history), what is new since the previous run, then one transaction that
 * records it all and queues the alert — or a failure with its retry time.
 */
@Injectable()
export class MonitorRunner {
  private readonly logger = new Logger(MonitorRunner.name);

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly scans: ScansService,
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
    // Runs that end before scanning: failed, with why, and what happens next.
    const endNow = (summary: string, schedule: FinishedRun['schedule'], deactivate = false) =>
      this.finish({ ...base, finishedAt: this.clock.now(), status: 'failed', newItems: 0, summary, schedule, ...(deactivate ? { deactivate } : {}) }, claimed.userId);
    // A plan that ended or shrank keeps only its limit of the oldest monitors running.
    const limit = planFor(effectivePlan(claimed.plan, this.clock.now()).tier).monitors;
    if (claimed.activeBefore >= limit) {
      const now = this.clock.now();
      return endNow(limit === 0 ? RUN_MESSAGES.planEnded : RUN_MESSAGES.overLimit(limit), { nextRunAt: now, scheduledAt: now, failedAttempts: 0 }, true);
    }
    // Crashes counted up past the retries: skip to the next regular run instead of crashing again.
    if (claimed.failedAttempts > RETRY_DELAYS_MS.length) return endNow(RUN_MESSAGES.givenUp, afterSuccess(claimed.scheduledAt, claimed.type, this.clock.now()));

    let changes: RunChanges;
    try {
      changes = workOutChanges(await this.scanTargets(claimed), claimed.knownKeys);
    } catch (err) {
      // Never the target: only which monitor and the error's class.
      this.logger.error(`monitor run failed: monitorId=${claimed.id} error=${err instanceof Error ? err.name : 'unknown'}`);
      changes = { outcome: 'failed', reason: RUN_MESSAGES.unexpected };
    }

    const finishedAt = this.clock.now();
    if (changes.outcome === 'failed') {
      return this.finish({
        ...base,
        finishedAt,
        status: 'failed',
        newItems: 0,
        summary: changes.reason,
        schedule: afterFailure(claimed.scheduledAt, claimed.failedAttempts, claimed.type, finishedAt),
      }, claimed.userId);
    }

    const items = changes.newItems.map(({ kind, target, title, recommendation }) => ({ kind, target, title, recommendation }));
    const summary = claimed.targets.length === 0 ? RUN_MESSAGES.nothingVerified : runSummary(changes);
    const alert = items.length > 0;
    const run: FinishedRun = {
      ...base,
      finishedAt,
      status: 'succeeded',
      newItems: items.length,
      summary,
      schedule: afterSuccess(claimed.scheduledAt, claimed.type, finishedAt),
      knownKeys: changes.keysToRecord,
      ...(alert
        ? {
            notice: { userId: claimed.userId, summary: changeSummary(items), items },
            mail: this.mail.outboxRow({
              to: claimed.userEmail,
              ...monitorAlertEmail({ summary: changeSummary(items), monitorType: claimed.type, items, manageUrl: `${this.config.publicUrl}/monitoring` }),
            }),
          }
        : {}),
    };
    return this.finish(run, claimed.userId);
  }

  private async scanTargets(claimed: ClaimedMonitor): Promise<ScannedTarget[]> {
    const scanned: ScannedTarget[] = [];
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
    if (run.status === 'succeeded' && run.newItems === 0) this.logger.debug(line);
    else this.logger.log(line);
    return run.status;
  }
}
