import type { Logger } from '@nestjs/common';

export interface RefreshOptions {
  /** Do nothing when the stored copy is younger than this. */
  ifOlderThanMs?: number;
}

/**
 * The in-process half of a cache refreshed in the background (shortly after start, then daily):
 * one run at a time (a second call shares the first), a signal that aborts on shutdown, and
 * background runs whose errors are logged instead of escaping. The lock across instances stays
 * with each cache's repository.
 */
export class ScheduledRefresh<Outcome> {
  private running?: Promise<Outcome>;
  private startupTimer?: NodeJS.Timeout;
  private readonly stopping = new AbortController();

  constructor(
    /** Names the cache in log lines ("breach catalogue"). */
    private readonly what: string,
    private readonly logger: Logger,
    private readonly run: (options: RefreshOptions, stopping: AbortSignal) => Promise<Outcome>,
    /** Called when a run ends, however it ended. */
    private readonly settled: () => void = () => undefined,
  ) {}

  /** Runs now, or shares the run under way. */
  refresh(options: RefreshOptions = {}): Promise<Outcome> {
    if (!this.running) {
      this.running = this.run(options, this.stopping.signal).finally(() => {
        this.running = undefined;
        this.settled();
      });
    }
    return this.running;
  }

  /** After `delayMs` (so the check never slows the start itself), refreshes a copy older than `maxAgeMs`. */
  afterStart(delayMs: number, maxAgeMs: number): void {
    this.startupTimer = setTimeout(() => this.inBackground('start-up', maxAgeMs), delayMs);
    this.startupTimer.unref();
  }

  inBackground(why: string, ifOlderThanMs: number): void {
    this.refresh({ ifOlderThanMs }).catch((err: unknown) => {
      this.logger.error(`${this.what} ${why} refresh failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }

  /** Cancels a pending start-up run, aborts a fetch under way and waits for the run to end. */
  async stop(): Promise<void> {
    clearTimeout(this.startupTimer);
    this.stopping.abort();
    await this.running?.catch(() => undefined);
  }
}
