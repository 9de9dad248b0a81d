import { classifyScanInput } from '../../browser-shared/scan-input.rules';
import { buildAnalysisResult } from '../result/analysis-result.builder';
import { withAnswerCoverage } from './answer-coverage.rules';
import type { CheckOutcome } from './scan-check.types';
import { UsernameCheck, usernameOutcome } from './username.check';
import type { SourceResult } from '../sources/source.types';
import type { UsernameCheckOptions } from '../username/username-footprint.source';
import type { UsernameFootprint } from '../username/username-site.types';

const footprint: UsernameFootprint = {
  checked: 3,
  lists: { builtIn: 3, configured: 0, list: null },
  sites: [
    { site: 'Instagram', category: 'social', origin: 'built-in', platform: 'instagram', url: 'https://www.instagram.com/jane_doe/', outcome: 'hit', reason: 'HTTP 200 and the profile marker', httpStatus: 200 },
    { site: 'Walled', category: 'social', origin: 'built-in', url: 'https://walled.example.org/jane_doe', outcome: 'unknown', reason: 'a bot wall (HTTP 403)', httpStatus: 403 },
    { site: 'CodeHub', category: 'coding', origin: 'built-in', url: 'https://codehub.example.org/jane_doe', outcome: 'miss', reason: 'HTTP 404', httpStatus: 404 },
  ],
};

/** A source that records what it was asked and answers as told. */
function source(answer: SourceResult<UsernameFootprint>) {
  const calls: { username: string; options: UsernameCheckOptions }[] = [];
  return {
    calls,
    check: async (username: string, options: UsernameCheckOptions) => {
      calls.push({ username, options });
      return answer;
    },
  };
}
const signal = new AbortController().signal;

describe('usernameOutcome', () => {
  it('asks the source about the handle of an @name and reports hits, the per-site list and the counts', async () => {
    const fake = source({ status: 'ok', data: footprint });
    const outcome = await usernameOutcome(classifyScanInput('@Jane_Doe'), fake, signal);
    expect(fake.calls).toEqual([{ username: 'jane_doe', options: { signal } }]);
    expect(outcome.status).toBe('ok');
    expect(outcome.message).toBe("Checked 3 sites (Footprint's own list): 1 found, 1 not found, 1 could not be determined");
    expect(outcome.usernameSiteList).toEqual({ builtIn: 3, configured: 0 });
    // Found and not found are usable answers; 'could not be determined' is not.
    expect(outcome.answers).toEqual({ answered: 2, asked: 3, required: 3 });
    expect(outcome.findings.map((f) => f.detail.kind === 'risk' && f.detail.type)).toEqual(['username_found']);
    expect(outcome.usernameSites?.map((s) => [s.site, s.outcome])).toEqual([
      ['Instagram', 'hit'],
      ['Walled', 'unknown'],
      ['CodeHub', 'miss'],
    ]);
  });

  it("adds the platform's risks for a profile URL whose name is a hit there", async () => {
    const outcome = await usernameOutcome(classifyScanInput('https://www.instagram.com/jane_doe/?igsh=x'), source({ status: 'ok', data: footprint }), signal);
    expect(outcome.findings.map((f) => f.detail.kind === 'risk' && f.detail.type)).toEqual([
      'username_found',
      'instagram_public_account',
      'instagram_location_tags',
      'instagram_account_suggestions',
      'instagram_activity_status',
    ]);
  });

  it.each(['https://www.instagram.com/p/C1a2b3c4d5e/', 'https://vm.tiktok.com/ZMabc123/', 'https://www.facebook.com/profile.php?id=100012345678901'])(
    'calls %s an unsupported profile link, not applicable, without asking any site',
    async (input) => {
      const fake = source({ status: 'ok', data: footprint });
      const outcome = await usernameOutcome(classifyScanInput(input), fake, signal);
      expect(outcome).toEqual({ status: 'not_applicable', message: expect.stringMatching(/^Unsupported social media platform: /), findings: [] });
      expect(fake.calls).toEqual([]);
    },
  );

  it('calls a name the sites cannot take unsupported too (LinkedIn allows letters the sites do not)', async () => {
    const fake = source({ status: 'ok', data: footprint });
    const outcome = await usernameOutcome(classifyScanInput('https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller'), fake, signal);
    expect(outcome.status).toBe('not_applicable');
    expect(outcome.message).toMatch(/^Unsupported social media platform: /);
    expect(fake.calls).toEqual([]);
  });

  it('reports a footprint of no sites as not configured, not as a clean result', async () => {
    const outcome = await usernameOutcome(classifyScanInput('@jane_doe'), source({ status: 'ok', data: { checked: 0, sites: [], lists: { builtIn: 0, configured: 0, list: null } } }), signal);
    expect(outcome).toEqual({ status: 'not_configured', message: 'Failed to analyze social media profile: no sites are set up to check usernames on.', findings: [] });
    const credit = { name: 'WhatsMyName', url: 'https://github.com/WebBreacher/WhatsMyName' };
    const unloaded = await usernameOutcome(
      classifyScanInput('@jane_doe'),
      source({ status: 'ok', data: { checked: 0, sites: [], lists: { builtIn: 0, configured: 0, list: { credit, loaded: false } } } }),
      signal,
    );
    expect(unloaded.message).toBe(
      'Failed to analyze social media profile: no sites are set up to check usernames on (the built-in sites are off, and the configured list could not be downloaded yet).',
    );
  });

  it.each([
    ['unavailable', 'None of the 3 sites gave a usable answer (timeouts, bot walls or unexpected answers).'],
    ['timed_out', 'The username check took too long and was stopped.'],
  ] as const)('passes a %s source on as "Failed to analyze social media profile", with no findings', async (status, message) => {
    const outcome = await usernameOutcome(classifyScanInput('@jane_doe'), source({ status, message }), signal);
    expect(outcome).toEqual({ status, message: `Failed to analyze social media profile: ${message}`, findings: [] });
  });
});

