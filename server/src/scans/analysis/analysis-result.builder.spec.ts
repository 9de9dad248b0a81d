import { classifyScanInput } from '../../browser-shared/scan-input.rules';
import { buildAnalysisResult, BuildResultInput } from './analysis-result.builder';
import type { CheckOutcome, CheckReport } from './analysis.types';
import type { Finding } from '../../vocabulary/finding.types';
import { breachDetail } from './email-breaches.analyzer';

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
  return { report: { id, label: id, status: outcome.status, findings: outcome.findings.length, durationMs: 1 }, outcome };
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
  it('scores by the spec formula over every finding, sensitive ones included', () => {
    const result = build({});
    expect(result.mode).toBe('real');
    expect(result.breaches.count).toBe(2);
    expect(result.privacyScore).toBe(100 - 2 * 15 - 12);
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

  it('falls back to the labelled demo only when no check could run at all', () => {
    const result = build({ runs: [run('breaches', { status: 'not_configured', message: 'no key', findings: [] })] });
    expect(result.mode).toBe('demo');
    expect(result.privacyScore).toBeGreaterThanOrEqual(60);
    expect(result.privacyScore).toBeLessThanOrEqual(99);
    expect(result.checks).toHaveLength(1);
    expect(build({ runs: [] }).mode).toBe('demo');
  });
});
