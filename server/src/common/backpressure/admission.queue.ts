import { ServiceBusyException } from '../http/service-busy.exception';

/** How much of one kind of expensive work an instance takes on at once, and how long work may wait. */
export interface AdmissionLimits {
  /** Tasks running at the same time. */
  concurrency: number;
  /** Tasks waiting for a turn; one more is refused at once. */
  maxQueued: number;
  /** A task still waiting after this long is refused (the client is told to come back). */
  maxWaitMs: number;
}

/** Gives a turn back; calling it twice is harmless. */
export type Release = () => void;

interface Waiter {
  admit(release: Release): void;
  timer: NodeJS.Timeout;
}

/**
 * Back-pressure for one kind of expensive work on this instance (password hashes, scans): at most
 * `concurrency` tasks run, at most `maxQueued` wait, none waits longer than `maxWaitMs`. Work that
 * cannot be taken is refused with ServiceBusyException (503, Retry-After) before anything of it is
 * done, instead of piling up until every request times out. First come, first served.
 */
export class AdmissionQueue {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private refusedCount = 0;

  constructor(
    readonly name: string,
    readonly limits: AdmissionLimits,
  ) {
    if (limits.concurrency < 1 || limits.maxQueued < 0 || limits.maxWaitMs < 0) throw new RangeError(`invalid admission limits for ${name}`);
  }

  /** Running and waiting tasks now, and how many were refused since start (for logs and metrics). */
  get stats(): { active: number; queued: number; refused: number } {
    return { active: this.active, queued: this.waiting.length, refused: this.refusedCount };
  }

  /**
   * Refuses with 503 now when a task asked for now would be refused at once (every turn taken and
   * the queue full): lets a caller turn work away before spending anything else on it.
   */
  assertRoom(): void {
    if (this.active >= this.limits.concurrency && this.waiting.length >= this.limits.maxQueued) throw this.refuse();
  }

  /** Waits for a turn (or refuses with 503); the caller must call the Release when done. */
  acquire(): Promise<Release> {
    if (this.active < this.limits.concurrency && this.waiting.length === 0) return Promise.resolve(this.admitNow());
    if (this.waiting.length >= this.limits.maxQueued) return Promise.reject(this.refuse());
    return new Promise<Release>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(this.refuse());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Runs the task in its turn; refuses with 503 when there is none to be had in time. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }

  private admitNow(): Release {
    this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit(this.admitNow());
      }
    };
  }

  private refuse(): ServiceBusyException {
    this.refusedCount += 1;
    return new ServiceBusyException(Math.max(1, Math.ceil(this.limits.maxWaitMs / 1000)));
  }
}
