import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Counter } from 'prom-client';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { isDatabaseUnavailable } from '../common/database/database-errors.util';
import { MetricsService } from '../common/metrics/metrics.service';
import { MonitorRepository } from './monitor.repository';
import { MonitorRunner } from './monitor-runner.service';
import { BrowserAuditService } from '../browser-audit/browser-audit.service';
import { ProfileService } from '../auth/profile.service';

export const MONITOR_TICK_INTERVAL = 'monitor-tick';
/** While due website monitors wait for room in the browser queue, how often a free worker looks again. */
const BROWSER_ROOM_POLL_MS = 500;

/** A due monitor still unclaimed after this many ticks counts as overdue in the metrics. */
export const OVERDUE_AFTER_TICKS = 2;

export interface TickReport {
  claimed: number;
  succeeded: number;
  waiting: number;
  partial: number;
  failed: number;
  leaseLost: number;
}

/**
 * Fires monitor runs. Each tick claims due, active monitors one at a time (FOR UPDATE SKIP LOCKED
 * plus a lease, see MonitorRepository.claimNext), at most MONITOR_BATCH_SIZE of them, and runs
 * MONITOR_CONCURRENCY at once. Every instance on the database ticks; the claims share the work out.
 * A tick that used its whole batch is followed by another at once, so a backlog drains without
 * waiting for the interval.
 */
@Injectable()
export class MonitorScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MonitorScheduler.name);
  private current?: Promise<TickReport>;
  private stopped = false;
  private readonly runs: Counter<'outcome'>;
  /** When this instance last finished a tick (ms since the epoch); none before the first. */
  private lastTickAt?: number;

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly runner: MonitorRunner,
    private readonly browser: BrowserAuditService,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: MetricsService,
    private readonly profiles: ProfileService,
  ) {
    this.runs = metrics.counter('monitor_runs_total', 'Monitor runs of this instance, by outcome: succeeded, partial (a website read without running its scripts), waiting (nothing verified to check yet), failed or lease_lost (taken over after its lease ended).', ['outcome'] as const);
    metrics.sourcedGauge('monitor_scheduler_last_tick_timestamp_seconds', 'When this instance\'s scheduler last finished a tick (Unix time); absent before its first tick and while MONITOR_TICK_SECONDS is 0.', [], () =>
      this.lastTickAt === undefined ? [] : [{ value: this.lastTickAt / 1000 }],
    );
    // Database-wide, like the work the instances share: aggregate with max, not sum.
    const tickSeconds = config.monitoring.tickSeconds || 60;
    const readBacklog = () => {
      const now = clock.now();
      return monitors.schedulerBacklog(now, new Date(now.getTime() - OVERDUE_AFTER_TICKS * tickSeconds * 1000));
    };
    metrics.sourcedGauge('monitors', 'Active monitors (database-wide) by state: due (waiting for a tick to claim them), overdue (due for more than two ticks) or running.', ['state'] as const, async () => {
      const { due, overdue, running } = await readBacklog();
      return [
        { labels: { state: 'due' }, value: due },
        { labels: { state: 'overdue' }, value: overdue },
        { labels: { state: 'running' }, value: running },
      ];
    });
    metrics.sourcedGauge('monitor_scheduler_lag_seconds', 'How long the longest-waiting due monitor has waited to be claimed (database-wide); 0 when none waits.', [], async () => {
      const { oldestDueAt } = await readBacklog();
      return [{ value: oldestDueAt ? Math.max(0, (clock.now().getTime() - oldestDueAt.getTime()) / 1000) : 0 }];
    });
  }

  onApplicationBootstrap(): void {
    const seconds = this.config.monitoring.tickSeconds;
    if (seconds === 0) {
      this.logger.log('MONITOR_TICK_SECONDS is 0: this instance runs no monitors');
      return;
    }
    this.registry.addInterval(MONITOR_TICK_INTERVAL, setInterval(() => this.tickInBackground(), seconds * 1000));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.registry.doesExist('interval', MONITOR_TICK_INTERVAL)) this.registry.deleteInterval(MONITOR_TICK_INTERVAL);
    // Runs in progress finish (their leases would hand them on anyway, but finishing saves the work).
    await this.current?.catch(() => undefined);
  }

  /** One tick; a call while one is in progress gets that one. */
  tick(): Promise<TickReport> {
    if (!this.current) {
      this.current = this.runTick()
        .then((report) => {
          this.lastTickAt = this.clock.now().getTime();
          return report;
        })
        .finally(() => (this.current = undefined));
    }
    return this.current;
  }

  /**
   * A tick now rather than at the next interval (a monitor was just created or activated: its first
   * run should not wait a minute, nor its card say 'Overdue' meanwhile). Nothing when ticking is off.
   */
  runSoon(): void {
    if (this.config.monitoring.tickSeconds === 0 || this.stopped) return;
    setImmediate(() => this.tickInBackground());
  }

  private tickInBackground(): void {
    if (this.current || this.stopped) return;
    this.tick().then(
      (report) => {
        if (report.claimed > 0) this.logger.log(`monitor tick: ${report.claimed} claimed, ${report.succeeded} succeeded, ${report.partial} partial, ${report.waiting} waiting, ${report.failed} failed, ${report.leaseLost} taken over`);
        if (report.claimed >= this.config.monitoring.batchSize && !this.stopped) setImmediate(() => this.tickInBackground());
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : 'unknown error';
        // A dry pool or a database restart: claimed monitors keep their leases; the next tick carries on.
        if (isDatabaseUnavailable(err)) this.logger.warn(`monitor tick cut short, no database connection: ${message}; the next tick carries on`);
        else this.logger.error(`monitor tick failed: ${message}`);
      },
    );
  }

  private async runTick(): Promise<TickReport> {
    const { batchSize, concurrency, leaseSeconds } = this.config.monitoring;
    const report: TickReport = { claimed: 0, succeeded: 0, partial: 0, waiting: 0, failed: 0, leaseLost: 0 };
    let budget = batchSize;
    // Asked once a tick, so a server without due website monitors pays nothing per claim for them.
    const websitesDue = await this.monitors.websiteDue(this.clock.now());
    const worker = async () => {
      while (budget > 0 && !this.stopped) {
        budget -= 1;
        const now = this.clock.now();
        // Website monitors are claimed only while the audit browsers have room for their pages: the
        // others wait, due, in their table rather than in the browser queue people's scans use.
        const websites = websitesDue ? await this.browser.roomForBackground() : true;
        const claimed = await this.monitors.claimNext(now, new Date(now.getTime() + leaseSeconds * 1000), { websites });
        if (!claimed) {
          if (!websites && (await this.monitors.websiteDue(now))) {
            budget += 1;
            await new Promise((resolve) => setTimeout(resolve, BROWSER_ROOM_POLL_MS));
            continue;
          }
          budget = 0;
          return;
        }
        report.claimed += 1;
        // The owner's address (for the alert) and plan come from auth, the owner of the users table.
        // A monitor's row goes with its user, so a claimed one has an owner.
        const account = (await this.profiles.accountsOf([claimed.userId])).get(claimed.userId);
        if (!account) throw new Error(`monitor ${claimed.id} has no owner`);
        const outcome = await this.runner.run({ ...claimed, userEmail: account.email, plan: account.plan });
        this.runs.inc({ outcome });
        if (outcome === 'lease_lost') report.leaseLost += 1;
        else report[outcome] += 1;
      }
    };
    const results = await Promise.allSettled(Array.from({ length: Math.min(concurrency, batchSize) }, worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
    return report;
  }
}