describe('a social scan in the result', () => {
  const build = (input: string, outcome: CheckOutcome, viewer = {}) =>
    buildAnalysisResult({
      input: classifyScanInput(input),
      viewer,
      runs: [{ meta: UsernameCheck.meta, report: { id: 'username', label: 'Username', status: outcome.status, findings: outcome.findings.length, durationMs: 5 }, outcome }],
      startedAt: new Date('2026-01-01T00:00:00Z'),
      completedAt: new Date('2026-01-01T00:00:01Z'),
    });

  it('is a real analysis once the username check ran, with the per-site list for visitors and users alike', async () => {
    const outcome = await usernameOutcome(classifyScanInput('@jane_doe'), source({ status: 'ok', data: footprint }), signal);
    const visitor = build('@jane_doe', outcome);
    expect(visitor.mode).toBe('real');
    expect(visitor.socialMedia).toMatchObject({ count: 1, details: [], summary: 'Found 1 social media risk' });
    expect(visitor.privacyScore).toBe(95);
    expect(visitor.usernameSites).toHaveLength(3);
    const user = build('@jane_doe', outcome, { userId: 'u1' });
    expect(user.socialMedia.details).toHaveLength(1);
    expect(user.usernameSites).toEqual(visitor.usernameSites);
  });

  it('is incomplete, with no score, when fewer than 80% of the sites answered (the pipeline rule), and says how many did', async () => {
    // 36 sites, 4 answered "not found", 32 could not be determined: never "100, no accounts found".
    const sites = Array.from({ length: 36 }, (_, i) => ({
      site: `Site ${i}`,
      category: 'social',
      origin: 'built-in' as const,
      url: `https://site${i}.example.org/nobody_xyz_123`,
      outcome: i < 4 ? ('miss' as const) : ('unknown' as const),
      reason: i < 4 ? 'HTTP 404' : 'timed out after 5 s',
    }));
    const raw = await usernameOutcome(classifyScanInput('@nobody_xyz_123'), source({ status: 'ok', data: { checked: 36, lists: footprint.lists, sites } }), signal);
    const outcome = withAnswerCoverage(raw, 'sites');
    expect(outcome.status).toBe('partial');
    expect(outcome.message).toMatch(/^Only 4 of 36 sites gave a usable answer \(29 needed for a verdict\), so this result gives no score\. Checked 36 sites/);
    const result = buildAnalysisResult({
      input: classifyScanInput('@nobody_xyz_123'),
      viewer: {},
      runs: [{ meta: UsernameCheck.meta, report: { id: 'username', label: 'Username', status: outcome.status, answers: outcome.answers, findings: 0, durationMs: 5 }, outcome }],
      startedAt: new Date('2026-01-01T00:00:00Z'),
      completedAt: new Date('2026-01-01T00:00:01Z'),
    });
    expect(result.mode).toBe('real');
    expect(result.privacyScore).toBeNull();
    expect(result.coverage).toMatchObject({ complete: false, retryable: true, partial: [{ id: 'username', status: 'partial', answers: { answered: 4, asked: 36, required: 29 } }] });
    expect(result.usernameSites).toHaveLength(36);
  });

  it('falls back to the labelled demo, without a site list, when the username check could not run', async () => {
    const outcome = await usernameOutcome(classifyScanInput('@jane_doe'), source({ status: 'unavailable', message: 'no answer' }), signal);
    const result = build('@jane_doe', outcome);
    expect(result.mode).toBe('demo');
    expect(result.usernameSites).toBeUndefined();
  });
});
