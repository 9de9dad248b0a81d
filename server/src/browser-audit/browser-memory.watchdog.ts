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

export interface WatchdogLimits {
  maxMemoryBytes: number;
  maxProcesses: number;
}

/**
 * Watches one browser's process group while it loads pages: a few times a second it sums the
 * group's anonymous memory and counts its processes; past a limit it calls `onOverrun` once (the
 * owner kills the group) and `ended` resolves with which limit. Sampling reads /proc through the
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

  constructor(
    private readonly group: number,
    private readonly limits: WatchdogLimits,
    private readonly onOverrun: (overrun: Overrun, sample: GroupSample) => void,
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
      const sample = await sampleGroup(this.group);
      this.peak.processes = Math.max(this.peak.processes, sample.processes);
      this.peak.anonymousBytes = Math.max(this.peak.anonymousBytes, sample.anonymousBytes);
      const overrun: Overrun | undefined =
        sample.anonymousBytes > this.limits.maxMemoryBytes ? 'memory' : sample.processes > this.limits.maxProcesses ? 'processes' : undefined;
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
