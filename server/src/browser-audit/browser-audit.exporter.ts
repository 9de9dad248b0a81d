import { Injectable, OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../common/metrics/metrics.service';
import { BROWSER_OUTCOMES, BrowserAuditMetrics } from './browser-audit.metrics';
import { BrowserJobRepository } from './browser-job.repository';

/** The rendered website audit's work in Prometheus's terms (GET /api/metrics, METRICS_PORT). */
@Injectable()
export class BrowserAuditExporter implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly audit: BrowserAuditMetrics,
    private readonly jobs: BrowserJobRepository,
  ) {}

  onModuleInit(): void {
    const { metrics, audit, jobs } = this;
    metrics.sourcedGauge('browser_jobs_queued', 'Website scans waiting for an audit browser (database-wide: every instance shares the queue).', [], async () => [{ value: await jobs.queuedCount() }]);
    metrics.sourcedGauge('browser_contexts_running', "Pages this instance's audit browser is loading now.", [], () => [{ value: audit.runningContexts }]);
    metrics.sourcedCounter('browser_jobs_total', "Browser jobs this instance's audit browser finished, by result: ok or failed.", ['result'] as const, () => {
      const { jobsRun, jobsFailed } = audit.snapshot();
      return [
        { labels: { result: 'ok' }, value: jobsRun },
        { labels: { result: 'failed' }, value: jobsFailed },
      ];
    });
    metrics.sourcedCounter('browser_jobs_shared_total', "Browser jobs this instance ended at their fair share of browser time because other people's scans were waiting.", [], () => [
      { value: audit.snapshot().jobsShared },
    ]);
    metrics.sourcedCounter(
      'browser_scan_outcomes_total',
      "How website scans of this instance fared with the audit browser: rendered, unavailable, busy (waited too long: analysed without scripts), refused_full_queue (503) or timed_out.",
      ['outcome'] as const,
      () => {
        const { outcomes } = audit.snapshot();
        return BROWSER_OUTCOMES.map((outcome) => ({ labels: { outcome }, value: outcomes[outcome] }));
      },
    );
  }
}
