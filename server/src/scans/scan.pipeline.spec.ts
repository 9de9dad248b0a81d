import { loadConfig } from '../common/config/app.config';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import type { CheckReport } from './result/analysis.types';
import type { CheckMeta, CheckOutcome, ScanCheck } from './checks/scan-check.types';
import type { CheckId } from './checks/scan-checks.registry';
import { MetricsService } from '../common/metrics/metrics.service';
import type { BrowserAuditService } from '../browser-audit/browser-audit.service';
import { ScanPipeline } from './scan.pipeline';

const input = classifyScanInput('jane@example.com');
const finding = { group: 'personalInfo', detail: { kind: 'risk', type: 'free_email_provider', value: 'x', source: 's', risk: 'low', evidence: { summary: 'seen' } } } as const;

type TestCheck = ScanCheck<CheckId>;
function check(id: CheckId, run: TestCheck['run'], appliesTo: TestCheck['appliesTo'] = () => true, meta: Partial<CheckMeta<CheckId>> = {}): TestCheck {
  return { meta: { id, label: id, noun: id, groups: ['metadata'], ...meta }, label: meta.label ?? id, appliesTo, run };
}
/** An answer after `ms`; with `signal`, none once it aborts (a check that stops when told, leaving no timer behind). */
const after = (ms: number, outcome: CheckOutcome, signal?: AbortSignal) =>
  new Promise<CheckOutcome>((resolve) => {
    const timer = setTimeout(() => resolve(outcome), ms);
    signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

function pipeline(checks: TestCheck[], checkTimeoutMs = 200, scanTimeoutMs = 1000) {
  const config = loadConfig({ SCAN_CHECK_TIMEOUT_MS: String(checkTimeoutMs), SCAN_TIMEOUT_MS: String(scanTimeoutMs) });
  return new ScanPipeline(checks, config, { maxWaitMs: 1_000 } as BrowserAuditService, new MetricsService());
}

describe('ScanPipeline', () => {
  it('runs only the checks that apply, all at once, reporting each as it finishes', async () => {
    const order: string[] = [];
    const p = pipeline([
      check('gravatar', () => after(60, { status: 'ok', findings: [finding] })),
      check('breaches', () => after(10, { status: 'ok', findings: [] })),
      check('url-input', () => after(0, { status: 'ok', findings: [] }), (i) => i.kind === 'url'),
    ]);
    const runs = await p.run(input, {}, (report: CheckReport) => order.push(report.id));
    expect(order).toEqual(['breaches', 'gravatar']);
    expect(runs.map((r) => r.report)).toEqual([
      expect.objectContaining({ id: 'gravatar', status: 'ok', findings: 1 }),
      expect.objectContaining({ id: 'breaches', status: 'ok', findings: 0 }),
    ]);
  });

  it('reports an overrunning check as timed out and ignores its late answer', async () => {
    const signals: AbortSignal[] = [];
    let late: Promise<CheckOutcome> | undefined;
    const p = pipeline([
      check('gravatar', (_i, { signal }) => {
        signals.push(signal);
        late = after(500, { status: 'ok', findings: [finding] });
        return late;
      }),
    ]);
    const [run] = await p.run(input, {});
    expect(run.report).toMatchObject({ status: 'timed_out', findings: 0 });
    expect(signals[0].aborted).toBe(true);
    // The answer comes after all, and changes nothing (awaited here, so no timer outlives the test).
    await late;
    expect(run.outcome.findings).toEqual([]);
  });

  it('stops every check at the scan-wide deadline even when each check allows longer', async () => {
    const p = pipeline([check('gravatar', (_i, { signal }) => after(800, { status: 'ok', findings: [] }, signal))], 5000, 150);
    const [run] = await p.run(input, {});
    expect(run.report.status).toBe('timed_out');
  });

  it("gives a 'scan'-budget check the scan's whole time and each check its deadline", async () => {
    const deadlines: Record<string, number> = {};
    const before = Date.now();
    const p = pipeline(
      [
        check('username', (_i, { deadline }) => ((deadlines.username = deadline), after(300, { status: 'ok', findings: [finding] })), undefined, { budget: 'scan' }),
        check('gravatar', (_i, { deadline }) => ((deadlines.gravatar = deadline), after(0, { status: 'ok', findings: [] }))),
      ],
      100,
      2000,
    );
    const runs = await p.run(input, {});
    // The username check outlived the 100 ms per-check limit; its deadline is the scan's.
    expect(runs[0].report).toMatchObject({ id: 'username', status: 'ok', findings: 1 });
    expect(deadlines.username - before).toBeGreaterThanOrEqual(2000);
    expect(deadlines.username - before).toBeLessThan(2000 + 1000);
    expect(deadlines.gravatar - before).toBeGreaterThanOrEqual(100);
    expect(deadlines.gravatar - before).toBeLessThan(100 + 1000);
  });

  it('turns a check that throws into unavailable without failing the scan', async () => {
    const p = pipeline([
      check('gravatar', async () => {
        throw new TypeError('boom');
      }),
      check('breaches', async () => ({ status: 'ok', findings: [finding] })),
    ]);
    const runs = await p.run(input, {});
    expect(runs[0].report).toMatchObject({ status: 'unavailable', message: 'The check failed unexpectedly.' });
    expect(runs[1].report.status).toBe('ok');
  });

  it('drops findings of a check that did not end ok', async () => {
    const p = pipeline([check('gravatar', async () => ({ status: 'rate_limited', message: 'slow down', retryAfterSeconds: 3, findings: [finding] }))]);
    const [run] = await p.run(input, {});
    expect(run.report).toMatchObject({ status: 'rate_limited', retryAfterSeconds: 3, findings: 0, message: 'slow down' });
    expect(run.outcome.findings).toEqual([]);
  });
});
