import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { SsrfForwardProxy } from '../common/security/ssrf/forward.proxy';
import { BROWSER_MESSAGES } from './browser-audit.service';
import { BrowserMemoryWatchdog, MAX_BROWSER_PROCESSES, Overrun } from './browser-memory.watchdog';
import { killMember, largestRenderer, sampleGroup } from './browser-process-group.util';
import { MAX_CAPTURED_REQUESTS, PageVisit, RenderedCapture } from './capture.types';
import { ChromiumLauncher, RunningBrowser } from './chromium.launcher';
import { JobClock } from './fair-share.rules';
import { visitPage } from './page.visitor';

/**
 * What one visit may send out through its proxy session (request bodies, WebSocket and tunnel
 * bytes); then every further request of the visit is refused. Generous for forms and analytics
 * beacons, far below a flood (1,500 posts of 64 KB grew the server by a third of a GB).
 */
export const MAX_VISIT_UPLOAD_BYTES = 4 * 1024 * 1024;

/**
 * After the job's deadline, how long its visits may still take to close their contexts before the
 * browser is killed with all its processes: the time the scan itself still waits for the answer
 * (BrowserAuditService's ANSWER_GRACE_MS), after which nobody waits for it. Shorter grace (700 ms,
 * 2 s, 3 s) cut off ordinary slow pages on this shared machine at a load average of 10-24.
 */
export const KILL_AFTER_DEADLINE_MS = 5_000;

/**
 * After a job past its deadline and grace crashed its own pages' renderers (Page.crash), how long
 * its visits have to end before the whole browser is killed after all. Measured: a spinning page's
 * renderer is gone within 0.25 s, its context closed about 1 s later, on a loaded machine.
 */
export const ABANDON_WAIT_MS = 2_000;

/**
 * Processes the idle browser may have beyond its own (those it started with) before the next job:
 * a spare renderer Chromium keeps warm, and one still exiting. More means a visit left something
 * running, and the browser is replaced so the next visit starts clean.
 */
export const LEFTOVER_SLACK = 2;

/** The watchdog of one browser while jobs run in it. */
interface Watching {
  running: RunningBrowser;
  watchdog: BrowserMemoryWatchdog;
  /** Jobs that were running when a limit was passed (all of them end with the browser). */
  jobsAtOverrun: number;
  /** The kill after a limit was passed: settled once no process of the browser lives. */
  killed: Promise<number>;
  /** Renderers the watchdog ended alone for their memory (the browser went on). */
  renderersEnded: number;
}

/** Which limit ended the browser, for each scan that ran in it. */
function overrunMessage(overrun: Overrun, jobs: number): string {
  const message = overrun === 'memory' ? BROWSER_MESSAGES.memory : BROWSER_MESSAGES.processes;
  return jobs > 1 ? `${message} (this page or another one loaded in the same browser at that moment)` : message;
}

/** How long the last job waits for its pages' processes to exit before it kills the browser (sweep). */
export const SWEEP_WAIT_MS = 1_000;

/** A visit the server ended by killing the browser; its message is the scan's reason. */
export class VisitEndedError extends Error {}

/**
 * The browser work of one website scan: the plain visit and, beside it, a
 * second visit in a fresh context with Global Privacy Control on, each typing into the fields alike
 * (so key logging is compared under one rule). Each context has its own SSRF
 * proxy session (its own page-weight budget). Both together stay within the budget.
 */
