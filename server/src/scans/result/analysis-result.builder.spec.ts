import { classifyScanInput } from '../../browser-shared/scan-input.rules';
import { buildAnalysisResult, BuildResultInput } from './analysis-result.builder';
import type { CheckOutcome } from '../checks/scan-check.types';
import { checkMetaOf } from '../checks/scan-checks.registry';
import type { CheckReport } from './analysis.types';
import type { Finding } from '../../vocabulary/finding.types';
import { breachDetail } from '../analysis/email-breaches.analyzer';

const email = classifyScanInput('jane@example.com');
const breach = (name: string, isSensitive: boolean): Finding => ({
  group: 'breaches',
  detail: breachDetail({
    Name: name,
    Title: name,
    Domain: `${name.toLowerCase()}.example`,
    BreachDate: '2020-01-01',
    AddedDate: '2020-02-01T00:00:00Z',
    ModifiedDate: '2020-02-01T00:00:00Z',
    PwnCount: 10,
    Description: 'x',
    DataClasses: isSensitive ? ['Email addresses', 'Sexual orientations'] : ['Email addresses', 'Passwords'],
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: isSensitive,
    IsRetired: false,
    IsSpamList: false,
  }),
});
const location: Finding = {
  group: 'locationData',
  detail: { kind: 'risk', type: 'gravatar_location_public', value: 'Lisbon', source: 'Gravatar', risk: 'medium', evidence: { summary: 'public' } },
};

function run(id: CheckReport['id'], outcome: CheckOutcome) {
  return {
    meta: checkMetaOf(id),
    report: { id, label: id, status: outcome.status, ...(outcome.message ? { message: outcome.message } : {}), findings: outcome.findings.length, durationMs: 1 },
    outcome,
  };
}
function build(overrides: Partial<BuildResultInput>) {
  return buildAnalysisResult({
    input: email,
    viewer: {},
    runs: [run('breaches', { status: 'ok', findings: [breach('Open', false), breach('Quiet', true)] }), run('gravatar', { status: 'ok', findings: [location] })],
    startedAt: new Date('2026-01-01T00:00:00Z'),
    completedAt: new Date('2026-01-01T00:00:01Z'),
    ...overrides,
  });
}

