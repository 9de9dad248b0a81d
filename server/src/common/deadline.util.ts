/**
 * Time limits that always fire.
 *
 * `AbortSignal.timeout()` keeps only a weak reference to its signal, and `AbortSignal.any()` only
 * weak references to the signals it follows: on Node 20, once a garbage collection finds nothing
 * else holding the timeout signal, its timer is gone and the limit never fires (a check limited to
 * 8 s ran 15 s under load; a 30 s catalogue fetch limit never fired at all). A Deadline holds its
 * own timer, whose callback holds the controller, so the limit fires whatever the collector does;
 * and it is cleared when the work ends, so a finished call leaves no timer behind.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly unlinks: (() => void)[] = [];

  /**
   * Aborts `ms` after now, or as soon as one of `parents` aborts (with that parent's reason),
   * whichever comes first. `ms` of Infinity means the parents alone.
   */
  constructor(ms: number, ...parents: (AbortSignal | undefined)[]) {
    for (const parent of parents) {
      if (!parent) continue;
      if (parent.aborted) {
        this.controller.abort(parent.reason);
        return;
      }
      // The parent holds this listener (and so the controller) strongly until clear() removes it.
      const follow = () => this.abort(parent.reason);
      parent.addEventListener('abort', follow, { once: true });
      this.unlinks.push(() => parent.removeEventListener('abort', follow));
    }
    if (Number.isFinite(ms)) {
      this.timer = setTimeout(() => this.abort(new DOMException(`The operation timed out after ${ms} ms`, 'TimeoutError')), Math.max(0, ms));
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  /** The work ended: no timer left running, no listener left on the parents. Safe to call twice. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const unlink of this.unlinks.splice(0)) unlink();
  }

  private abort(reason: unknown): void {
    this.clear();
    this.controller.abort(reason);
  }
}

/**
 * Runs `work` with a signal that aborts after `ms` or when a parent aborts; the timer and the
 * parents' listeners are removed as soon as `work` settles.
 */
export async function withDeadline<T>(ms: number, parents: (AbortSignal | undefined)[], work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = new Deadline(ms, ...parents);
  try {
    return await work(deadline.signal);
  } finally {
    deadline.clear();
  }
}
