import { sampleBreach } from '../../../../test/fakes/hibp';
import type { DemoBreachDetail, Finding, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { breachDetail } from './email-breaches.analyzer';
import { DATA_CLASS_RECOMMENDATIONS, FINDING_RECOMMENDATIONS, GOOD_PRACTICE_RECOMMENDATIONS, UNKNOWN_DATA_CLASS_RECOMMENDATION } from '../../vocabulary/recommendation.catalogue';
import { buildRecommendations, MAX_RECOMMENDATIONS } from './recommendations.builder';

const risk = (type: FindingType): Finding => ({
  group: 'metadata',
  detail: { kind: 'risk', type, value: 'v', source: 's', risk: 'medium', evidence: { summary: 's' } },
});

// A breach as the analyzer reports it, at the risk level each test names.
const breach = (dataClasses: string[], breachRisk: RiskLevel = 'critical', name = 'B'): Finding => ({
  group: 'breaches',
  detail: { ...breachDetail(sampleBreach({ Name: name, Title: name, DataClasses: dataClasses })), risk: breachRisk },
});

const strip = ({ category, action, priority }: { category: string; action: string; priority: RiskLevel }) => ({ category, action, priority });
const order = { critical: 3, high: 2, medium: 1, low: 0 };

describe('buildRecommendations', () => {
  it('gives the general good-practice advice when nothing was found', () => {
    expect(buildRecommendations([])).toEqual(GOOD_PRACTICE_RECOMMENDATIONS.map(strip));
  });

  it('returns only category, action and priority (the catalogue keeps its "why")', () => {
    const [first] = buildRecommendations([risk('spf_missing')]);
    expect(Object.keys(first).sort()).toEqual(['action', 'category', 'priority']);
  });

  it('gives the catalogue entry of each risk finding type', () => {
    expect(buildRecommendations([risk('dmarc_missing')])).toEqual([strip(FINDING_RECOMMENDATIONS.dmarc_missing)]);
  });

  it('gives the catalogue entry of each breached data class, unknown ones included', () => {
    const recommendations = buildRecommendations([breach(['Passwords', 'Astrological signs'])]);
    expect(recommendations).toEqual([strip(DATA_CLASS_RECOMMENDATIONS.Passwords), strip(UNKNOWN_DATA_CLASS_RECOMMENDATION)]);
  });

  it('lists each piece of advice once, however many findings call for it', () => {
    const recommendations = buildRecommendations([
      breach(['Passwords', 'Email addresses'], 'critical', 'A'),
      breach(['Passwords', 'Email addresses', 'Passwords'], 'critical', 'B'),
      risk('spf_missing'),
      risk('spf_missing'),
    ]);
    expect(recommendations.map((r) => r.action)).toEqual([
      DATA_CLASS_RECOMMENDATIONS.Passwords.action,
      DATA_CLASS_RECOMMENDATIONS['Email addresses'].action,
      FINDING_RECOMMENDATIONS.spf_missing.action,
    ]);
  });

  it('merges data classes that share one piece of advice', () => {
    // Passwords and Historical passwords share the same entry.
    expect(buildRecommendations([breach(['Passwords', 'Historical passwords'])])).toHaveLength(1);
  });

  it('orders critical → high → medium → low', () => {
    const recommendations = buildRecommendations([
      risk('gravatar_avatar_public'), // low
      risk('dmarc_missing'), // medium
      breach(['Names', 'Phone numbers', 'Passwords']), // low, high, critical
    ]);
    const priorities = recommendations.map((r) => r.priority);
    expect(priorities).toEqual(['critical', 'high', 'medium', 'low', 'low']);
    expect(recommendations[0].action).toBe(DATA_CLASS_RECOMMENDATIONS.Passwords.action);
  });

  it('among equal priorities, puts first the advice more findings call for, then the order found', () => {
    const recommendations = buildRecommendations([risk('spf_missing'), risk('gravatar_links_public'), risk('gravatar_links_public')]);
    expect(recommendations.map((r) => r.action)).toEqual([
      FINDING_RECOMMENDATIONS.gravatar_links_public.action,
      FINDING_RECOMMENDATIONS.spf_missing.action,
    ]);
    const inOrder = buildRecommendations([risk('spf_missing'), risk('gravatar_links_public')]);
    expect(inOrder.map((r) => r.action)).toEqual([FINDING_RECOMMENDATIONS.spf_missing.action, FINDING_RECOMMENDATIONS.gravatar_links_public.action]);
  });

  it('caps advice from low-rated breaches (spam lists, fabricated) at low priority', () => {
    const [passwords] = buildRecommendations([breach(['Passwords'], 'low')]);
    expect(passwords).toMatchObject({ action: DATA_CLASS_RECOMMENDATIONS.Passwords.action, priority: 'low' });
  });

  it('keeps the highest priority when a capped and an uncapped breach share advice', () => {
    const recommendations = buildRecommendations([breach(['Passwords'], 'low', 'Spam'), breach(['Passwords'], 'critical', 'Real')]);
    expect(recommendations).toEqual([strip(DATA_CLASS_RECOMMENDATIONS.Passwords)]);
  });

  it(`shows at most ${MAX_RECOMMENDATIONS}, the most urgent ones`, () => {
    const recommendations = buildRecommendations([
      breach([
        'Passwords', 'Credit cards', 'Bank account numbers', 'Government issued IDs', 'Auth tokens', 'PINs', 'Phone numbers',
        'Physical addresses', 'Dates of birth', 'Security questions and answers', 'Names', 'Genders',
      ]),
    ]);
    expect(recommendations).toHaveLength(MAX_RECOMMENDATIONS);
    expect(recommendations.map((r) => r.priority)).not.toContain('low');
    for (let i = 1; i < recommendations.length; i++) {
      expect(order[recommendations[i - 1].priority]).toBeGreaterThanOrEqual(order[recommendations[i].priority]);
    }
  });

  it('takes a different limit', () => {
    expect(buildRecommendations([], 2)).toHaveLength(2);
    expect(buildRecommendations([breach(['Passwords', 'Phone numbers', 'Names'])], 1)).toEqual([strip(DATA_CLASS_RECOMMENDATIONS.Passwords)]);
  });

  it('falls back to good practice when the findings hold nothing to advise on (demo breaches)', () => {
    const demo: DemoBreachDetail = {
      kind: 'demo-breach',
      name: 'Sample',
      date: '2020-01-01',
      description: 'Sample',
      severity: 'high',
      source: 'demo',
      evidence: { summary: 'Sample' },
    };
    expect(buildRecommendations([{ group: 'breaches', detail: demo }])).toEqual(GOOD_PRACTICE_RECOMMENDATIONS.map(strip));
  });
});