describe('buildAnalysisResult', () => {
  it('scores by the documented model over every finding, sensitive ones included (docs/SCORING.md)', () => {
    const result = build({});
    expect(result.mode).toBe('real');
    expect(result.breaches.count).toBe(2);
    // Both breaches are 6 years old on the scan's day (×0.6): passwords 15 → 9, a sensitive profile 12 → 7; the place 5.
    expect(result.privacyScore).toBe(100 - 9 - 7 - 5);
  });

  it('names the three findings that cost the most, by their group only for a visitor', () => {
    expect(build({}).topCosts).toEqual([
      { group: 'breaches', type: 'breach', label: 'A data breach', risk: 'critical', points: 9 },
      { group: 'breaches', type: 'breach', label: 'A data breach', risk: 'high', points: 7 },
      { group: 'locationData', type: 'gravatar_location_public', label: 'A location detail', risk: 'medium', points: 5 },
    ]);
  });

  it('names them in full for the verified owner, and keeps a sensitive breach unnamed for anyone else', () => {
    const owner = build({ viewer: { userId: 'u1', verifiedEmail: 'jane@example.com' } });
    expect(owner.topCosts).toEqual([
      { group: 'breaches', type: 'breach', label: 'Open breach (2020-01-01)', risk: 'critical', points: 9, why: 'critical breach (exposed Passwords), 6 years old: ×0.6' },
      { group: 'breaches', type: 'breach', label: 'Quiet breach (2020-01-01)', risk: 'high', points: 7, why: 'high breach (exposed Email addresses, Sexual orientations), 6 years old: ×0.6' },
      { group: 'locationData', type: 'gravatar_location_public', label: 'public', risk: 'medium', points: 5, why: 'medium risk' },
    ]);
    const other = build({ viewer: { userId: 'u2', verifiedEmail: 'someone@else.example' } });
    expect(other.topCosts?.[1]).toEqual({ group: 'breaches', type: 'breach', label: 'A data breach', risk: 'high', points: 7 });
    expect(JSON.stringify(other.topCosts)).not.toMatch(/quiet|sexual/i);
  });

  it("lets the mail provider's facts cost nothing and names nothing that cost nothing", () => {
    const provider: Finding = {
      group: 'metadata',
      detail: { kind: 'risk', type: 'free_email_provider', value: 'gmail.com', source: 'Email domain lists', risk: 'low', evidence: { summary: 'Gmail' } },
    };
    const dmarc: Finding = {
      group: 'metadata',
      detail: { kind: 'risk', type: 'dmarc_weak', value: 'gmail.com p=none', source: 'DNS', risk: 'medium', evidence: { summary: 'p=none' } },
    };
    const result = build({
      input: classifyScanInput('jane@gmail.com'),
      runs: [run('breaches', { status: 'ok', findings: [] }), run('email-provider', { status: 'ok', findings: [provider] }), run('email-dns', { status: 'ok', findings: [dmarc] })],
    });
    expect(result.metadata.count).toBe(2);
    expect(result).toMatchObject({ privacyScore: 100, topCosts: [] });
  });

  it('gives no costs without a score', () => {
    const result = build({ runs: [run('breaches', { status: 'unavailable', message: 'down', findings: [] }), run('gravatar', { status: 'ok', findings: [location] })] });
    expect(result).toMatchObject({ privacyScore: null, topCosts: [] });
  });

  it('withholds details from visitors but keeps counts and summaries', () => {
    const result = build({});
    expect(result.detailsIncluded).toBe(false);
    expect(result.breaches.details).toEqual([]);
    expect(result.locationData).toMatchObject({ count: 1, details: [] });
    expect(result.breaches.summary).not.toBe('');
  });

  it('hides a sensitive breach from a signed-in user who is not the verified owner', () => {
    const result = build({ viewer: { userId: 'u1', verifiedEmail: 'someone@else.example' } });
    expect(result.breaches.hiddenSensitive).toBe(1);
    expect(result.breaches.details.map((d) => (d.kind === 'breach' ? d.name : ''))).toEqual(['Open']);
    expect(JSON.stringify(result.recommendations)).not.toMatch(/sexual/i);
  });

  it('does not gate a sensitive breach of a website\'s own domain: it ties no person to it', () => {
    const result = build({ input: classifyScanInput('https://quiet.example'), viewer: { userId: 'u1' } });
    expect(result.breaches.hiddenSensitive).toBe(0);
    expect(result.breaches.details).toHaveLength(2);
  });

  it('shows it to the verified owner of the address', () => {
    const result = build({ viewer: { userId: 'u1', verifiedEmail: 'jane@example.com' } });
    expect(result.breaches.hiddenSensitive).toBe(0);
    expect(result.breaches.details).toHaveLength(2);
  });

  it('is a real, clean result when the checks ran and found nothing', () => {
    const result = build({ runs: [run('breaches', { status: 'ok', findings: [] }), run('gravatar', { status: 'unavailable', message: 'down', findings: [] })] });
    expect(result).toMatchObject({ mode: 'real', privacyScore: 100 });
    expect(result.checks.map((c) => c.status)).toEqual(['ok', 'unavailable']);
  });

  it('falls back to the labelled demo only when no check could run at all (a sample score, never a finding)', () => {
    const result = build({ runs: [run('breaches', { status: 'not_configured', message: 'no key', findings: [] })] });
    expect(result.mode).toBe('demo');
    expect(result.privacyScore).toBeGreaterThanOrEqual(60);
    expect(result.privacyScore).toBeLessThanOrEqual(99);
    expect(result.checks).toHaveLength(1);
    expect(build({ runs: [] }).mode).toBe('demo');
  });

  it('marks a demo incomplete, its groups not checked', () => {
    const result = build({ runs: [run('breaches', { status: 'not_configured', message: 'no key', findings: [] })] });
    expect(result.mode).toBe('demo');
    expect(result.coverage).toMatchObject({ complete: false, checksRun: 0, checksTotal: 1, retryable: false });
    // A sample's cards are not checked: no count of them is an answer.
    expect(result.breaches.checked).toBe('none');
  });
});

