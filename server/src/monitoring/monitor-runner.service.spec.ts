import { Logger } from '@nestjs/common';
import { sampleBreach } from '../../../test/fakes/hibp';
import { AnalyticsService } from '../analytics/analytics.service';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { Clock } from '../common/clock/clock.service';
import { loadConfig } from '../common/config/app.config';
import { automock } from '../common/testing/automock.test-helpers';
import { MailService } from '../mail/mail.service';
import type { OutboxMessage } from '../mail/outbox-message.entity';
import { buildAnalysisResult } from '../scans/result/analysis-result.builder';
import { breachDetail } from '../scans/analysis/email-breaches.analyzer';
import type { CheckOutcome } from '../scans/checks/scan-check.types';
import { checkMetaOf, type CheckId } from '../scans/checks/scan-checks.registry';
import type { CheckRun } from '../scans/scan.pipeline';
import { ScansService } from '../scans/scans.service';
import type { Finding } from '../vocabulary/finding.types';
import { baselineKey, findingKey } from './monitor-changes.rules';
import { RUN_MESSAGES, MonitorRunner } from './monitor-runner.service';
import { RETRY_DELAYS_MS } from './monitor-schedule.rules';
import { ClaimedMonitor, FinishedRun, MonitorRepository } from './monitor.repository';
import { DomainWatcher } from './domain/domain-watcher.service';
import { WebsiteWatcher } from './website/website-watcher.service';

const NOW = new Date('2031-05-10T08:00:00.000Z');
const SCHEDULED = new Date('2031-05-10T07:59:00.000Z');
const EMAIL = 'jane@example.com';
const breachFinding = (name: string): Finding => ({ group: 'breaches', detail: breachDetail(sampleBreach({ Name: name, Title: `${name} Title` })) });

function run(id: CheckId, outcome: CheckOutcome): CheckRun {
  const meta = checkMetaOf(id);
  return { meta, outcome, report: { id, label: meta.label, status: outcome.status, findings: outcome.findings.length, durationMs: 1 } };
}

/** What the scan service answers a monitor: the check runs, and a result whose main check ran. */
function scanned(runs: CheckRun[]) {
  return { result: { coverage: { complete: true } } as never, runs };
}

function claimed(overrides: Partial<ClaimedMonitor> = {}): ClaimedMonitor {
  return {
    id: 'mon-1',
    userId: 'u1',
    type: 'weekly',
    scheduledAt: SCHEDULED,
    failedAttempts: 0,
    activeBefore: 0,
    runId: 'run-1',
    leaseToken: 'lease-1',
    userEmail: EMAIL,
    plan: { tier: 'pro', expiresAt: null },
    targets: [{ kind: 'email', value: EMAIL }],
    knownKeys: new Set(),
    ...overrides,
  };
}

function setup(breaches: Finding[] = [breachFinding('Adobe')]) {
  const monitors = automock(MonitorRepository);
  const scans = automock(ScansService);
  const mail = automock(MailService);
  const analytics = automock(AnalyticsService);
  const clock = automock(Clock);
  clock.now.mockReturnValue(NOW);
  scans.runForMonitor.mockImplementation(async () => scanned([run('breaches', { status: 'ok', findings: breaches })]));
  monitors.finishRun.mockResolvedValue({});
  mail.outboxRow.mockImplementation((message) => ({ recipient: message.to, subject: message.subject }) as never);
  const runner = new MonitorRunner(monitors, scans, automock(WebsiteWatcher), automock(DomainWatcher), mail, analytics, clock, loadConfig({ PUBLIC_URL: 'https://footprint.test' }));
  const finished = () => monitors.finishRun.mock.calls.at(-1)![0] as FinishedRun;
  return { runner, monitors, scans, mail, analytics, finished };
}

