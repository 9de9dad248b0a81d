import type { Finding, FindingGroup } from '../../vocabulary/finding.types';
import { groupCounts, privacyScore } from './scoring';

const zero = { breaches: 0, personalInfo: 0, locationData: 0, metadata: 0, socialMedia: 0 };
const counts = (overrides: Partial<Record<FindingGroup, number>>) => ({ ...zero, ...overrides });

describe('privacyScore', () => {
  it('is 100 when nothing was found', () => {
    expect(privacyScore(zero)).toBe(100);
  });

  it.each([
    ['breaches', 15],
    ['personalInfo', 10],
    ['locationData', 12],
    ['metadata', 8],
    ['socialMedia', 5],
  ] as const)('loses the spec penalty for one item in %s', (group, penalty) => {
    expect(privacyScore(counts({ [group]: 1 }))).toBe(100 - penalty);
    expect(privacyScore(counts({ [group]: 2 }))).toBe(100 - 2 * penalty);
  });

  it('adds the penalties of all groups', () => {
    // 100 − 15 − 2·10 − 12 − 8 − 3·5 = 30
    expect(privacyScore({ breaches: 1, personalInfo: 2, locationData: 1, metadata: 1, socialMedia: 3 })).toBe(30);
  });

  it('reaches exactly 0 without going below', () => {
    expect(privacyScore(counts({ socialMedia: 20 }))).toBe(0);
    expect(privacyScore(counts({ breaches: 6, personalInfo: 1 }))).toBe(0);
  });

  it('stays at 1 just above the floor, and drops to 0 (not below) with one more item', () => {
    // 100 − 5·15 − 2·12 = 1
    expect(privacyScore(counts({ breaches: 5, locationData: 2 }))).toBe(1);
    expect(privacyScore(counts({ breaches: 5, locationData: 2, socialMedia: 1 }))).toBe(0);
  });

  it('is clamped at 0 for very exposed results', () => {
    expect(privacyScore(counts({ breaches: 7 }))).toBe(0);
    expect(privacyScore({ breaches: 40, personalInfo: 40, locationData: 40, metadata: 40, socialMedia: 40 })).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the impossible count %p instead of scoring it', (bad) => {
    expect(() => privacyScore(counts({ metadata: bad }))).toThrow(RangeError);
  });
});

describe('groupCounts', () => {
  const risk = (group: FindingGroup): Finding => ({
    group,
    detail: { kind: 'risk', type: 'url_not_https', value: 'x', source: 's', risk: 'medium', evidence: { summary: 's' } },
  });

  it('counts findings per group, every group present', () => {
    expect(groupCounts([])).toEqual(zero);
    expect(groupCounts([risk('metadata'), risk('metadata'), risk('socialMedia')])).toEqual(counts({ metadata: 2, socialMedia: 1 }));
  });

  it('feeds the score', () => {
    expect(privacyScore(groupCounts([risk('breaches'), risk('locationData')]))).toBe(73);
  });
});
