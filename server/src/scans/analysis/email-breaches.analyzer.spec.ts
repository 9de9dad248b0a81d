import { sampleBreach } from '../../../../test/fakes/hibp';
import type { BreachRecord, HibpBreach } from '../sources/source.types';
import type { BreachDetail } from '../../vocabulary/finding.types';
import { mergeBreaches, type MergedBreach } from '../breaches/breach.merger';
import { fromHibp } from '../breaches/breach-record.mapper';
import { analyzeEmailBreaches as analyzeMerged } from './email-breaches.analyzer';

/** HIBP's breaches alone, as the merge hands them over. */
const hibpOnly = (breaches: HibpBreach[]): MergedBreach[] => mergeBreaches({ hibp: breaches.map(fromHibp) });
const analyzeEmailBreaches = (breaches: HibpBreach[]) => analyzeMerged(hibpOnly(breaches), ['hibp']);
const detailOf = (breach: HibpBreach) => analyzeEmailBreaches([breach])[0].detail as BreachDetail;

/** XposedOrNot's view of the same invented shop: a year only, plain-text description. */
const xonRecord = (overrides: Partial<BreachRecord> = {}): BreachRecord => ({
  ...fromHibp(sampleBreach()),
  source: 'xposedornot',
  title: 'LanternMarket',
  breachDate: '2021',
  addedDate: undefined,
  modifiedDate: undefined,
  description: 'Plain text.',
  dataClasses: ['Email addresses', 'Passwords'],
  ...overrides,
});

describe('analyzeEmailBreaches', () => {
  it('finds nothing when HIBP lists no breach', () => {
    expect(analyzeEmailBreaches([])).toEqual([]);
  });

  it('maps every field of the real breach, camelCased, into the breaches group', () => {
    const [finding] = analyzeEmailBreaches([sampleBreach({ LogoPath: 'https://logos.haveibeenpwned.com/LanternMarket.png' })]);
    expect(finding.group).toBe('breaches');
    expect(finding.detail).toEqual({
      kind: 'breach',
      name: 'LanternMarket',
      title: 'Lantern Market',
      domain: 'lanternmarket.example',
      breachDate: '2021-03-14',
      addedDate: '2021-05-02T09:30:00Z',
      modifiedDate: '2021-05-02T09:30:00Z',
      pwnCount: 48213,
      description: 'In March 2021 the invented online store <em>Lantern Market</em> exposed its customer database.',
      dataClasses: ['Email addresses', 'Passwords', 'Names'],
      isVerified: true,
      isFabricated: false,
      isSensitive: false,
      isRetired: false,
      isSpamList: false,
      source: 'Have I Been Pwned',
      sources: ['hibp'],
      sourceNames: { hibp: 'LanternMarket' },
      risk: 'critical',
      evidence: {
        summary: 'Have I Been Pwned lists this address in the Lantern Market breach of 2021-03-14 (48,213 accounts)',
        url: 'https://haveibeenpwned.com/PwnedWebsites#LanternMarket',
      },
    });
  });

  it('keeps one finding per breach, in HIBP order', () => {
    const findings = analyzeEmailBreaches([sampleBreach({ Name: 'A', Title: 'A' }), sampleBreach({ Name: 'B', Title: 'B' }), sampleBreach({ Name: 'C', Title: 'C' })]);
    expect(findings.map((f) => (f.detail as BreachDetail).name)).toEqual(['A', 'B', 'C']);
    expect(findings.every((f) => f.group === 'breaches')).toBe(true);
  });

  it('keeps sensitive breaches (the pipeline decides who sees them) and says so in the flag', () => {
    const detail = detailOf(sampleBreach({ IsSensitive: true }));
    expect(detail.isSensitive).toBe(true);
  });

  it('rates each breach from its data classes', () => {
    expect(detailOf(sampleBreach({ DataClasses: ['Email addresses', 'Phone numbers'] })).risk).toBe('high');
    expect(detailOf(sampleBreach({ DataClasses: ['Email addresses', 'Names'] })).risk).toBe('medium');
    expect(detailOf(sampleBreach({ DataClasses: ['Email addresses', 'Passwords'], IsSpamList: true })).risk).toBe('low');
  });

  it('keeps data classes it does not know, and rates them medium', () => {
    const detail = detailOf(sampleBreach({ DataClasses: ['Email addresses', 'Astrological signs'] }));
    expect(detail.dataClasses).toEqual(['Email addresses', 'Astrological signs']);
    expect(detail.risk).toBe('medium');
  });

  it('keeps an empty list when a breach lists no data classes', () => {
    const detail = detailOf(sampleBreach({ DataClasses: [] }));
    expect(detail.dataClasses).toEqual([]);
    expect(detail.risk).toBe('medium');
  });

  it('copies the data class list rather than sharing the source array', () => {
    const source = sampleBreach();
    const detail = detailOf(source);
    source.DataClasses.push('Usernames');
    expect(detail.dataClasses).toEqual(['Email addresses', 'Passwords', 'Names']);
  });

  it('formats small and large account counts', () => {
    expect(detailOf(sampleBreach({ PwnCount: 999 })).evidence.summary).toMatch(/\(999 accounts\)$/);
    expect(detailOf(sampleBreach({ PwnCount: 1000 })).evidence.summary).toMatch(/\(1,000 accounts\)$/);
    expect(detailOf(sampleBreach({ PwnCount: 1234567890 })).evidence.summary).toMatch(/\(1,234,567,890 accounts\)$/);
  });

  it('encodes the breach name in the link', () => {
    expect(detailOf(sampleBreach({ Name: 'Forum & Co' })).evidence.url).toBe('https://haveibeenpwned.com/PwnedWebsites#Forum%20%26%20Co');
  });

  it('shows one entry for a breach both sources report, with HIBP\'s fields and both sources named', () => {
    const merged = mergeBreaches({ hibp: [fromHibp(sampleBreach())], xposedornot: [xonRecord()] });
    const [finding] = analyzeMerged(merged, ['hibp', 'xposedornot']);
    expect(finding.detail).toMatchObject({
      title: 'Lantern Market',
      breachDate: '2021-03-14',
      dataClasses: ['Email addresses', 'Passwords', 'Names'],
      source: 'Have I Been Pwned and XposedOrNot',
      sources: ['hibp', 'xposedornot'],
      sourceNames: { hibp: 'LanternMarket', xposedornot: 'LanternMarket' },
      evidence: {
        summary: 'Have I Been Pwned and XposedOrNot list this address in the Lantern Market breach of 2021-03-14 (48,213 accounts)',
        url: 'https://haveibeenpwned.com/PwnedWebsites#LanternMarket',
      },
    });
  });

  it('shows a breach only XposedOrNot knows with its own fields, and says HIBP was asked and disagrees', () => {
    const merged = mergeBreaches({ hibp: [], xposedornot: [xonRecord({ name: 'Tidepool', title: 'Tidepool', domain: 'tidepool.example' })] });
    const [finding] = analyzeMerged(merged, ['hibp', 'xposedornot']);
    expect(finding.detail).toMatchObject({
      name: 'Tidepool',
      breachDate: '2021',
      addedDate: '',
      description: 'Plain text.',
      source: 'XposedOrNot',
      sources: ['xposedornot'],
      evidence: {
        summary: 'XposedOrNot lists this address in the Tidepool breach of 2021 (48,213 accounts); Have I Been Pwned, also asked, does not',
        url: 'https://xposedornot.com/xposed.html#Tidepool',
      },
    });
  });
});
