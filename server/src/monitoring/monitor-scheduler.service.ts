import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { isDatabaseUnavailable } from '../common/database/database-errors';
import { MonitorRepository } from './monitor.repository';
import { MonitorRunner } from './monitor-runner.service';

export const MONITOR_TICK_INTERVAL = 'monitor-tick';

export interface TickReport {
  claimed: number;
  succeeded: number;
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

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly runner: MonitorRunner,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    if (!this.current) this.current = this.runTick().finally(() => (this.current = undefined));
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
        if (report.claimed > 0) this.logger.log(`monitor tick: ${report.claimed} claimed, ${report.succeeded} succeeded, ${report.failed} failed, ${report.leaseLost} taken over`);
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
    const report: TickReport = { claimed: 0, succeeded: 0, failed: 0, leaseLost: 0 };
    let budget = batchSize;
    const worker = async () => {
      while (budget > 0 && !this.stopped) {
        budget -= 1;
        const now = this.clock.now();
        const claimed = await this.monitors.claimNext(now, new Date(now.getTime() + leaseSeconds * 1000));
        if (!claimed) {
          budget = 0;
          return;
        }
        report.claimed += 1;
        const outcome = await this.runner.run(claimed);
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
