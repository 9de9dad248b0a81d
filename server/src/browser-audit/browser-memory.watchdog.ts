import { GroupSample, sampleGroup } from './browser-process-group.util';

/** How often the watchdog reads the browser's processes while it loads pages (a memory bomb grows about 0.5–1 GB a second; 250 ms lets it overshoot by a few hundred MB at most). */
export const WATCHDOG_INTERVAL_MS = 250;

/**
 * Processes the audit browser may run at once. Two visits need about 13 (measured: the browser's
 * own 7, a renderer and a utility process per page); popups are blocked and any extra page is
 * closed at once; 40 leaves room for a page's cross-site frames (a renderer per site) and stops a
 * storm of them long before the 759 processes a popup storm reached without these bounds.
 */
export const MAX_BROWSER_PROCESSES = 40;

export type Overrun = 'memory' | 'processes';

/**
 * After the watchdog ended a renderer (`contain`), how long the browser has to come back under its
 * memory limit before the watchdog judges again. The kernel frees a killed process's memory at
 * once; 1 s covers a loaded machine's slow /proc reads.
 */
export const RECOVERY_MS = 1_000;
/**
 * Renderers the watchdog ends one after the other while the browser stays over its memory limit,
 * before it kills the whole group: a bomb's two visits (plain and Global Privacy Control) each have
 * their own renderer, and so may a cross-site frame of it.
 */
export const MAX_RENDERERS_ENDED = 4;

export interface WatchdogLimits {
  maxMemoryBytes: number;
  maxProcesses: number;
}

/**
 * Watches one browser's process group while it loads pages: a few times a second it sums the
 * group's anonymous memory and counts its processes. Past the memory limit it first ends the
 * renderer at fault (`contain`), so other scans' pages in the same browser go on; if that does not
 * bring the browser back (MAX_RENDERERS_ENDED), or past the process limit, it calls `onOverrun` once
 * (the owner kills the group) and `ended` resolves with which limit. Sampling reads /proc through the
 * thread pool, so it never blocks the event loop; a pass over about a hundred processes costs a
 * few milliseconds there.
 */
export class BrowserMemoryWatchdog {
  readonly ended: Promise<Overrun>;
  /** The largest figures seen (for the log and the bench). */
  readonly peak: GroupSample = { processes: 0, anonymousBytes: 0 };
  private timer?: NodeJS.Timeout;
  private sampling = false;
  private fire!: (overrun: Overrun) => void;
  private fired = false;
  /** Renderers ended since the browser was last within its memory limit, and when the last one was. */
  private renderersEnded = 0;
  private endedAt?: number;
  private bytesAtEnd = 0;

  /**
   * `contain`, when given, is tried first on a memory overrun: it ends the renderer holding the most
   * memory alone (true when it ended one); RECOVERY_MS later, still over, the next one, up to
   * MAX_RENDERERS_ENDED. The whole group is killed (`onOverrun`) when that is not enough or nothing
   * could be ended, and at once for too many processes.
   */
  constructor(
    private readonly group: number,
    private readonly limits: WatchdogLimits,
    private readonly onOverrun: (overrun: Overrun, sample: GroupSample) => void,
    private readonly contain?: (sample: GroupSample) => Promise<boolean>,
    /** How the group is read (the tests give a reading of their own). */
    private readonly read: (group: number) => Promise<GroupSample> = sampleGroup,
  ) {
    this.ended = new Promise((resolve) => (this.fire = resolve));
  }

  start(): this {
    this.timer ??= setInterval(() => void this.sample(), WATCHDOG_INTERVAL_MS);
    this.timer.unref();
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One reading; exported for the tests. Past a limit: stops and reports once. */
  async sample(): Promise<GroupSample | undefined> {
    if (this.sampling || this.fired) return undefined;
    this.sampling = true;
    try {
      const sample = await this.read(this.group);
      this.peak.processes = Math.max(this.peak.processes, sample.processes);
      this.peak.anonymousBytes = Math.max(this.peak.anonymousBytes, sample.anonymousBytes);
      const overrun: Overrun | undefined =
        sample.anonymousBytes > this.limits.maxMemoryBytes ? 'memory' : sample.processes > this.limits.maxProcesses ? 'processes' : undefined;
      if (sample.anonymousBytes <= this.limits.maxMemoryBytes) {
        this.renderersEnded = 0;
        this.endedAt = undefined;
      }
      if (overrun === 'memory' && this.contain) {
        // Ended a renderer moments ago: the browser gets its time to come back under the limit,
        // unless it grew meanwhile (another renderer allocating, a bomb's second visit): then the next goes at once.
        if (this.endedAt !== undefined && Date.now() < this.endedAt + RECOVERY_MS && sample.anonymousBytes <= this.bytesAtEnd) return sample;
        if (this.renderersEnded < MAX_RENDERERS_ENDED && (await this.contain(sample))) {
          this.renderersEnded += 1;
          this.endedAt = Date.now();
          this.bytesAtEnd = sample.anonymousBytes;
          return sample;
        }
      }
      if (overrun && !this.fired) {
        this.fired = true;
        this.stop();
        this.onOverrun(overrun, sample);
        this.fire(overrun);
      }
      return sample;
    } finally {
      this.sampling = false;
    }
  }
}