@Injectable()
export class RenderedAuditRunner {
  private readonly logger = new Logger(RenderedAuditRunner.name);
  /** Jobs running now in this instance's browser. */
  private active = 0;
  /** The watchdog of the browser those jobs run in, while any runs. */
  private watching?: Watching;
  /** The first job's check of the idle browser (startClean), which the jobs that start beside it wait for. */
  private ready?: Promise<unknown>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly launcher: ChromiumLauncher,
    private readonly proxy: SsrfForwardProxy,
  ) {}

  /**
   * Throws BrowserUnavailableError when Chromium is missing or does not start. `onClock` receives
   * the job's clock once its budget starts, so the worker can end it at its fair share (fair-share.rules.ts).
   */
  async run(url: string, budgetMs = this.config.browserAudit.timeoutMs, onClock?: (clock: JobClock) => void): Promise<RenderedCapture> {
    // The first job on an idle browser checks that nothing of earlier visits runs; jobs that start
    // meanwhile wait for that check, so none of them starts in a browser about to be replaced.
    const first = this.active === 0;
    this.active += 1;
    let watching: Watching | undefined;
    try {
      let running: RunningBrowser;
      if (first) {
        const ready = this.launcher.running().then((found) => this.startClean(found));
        this.ready = ready;
        running = await ready;
      } else {
        await this.ready?.catch(() => undefined);
        running = await this.launcher.running();
      }
      watching = this.watch(running);
      const browser = running.browser;
      // The budget is the page's: starting Chromium (the first job, or after a crash) does not eat into it.
      const clock = new JobClock(Date.now(), budgetMs);
      onClock?.(clock);
      const userAgent = visitorUserAgent(browser.version());
      // Both visits at once, each in its own context with its own proxy session: each stays the
      // whole visit a person would (MIN_STAY_AFTER_LOAD_MS and more), and the pair still ends within
      // the one budget, or earlier at the job's fair share when others wait (fair-share.rules.ts).
      const abandon = new AbortController();
      const renderersEndedBefore = watching.renderersEnded;
      const visits = Promise.all([
        this.visit(browser, url, 'plain', clock.deadline, userAgent, clock.shortened, abandon.signal),
        this.visit(browser, url, 'gpc', clock.deadline, userAgent, clock.shortened, abandon.signal),
      ]);
      // Never waits on the browser past the deadline: a renderer that spins or hangs can hold a
      // Playwright call (and the context's close) forever, so then the whole browser is killed.
      const overdue = afterDeadline(clock, KILL_AFTER_DEADLINE_MS);
      const ended = await Promise.race([visits.then((pair) => ({ pair })), watching.watchdog.ended.then((overrun) => ({ overrun })), overdue.promise.then(() => ({ overdue: true as const }))]);
      overdue.cancel();
      if ('overdue' in ended) {
        // First only this job's pages: their renderers are crashed over the DevTools protocol and
        // their contexts closed, so the pages of other scans in the same browser go on.
        abandon.abort();
        const recovered = await Promise.race([visits.then(() => true, () => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), ABANDON_WAIT_MS).unref())]);
        if (recovered) throw new VisitEndedError(BROWSER_MESSAGES.overdueVisit);
      }
      if (!('pair' in ended)) {
        const message = 'overrun' in ended ? overrunMessage(ended.overrun, watching.jobsAtOverrun) : BROWSER_MESSAGES.overdue;
        // The visit did not end even so. Alone in the browser: killed now. Beside other jobs, their
        // pages are not ended for this one's: it stops waiting, and the last job out kills the
        // browser if anything is left (sweep), or the next job on the idle browser does (startClean).
        if ('overdue' in ended && this.active === 1) await this.launcher.kill(running, 'a visit did not end by its deadline');
        else await watching.killed;
        // Their Playwright calls fail now that the browser is gone; not waited on for long either.
        await Promise.race([visits.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        throw new VisitEndedError(message);
      }
      if (ended.pair.some((visit) => visit.crashed)) {
        // Its renderer ended: by the watchdog for its memory (the browser went on), or by the page itself.
        throw new VisitEndedError(watching.renderersEnded > renderersEndedBefore ? BROWSER_MESSAGES.memoryVisit : BROWSER_MESSAGES.crashed);
      }
      const capture = this.capture(ended.pair, browser.version(), clock);
      if (this.active === 1) {
        // The last job out checks that its pages' processes are gone (jobs that start meanwhile wait).
        const swept = this.sweep(running);
        this.ready = swept;
        await swept;
      }
      return capture;
    } finally {
      this.active -= 1;
      if (this.active === 0) {
        watching?.watchdog.stop();
        this.watching = undefined;
      }
    }
  }

  /**
   * Before a job on an idle browser: any process of an earlier visit still running (beyond the
   * browser's own and LEFTOVER_SLACK) is ended with the whole browser, and a fresh one starts.
   */
  private async startClean(running: RunningBrowser): Promise<RunningBrowser> {
    const { processes } = await sampleGroup(running.group);
    if (!running.used) {
      // No page has run in it yet, so nothing can be left over: what runs now is the browser's own.
      running.used = true;
      running.ownProcesses = Math.max(running.ownProcesses, processes);
      return running;
    }
    if (processes <= running.ownProcesses + LEFTOVER_SLACK) return running;
    await this.launcher.kill(running, `${processes - running.ownProcesses} processes of earlier visits were still running`);
    return this.launcher.running();
  }

  /**
   * After the last running job: its pages' renderers exit once their contexts are closed, within
   * moments; one that does not (a page that spins its main thread ignores the request to end)
   * would burn a core until Chromium gives up on it. Waited for up to SWEEP_WAIT_MS; then the
   * browser is killed with all its processes, before the scan's answer, and the next job starts a
   * fresh one.
   */
  private async sweep(running: RunningBrowser): Promise<void> {
    const until = Date.now() + SWEEP_WAIT_MS;
    for (;;) {
      const { processes } = await sampleGroup(running.group);
      if (processes <= running.ownProcesses + LEFTOVER_SLACK) return;
      if (Date.now() >= until) {
        await this.launcher.kill(running, `${processes - running.ownProcesses} processes of its pages were still running after their visits`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The watchdog of this browser, started by the first job that runs in it. */
  private watch(running: RunningBrowser): Watching {
    if (this.watching?.running === running) return this.watching;
    this.watching?.watchdog.stop();
    const limits = { maxMemoryBytes: this.config.browserAudit.maxMemoryBytes, maxProcesses: MAX_BROWSER_PROCESSES };
    const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
    const watching: Watching = {
      running,
      jobsAtOverrun: 0,
      renderersEnded: 0,
      killed: Promise.resolve(0),
      watchdog: new BrowserMemoryWatchdog(
        running.group,
        limits,
        (overrun, sample) => {
          watching.jobsAtOverrun = this.active;
          const what = overrun === 'memory' ? `${mb(sample.anonymousBytes)} of memory` : `${sample.processes} processes`;
          watching.killed = this.launcher.kill(running, `its pages used ${what}`);
        },
        // First the renderer holding the most memory alone: its page's visit ends, the others' go on.
        async (sample) => {
          const renderer = await largestRenderer(running.group);
          if (!renderer || !(await killMember(running.group, renderer.pid))) return false;
          watching.renderersEnded += 1;
          this.logger.warn(`ended one renderer of the audit browser: it held ${mb(renderer.anonymousBytes)} of the browser's ${mb(sample.anonymousBytes)}`);
          return true;
        },
      ),
    };
    this.watching = watching;
    watching.watchdog.start();
    return watching;
  }

  private capture([plain, gpcVisit]: PageVisit[], browserVersion: string, clock: JobClock): RenderedCapture {
    const loaded = !plain.refused && (plain.status !== undefined || plain.requests.length > 0);
    const gpc = loaded ? gpcVisit : undefined;
    return { plain, ...(gpc ? { gpc } : {}), browserVersion, ...(clock.wasShortened ? { sharedBrowser: true } : {}) };
  }

  private async visit(browser: import('playwright-core').Browser, url: string, kind: PageVisit['kind'], deadline: number, userAgent: string, shortened: AbortSignal, abandon: AbortSignal): Promise<PageVisit> {
    const proxy = await this.proxy.open({ maxBytes: this.config.browserAudit.maxPageBytes, maxUploadBytes: MAX_VISIT_UPLOAD_BYTES, maxRequests: MAX_CAPTURED_REQUESTS });
    try {
      return await visitPage(browser, { kind, url, deadline, proxy, typeIntoFields: true, userAgent, shortened, abandon });
    } finally {
      await proxy.close();
    }
  }
}

/** What a visitor's desktop Chrome sends (headless Chromium names itself HeadlessChrome, which sites treat differently). */
export function visitorUserAgent(version: string): string {
  const major = version.split('.')[0] || '130';
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

/** Resolves `graceMs` after the clock's deadline, following the deadline when the fair share moves it earlier. */
function afterDeadline(clock: JobClock, graceMs: number): { promise: Promise<void>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(resolve, Math.max(0, clock.deadline + graceMs - Date.now()));
  };
  arm();
  clock.shortened.addEventListener('abort', arm, { once: true });
  return {
    promise,
    cancel: () => {
      clearTimeout(timer);
      clock.shortened.removeEventListener('abort', arm);
    },
  };
}
