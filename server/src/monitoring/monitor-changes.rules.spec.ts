import { sampleBreach } from '../../../test/fakes/hibp';
import type { CheckId } from '../scans/checks/scan-checks.registry';
import type { CheckStatus } from '../vocabulary/check.types';
import type { Finding, RiskDetail } from '../vocabulary/finding.types';
import { breachDetail } from '../scans/analysis/email-breaches.analyzer';
import { baselineKey, changeSummary, findingKey, runSummary, ScannedTarget, sourceBaselineKey, workOutChanges } from './monitor-changes.rules';

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
    expect(second).toMatchObject({ outcome: 'succeeded', newItems: [], baselineFindings: 1, firstRun: false, newlyWatched: ['check gravatar'] });
    // One "First check" in the monitor's history, not two.
    expect(runSummary(first as Extract<typeof first, { outcome: 'succeeded' }>)).toBe('First check: 0 findings recorded as the starting point');
    if (second.outcome !== 'succeeded') throw new Error('expected success');
    expect(runSummary(second)).toBe('No changes; first run of check gravatar: 1 finding recorded as its starting point');
  });

  it('a target whose main check did not run fails the run and records nothing, whatever the reason', () => {
    for (const status of ['unavailable', 'not_configured', 'rate_limited', 'not_applicable'] as const) {
      const incomplete = { ...target(check('breaches', status), check('gravatar', 'ok', [exposure('Lisbon')])), incomplete: { label: 'Data breaches', status } };
      // Even a first run: an incomplete result is never a starting point.
      expect(workOutChanges([target(check('breaches', 'ok')), incomplete], new Set())).toEqual({
        outcome: 'failed',
        reason: `"Data breaches" could not run (${status.replace('_', ' ')}); the monitor will try again.`,
      });
    }
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
    expect(changes).toEqual({ outcome: 'succeeded', newItems: [], keysToRecord: [], baselineFindings: 0, baselineChecks: 0, firstRun: true, newlyWatched: [] });
  });

  it('keys carry no personal value in clear and differ per target', () => {
    const key = findingKey('email', EMAIL, exposure('Lisbon, Portugal'));
    expect(key).not.toMatch(/jane|lisbon/i);
    expect(findingKey('email', 'bob@example.com', breach('Alpha'))).not.toBe(findingKey('email', EMAIL, breach('Alpha')));
    expect(findingKey('email', EMAIL.toUpperCase(), breach('Alpha'))).toBe(findingKey('email', EMAIL, breach('Alpha')));
  });
});

describe('workOutChanges with two breach sources', () => {
  type Source = 'hibp' | 'xposedornot';
  /** A breach reported by `sources`, known to each by these names. */
  function merged(names: Partial<Record<Source, string>>, sources: Source[]): Finding {
    const name = names.hibp ?? names.xposedornot ?? 'x';
    const detail = { ...breachDetail(sampleBreach({ Name: name, Title: name })), sources, sourceNames: names };
    return { group: 'breaches', detail };
  }
  const breaches = (statuses: Partial<Record<Source, CheckStatus>>, findings: Finding[]) => ({
    id: 'breaches' as const,
    label: 'Data breaches',
    status: Object.values(statuses).includes('ok') ? ('ok' as const) : ('unavailable' as const),
    findings,
    sources: (Object.entries(statuses) as [Source, CheckStatus][]).map(([id, status]) => ({ id, status })),
  });
  const run = (known: Set<string>, ...checks: ScannedTarget['checks']) => {
    const changes = workOutChanges([target(...checks)], known);
    if (changes.outcome !== 'succeeded') throw new Error(`expected success: ${JSON.stringify(changes)}`);
    for (const key of changes.keysToRecord) known.add(key);
    return changes;
  };

  it('alerts once for a breach both sources report, and not again when the second one catches up', () => {
    const known = new Set<string>();
    run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'Alpha', xposedornot: 'Alpha' }, ['hibp', 'xposedornot'])]));
    const both = run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'Gamma', xposedornot: 'Gamma2020' }, ['hibp', 'xposedornot'])]));
    expect(both.newItems.map((i) => i.title)).toEqual(['Gamma']);

    // A breach XposedOrNot reported first (HIBP's name known from its catalogue), then HIBP too: one alert.
    const first = run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'Delta', xposedornot: 'Delta' }, ['xposedornot'])]));
    expect(first.newItems).toHaveLength(1);
    const again = run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'Delta', xposedornot: 'Delta' }, ['hibp', 'xposedornot'])]));
    expect(again.newItems).toEqual([]);
  });

  it('a new breach from either source is an alert', () => {
    const known = new Set<string>();
    run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, []));
    const fromXon = run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ xposedornot: 'OnlyXon' }, ['xposedornot'])]));
    const fromHibp = run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'OnlyHibp' }, ['hibp'])]));
    expect([...fromXon.newItems, ...fromHibp.newItems].map((i) => i.title)).toEqual(['OnlyXon', 'OnlyHibp']);
  });

  it('a source switched on later starts silently: what only it knows is its starting point', () => {
    // A monitor from before XposedOrNot: HIBP's starting point is the check's own key.
    const known = new Set<string>([baselineKey('email', EMAIL, 'breaches'), findingKey('email', EMAIL, breach('Alpha'))]);
    const changes = run(
      known,
      breaches({ hibp: 'ok', xposedornot: 'ok' }, [merged({ hibp: 'Alpha', xposedornot: 'Alpha' }, ['hibp', 'xposedornot']), merged({ xposedornot: 'Old' }, ['xposedornot'])]),
    );
    expect(changes.newItems).toEqual([]);
    expect(changes.baselineFindings).toBe(1);
    expect(known.has(sourceBaselineKey('email', EMAIL, 'breaches', 'xposedornot'))).toBe(true);
  });

  it('fails the run when a source with a starting point could not run, even if the other did', () => {
    const known = new Set<string>();
    run(known, breaches({ hibp: 'ok', xposedornot: 'ok' }, []));
    const changes = workOutChanges([target(breaches({ hibp: 'ok', xposedornot: 'rate_limited' }, []))], known);
    expect(changes).toEqual({ outcome: 'failed', reason: '"Data breaches" could not run (rate limited); the monitor will try again.' });
    // A source that is not configured here is no reason to retry.
    expect(workOutChanges([target(breaches({ hibp: 'not_configured', xposedornot: 'ok' }, []))], known).outcome).toBe('succeeded');
  });
});

describe('changeSummary', () => {
  it('counts by kind with the right plurals', () => {
    expect(changeSummary([])).toBe('No changes');
    expect(changeSummary([{ kind: 'breach' }, { kind: 'breach' }, { kind: 'username_site' }])).toBe('2 new breaches, 1 new site with your name');
    expect(changeSummary([{ kind: 'exposure' }, { kind: 'username_site' }, { kind: 'username_site' }])).toBe('1 new exposure, 2 new sites with your name');
  });
});
