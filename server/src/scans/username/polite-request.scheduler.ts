/** The wait for a turn ended because the caller's signal aborted. */
export class TurnAborted extends Error {
  constructor() {
    super('aborted while waiting for a turn');
    this.name = 'TurnAborted';
  }
}

/**
 * Runs tasks politely: at most `maxInFlight` at once in all, and never two at once for the same
 * host (tasks of one host run one after another, in the order they were given). A task waiting
 * for its host's turn holds no global slot, so one slow host never starves the others.
 * Shared by every check of the process, so two scans do not double the load on a site.
 */
export class PoliteRequestScheduler {
  private active = 0;
  private readonly waiting: { grant: () => void }[] = [];
  /** The last task queued per host: the next one starts after it has settled. */
  private readonly hostTails = new Map<string, Promise<void>>();

  constructor(readonly maxInFlight: number) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error('maxInFlight must be a whole number of at least 1');
  }

  /** Requests running now (for tests and benchmarks). */
  get inFlight(): number {
    return this.active;
  }

  /** Runs `task` when its host and a global slot are free; rejects with TurnAborted if `signal` aborts first. */
  async run<T>(host: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const previous = this.hostTails.get(host) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next task of this host waits for the previous one too: leaving the queue early on an
    // abort must not let the one behind start beside a request still in flight.
    const tail = previous.then(() => mine);
    this.hostTails.set(host, tail);
    try {
      await untilAborted(previous, signal);
      await this.acquire(signal);
      try {
        return await task();
      } finally {
        this.release();
      }
    } finally {
      done();
      if (this.hostTails.get(host) === tail) this.hostTails.delete(host);
    }
  }

  private acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new TurnAborted());
    if (this.active < this.maxInFlight) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(new TurnAborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Hands the slot straight to the first waiter, or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.active -= 1;
  }
}

function untilAborted(work: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new TurnAborted());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new TurnAborted());
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
