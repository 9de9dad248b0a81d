import type { UserDto } from '../auth/auth.dto';
import { ProfileService } from '../auth/profile.service';
import { BrowserAuditService } from '../browser-audit/browser-audit.service';
import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { Clock } from '../common/clock/clock.service';
import { loadConfig } from '../common/config/app.config';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { automock } from '../common/testing/automock.test-helpers';
import { MetricsService } from '../common/metrics/metrics.service';
import type { Finding } from '../vocabulary/finding.types';
import { checkMetaOf, type CheckId } from './checks/scan-checks.registry';
import type { CheckOutcome } from './checks/scan-check.types';
import { ScanHistoryService } from './scan-history.service';
import { CheckRun, ScanPipeline } from './scan.pipeline';
import { BreachLookupService } from './breaches/breach-lookup.service';
import { PreparedScan, ScansService } from './scans.service';
import type { AnalysisResult } from './result/analysis.types';
import { Mailer } from '../mail/mail.types';

/** prepare() for a scan that runs now (not queued). */
const ready =
  (service: ScansService) =>
  (...args: Parameters<ScansService['prepare']>): Promise<PreparedScan> =>
    service.prepare(...args) as Promise<PreparedScan>;

/** run() for a scan that ends with a result (not queued mid-run). */
const ranTo = async (answer: Promise<AnalysisResult | { queued: unknown }>): Promise<AnalysisResult> => {
  const settled = await answer;
  if ('queued' in settled) throw new Error('the scan was queued');
  return settled;
};

const NOW = new Date('2031-03-04T10:00:00.000Z');
const exposure: Finding = {
  group: 'personalInfo',
  detail: { kind: 'risk', type: 'gravatar_name_public', value: 'Name: Jane', source: 'Gravatar', risk: 'medium', evidence: { summary: 'public' } },
};

function run(id: CheckId, outcome: CheckOutcome): CheckRun {
  const meta = checkMetaOf(id);
  // As the checks report it: a rate-limited check's wait goes into its report (breaches.check.ts).
  const wait = outcome.retryAfterSeconds !== undefined ? { retryAfterSeconds: outcome.retryAfterSeconds } : {};
  return { meta, outcome, report: { id, label: meta.label, status: outcome.status, findings: outcome.findings.length, durationMs: 3, ...wait } };
}
const REAL = [run('gravatar', { status: 'ok', findings: [exposure] }), run('breaches', { status: 'ok', findings: [] })];
/** The main check of an email (its breaches) could not run: a real result, but incomplete. */
const INCOMPLETE = [run('gravatar', { status: 'ok', findings: [exposure] }), run('breaches', { status: 'not_configured', message: 'no key', findings: [] })];
/** No check could run: the result is the labelled demo. */
/** The breach sources said "not now": the result is incomplete through a rate limit. */
const RATE_LIMITED = [
  run('gravatar', { status: 'ok', findings: [exposure] }),
  run('breaches', { status: 'rate_limited', message: 'Rate limit exceeded. Please try again later.', retryAfterSeconds: 1469, findings: [] }),
];
const NOTHING_RAN = [run('gravatar', { status: 'unavailable', message: 'down', findings: [] }), run('breaches', { status: 'timed_out', findings: [] })];

function profile(overrides: Partial<UserDto> = {}): UserDto {
  return { id: 'u1', email: 'Jane@Example.com', displayName: null, emailVerified: true, plan: { tier: 'plus', expiresAt: null }, onboardingCompleted: true, ...overrides };
}

function setup() {
  const pipeline = automock(ScanPipeline);
  const history = automock(ScanHistoryService);
  const profiles = automock(ProfileService);
  const limiter = automock(RateLimiter);
  const clock = automock(Clock);
  clock.now.mockReturnValue(NOW);
  const browser = automock(BrowserAuditService);
  const breaches = automock(BreachLookupService);
  limiter.giveBack.mockResolvedValue(undefined);
  // The label a check shows may name its configured sources: the pipeline's checks say it.
  pipeline.applicableChecks.mockReturnValue([
    { meta: checkMetaOf('gravatar'), label: 'Public Gravatar profile' },
    { meta: checkMetaOf('breaches'), label: 'Data breaches (Have I Been Pwned, XposedOrNot)' },
  ] as never);
  pipeline.run.mockResolvedValue(REAL);
  profiles.profile.mockResolvedValue(profile());
  history.reservePrivacyScan.mockResolvedValue('scan-1');
  const mailer = { sendsMail: false } as Mailer;
  const service = new ScansService(loadConfig({ VISITOR_SCANS_PER_HOUR: '7' }), pipeline, history, profiles, limiter, clock, browser, new MetricsService(), breaches, mailer);
  return { service, pipeline, history, profiles, limiter, browser, breaches, mailer };
}

