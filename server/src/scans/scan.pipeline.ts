import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { Deadline } from '../common/deadline.util';
import { MetricsService } from '../common/metrics/metrics.service';
import type { Histogram } from 'prom-client';
import type { ClassifiedScanInput } from '../browser-shared/scan-input.rules';
import { contributesFindings } from '../vocabulary/check.types';
import { BrowserAuditService } from '../browser-audit/browser-audit.service';
import type { CheckReport } from './result/analysis.types';
import type { CheckContext, CheckMeta, CheckOutcome, ScanCheck, ScanScope, ScanViewer } from './checks/scan-check.types';
import { withAnswerCoverage } from './checks/answer-coverage.rules';
import { type CheckId, SCAN_CHECKS } from './checks/scan-checks.registry';

/** A check the pipeline runs: one of the registered ones. */
type PipelineCheck = ScanCheck<CheckId>;

export interface CheckRun {
  meta: CheckMeta<CheckId>;
  outcome: CheckOutcome;
  report: CheckReport;
}

/**
 * Runs every check that applies to an input in parallel. Each check has its own time limit and
 * the whole scan one more; a check that overruns is reported as timed out (its late answer is
 * ignored), one that throws as unavailable. Nothing here is guessed: a check that did not run
 * contributes no findings.
 */
@Injectable()
export class ScanPipeline {
  private readonly logger = new Logger(ScanPipeline.name);
  private readonly scanDuration: Histogram<'input'>;
  private readonly checkDuration: Histogram<'check' | 'status'>;

  constructor(
    @Inject(SCAN_CHECKS) private readonly checks: readonly PipelineCheck[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly browser: BrowserAuditService,
    metrics: MetricsService,
  ) {
    this.scanDuration = metrics.histogram('scan_duration_seconds', 'Privacy scans run by this instance (visitors, users, API tokens and monitor runs), by input kind: email, url or social.', ['input'] as const);
    this.checkDuration = metrics.histogram(
      'scan_check_duration_seconds',
      'Checks of the privacy scans, by check and outcome: ok, partial, not_configured, unavailable, rate_limited, timed_out or not_applicable.',
      ['check', 'status'] as const,
    );
  }

  applicableChecks(input: ClassifiedScanInput): PipelineCheck[] {
    return this.checks.filter((check) => check.appliesTo(input));
  }

  async run(input: ClassifiedScanInput, viewer: ScanViewer, onCheck: (report: CheckReport) => void = () => undefined): Promise<CheckRun[]> {
    const { checkTimeoutMs } = this.config.scans;
    const checks = this.applicableChecks(input);
    // A scan that waits for the audit browser may take as long as that takes (queue wait plus budget).
    const browserMs = this.browser.maxWaitMs + checkTimeoutMs;
    const scanTimeoutMs = Math.max(this.config.scans.scanTimeoutMs, checks.some((c) => c.meta.budget === 'browser') ? browserMs : 0);
    const scanDeadline = new Deadline(scanTimeoutMs);
    const startedAt = Date.now();
    const shared = scanScope();
    const endScan = this.scanDuration.startTimer({ input: input.kind });
    const runs = await Promise.all(
      checks.map(async (check) => {
        const started = performance.now();
        const { budget } = check.meta;
        const own = budget === 'browser' ? browserMs : budget === 'scan' ? scanTimeoutMs : checkTimeoutMs;
        const budgetMs = Math.min(own, scanTimeoutMs);
        const checkDeadline = budget === 'scan' ? undefined : new Deadline(budgetMs, scanDeadline.signal);
        const signal = checkDeadline?.signal ?? scanDeadline.signal;
        // The one coverage rule of every multi-source check: short of answers is partial, not clean.
        const outcome = withAnswerCoverage(
          await this.runOne(check, input, { signal, scanSignal: scanDeadline.signal, shared, deadline: startedAt + budgetMs, viewer }).finally(() => checkDeadline?.clear()),
          check.meta.id === 'username' ? 'sites' : 'sources',
        );
        const report: CheckReport = {
          id: check.meta.id,
          label: check.label,
          status: outcome.status,
          ...(outcome.message ? { message: outcome.message } : {}),
          ...(outcome.retryAfterSeconds !== undefined ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}),
          ...(outcome.sources ? { sources: outcome.sources } : {}),
          ...(outcome.answers ? { answers: outcome.answers } : {}),
          findings: contributesFindings(outcome.status) ? outcome.findings.length : 0,
          durationMs: Math.round(performance.now() - started),
        };
        this.checkDuration.observe({ check: check.meta.id, status: outcome.status }, (performance.now() - started) / 1000);
        onCheck(report);
        return { meta: check.meta, outcome: contributesFindings(outcome.status) ? outcome : { ...outcome, findings: [] }, report };
      }),
    ).finally(() => scanDeadline.clear());
    endScan();
    return runs;
  }

  private async runOne(check: PipelineCheck, input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome> {
    const { signal } = context;
    let onAbort: (() => void) | undefined;
    const timedOut = new Promise<CheckOutcome>((resolve) => {
      onAbort = () => resolve({ status: 'timed_out', message: 'The check took too long and was stopped.', findings: [] });
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    const attempt = check.run(input, context).catch((err: unknown): CheckOutcome => {
      if (signal.aborted) return { status: 'timed_out', message: 'The check took too long and was stopped.', findings: [] };
      // Never log the input: only which check failed and the error's class.
      this.logger.error(`check ${check.meta.id} failed: ${err instanceof Error ? err.name : 'unknown error'}`);
      return { status: 'unavailable', message: 'The check failed unexpectedly.', findings: [] };
    });
    try {
      return await Promise.race([attempt, timedOut]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }
}

/** One scan's shared work: the first check to ask starts it, the others wait for the same promise. */
export function scanScope(): ScanScope {
  const work = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, start: () => Promise<T>): Promise<T> {
      let promise = work.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = start();
        work.set(key, promise);
      }
      return promise;
    },
  };
}
