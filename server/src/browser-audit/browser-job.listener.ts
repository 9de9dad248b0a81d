import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { BROWSER_JOBS_CHANNEL } from './browser-job.repository';

const RECONNECT_MS = 2_000;

/**
 * LISTEN on the browser_jobs channel over a connection of its own (outside TypeORM's pool, which
 * it would otherwise hold forever): workers wake up when a job is queued, scans when theirs is
 * done. Notifications only speed things up; both sides also poll, so a dropped connection costs
 * latency, never a job.
 */
@Injectable()
export class BrowserJobListener implements OnApplicationShutdown {
  private readonly logger = new Logger(BrowserJobListener.name);
  private readonly events = new EventEmitter().setMaxListeners(0);
  private client?: Client;
  private starting?: Promise<void>;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Connects once (later calls wait for the same connection); without a database it does nothing. */
  start(): Promise<void> {
    if (!this.config.databaseUrl || this.stopped) return Promise.resolve();
    this.starting ??= this.connect();
    return this.starting;
  }

  /** Calls `listener` with each payload ('queued', 'done:<id>'); answers the way to stop. */
  on(listener: (payload: string) => void): () => void {
    this.events.on('notification', listener);
    return () => this.events.off('notification', listener);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => {
      if (message.channel === BROWSER_JOBS_CHANNEL && message.payload) this.events.emit('notification', message.payload);
    });
    client.on('error', () => this.reconnect());
    client.on('end', () => this.reconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${BROWSER_JOBS_CHANNEL}`);
      this.client = client;
    } catch (err) {
      this.logger.warn(`could not listen for browser jobs (polling instead): ${err instanceof Error ? err.message : 'unknown error'}`);
      await client.end().catch(() => undefined);
      this.reconnect();
    }
  }

  private reconnect(): void {
    if (this.stopped || this.retry) return;
    this.client = undefined;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.starting = this.connect();
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
