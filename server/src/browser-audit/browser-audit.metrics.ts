import { Injectable } from '@nestjs/common';

/** How scans' browser work ended, as counted by this instance. */
export const BROWSER_OUTCOMES = ['rendered', 'unavailable', 'busy', 'refused_full_queue', 'timed_out'] as const;
export type BrowserOutcome = (typeof BROWSER_OUTCOMES)[number];

/**
 * Counters of the rendered website audit on this instance, for logs and metrics (a Prometheus
 * exporter reads `snapshot()`): scans' outcomes, jobs this instance's browser ran, and the
 * contexts running now. The queue's length is shared by every instance and read from PostgreSQL.
 */
@Injectable()
export class BrowserAuditMetrics {
  private readonly outcomes = Object.fromEntries(BROWSER_OUTCOMES.map((o) => [o, 0])) as Record<BrowserOutcome, number>;
  private jobsRun = 0;
  private jobsFailed = 0;
  private running = 0;
  private jobsShared = 0;
  private readonly durations: number[] = [];

  outcome(kind: BrowserOutcome): void {
    this.outcomes[kind] += 1;
  }

  jobStarted(): void {
    this.running += 1;
  }

  jobEnded(ok: boolean, durationMs: number): void {
    this.running = Math.max(0, this.running - 1);
    if (ok) this.jobsRun += 1;
    else this.jobsFailed += 1;
    this.durations.push(durationMs);
    if (this.durations.length > 1_000) this.durations.shift();
  }

  /** Jobs ended at their fair share because others waited (fair-share.rules.ts). */
  sharedBrowser(jobs: number): void {
    this.jobsShared += jobs;
  }

  get runningContexts(): number {
    return this.running;
  }

  snapshot(): { outcomes: Record<BrowserOutcome, number>; jobsRun: number; jobsFailed: number; jobsShared: number; runningJobs: number; recentJobMs: number[] } {
    return { outcomes: { ...this.outcomes }, jobsRun: this.jobsRun, jobsFailed: this.jobsFailed, jobsShared: this.jobsShared, runningJobs: this.running, recentJobMs: [...this.durations] };
  }
}