describe('ScansService', () => {
  describe('prepare', () => {
    it("holds a visitor to the per-address limit and reserves nothing; the started event lists the input's checks", async () => {
      const { service, limiter, history, profiles } = setup();
      const prepared = await ready(service)('jane@example.com', undefined, '203.0.113.9');
      expect(limiter.consume).toHaveBeenCalledWith(expect.objectContaining({ name: 'scan-visitor-ip', limit: 7, windowSeconds: 3600 }), '203.0.113.9');
      expect(history.reservePrivacyScan).not.toHaveBeenCalled();
      expect(profiles.profile).not.toHaveBeenCalled();
      expect(prepared).toEqual({
        input: classifyScanInput('jane@example.com'),
        viewer: {},
        scanId: undefined,
        visitor: { clientIp: '203.0.113.9', countedAt: expect.any(Number) },
        started: { input: 'jane@example.com', inputType: 'email', checks: [{ id: 'gravatar', label: 'Public Gravatar profile' }, { id: 'breaches', label: 'Data breaches (Have I Been Pwned, XposedOrNot)' }] },
        // Its turn in the scan queue, given back when the scan ends.
        release: expect.any(Function),
      });
    });

    it("reserves a signed-in user's scan against the plan that applies now, as the owner of a verified address", async () => {
      const { service, limiter, history } = setup();
      const prepared = await ready(service)('jane@example.com', { userId: 'u1', via: 'session' } as never, '203.0.113.9');
      expect(history.reservePrivacyScan).toHaveBeenCalledWith('u1', 'plus', classifyScanInput('jane@example.com'));
      expect(limiter.consume).not.toHaveBeenCalled();
      expect(prepared).toMatchObject({ scanId: 'scan-1', viewer: { userId: 'u1', verifiedEmail: 'jane@example.com' } });
    });

    it("asks the audit browser's queue for room before a website scan takes anything, and not for other inputs", async () => {
      const { service, browser, limiter } = setup();
      await ready(service)('jane@example.com', undefined, 'ip');
      expect(browser.assertCapacity).not.toHaveBeenCalled();
      browser.assertCapacity.mockRejectedValue(new Error('busy'));
      await expect(ready(service)('https://shop.example/', undefined, 'ip')).rejects.toThrow('busy');
      expect(limiter.consume).toHaveBeenCalledTimes(1);
    });

    it("refuses a visitor's email scan at once, with the wait, when no breach source has a turn: before a scan slot, the allowance or the database", async () => {
      const { service, breaches, limiter, history, profiles } = setup();
      breaches.busyForSeconds.mockReturnValue(1_469);
      await expect(service.prepare('jane@example.com', undefined, 'ip')).rejects.toMatchObject({
        status: 429,
        retryAfterSeconds: 1_469,
        message: 'The breach services this server uses are at their request limit. Please try again in 25 minutes.',
      });
      expect(limiter.consume).not.toHaveBeenCalled();
      expect(profiles.profile).not.toHaveBeenCalled();
      expect(history.reservePrivacyScan).not.toHaveBeenCalled();
      // Other inputs do not need the breach sources.
      await service.prepare('@jane', undefined, 'ip');
      expect(limiter.consume).toHaveBeenCalledTimes(1);
    });

    it("queues a signed-in person's email scan instead, within their quota, expected once the sources allow (plus the runner's minute)", async () => {
      const { service, breaches, history, pipeline, mailer } = setup();
      breaches.busyForSeconds.mockReturnValue(1_469);
      const expectedBy = new Date(NOW.getTime() + 1_469_000 + 60_000);
      expect(await service.prepare('jane@example.com', { userId: 'u1' } as never, 'ip')).toEqual({
        queued: {
          scanId: 'scan-1',
          status: 'queued',
          input: 'jane@example.com',
          inputType: 'email',
          expectedBy: expectedBy.toISOString(),
          emailWhenDone: false,
          // No mail transport: the answer does not promise an email.
          message: 'The breach services this server uses are at their request limit. Your check is queued and will run by about 10:25 UTC; its result will be in your scan history and notices.',
        },
      });
      expect(history.reservePrivacyScan).toHaveBeenCalledWith('u1', 'plus', classifyScanInput('jane@example.com'), expectedBy);
      expect(pipeline.run).not.toHaveBeenCalled();
      Object.defineProperty(mailer, 'sendsMail', { value: true });
      const withMail = await service.prepare('jane@example.com', { userId: 'u1' } as never, 'ip');
      expect(withMail).toMatchObject({ queued: { emailWhenDone: true, message: expect.stringMatching(/and we will email you\.$/) } });
    });

    it('does not treat an unverified address as the viewer’s own', async () => {
      const { service, profiles } = setup();
      profiles.profile.mockResolvedValue(profile({ emailVerified: false }));
      expect((await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip')).viewer).toEqual({ userId: 'u1' });
    });

    it('lets the quota refusal through before anything runs', async () => {
      const { service, history, pipeline } = setup();
      history.reservePrivacyScan.mockRejectedValue(new Error('quota used'));
      await expect(ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip')).rejects.toThrow('quota used');
      expect(pipeline.run).not.toHaveBeenCalled();
    });
  });

  describe('run', () => {
    it("stores a signed-in user's real result under the reserved id and answers it", async () => {
      const { service, history } = setup();
      const prepared = await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip');
      const result = await ranTo(service.run(prepared));
      expect(result).toMatchObject({ mode: 'real', scanId: 'scan-1', privacyScore: 95 /* a medium finding: 5 points (docs/SCORING.md) */, detailsIncluded: true, startedAt: NOW.toISOString() });
      expect(history.completePrivacyScan).toHaveBeenCalledWith('scan-1', result);
    });

    it('never stores a demo result: the reservation is discarded', async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockResolvedValue(NOTHING_RAN);
      const result = await ranTo(service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip')));
      expect(result.mode).toBe('demo');
      expect(history.discardPrivacyScan).toHaveBeenCalledWith('scan-1');
      expect(history.completePrivacyScan).not.toHaveBeenCalled();
    });

    it('never stores an incomplete result (its main check did not run): no score, the reservation is discarded', async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockResolvedValue(INCOMPLETE);
      const result = await ranTo(service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip')));
      expect(result).toMatchObject({ mode: 'real', privacyScore: null, coverage: { complete: false, mainCheck: 'breaches' } });
      expect(history.discardPrivacyScan).toHaveBeenCalledWith('scan-1');
      expect(history.completePrivacyScan).not.toHaveBeenCalled();
    });

    it("stores nothing for a visitor, and passes each check's report to the listener", async () => {
      const { service, history, pipeline } = setup();
      const onCheck = jest.fn();
      const prepared = await ready(service)('jane@example.com', undefined, 'ip');
      const result = await ranTo(service.run(prepared, { onCheck }));
      expect(result).toMatchObject({ mode: 'real', detailsIncluded: false });
      expect(result.scanId).toBeUndefined();
      expect(pipeline.run).toHaveBeenCalledWith(prepared.input, {}, onCheck);
      expect(history.completePrivacyScan).not.toHaveBeenCalled();
    });

    it("gives a visitor's scan back to their hourly allowance when the answer is incomplete because a source was rate limited", async () => {
      const { service, pipeline, limiter } = setup();
      pipeline.run.mockResolvedValue(RATE_LIMITED);
      const prepared = await ready(service)('jane@example.com', undefined, '203.0.113.9');
      const result = await ranTo(service.run(prepared));
      expect(result.coverage.complete).toBe(false);
      expect(limiter.giveBack).toHaveBeenCalledWith(expect.objectContaining({ name: 'scan-visitor-ip' }), '203.0.113.9', prepared.visitor?.countedAt);
    });

    it("keeps a visitor's scan counted when the answer is complete, or incomplete for another reason", async () => {
      const { service, pipeline, limiter } = setup();
      await service.run(await ready(service)('jane@example.com', undefined, 'ip'));
      pipeline.run.mockResolvedValue(INCOMPLETE);
      await service.run(await ready(service)('jane@example.com', undefined, 'ip'));
      expect(limiter.giveBack).not.toHaveBeenCalled();
    });

    it("queues a signed-in person's email scan whose breach sources answered \"not now\" mid-run: the reservation becomes queued, expected after their Retry-After", async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockResolvedValue(RATE_LIMITED);
      history.queueRunning.mockResolvedValue(true);
      const answer = await service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip'));
      const expectedBy = new Date(NOW.getTime() + 1_469_000 + 60_000);
      expect(answer).toEqual({ queued: expect.objectContaining({ scanId: 'scan-1', status: 'queued', expectedBy: expectedBy.toISOString(), emailWhenDone: false }) });
      expect(history.queueRunning).toHaveBeenCalledWith('scan-1', expectedBy);
      expect(history.discardPrivacyScan).not.toHaveBeenCalled();
      expect(history.completePrivacyScan).not.toHaveBeenCalled();
    });

    it("prefers this instance's limiter wait over the source's Retry-After, and never queues a website or handle scan", async () => {
      const { service, history, pipeline, breaches } = setup();
      pipeline.run.mockResolvedValue(RATE_LIMITED);
      history.queueRunning.mockResolvedValue(true);
      breaches.busyForSeconds.mockReturnValueOnce(undefined).mockReturnValueOnce(120);
      const answer = await service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip'));
      expect(answer).toMatchObject({ queued: { expectedBy: new Date(NOW.getTime() + 120_000 + 60_000).toISOString() } });
      breaches.busyForSeconds.mockReturnValue(undefined);
      const handle = await ranTo(service.run(await ready(service)('@jane', { userId: 'u1' } as never, 'ip')));
      expect(handle.coverage.complete).toBe(false);
      expect(history.queueRunning).toHaveBeenCalledTimes(1);
      expect(history.discardPrivacyScan).toHaveBeenCalledWith('scan-1');
    });

    it('answers the incomplete result when the scan stopped running meanwhile (nothing to queue)', async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockResolvedValue(RATE_LIMITED);
      history.queueRunning.mockResolvedValue(false);
      const result = await ranTo(service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip')));
      expect(result.coverage.complete).toBe(false);
      expect(history.discardPrivacyScan).toHaveBeenCalledWith('scan-1');
    });

    it('marks the reserved scan failed when the scan breaks, and lets the error through', async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockRejectedValue(new Error('boom'));
      await expect(service.run(await ready(service)('jane@example.com', { userId: 'u1' } as never, 'ip'))).rejects.toThrow('boom');
      expect(history.failPrivacyScan).toHaveBeenCalledWith('scan-1');
    });
  });

  describe('runForMonitor', () => {
    it("records a real result in the user's history, marked with the monitor", async () => {
      const { service, history } = setup();
      history.recordMonitorScan.mockResolvedValue('scan-9');
      const input = classifyScanInput('jane@example.com');
      const { result, runs } = await service.runForMonitor('u1', 'mon-1', input, { userId: 'u1' });
      expect(history.recordMonitorScan).toHaveBeenCalledWith('u1', 'mon-1', input, expect.objectContaining({ mode: 'real' }));
      expect(result.scanId).toBe('scan-9');
      expect(runs).toBe(REAL);
    });

    it('records nothing when no check could run, or its main check did not', async () => {
      const { service, history, pipeline } = setup();
      pipeline.run.mockResolvedValue(NOTHING_RAN);
      const { result } = await service.runForMonitor('u1', 'mon-1', classifyScanInput('jane@example.com'), {});
      expect(result.mode).toBe('demo');
      pipeline.run.mockResolvedValue(INCOMPLETE);
      const incomplete = await service.runForMonitor('u1', 'mon-1', classifyScanInput('jane@example.com'), {});
      expect(incomplete.result.coverage.complete).toBe(false);
      expect(history.recordMonitorScan).not.toHaveBeenCalled();
    });
  });
});