describe('coverage', () => {
  const statusRun = (id: CheckReport['id'], status: CheckOutcome['status'], findings: Finding[] = [], message?: string) =>
    run(id, { status, findings, ...(message ? { message } : {}) });

  it('is complete when the main check ran; lists what did not run, and scores only what did', () => {
    const result = build({
      runs: [
        statusRun('breaches', 'ok', [breach('Open', false)]),
        // A source that failed after producing something: its findings never count.
        statusRun('gravatar', 'unavailable', [location], 'Gravatar is down'),
        statusRun('email-dns', 'timed_out'),
        statusRun('email-provider', 'ok'),
      ],
    });
    expect(result.coverage).toEqual({
      complete: true,
      mainCheck: 'breaches',
      checksRun: 2,
      checksTotal: 4,
      unchecked: [
        { id: 'gravatar', label: 'gravatar', status: 'unavailable', message: 'Gravatar is down' },
        { id: 'email-dns', label: 'email-dns', status: 'timed_out' },
      ],
      partial: [],
      retryable: true,
    });
    // Only the breach counts (passwords, 6 years old: 15 × 0.6); the unavailable Gravatar check's place does not.
    expect(result.privacyScore).toBe(100 - 9);
    expect(result.locationData).toMatchObject({ count: 0, checked: 'none' });
    expect(result.locationData.summary).toMatch(/^Not checked: the Gravatar profile lookup is unavailable/);
    expect(result.metadata.checked).toBe('some');
    expect(result.breaches.checked).toBe('all');
  });

  it.each([
    ['an email whose breach check did not run', 'jane@gmail.com', 'breaches', 'rate_limited', true],
    ['a website that could not be fetched', 'https://shop.example', 'website', 'unavailable', true],
    ['a website the SSRF guard refused', 'https://10.0.0.1', 'website', 'not_applicable', false],
    ['a handle whose username check is not configured', '@jane_doe', 'username', 'not_configured', false],
    ['a profile URL whose username check timed out', 'https://www.instagram.com/jane_doe/', 'username', 'timed_out', true],
  ] as const)('is incomplete for %s: no score at all', (_what, value, main, status, retryable) => {
    const input = classifyScanInput(value);
    // Everything else ran and found nothing: exactly what used to read "100 Excellent".
    const others = (['url-input', 'email-provider', 'gravatar', 'email-dns'] as const).filter((id) => (id as CheckReport['id']) !== main);
    const result = build({ input, runs: [statusRun(main, status, [], 'why'), ...others.map((id) => statusRun(id, 'ok'))] });
    expect(result.mode).toBe('real');
    expect(result.privacyScore).toBeNull();
    expect(result.coverage).toMatchObject({ complete: false, mainCheck: main, retryable, unchecked: [{ id: main, status, message: 'why' }] });
  });

  it("counts a website read without running its scripts ('partial') as run, and says so", () => {
    const input = classifyScanInput('https://shop.example');
    const result = build({
      input,
      runs: [
        statusRun('url-input', 'ok'),
        statusRun('website', 'partial', [], 'Analysed without running the page’s scripts: the browser is off'),
        statusRun('meta-pixel', 'unavailable', [], 'no browser'),
      ],
    });
    expect(result.coverage).toMatchObject({
      complete: true,
      mainCheck: 'website',
      checksRun: 2,
      checksTotal: 3,
      partial: [{ id: 'website', status: 'partial', message: expect.stringMatching(/^Analysed without/) }],
      unchecked: [{ id: 'meta-pixel', status: 'unavailable' }],
      scoreWithheld: expect.stringMatching(/^No privacy score: 1 of the browser tests did not run \(meta-pixel\)/),
    });
    // A page whose browser tests did not run is never scored as if they had found nothing.
    expect(result.privacyScore).toBeNull();
    expect(result.socialMedia.checked).toBe('some');
  });

  it('scores a website whose browser tests ran, or did not apply (the guard refused the page)', () => {
    const input = classifyScanInput('https://shop.example');
    const ran = build({ input, runs: [statusRun('website', 'ok'), statusRun('meta-pixel', 'ok'), statusRun('key-logging', 'partial')] });
    expect(ran.coverage.scoreWithheld).toBeUndefined();
    expect(ran.privacyScore).toBe(100);
    const refused = build({ input, runs: [statusRun('website', 'ok'), statusRun('meta-pixel', 'not_applicable')] });
    expect(refused.privacyScore).toBe(100);
  });
});
