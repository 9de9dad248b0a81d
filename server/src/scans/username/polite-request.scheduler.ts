/** The wait for a turn ended because the caller's signal aborted. */
export class TurnAborted extends Error {
  constructor() {
    super('aborted while waiting for a turn');
    this.name = 'TurnAborted';
  }
}

/** One caller's share of the scheduler (one scan's check): its tasks wait in its own queue. */
export interface SchedulerLane {
  /** Runs `task` when its host, a global slot and this lane's turn are free; rejects with TurnAborted if `signal` aborts first. */
  run<T>(host: string, signal: AbortSignal, task: () => Promise<T>): Promise<T>;
}

interface Waiter {
  grant: () => void;
}

/**
 * Runs tasks politely and fairly: at most `maxInFlight` at once in all, never two at once for the
 * same host (tasks of one host run one after another, in the order they were given, whichever scan
 * gave them), and the global slots handed out in turn between the lanes that are waiting (one lane
 * per scan), so a scan that queued 600 requests first cannot make a later scan wait for all of
 * them. A task waiting for its host's turn holds no global slot and stands in no lane's queue, so
 * one slow host never starves the others. Shared by every check of the process, so two scans do not
 * double the load on a site.
 */
export class PoliteRequestScheduler {
  private active = 0;
  /**
   * Tasks ready to run (their host is free), per lane. The Map's order is the rotation: the lane
   * served goes to the back while it still has tasks waiting.
   */
  private readonly lanes = new Map<object, Waiter[]>();
  /** The last task queued per host: the next one starts after it has settled. */
  private readonly hostTails = new Map<string, Promise<void>>();

  constructor(readonly maxInFlight: number) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new Error('maxInFlight must be a whole number of at least 1');
  }

  /** Requests running now (for tests and benchmarks). */
  get inFlight(): number {
    return this.active;
  }

  /** A new lane: one per scan, so each scan gets its turn at the global slots. */
  lane(): SchedulerLane {
    const key = {};
    return { run: (host, signal, task) => this.runIn(key, host, signal, task) };
  }

  private async runIn<T>(lane: object, host: string, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    const previous = this.hostTails.get(host) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    // The next task of this host waits for the previous one too: leaving the queue early on an
    // abort must not let the one behind start beside a request still in flight.
    const tail = previous.then(() => mine);
    this.hostTails.set(host, tail);
    try {
      await untilAborted(previous, signal);
      await this.acquire(lane, signal);
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

  private acquire(lane: object, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new TurnAborted());
    if (this.active < this.maxInFlight) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const queue = this.lanes.get(lane);
        const index = queue?.indexOf(waiter) ?? -1;
        if (queue && index !== -1) {
          queue.splice(index, 1);
          if (queue.length === 0) this.lanes.delete(lane);
        }
        reject(new TurnAborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.lanes.get(lane);
      if (queue) queue.push(waiter);
      else this.lanes.set(lane, [waiter]);
    });
  }

  /** Hands the slot straight to the first waiter of the lane whose turn it is, or frees it. */
  private release(): void {
    const next = this.lanes.entries().next();
    if (next.done) {
      this.active -= 1;
      return;
    }
    const [lane, queue] = next.value;
    const waiter = queue.shift() as Waiter;
    // To the back of the rotation (or out of it when nothing of it waits any more).
    this.lanes.delete(lane);
    if (queue.length > 0) this.lanes.set(lane, queue);
    waiter.grant();
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
