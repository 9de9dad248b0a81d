/**
 * A fair share of browser time per scan. A job runs its whole budget (BROWSER_TIMEOUT_MS) only
 * while nobody waits for a browser; once another person's page is queued, every running job is
 * ended at FAIR_SHARE_MS after its start (or WRAP_UP_MS from now, whichever is later), so a few
 * slow pages cannot hold the browsers past the queue wait (BROWSER_QUEUE_WAIT_MS, 10 s) and push
 * other people's scans to the static fallback.
 *
 * That makes a promise the server can keep whatever its load: a running job ends by its (shortened)
 * deadline, or the hard stop kills its browser soon after. The worker records the promise on the
 * queue (promisedClaimBy): the waiting job's claim_by moves to the promised time, and the scan says
 * "busy" only once claim_by has passed on the database's clock. So whether another person's scan
 * gets a browser no longer depends on how fast a loaded machine closes contexts within a fixed
 * 10 s; a queued job nobody promised anything still ends "busy" at its original claim_by.
 *
 * Why 7 s: a job queued behind busy browsers is claimed within about 7.5 s on a quiet machine
 * (fair share plus closing the context), inside the 10 s it may wait without a promise; and 7 s
 * still holds a normal page's plain visit and a short Global Privacy Control visit.
 */
export const FAIR_SHARE_MS = 7_000;
/** What a visit cut short still gets to read its cookies, storage and reports before its context closes. */
export const WRAP_UP_MS = 1_500;
/** How often a worker with running jobs asks whether anyone waits. */
export const FAIRNESS_POLL_MS = 1_000;

/**
 * After a job's hard stop (its deadline plus the grace after which the whole browser is killed),
 * what the worker still needs before it claims the next job: closing or killing the browser,
 * storing the capture, the claim itself. Generous because it is only a bound: a job promised a
 * browser is claimed as soon as one is free, whenever that is.
 */
export const PROMISE_MARGIN_MS = 3_000;
/**
 * The least browser time a job claimed late is worth: both visits at a fair share. A promise never
 * moves a job's claim_by past its answer_by minus this, and a job claimed late runs until answer_by.
 */
export const MIN_LATE_BUDGET_MS = FAIR_SHARE_MS;

/**
 * The browsers a worker has promised, as delays from now (ms), earliest first: each running job
 * ends by its deadline, and the hard stop (`hardStopMs` after it, the whole browser killed)
 * guarantees that even for a page that hangs. The k-th person waiting is promised the k-th.
 */
export function promisedReleases(deadlines: Iterable<number>, hardStopMs: number, now = Date.now()): number[] {
  return [...deadlines].map((deadline) => Math.max(0, deadline + hardStopMs + PROMISE_MARGIN_MS - now)).sort((a, b) => a - b);
}

/**
 * A waiting job's claim_by under a promise, all three as delays from now (ms) on the database's
 * clock: later than before only, and never so late that the job could not get MIN_LATE_BUDGET_MS
 * before its scan stops waiting (answer_by). Without answer_by (a row of an older version) or
 * without a promise it stays: the scan is told "busy" at its claim_by then, as before.
 */
export function promisedClaimBy(claimIn: number, answerIn: number | null, promisedIn: number | undefined): number {
  if (answerIn === null || promisedIn === undefined) return claimIn;
  return Math.max(claimIn, Math.min(promisedIn, answerIn - MIN_LATE_BUDGET_MS));
}

/** What a job claimed now may run: its budget, or less when claimed so late that answer_by (ms from now) comes first. */
export function lateBudget(budgetMs: number, answerIn: number | null): number {
  return answerIn === null ? budgetMs : Math.max(0, Math.min(budgetMs, Math.floor(answerIn)));
}

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
