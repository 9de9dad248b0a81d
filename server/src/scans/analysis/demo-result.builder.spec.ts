import { FINDING_GROUPS } from '../../vocabulary/finding.types';
import { DEMO_RANGES, demoResult, fnv1a, mulberry32 } from './demo-result.builder';
import { GOOD_PRACTICE_RECOMMENDATIONS } from '../../vocabulary/recommendation.catalogue';

const inputs = Array.from({ length: 400 }, (_, i) => `user${i}@example.com`);

describe('fnv1a', () => {
  it('matches the published 32-bit FNV-1a test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('mulberry32', () => {
  it('repeats for the same seed, differs for another, and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 50 }, a);
    expect(Array.from({ length: 50 }, b)).toEqual(seqA);
    expect(Array.from({ length: 50 }, c)).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});

describe('demoResult', () => {
  it('is the same for the same input, compared trimmed and lower-cased', () => {
    expect(demoResult('Jane@Example.com ')).toEqual(demoResult('jane@example.com'));
  });

  it('differs between inputs', () => {
    const distinct = new Set(inputs.slice(0, 50).map((input) => JSON.stringify(demoResult(input))));
    expect(distinct.size).toBeGreaterThan(45);
  });

  it('never calls Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    try {
      demoResult('jane@example.com');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps every number within the spec's demo ranges and reaches both ends of each", () => {
    const results = inputs.map(demoResult);
    const scores = results.map((r) => r.privacyScore);
    expect(Math.min(...scores)).toBe(DEMO_RANGES.privacyScore[0]);
    expect(Math.max(...scores)).toBe(DEMO_RANGES.privacyScore[1]);
    for (const group of FINDING_GROUPS) {
      const countsSeen = results.map((r) => r.groups[group].count);
      expect([Math.min(...countsSeen), Math.max(...countsSeen)]).toEqual([...DEMO_RANGES[group]]);
    }
    expect(DEMO_RANGES).toMatchObject({
      privacyScore: [60, 99],
      breaches: [0, 2],
      personalInfo: [1, 4],
      locationData: [0, 2],
      metadata: [0, 2],
      socialMedia: [1, 4],
    });
  });

  it('has as many details as each count, all distinct', () => {
    for (const input of inputs.slice(0, 100)) {
      const result = demoResult(input);
      for (const group of FINDING_GROUPS) {
        const { count, details } = result.groups[group];
        expect(details).toHaveLength(count);
        const keys = details.map((d) => (d.kind === 'risk' ? d.value : d.name));
        expect(new Set(keys).size).toBe(keys.length);
      }
    }
  });

  it('marks every detail and summary as sample data', () => {
    for (const input of inputs.slice(0, 100)) {
      const result = demoResult(input);
      for (const group of FINDING_GROUPS) {
        expect(result.groups[group].summary).toMatch(/^Sample: /);
        for (const detail of result.groups[group].details) {
          expect(detail.source).toBe('Footprint demo (sample data)');
          expect(detail.evidence.summary).toMatch(/^Sample data: /);
          if (detail.kind === 'demo-breach') {
            expect(group).toBe('breaches');
            expect(detail.name).toMatch(/^Sample: /);
            expect(detail.description).toMatch(/^Sample: /);
            expect(['critical', 'high', 'medium']).toContain(detail.severity);
            expect(detail.date).toMatch(/^20(1[3-9]|2[0-3])-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/);
          } else {
            expect(detail.kind).toBe('risk');
            expect(group).not.toBe('breaches');
            expect(detail.kind === 'risk' && detail.type).toBe('demo_sample');
            expect(detail.kind === 'risk' && detail.value).toMatch(/^Sample: /);
          }
        }
      }
    }
  });

  it('says "no" for an empty sample group and counts the others', () => {
    const results = inputs.map(demoResult);
    const empty = results.find((r) => r.groups.breaches.count === 0);
    const two = results.find((r) => r.groups.breaches.count === 2);
    expect(empty?.groups.breaches.summary).toBe('Sample: no example breaches (demo data, not a real result)');
    expect(two?.groups.breaches.summary).toBe('Sample: 2 example breaches (demo data, not a real result)');
  });

  it('recommends 4 of the 6 good-practice entries, distinct, most urgent first', () => {
    const actions = new Set(GOOD_PRACTICE_RECOMMENDATIONS.map((r) => r.action));
    const order = { critical: 3, high: 2, medium: 1, low: 0 };
    const seen = new Set<string>();
    for (const input of inputs.slice(0, 100)) {
      const { recommendations } = demoResult(input);
      expect(recommendations).toHaveLength(4);
      expect(new Set(recommendations.map((r) => r.action)).size).toBe(4);
      for (const r of recommendations) {
        expect(actions.has(r.action)).toBe(true);
        expect(Object.keys(r).sort()).toEqual(['action', 'category', 'priority']);
        seen.add(r.action);
      }
      for (let i = 1; i < 4; i++) expect(order[recommendations[i - 1].priority]).toBeGreaterThanOrEqual(order[recommendations[i].priority]);
    }
    expect(seen.size).toBe(6);
  });
});
