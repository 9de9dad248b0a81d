import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { AnalyticsEventRepository } from '../analytics/analytics-event.repository';
import { effectivePlan } from '../vocabulary/plan.catalogue';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { RETENTION_DAYS } from './report.catalogue';
import { ReportsRepository } from './reports.repository';
import { retentionDaysOf } from './retention.rules';

const DAY_MS = 24 * 3600_000;
/** A scan still 'running' this long after it started was cut short (a crash, a restart): it is marked failed. */
export const STALE_RUNNING_MS = 3600_000;
/** Analytics events are kept this long, whatever the plan. */
export const ANALYTICS_RETENTION_DAYS = 90;
/** Rows per statement, so no single delete holds locks for long. */
const ROW_BATCH = 500;
/** Users read per query while looking for old scans. */
const USER_BATCH = 200;
const LOCK_NAME = 'footprint:retention';

export interface RetentionOutcome {
  staleScansFailed: number;
  scansDeleted: number;
  analyticsEventsDeleted: number;
}

/**
 * The privacy policy's promise: scan results go after 30 days on the free plan and 90 on paid
 * plans (the plan that applies at the time of the run), usage events after 90 days. Scans left
 * 'running' for over an hour are marked failed rather than deleted: the history shows they ended,
 * and they stop counting against the monthly quota. Hourly, one instance at a time (a PostgreSQL
 * advisory lock: the others skip), in bounded batches.
 */
@Injectable()
export class RetentionService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RetentionService.name);
  private running?: Promise<RetentionOutcome | undefined>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ReportsRepository,
    private readonly analytics: AnalyticsEventRepository,
    private readonly clock: Clock,
  ) {}

  /** Tests run it explicitly; the OpenAPI generator runs without a database. */
  private get automatic(): boolean {
    return this.config.env !== 'test' && this.config.databaseUrl !== undefined;
  }

  @Cron(CronExpression.EVERY_HOUR, { name: 'retention' })
  hourly(): void {
    if (!this.automatic) return;
    this.run().catch((err: unknown) => this.logger.error(`retention run failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** A run in progress finishes (its batches are short) before the database connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** One run; undefined when another instance is running it. A second call here shares the first. */
  run(): Promise<RetentionOutcome | undefined> {
    if (!this.running) this.running = this.runLocked().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runLocked(): Promise<RetentionOutcome | undefined> {
    const outcome = await this.repository.withExclusiveLock(LOCK_NAME, () => this.runNow(this.clock.now()));
    if (!outcome.acquired) {
      this.logger.log('retention run skipped: another instance is running it');
      return undefined;
    }
    const { staleScansFailed, scansDeleted, analyticsEventsDeleted } = outcome.value;
    this.logger.log(`retention run: staleScansFailed=${staleScansFailed} scansDeleted=${scansDeleted} analyticsEventsDeleted=${analyticsEventsDeleted}`);
    return outcome.value;
  }

  private async runNow(now: Date): Promise<RetentionOutcome> {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const staleScansFailed = await untilDone(() => this.repository.failRunningStartedBefore(ago(STALE_RUNNING_MS), now, ROW_BATCH));

    // Only users with scans past the shortest window can have anything to delete.
    let scansDeleted = 0;
    let after: string | null = null;
    for (;;) {
      const users = await this.repository.usersWithScansBefore(ago(RETENTION_DAYS.free * DAY_MS), after, USER_BATCH);
      for (const user of users) {
        const plan = effectivePlan({ tier: user.planTier, expiresAt: user.planExpiresAt }, now);
        const cutoff = ago(retentionDaysOf(plan.tier) * DAY_MS);
        scansDeleted += await untilDone(() => this.repository.deleteScansOfUserBefore(user.userId, cutoff, ROW_BATCH));
      }
      if (users.length < USER_BATCH) break;
      after = users[users.length - 1].userId;
    }

    const analyticsEventsDeleted = await untilDone(() => this.analytics.deleteOccurredBefore(ago(ANALYTICS_RETENTION_DAYS * DAY_MS), ROW_BATCH));
    return { staleScansFailed, scansDeleted, analyticsEventsDeleted };
  }
}

/** Repeats a batch until it comes back short; the total. */
async function untilDone(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < ROW_BATCH) return total;
  }
}
