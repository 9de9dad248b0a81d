/**
 * A fair share of browser time per scan. A job runs its whole budget (BROWSER_TIMEOUT_MS) only
 * while nobody waits for a browser; once another person's page is queued, every running job is
 * ended at FAIR_SHARE_MS after its start (or WRAP_UP_MS from now, whichever is later), so a few
 * slow pages cannot hold the browsers past the queue wait (BROWSER_QUEUE_WAIT_MS, 10 s) and push
 * other people's scans to the static fallback.
 *
 * Why 7 s: a job queued behind busy browsers is then claimed within about 7.5 s (fair share plus
 * closing the context), inside the 10 s it may wait; and 7 s still holds a normal page's plain
 * visit (60 %: 4.2 s, load plus idle) and a short Global Privacy Control visit (2.8 s).
 */
export const FAIR_SHARE_MS = 7_000;
/** What a visit cut short still gets to read its cookies, storage and reports before its context closes. */
export const WRAP_UP_MS = 1_500;
/** How often a worker with running jobs asks whether anyone waits. */
export const FAIRNESS_POLL_MS = 1_000;

/** When a job started at `startedAt` with `deadline` must end now that others wait: never later than before. */
export function fairDeadline(startedAt: number, deadline: number, now = Date.now()): number {
  return Math.min(deadline, Math.max(startedAt + FAIR_SHARE_MS, now + WRAP_UP_MS));
}

/**
 * One job's clock: its deadline, and a signal that fires when the server moves it earlier (others
 * wait). The signal's reason is the new deadline (epoch ms); a visit listening to it ends by then.
 */
export class JobClock {
  private readonly controller = new AbortController();
  private end: number;

  constructor(
    readonly startedAt: number,
    budgetMs: number,
  ) {
    this.end = startedAt + budgetMs;
  }

  get deadline(): number {
    return this.end;
  }

  get shortened(): AbortSignal {
    return this.controller.signal;
  }

  get wasShortened(): boolean {
    return this.controller.signal.aborted;
  }

  /** Others wait: the job ends at its fair share. Once only; true when this moved the deadline. */
  yieldToOthers(now = Date.now()): boolean {
    if (this.controller.signal.aborted) return false;
    const end = fairDeadline(this.startedAt, this.end, now);
    if (end >= this.end) return false;
    this.end = end;
    this.controller.abort(end);
    return true;
  }
}
