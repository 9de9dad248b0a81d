import { sampleBreach } from '../../../test/fakes/hibp';
import type { CheckId, CheckStatus } from '../vocabulary/check.types';
import type { Finding, RiskDetail } from '../vocabulary/finding.types';
import { breachDetail } from '../scans/analysis/email-breaches.analyzer';
import { baselineKey, changeSummary, findingKey, runSummary, ScannedTarget, workOutChanges } from './monitor-changes.rules';

function breach(name: string, title = name): Finding {
  return { group: 'breaches', detail: breachDetail(sampleBreach({ Name: name, Title: title, Domain: `${name.toLowerCase()}.example` })) };
}

function exposure(value: string): Finding {
  const detail: RiskDetail = {
    kind: 'risk',
    type: 'gravatar_location_public',
    value,
    source: 'Gravatar',
    risk: 'medium',
    evidence: { summary: `The public Gravatar profile shows where this person is: ${value}` },
  };
  return { group: 'locationData', detail };
}

const EMAIL = 'jane@example.com';
const check = (id: CheckId, status: CheckStatus, findings: Finding[] = []) => ({ id, label: `check ${id}`, status, findings });
const target = (...checks: ScannedTarget['checks']): ScannedTarget => ({ kind: 'email', value: EMAIL, checks });

describe('workOutChanges', () => {
  it('the first ok run of a check is a silent starting point', () => {
    const changes = workOutChanges([target(check('breaches', 'ok', [breach('Alpha'), breach('Beta')]), check('gravatar', 'ok'))], new Set());
    expect(changes).toMatchObject({ outcome: 'succeeded', newItems: [], baselineFindings: 2, baselineChecks: 2 });
    if (changes.outcome !== 'succeeded') throw new Error('expected success');
    expect(changes.keysToRecord).toEqual(
      expect.arrayContaining([baselineKey('email', EMAIL, 'breaches'), baselineKey('email', EMAIL, 'gravatar'), findingKey('email', EMAIL, breach('Alpha'))]),
    );
    expect(runSummary(changes)).toBe('First check: 2 findings recorded as the starting point');
  });

  it('after the starting point, unknown findings are new, known ones are not', () => {
    const first = workOutChanges([target(check('breaches', 'ok', [breach('Alpha')]), check('gravatar', 'ok'))], new Set());
    if (first.outcome !== 'succeeded') throw new Error('expected success');
    const known = new Set(first.keysToRecord);
    const second = workOutChanges(
      [target(check('breaches', 'ok', [breach('Alpha'), breach('Gamma', 'Gamma Shop')]), check('gravatar', 'ok', [exposure('Lisbon')]))],
      known,
    );
    expect(second).toMatchObject({
      outcome: 'succeeded',
      newItems: [
        { kind: 'breach', target: EMAIL, title: 'Gamma Shop', recommendation: expect.stringMatching(/password/i) },
        { kind: 'exposure', target: EMAIL, title: expect.stringContaining('Lisbon'), recommendation: expect.any(String) },
      ],
    });
    if (second.outcome !== 'succeeded') throw new Error('expected success');
    expect(runSummary(second)).toBe('1 new breach, 1 new exposure');
    // Nothing changes after that.
    const third = workOutChanges(
      [target(check('breaches', 'ok', [breach('Alpha'), breach('Gamma')]), check('gravatar', 'ok', [exposure('Lisbon')]))],
      new Set([...known, ...second.keysToRecord]),
    );
    expect(third).toMatchObject({ outcome: 'succeeded', newItems: [], keysToRecord: [] });
    if (third.outcome === 'succeeded') expect(runSummary(third)).toBe('No changes');
  });

  it('a check that could not run before does not turn old findings into alerts', () => {
    // Gravatar was down on the first run: no baseline for it.
    const first = workOutChanges([target(check('breaches', 'ok', []), check('gravatar', 'unavailable'))], new Set());
    if (first.outcome !== 'succeeded') throw new Error('expected success');
    const second = workOutChanges([target(check('breaches', 'ok', []), check('gravatar', 'ok', [exposure('Lisbon')]))], new Set(first.keysToRecord));
    expect(second).toMatchObject({ outcome: 'succeeded', newItems: [], baselineFindings: 1 });
  });

  it('a watched check with a starting point that fails for a passing reason fails the run', () => {
    const known = new Set([baselineKey('email', EMAIL, 'breaches')]);
    for (const status of ['unavailable', 'timed_out', 'rate_limited'] as const) {
      expect(workOutChanges([target(check('breaches', status), check('gravatar', 'ok'))], known)).toEqual({
        outcome: 'failed',
        reason: expect.stringContaining('could not run'),
      });
    }
    // Not configured is no passing failure, and unwatched checks never fail a run.
    expect(workOutChanges([target(check('breaches', 'not_configured'), check('email-dns', 'timed_out'))], known)).toMatchObject({ outcome: 'succeeded' });
  });

  it("a handle's new site is a new site, what its profile shows an exposure, and the derived reuse count nothing", () => {
    const social = (type: RiskDetail['type'], value: string, group: Finding['group'] = 'socialMedia'): Finding => ({
      group,
      detail: { kind: 'risk', type, value, source: 'Username check', risk: 'medium', evidence: { summary: value } },
    });
    const handle = (...findings: Finding[]): ScannedTarget => ({ kind: 'handle', value: '@jane', checks: [check('username', 'ok', findings)] });
    const first = workOutChanges([handle(social('username_found', 'An account named jane on Alpha'))], new Set());
    if (first.outcome !== 'succeeded') throw new Error('expected success');
    const second = workOutChanges(
      [
        handle(
          social('username_found', 'An account named jane on Alpha'),
          social('username_found', 'An account named jane on Beta'),
          social('username_reused', 'The username jane is taken on 2 sites'),
          social('social_profile_email', 'j***@example.com', 'personalInfo'),
        ),
      ],
      new Set(first.keysToRecord),
    );
    if (second.outcome !== 'succeeded') throw new Error('expected success');
    expect(second.newItems.map((item) => [item.kind, item.title])).toEqual([
      ['username_site', 'An account named jane on Beta'],
      ['exposure', 'j***@example.com'],
    ]);
  });

  it('ignores checks it does not watch', () => {
    const dns: Finding = { group: 'metadata', detail: { ...(exposure('x').detail as RiskDetail), type: 'dmarc_missing' } };
    const changes = workOutChanges([target(check('email-dns', 'ok', [dns]))], new Set());
    expect(changes).toEqual({ outcome: 'succeeded', newItems: [], keysToRecord: [], baselineFindings: 0, baselineChecks: 0 });
  });

  it('keys carry no personal value in clear and differ per target', () => {
    const key = findingKey('email', EMAIL, exposure('Lisbon, Portugal'));
    expect(key).not.toMatch(/jane|lisbon/i);
    expect(findingKey('email', 'bob@example.com', breach('Alpha'))).not.toBe(findingKey('email', EMAIL, breach('Alpha')));
    expect(findingKey('email', EMAIL.toUpperCase(), breach('Alpha'))).toBe(findingKey('email', EMAIL, breach('Alpha')));
  });
});

describe('changeSummary', () => {
  it('counts by kind with the right plurals', () => {
    expect(changeSummary([])).toBe('No changes');
    expect(changeSummary([{ kind: 'breach' }, { kind: 'breach' }, { kind: 'username_site' }])).toBe('2 new breaches, 1 new site with your name');
    expect(changeSummary([{ kind: 'exposure' }, { kind: 'username_site' }, { kind: 'username_site' }])).toBe('1 new exposure, 2 new sites with your name');
  });
});
