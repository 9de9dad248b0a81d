import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric of the app is named footprint_*; the process metrics keep prom-client's standard names. */
export const METRIC_PREFIX = 'footprint_';

/** Seconds buckets for request and scan durations: 5 ms to the scan's 15 s deadline and past it. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

/** What a work queue of this instance says about itself (an AdmissionQueue's stats, the browser's work). */
export interface QueueStats {
  /** Tasks running now. */
  active: number;
  /** Tasks waiting for a turn. */
  queued: number;
  /** Tasks refused since start (a full queue, a wait too long), when the queue refuses any. */
  refused?: number;
}

export interface GaugeSample<L extends string> {
  labels?: Partial<Record<L, string>>;
  value: number;
}

/**
 * The process's Prometheus registry (prom-client), one per app so that several apps in one process
 * (tests) never clash. Modules define their metrics here: counters and histograms they update as
 * things happen, and gauges read at scrape time (sourcedGauge) from where the truth lives.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger(MetricsService.name);
  private readonly queues = new Map<string, () => QueueStats>();
  private readonly beforeScrape: (() => void)[] = [];

  constructor() {
    // CPU, memory, heap, event loop lag, GC, handles, file descriptors, start time.
    collectDefaultMetrics({ register: this.registry });
    const queues = this.queues;
    this.sourcedGauge('queue_tasks', 'Work queues of this instance (scans, password hashes, browser work), by queue and state: running or queued.', ['queue', 'state'] as const, () =>
      [...queues].flatMap(([queue, stats]) => {
        const { active, queued } = stats();
        return [
          { labels: { queue, state: 'running' }, value: active },
          { labels: { queue, state: 'queued' }, value: queued },
        ];
      }),
    );
    this.sourcedCounter('queue_refused_total', 'Tasks a work queue of this instance refused (503: queue full or waited too long), by queue.', ['queue'] as const, () =>
      [...queues].map(([queue, stats]) => ({ labels: { queue }, value: stats().refused ?? 0 })),
    );
  }

  /**
   * A counter whose totals are kept elsewhere (a module's own tally since start), read at each
   * scrape. `read` answers the running totals, never less than before.
   */
  sourcedCounter<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => GaugeSample<L>[]): Counter<L> {
    return new Counter({
      name: METRIC_PREFIX + name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const sample of read()) {
          if (sample.labels) this.inc(sample.labels, sample.value);
          else this.inc(sample.value);
        }
      },
    });
  }

  /**
   * Reports a work queue in footprint_queue_tasks and footprint_queue_refused_total, read at each
   * scrape. Modules call this for their own queues (a name such as 'scans', 'password-hash', 'browser').
   */
  trackQueue(name: string, stats: () => QueueStats): void {
    this.queues.set(name, stats);
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name: METRIC_PREFIX + name, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[] = [], buckets = DURATION_BUCKETS): Histogram<L> {
    return new Histogram({ name: METRIC_PREFIX + name, help, labelNames, buckets, registers: [this.registry] });
  }

  gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    return new Gauge({ name: METRIC_PREFIX + name, help, labelNames, registers: [this.registry] });
  }

  /**
   * A gauge whose samples `read` gives at each scrape (a count in the database, a queue's length).
   * When the read fails (the database is down) the gauge has no samples in that scrape: a missing
   * series, never a stale value, and the rest of the scrape still answers.
   */
  sourcedGauge<L extends string>(name: string, help: string, labelNames: readonly L[], read: () => Promise<GaugeSample<L>[]> | GaugeSample<L>[]): Gauge<L> {
    const logger = this.logger;
    return new Gauge({
      name: METRIC_PREFIX + name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        let samples: GaugeSample<L>[] = [];
        try {
          samples = await read();
        } catch (err) {
          logger.debug(`metric ${name} could not be read: ${err instanceof Error ? err.message : 'unknown error'}`);
        }
        this.reset();
        // reset() leaves an unlabelled gauge at 0: remove that, so no sample means no series.
        if (labelNames.length === 0) this.remove();
        for (const sample of samples) {
          if (sample.labels) this.set(sample.labels, sample.value);
          else this.set(sample.value);
        }
      },
    });
  }

  /**
   * Runs `capture` at the start of every scrape, before any gauge is read: for state that the
   * scrape itself changes (the database pool, which the gauges' own queries use).
   */
  captureBeforeScrape(capture: () => void): void {
    this.beforeScrape.push(capture);
  }

  /** The exposition text and its content type (Prometheus text format 0.0.4). */
  async scrape(): Promise<{ contentType: string; body: string }> {
    for (const capture of this.beforeScrape) capture();
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