describe('MonitorRunner', () => {
  // The services log what they do; not here.
  beforeAll(() => Logger.overrideLogger(false));

  it('scans each verified target as the owner, and records a first run as the starting point without an alert', async () => {
    const { runner, scans, finished, mail } = setup();
    expect(await runner.run(claimed({ targets: [{ kind: 'email', value: EMAIL }, { kind: 'handle', value: '@jane' }] }))).toBe('succeeded');
    expect(scans.runForMonitor.mock.calls.map(([, , input, viewer]) => [input, viewer])).toEqual([
      [classifyScanInput(EMAIL), { userId: 'u1', verifiedEmail: EMAIL }],
      [classifyScanInput('@jane'), { userId: 'u1' }],
    ]);
    const done = finished();
    expect(done).toMatchObject({ monitorId: 'mon-1', leaseToken: 'lease-1', runId: 'run-1', status: 'succeeded', newItems: 0, finishedAt: NOW });
    expect(done.knownKeys).toEqual(expect.arrayContaining([baselineKey('email', EMAIL, 'breaches')]));
    expect(done.notice).toBeUndefined();
    expect(mail.outboxRow).not.toHaveBeenCalled();
    // The next regular run is a week after the scheduled time.
    expect(done.schedule).toEqual({ nextRunAt: new Date(SCHEDULED.getTime() + 7 * 24 * 3600_000), scheduledAt: new Date(SCHEDULED.getTime() + 7 * 24 * 3600_000), failedAttempts: 0 });
  });

  it('alerts a new breach once: a notice and an email committed with the run, then delivered and counted', async () => {
    const old = breachFinding('Adobe');
    const { runner, monitors, mail, analytics, finished } = setup([old, breachFinding('Canva')]);
    const stored = { id: 'mail-1' } as OutboxMessage;
    monitors.finishRun.mockResolvedValue({ mail: stored });
    const known = new Set([baselineKey('email', EMAIL, 'breaches'), findingKey('email', EMAIL, old)]);
    expect(await runner.run(claimed({ knownKeys: known }))).toBe('succeeded');
    const done = finished();
    expect(done.newItems).toBe(1);
    expect(done.notice).toMatchObject({ userId: 'u1', items: [expect.objectContaining({ kind: 'breach', target: EMAIL, title: 'Canva Title' })] });
    expect(mail.outboxRow).toHaveBeenCalledWith(expect.objectContaining({ to: EMAIL, text: expect.stringContaining('https://footprint.test/monitoring') }));
    expect(done.mail).toEqual({ recipient: EMAIL, subject: expect.any(String) });
    expect(mail.deliverStored).toHaveBeenCalledWith(stored);
    expect(analytics.record).toHaveBeenCalledWith('u1', 'email_sent', { email_type: 'monitor_alert', recipient: 'account' });
  });

  it('fails and retries when a watched check it has a starting point for could not run', async () => {
    const { runner, scans, finished } = setup();
    scans.runForMonitor.mockResolvedValue(scanned([run('breaches', { status: 'unavailable', message: 'down', findings: [] })]));
    expect(await runner.run(claimed({ knownKeys: new Set([baselineKey('email', EMAIL, 'breaches')]) }))).toBe('failed');
    expect(finished()).toMatchObject({
      status: 'failed',
      summary: expect.stringContaining('could not run (unavailable)'),
      schedule: { nextRunAt: new Date(NOW.getTime() + RETRY_DELAYS_MS[0]), scheduledAt: SCHEDULED, failedAttempts: 1 },
    });
  });

  it('fails and retries when a target\'s result is incomplete: never a starting point, never "No changes"', async () => {
    const { runner, scans, finished } = setup();
    const runs = [run('breaches', { status: 'rate_limited', message: 'slow down', findings: [] }), run('gravatar', { status: 'ok', findings: [] })];
    const result = buildAnalysisResult({ input: classifyScanInput(EMAIL), viewer: { userId: 'u1' }, runs, startedAt: NOW, completedAt: NOW });
    scans.runForMonitor.mockResolvedValue({ result, runs });
    // No starting point yet: a first run without its main check is no first run.
    expect(await runner.run(claimed())).toBe('failed');
    expect(finished()).toMatchObject({
      status: 'failed',
      summary: `"${checkMetaOf('breaches').label}" could not run (rate limited); the monitor will try again.`,
      schedule: { nextRunAt: new Date(NOW.getTime() + RETRY_DELAYS_MS[0]), failedAttempts: 1 },
    });
    expect(finished().knownKeys).toBeUndefined();
  });

  it('records a run that broke as failed, without the target in the summary', async () => {
    const { runner, scans, finished } = setup();
    scans.runForMonitor.mockRejectedValue(new TypeError('boom'));
    expect(await runner.run(claimed())).toBe('failed');
    expect(finished()).toMatchObject({ status: 'failed', summary: RUN_MESSAGES.unexpected, newItems: 0 });
  });

  it.each([
    [{ plan: { tier: 'free', expiresAt: null } }, RUN_MESSAGES.planEnded],
    [{ plan: { tier: 'pro', expiresAt: new Date(NOW.getTime() - 1000) } }, RUN_MESSAGES.planEnded],
    [{ plan: { tier: 'plus', expiresAt: null }, activeBefore: 1 }, RUN_MESSAGES.overLimit(1)],
  ] as const)('pauses a monitor its plan no longer allows (%o) without scanning', async (overrides, summary) => {
    const { runner, scans, finished } = setup();
    expect(await runner.run(claimed(overrides as Partial<ClaimedMonitor>))).toBe('failed');
    expect(scans.runForMonitor).not.toHaveBeenCalled();
    expect(finished()).toMatchObject({ status: 'failed', summary, deactivate: true });
  });

  it('gives up on a run that kept stopping the server until the next regular time', async () => {
    const { runner, scans, finished } = setup();
    expect(await runner.run(claimed({ failedAttempts: RETRY_DELAYS_MS.length + 1 }))).toBe('failed');
    expect(scans.runForMonitor).not.toHaveBeenCalled();
    expect(finished()).toMatchObject({ summary: RUN_MESSAGES.givenUp, schedule: { failedAttempts: 0 } });
  });

  it('sends nothing when another instance took the monitor over, and never throws when the run cannot be recorded', async () => {
    const { runner, monitors, mail } = setup();
    monitors.finishRun.mockResolvedValue('lease_lost');
    expect(await runner.run(claimed())).toBe('lease_lost');
    expect(mail.deliverStored).not.toHaveBeenCalled();
    monitors.finishRun.mockRejectedValue(new Error('database gone'));
    expect(await runner.run(claimed())).toBe('failed');
  });
});
