import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { storableJson } from '../common/database/storable-json.util';
import { BrowserAuditMetrics } from './browser-audit.metrics';
import { BROWSER_MESSAGES } from './browser-audit.service';
import { BrowserJobListener } from './browser-job.listener';
import { BrowserJobRepository, ClaimedJob } from './browser-job.repository';
import { BrowserUnavailableError, ChromiumLauncher } from './chromium.launcher';
import { FAIRNESS_POLL_MS, JobClock, lateBudget, promisedClaimBy, promisedReleases } from './fair-share.rules';
import { PRIORITY_RANK } from './browser-priority.rules';
import { KILL_AFTER_DEADLINE_MS, RenderedAuditRunner, VisitEndedError } from './rendered-audit.runner';

const HEARTBEAT_MS = 10_000;
const POLL_MS = 2_000;
const PURGE_MS = 60_000;
/** After Chromium failed to start, this instance offers no browser for this long, then tries again. */
const PAUSE_AFTER_FAILURE_MS = 60_000;

/**
 * This instance's share of the browser work: while it has a free context (BROWSER_CONCURRENCY),
 * it claims the oldest queued job of any instance (FOR UPDATE SKIP LOCKED), loads the page and
 * stores the capture. It tells the others it exists with a heartbeat row; an instance whose
 * Chromium is missing or does not start offers nothing, so scans fall back at once.
 */
@Injectable()
export class BrowserWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly logger = new Logger(BrowserWorker.name);
  private readonly timers: NodeJS.Timeout[] = [];
  private active = 0;
  private pausedUntil = 0;
  private pumping = false;
  private stopped = true;
  private stopListening?: () => void;
  /** The clocks of the jobs this instance runs (fair-share.rules.ts). */
  private readonly clocks = new Set<JobClock>();
  private askingFairness = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: BrowserJobRepository,
    private readonly listener: BrowserJobListener,
    private readonly launcher: ChromiumLauncher,
    private readonly runner: RenderedAuditRunner,
    private readonly metrics: BrowserAuditMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { enabled, concurrency } = this.config.browserAudit;
    if (!enabled || concurrency === 0 || !this.config.databaseUrl) return;
    if (!(await this.launcher.installed())) {
      this.logger.warn(`Chromium is not installed at ${this.config.browserAudit.executable}: websites are analysed without running their scripts`);
      return;
    }
    this.stopped = false;
    await this.heartbeat();
    await this.listener.start();
    this.stopListening = this.listener.on((payload) => {
      if (payload === 'queued') void this.pump();
    });
    this.every(HEARTBEAT_MS, () => this.heartbeat());
    this.every(POLL_MS, () => this.pump());
    this.every(PURGE_MS, () => this.jobs.purge());
    this.every(FAIRNESS_POLL_MS, () => this.shareFairly());
    // Started now rather than by the first scan; one that does not start takes this instance out of the pool for a while.
    void this.launcher.browser().catch(() => this.pause());
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.stopListening?.();
    await this.jobs.removeWorker(this.id).catch(() => undefined);
  }

  /** Claims jobs while a context is free. */
  async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      while (!this.stopped && this.active < this.config.browserAudit.concurrency && Date.now() >= this.pausedUntil) {
        const job = await this.jobs.claim(this.id);
        if (!job) break;
        this.active += 1;
        void this.run(job);
      }
    } catch (err) {
      this.logger.warn(`could not claim browser work: ${err instanceof Error ? err.message : 'unknown error'}`);
    } finally {
      this.pumping = false;
    }
  }

  private async run(job: ClaimedJob): Promise<void> {
    const started = Date.now();
    this.metrics.jobStarted();
    let ok = false;
    try {
      let clock: JobClock | undefined;
      // A job claimed late under a promise (fair-share.rules.ts) runs only until its scan stops waiting.
      const captured = await this.runner
        .run(job.url, lateBudget(job.budgetMs, job.answerInMs), (started) => {
          clock = started;
          this.clocks.add(started);
        })
        .finally(() => clock && this.clocks.delete(clock));
      // What the page put in it (a NUL in a storage key, half a surrogate pair in a body) must not fail the write.
      const { value: capture, replaced } = storableJson(captured);
      if (replaced > 0) capture.replacedCharacters = replaced;
      try {
        await this.jobs.finish(job.id, this.id, 'done', capture);
        ok = true;
      } catch (err) {
        this.logger.error(`the capture of a page could not be stored: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`);
        await this.jobs.finish(job.id, this.id, 'failed', { unavailable: BROWSER_MESSAGES.unstorable }).catch(() => undefined);
        return;
      }
    } catch (err) {
      const unavailable = err instanceof BrowserUnavailableError || err instanceof VisitEndedError ? err.message : 'The page could not be loaded in the browser';
      if (err instanceof BrowserUnavailableError) await this.pause();
      else this.logger.error(`browser job failed: ${err instanceof Error ? err.name : 'unknown error'}`);
      await this.jobs.finish(job.id, this.id, 'failed', { unavailable }).catch(() => undefined);
    } finally {
      this.active -= 1;
      this.metrics.jobEnded(ok, Date.now() - started);
      void this.pump();
    }
  }

  /**
   * While this instance runs jobs: when a person's page waits for a browser (here or on any other
   * instance), every running job is ended at its fair share, so slow pages cannot hold the browsers
   * past the queue wait. Those deadlines (and the hard stop after them) are a promise of a browser
   * by a known time, recorded on the waiting jobs (their claim_by), so the scans wait for it rather
   * than fall back however slowly a loaded machine closes the pages. One cheap query a second, and
   * only while something runs.
   */
  async shareFairly(): Promise<void> {
    if (this.clocks.size === 0 || this.askingFairness) return;
    this.askingFairness = true;
    try {
      const waiting = await this.jobs.waiting(PRIORITY_RANK.person, this.clocks.size);
      if (waiting.length === 0) return;
      let moved = 0;
      for (const clock of this.clocks) if (clock.yieldToOthers()) moved += 1;
      if (moved > 0) this.metrics.sharedBrowser(moved);
      const releases = promisedReleases([...this.clocks].map((clock) => clock.deadline), KILL_AFTER_DEADLINE_MS);
      for (const [rank, job] of waiting.entries()) {
        const claimIn = promisedClaimBy(job.claimInMs, job.answerInMs, releases[rank]);
        if (claimIn > job.claimInMs) await this.jobs.extendClaim(job.id, claimIn);
      }
    } finally {
      this.askingFairness = false;
    }
  }

  private async pause(): Promise<void> {
    this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    await this.jobs.removeWorker(this.id).catch(() => undefined);
  }

  private async heartbeat(): Promise<void> {
    if (this.stopped || Date.now() < this.pausedUntil) return;
    await this.jobs.heartbeat(this.id, this.config.browserAudit.concurrency);
  }

  private every(ms: number, task: () => Promise<void>): void {
    const timer = setInterval(() => void task().catch(() => undefined), ms);
    timer.unref();
    this.timers.push(timer);
  }
}
