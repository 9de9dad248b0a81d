import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { isDatabaseUnavailable } from '../common/database/database-errors.util';
import { INSTANCE_BEAT_MS, INSTANCE_SILENT_MS } from '../common/instances/instance-registry.service';
import { InstanceRepository } from '../common/instances/instance.repository';
import { runsScheduledWork } from '../common/scheduling/scheduled-work.util';
import { SCAN_MESSAGES, staleScanAfterMs } from './scan-history.service';
import { ScanRepository } from './scan.repository';

export const SCAN_RECOVERY_INTERVAL = 'scan-recovery';
export const DEAD_INSTANCE_INTERVAL = 'dead-instance-recovery';
/** How often the recovery looks for scans a crash left running. */
export const SCAN_RECOVERY_EVERY_MS = 60_000;
const ROW_BATCH = 500;

/**
 * Crash recovery of scans, in two ways:
 * - **Dead instances** (every INSTANCE_BEAT_MS): an instance silent for INSTANCE_SILENT_MS died
 *   (kill -9, crash, lost host). Its row is removed and every running scan of an instance no longer
 *   registered is marked `failed` with the reason, so its reservation stops counting against the
 *   quota within seconds.
 * - **The backstop** (at start, then every minute): a scan still `running` past SCAN_TIMEOUT_MS
 *   (plus the time to store its result) was cut short however it happened (a scan reserved before
 *   instances were recorded included). Safe on any number of instances: a scan that can still
 *   finish is never that old.
 * Failed scans (like every failed scan) do not count against the monthly quota.
 */
@Injectable()
export class ScanRecoveryService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ScanRecoveryService.name);
  private running?: Promise<number>;
  private reaping?: Promise<number>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scans: ScanRepository,
    private readonly instances: InstanceRepository,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  /** Tests run it explicitly. */
  onApplicationBootstrap(): void {
    if (!runsScheduledWork(this.config)) return;
    this.inBackground();
    // A restarted lone instance fails its killed predecessor's scans at once if that one is silent long enough.
    this.reapInBackground();
    this.registry.addInterval(SCAN_RECOVERY_INTERVAL, setInterval(() => this.inBackground(), SCAN_RECOVERY_EVERY_MS).unref());
    this.registry.addInterval(DEAD_INSTANCE_INTERVAL, setInterval(() => this.reapInBackground(), INSTANCE_BEAT_MS).unref());
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const name of [SCAN_RECOVERY_INTERVAL, DEAD_INSTANCE_INTERVAL]) if (this.registry.doesExist('interval', name)) this.registry.deleteInterval(name);
    await Promise.all([this.running?.catch(() => undefined), this.reaping?.catch(() => undefined)]);
  }

  /**
   * Removes the instances silent for `silentMs` and fails the running scans of every instance no
   * longer registered; answers how many scans. A call while one runs shares it.
   */
  reapDeadInstances(silentMs = INSTANCE_SILENT_MS): Promise<number> {
    this.reaping ??= this.reapNow(silentMs).finally(() => (this.reaping = undefined));
    return this.reaping;
  }

  private async reapNow(silentMs: number): Promise<number> {
    const dead = await this.instances.removeSilent(silentMs);
    // Also the scans of an instance removed earlier (a reaper that died between the two steps).
    const failed = await this.scans.failRunningOfGoneInstances(this.clock.now(), SCAN_MESSAGES.instanceDied);
    if (dead.length > 0 || failed > 0) this.logger.warn(`instances silent for ${silentMs / 1000} s taken for dead: ${dead.length}; their running scans marked failed: ${failed}`);
    return failed;
  }

  private reapInBackground(): void {
    this.reapDeadInstances().catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      if (isDatabaseUnavailable(err)) this.logger.warn(`dead-instance recovery postponed, no database connection: ${message}`);
      else this.logger.error(`dead-instance recovery failed: ${message}`);
    });
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
