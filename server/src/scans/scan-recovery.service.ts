import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { isDatabaseUnavailable } from '../common/database/database-errors';
import { staleScanAfterMs } from './scan-history.service';
import { ScanRepository } from './scan.repository';

export const SCAN_RECOVERY_INTERVAL = 'scan-recovery';
/** How often the recovery looks for scans a crash left running. */
export const SCAN_RECOVERY_EVERY_MS = 60_000;
const ROW_BATCH = 500;

/**
 * Crash recovery of scans: a scan still `running` past SCAN_TIMEOUT_MS (plus the time to store
 * its result) was cut short by a crash or restart of whichever instance ran it. At start and then
 * every minute, such scans are marked `failed`: the history shows they ended, and (like every
 * failed scan) they do not count against the monthly quota. Safe on any number of instances: a
 * scan that can still finish is never that old.
 */
@Injectable()
export class ScanRecoveryService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ScanRecoveryService.name);
  private running?: Promise<number>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scans: ScanRepository,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  /** Tests run it explicitly; the OpenAPI generator runs without a database. */
  private get automatic(): boolean {
    return this.config.env !== 'test' && this.config.databaseUrl !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.automatic) return;
    this.inBackground();
    this.registry.addInterval(SCAN_RECOVERY_INTERVAL, setInterval(() => this.inBackground(), SCAN_RECOVERY_EVERY_MS).unref());
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('interval', SCAN_RECOVERY_INTERVAL)) this.registry.deleteInterval(SCAN_RECOVERY_INTERVAL);
    await this.running?.catch(() => undefined);
  }

  /** Marks every stale running scan failed; how many. A call while one runs shares it. */
  recover(): Promise<number> {
    this.running ??= this.recoverNow().finally(() => (this.running = undefined));
    return this.running;
  }

  private async recoverNow(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - staleScanAfterMs(this.config));
    let total = 0;
    for (;;) {
      const done = await this.scans.failRunningStartedBefore(before, now, ROW_BATCH);
      total += done;
      if (done < ROW_BATCH) break;
    }
    if (total > 0) this.logger.warn(`scans cut short by a crash or restart marked failed: ${total}`);
    return total;
  }

  private inBackground(): void {
    this.recover().catch((err: unknown) => {
      // A dry pool or a database restart: the next tick tries again.
      const message = err instanceof Error ? err.message : String(err);
      if (isDatabaseUnavailable(err)) this.logger.warn(`scan recovery postponed, no database connection: ${message}`);
      else this.logger.error(`scan recovery failed: ${message}`);
    });
  }
}
