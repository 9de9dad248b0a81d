import type { BreachRecord } from '../sources/source.types';
import { breachNameKey, mergeBreaches } from './breach.merger';

function record(source: BreachRecord['source'], name: string, domain: string, breachDate: string, extra: Partial<BreachRecord> = {}): BreachRecord {
  return {
    source,
    name,
    title: name,
    domain,
    breachDate,
    pwnCount: 10,
    description: '',
    dataClasses: ['Email addresses'],
    isVerified: true,
    isFabricated: false,
    isSensitive: false,
    isRetired: false,
    isSpamList: false,
    isMalware: false,
    isStealerLog: false,
    isSubscriptionFree: false,
    ...extra,
  };
}

const summary = (merged: ReturnType<typeof mergeBreaches>) => merged.map((m) => ({ shown: `${m.record.source}:${m.record.name}`, sources: m.sources, names: m.sourceNames }));

describe('mergeBreaches', () => {
  it('joins records whose names match once case, spaces and punctuation are set aside; HIBP first', () => {
    const merged = mergeBreaches({
      hibp: [record('hibp', 'Lantern-Market', 'lantern.example', '2021-03-14', { title: 'Lantern Market' })],
      xposedornot: [record('xposedornot', 'lantern market', 'lantern.example', '2021')],
    });
    expect(summary(merged)).toEqual([{ shown: 'hibp:Lantern-Market', sources: ['hibp', 'xposedornot'], names: { hibp: 'Lantern-Market', xposedornot: 'lantern market' } }]);
    expect(merged[0].record.title).toBe('Lantern Market');
  });

  it('joins by domain and year when each side has exactly one breach of that domain that year', () => {
    const merged = mergeBreaches({
      hibp: [record('hibp', 'Orbit', 'orbit.example', '2019-11-02'), record('hibp', 'OrbitScrape', 'orbit.example', '2022-01-01')],
      xposedornot: [record('xposedornot', 'OrbitForum2019', 'orbit.example', '2019'), record('xposedornot', 'Other', 'other.example', '2019')],
    });
    expect(summary(merged)).toEqual([
      { shown: 'hibp:Orbit', sources: ['hibp', 'xposedornot'], names: { hibp: 'Orbit', xposedornot: 'OrbitForum2019' } },
      { shown: 'hibp:OrbitScrape', sources: ['hibp'], names: { hibp: 'OrbitScrape' } },
      { shown: 'xposedornot:Other', sources: ['xposedornot'], names: { xposedornot: 'Other' } },
    ]);
  });

  it('does not guess when a domain had two breaches in one year', () => {
    const merged = mergeBreaches({
      hibp: [record('hibp', 'A', 'shop.example', '2020-01-01'), record('hibp', 'B', 'shop.example', '2020-06-01')],
      xposedornot: [record('xposedornot', 'ShopLeak', 'shop.example', '2020')],
    });
    expect(merged.map((m) => m.sources)).toEqual([['hibp'], ['hibp'], ['xposedornot']]);
  });

  it('never joins on an empty domain, and keeps one record per name within a source', () => {
    const merged = mergeBreaches({
      hibp: [record('hibp', 'Combo', '', '2019-01-01'), record('hibp', 'combo', '', '2019-01-01')],
      xposedornot: [record('xposedornot', 'ComboList', '', '2019')],
    });
    expect(merged.map((m) => m.record.name)).toEqual(['Combo', 'ComboList']);
  });

  it("adds the names other sources' catalogues give the breach, without counting them as reports", () => {
    const merged = mergeBreaches({ xposedornot: [record('xposedornot', 'Orbit2019', 'orbit.example', '2019')] }, [record('hibp', 'Orbit', 'orbit.example', '2019-11-02')]);
    expect(summary(merged)).toEqual([{ shown: 'xposedornot:Orbit2019', sources: ['xposedornot'], names: { xposedornot: 'Orbit2019', hibp: 'Orbit' } }]);
  });

  it('compares names without case, spaces or punctuation', () => {
    expect(breachNameKey('Have I-Been_Pwned!')).toBe('haveibeenpwned');
    expect(breachNameKey('Ĺéak')).toBe('ĺéak');
  });
});
