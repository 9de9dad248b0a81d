import { Inject, Injectable } from '@nestjs/common';
import { ServiceBusyException } from '../common/http/service-busy.exception';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { BrowserAuditMetrics } from './browser-audit.metrics';
import { BrowserJobListener } from './browser-job.listener';
import { BrowserJobRepository } from './browser-job.repository';
import { browserPriority, BrowserPriority, PRIORITY_RANK } from './browser-priority.rules';
import { isRenderedCapture, type RenderedCapture } from './capture.types';

/** A worker that has not shown life for this long is taken as gone. */
export const WORKER_FRESH_SECONDS = 30;
const POLL_MS = 500;
/** After its budget, a claimed job gets this much more before the scan stops waiting for it. */
const ANSWER_GRACE_MS = 5_000;

export const BROWSER_MESSAGES = {
  disabled: 'Loading pages in a browser is turned off on this server (BROWSER_AUDIT=false)',
  noBrowser: 'Chromium is not available on this server',
  busy: 'The server was busy loading other websites in its browser and could not start this one in time. Try again in a minute',
  noAnswer: 'The browser did not finish loading the page in time',
  unstorable: "The browser loaded the page, but its record of the page could not be stored",
  malformed: "The browser's record of the page was not in the expected form",
  queueFull: 'The server is busy auditing other websites in its browser. Please try again in a minute.',
  memory: 'The page used more memory than the audit allows, so the browser was stopped',
  processes: 'The page started more browser processes than the audit allows, so the browser was stopped',
  overdue: 'The page kept the browser busy past the time the audit allows, so the browser was stopped',
  /** The same limits, when ending the page's own renderer was enough and the browser went on for other scans. */
  memoryVisit: 'The page used more memory than the audit allows, so its visit was stopped',
  overdueVisit: 'The page kept the browser busy past the time the audit allows, so its visit was stopped',
  crashed: 'The page crashed the browser tab it was loaded in',
} as const;

/** How a scan's browser work ended. */
export type RenderOutcome =
  | { kind: 'rendered'; capture: RenderedCapture }
  /** No browser could load it: none installed or started, turned off, or it failed. */
  | { kind: 'unavailable'; reason: string }
  /** Queued, but no browser was free by the job's claim_by (TUNING.browserQueueWaitMs, or later when a worker promised one). */
  | { kind: 'busy'; reason: string }
  /** The scan's time ran out first. */
  | { kind: 'timed_out'; reason: string };

/**
 * The scan's side of the browser queue. A scan queues its page in PostgreSQL; any instance with a
 * free browser (BrowserWorker, this one included) claims it, loads it and stores the capture;
 * the scan hears of it (LISTEN/NOTIFY, or its poll), reads it and deletes the row. When no
 * browser exists at all the answer is immediate: the website check then analyses the page
 * without running its scripts.
 */
@Injectable()
export class BrowserAuditService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: BrowserJobRepository,
    private readonly listener: BrowserJobListener,
    private readonly metrics: BrowserAuditMetrics,
  ) {}

  /**
   * How long a scan's browser work may take at most: waiting for a browser, then both visits. A
   * monitor's page (browser-priority.rules.ts) waits longer: nobody watches it, and it goes behind people's.
   */
  get maxWaitMs(): number {
    return this.queueWaitMs(browserPriority()) + this.config.browserAudit.timeoutMs + 1_000;
  }

  private queueWaitMs(priority: BrowserPriority): number {
    return priority === 'background' ? this.config.browserAudit.backgroundWaitMs : this.config.browserAudit.queueWaitMs;
  }

  /**
   * Whether a monitor may queue a page now: only while the pages monitors already queued are fewer
   * than the browsers there are. Due website monitors then wait in their own table rather than in
   * the queue people's scans use. True when no browser exists at all (the website check then falls
   * back at once, queuing nothing).
   */
  async roomForBackground(): Promise<boolean> {
    if (!this.config.browserAudit.enabled) return true;
    const { capacity, queued } = await this.jobs.capacityAndQueued(WORKER_FRESH_SECONDS, PRIORITY_RANK.background);
    return capacity === 0 || queued < capacity;
  }

  /**
   * Refuses a website scan before anything of it is done when the shared queue is full: 503 with
   * Retry-After, no quota used. Without a browser anywhere nothing is queued, so nothing refuses.
   * Monitors' pages are bounded apart (roomForBackground): only people's count here.
   */
  async assertCapacity(): Promise<void> {
    if (!this.config.browserAudit.enabled) return;
    if ((await this.jobs.queuedCount(PRIORITY_RANK.person)) < this.config.browserAudit.maxQueued) return;
    if ((await this.jobs.liveCapacity(WORKER_FRESH_SECONDS)) === 0) return;
    this.metrics.outcome('refused_full_queue');
    throw new ServiceBusyException(30, BROWSER_MESSAGES.queueFull);
  }

  async render(url: string, signal: AbortSignal): Promise<RenderOutcome> {
    const outcome = await this.queueAndWait(url, signal);
    this.metrics.outcome(outcome.kind);
    return outcome;
  }

  private async queueAndWait(url: string, signal: AbortSignal): Promise<RenderOutcome> {
    const { enabled, timeoutMs } = this.config.browserAudit;
    const priority = browserPriority();
    const queueWaitMs = this.queueWaitMs(priority);
    if (!enabled) return { kind: 'unavailable', reason: BROWSER_MESSAGES.disabled };
    if ((await this.jobs.liveCapacity(WORKER_FRESH_SECONDS)) === 0) return { kind: 'unavailable', reason: BROWSER_MESSAGES.noBrowser };
    const id = randomUUID();
    await this.listener.start();
    // Claimed within the queue wait, or later when a worker promises a browser by then (fair-share.rules.ts); answered within the queue wait plus the budget.
    await this.jobs.enqueue(id, url, timeoutMs, queueWaitMs, queueWaitMs + timeoutMs, PRIORITY_RANK[priority]);
    try {
      return await new Promise<RenderOutcome>((resolve) => {
        let settled = false;
        let checking = false;
        const settle = (outcome: RenderOutcome) => {
          if (settled) return;
          settled = true;
          clearInterval(timer);
          stopListening();
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        };
        const check = async () => {
          if (settled || checking) return;
          checking = true;
          try {
            // Both limits on the row, on the database's clock: a worker may have moved claim_by under its promise.
            const job = await this.jobs.read(id, ANSWER_GRACE_MS);
            if (!job) settle({ kind: 'unavailable', reason: BROWSER_MESSAGES.noAnswer });
            else if (job.status === 'done') settle(isRenderedCapture(job.result) ? { kind: 'rendered', capture: job.result } : { kind: 'unavailable', reason: BROWSER_MESSAGES.malformed });
            else if (job.status === 'failed') settle({ kind: 'unavailable', reason: (job.result as { unavailable?: string } | null)?.unavailable ?? BROWSER_MESSAGES.noAnswer });
            else if (job.unclaimable) settle({ kind: 'busy', reason: BROWSER_MESSAGES.busy });
            else if (job.late) settle({ kind: 'unavailable', reason: BROWSER_MESSAGES.noAnswer });
          } catch {
            // the database hiccuped: the next poll asks again
          } finally {
            checking = false;
          }
        };
        const onAbort = () => settle({ kind: 'timed_out', reason: BROWSER_MESSAGES.noAnswer });
        const stopListening = this.listener.on((payload) => {
          if (payload === `done:${id}`) void check();
        });
        const timer = setInterval(() => void check(), POLL_MS);
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      });
    } finally {
      await this.jobs.remove(id).catch(() => undefined);
    }
  }
}
