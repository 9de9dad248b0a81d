import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';
import { isDatabaseUnavailable } from '../database/database-errors.util';
import { InstanceRepository } from './instance.repository';

/** How often an instance says it is alive. */
export const INSTANCE_BEAT_MS = 3_000;
/**
 * An instance silent this long is dead: four beats, so one slow beat on a busy machine or a pool
 * wait of a few seconds is not taken for a death. A live instance looks every beat, so a dead
 * instance's scans are failed at most INSTANCE_SILENT_MS + INSTANCE_BEAT_MS after its last beat.
 */
export const INSTANCE_SILENT_MS = 4 * INSTANCE_BEAT_MS;

/**
 * This process in the instances table: registered at start, a beat every INSTANCE_BEAT_MS, removed
 * on a clean shutdown (after the HTTP drain: its scans have ended by then). Work that must be
 * released when its instance dies (running scans) records `id`.
 */
@Injectable()
export class InstanceRegistry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly id = randomUUID();
  private readonly logger = new Logger(InstanceRegistry.name);
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instances: InstanceRepository,
  ) {}

  /** The OpenAPI generator runs without a database. */
  private get hasDatabase(): boolean {
    return this.config.databaseUrl !== undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.hasDatabase) return;
    await this.instances.register(this.id);
    // Tests in one process drive time themselves; every started server beats.
    if (this.config.env === 'test') return;
    this.timer = setInterval(() => {
      this.beating ??= this.beatNow().finally(() => (this.beating = undefined));
    }, INSTANCE_BEAT_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    if (this.hasDatabase) await this.instances.remove(this.id).catch(() => undefined);
  }

  private async beatNow(): Promise<void> {
    try {
      if (await this.instances.beat(this.id)) return;
      // Silent too long (a stalled process or database): another instance took it for dead and
      // failed its running scans. It carries on; results of those scans are no longer stored.
      this.logger.warn('this instance was taken for dead by another (no beat for too long); registering again');
      await this.instances.register(this.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isDatabaseUnavailable(err)) this.logger.warn(`instance heartbeat postponed, no database connection: ${message}`);
      else this.logger.error(`instance heartbeat failed: ${message}`);
    }
  }
}
