import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import type { AppConfig } from '../config/app.config';
import type { AdvisoryLocks } from '../database/advisory-locks.service';
import { runsScheduledWork } from './scheduled-work.util';

/** Rows per statement, so no single delete holds locks for long. */
export const RETENTION_ROW_BATCH = 500;

/**
 * A module's deletion of its own expired rows: hourly (each subclass instance gets its own cron job),
 * one instance at a time (a PostgreSQL advisory lock: the others skip), a run in progress finished
 * before shutdown. Tests call `run()` themselves; the OpenAPI generator runs without a database.
 */
export abstract class RetentionJob<T extends object> implements BeforeApplicationShutdown {
  private running?: Promise<T | undefined>;
  private readonly logger: Logger;

  protected constructor(
    private readonly name: string,
    private readonly config: AppConfig,
    private readonly locks: AdvisoryLocks,
  ) {
    this.logger = new Logger(name);
  }

  /** Deletes (or closes) what has expired at `now`; what it did, for the log. */
  protected abstract purge(): Promise<T>;

  @Cron(CronExpression.EVERY_HOUR)
  hourly(): void {
    if (!runsScheduledWork(this.config)) return;
    this.run().catch((err: unknown) => this.logger.error(`${this.name} run failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** A run in progress finishes (its batches are short) before the database connection closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** One run; undefined when another instance is running it. A second call here shares the first. */
  run(): Promise<T | undefined> {
    if (!this.running) this.running = this.runLocked().finally(() => (this.running = undefined));
    return this.running;
  }

  private async runLocked(): Promise<T | undefined> {
    const outcome = await this.locks.withExclusiveLock(`footprint:${this.name}`, () => this.purge());
    if (!outcome.acquired) {
      this.logger.log(`${this.name} run skipped: another instance is running it`);
      return undefined;
    }
    const counts = Object.entries(outcome.value).map(([key, value]) => `${key}=${String(value)}`);
    this.logger.log(`${this.name} run: ${counts.join(' ')}`);
    return outcome.value;
  }
}

/** Repeats a batch until it comes back short of RETENTION_ROW_BATCH; the total. */
export async function untilDone(batch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch();
    total += done;
    if (done < RETENTION_ROW_BATCH) return total;
  }
}
