import type { HibpBreach } from '../sources/source-types';
import type { BreachDetail } from './analysis.types';
import { analyzeEmailBreaches } from './email-breaches.analyzer';

// Shaped like HIBP's answers (truncateResponse=false); the services are made up.
function hibpBreach(overrides: Partial<HibpBreach> = {}): HibpBreach {
  return {
    Name: 'ExampleForum',
    Title: 'Example Forum',
    Domain: 'forum.example.com',
    BreachDate: '2019-05-14',
    AddedDate: '2019-07-01T10:00:00Z',
    ModifiedDate: '2019-07-02T08:30:00Z',
    PwnCount: 152445165,
    Description: 'In May 2019, <a href="https://forum.example.com" target="_blank" rel="noopener">Example Forum</a> lost its user table.',
    LogoPath: 'https://logos.haveibeenpwned.com/ExampleForum.png',
    DataClasses: ['Email addresses', 'Passwords', 'Usernames'],
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsStealerLog: false,
    IsSubscriptionFree: false,
    ...overrides,
  };
}

const detailOf = (breach: HibpBreach) => analyzeEmailBreaches([breach])[0].detail as BreachDetail;

describe('analyzeEmailBreaches', () => {
  it('finds nothing when HIBP lists no breach', () => {
    expect(analyzeEmailBreaches([])).toEqual([]);
  });

  it('maps every field of the real breach, camelCased, into the breaches group', () => {
    const [finding] = analyzeEmailBreaches([hibpBreach()]);
    expect(finding.group).toBe('breaches');
    expect(finding.detail).toEqual({
      kind: 'breach',
      name: 'ExampleForum',
      title: 'Example Forum',
      domain: 'forum.example.com',
      breachDate: '2019-05-14',
      addedDate: '2019-07-01T10:00:00Z',
      modifiedDate: '2019-07-02T08:30:00Z',
      pwnCount: 152445165,
      description: 'In May 2019, <a href="https://forum.example.com" target="_blank" rel="noopener">Example Forum</a> lost its user table.',
      dataClasses: ['Email addresses', 'Passwords', 'Usernames'],
      isVerified: true,
      isFabricated: false,
      isSensitive: false,
      isRetired: false,
      isSpamList: false,
      source: 'Have I Been Pwned',
      risk: 'critical',
      evidence: {
        summary: 'Have I Been Pwned lists this address in the Example Forum breach of 2019-05-14 (152,445,165 accounts)',
        url: 'https://haveibeenpwned.com/PwnedWebsites#ExampleForum',
      },
    });
  });

  it('keeps one finding per breach, in HIBP order', () => {
    const findings = analyzeEmailBreaches([hibpBreach({ Name: 'A', Title: 'A' }), hibpBreach({ Name: 'B', Title: 'B' }), hibpBreach({ Name: 'C', Title: 'C' })]);
    expect(findings.map((f) => (f.detail as BreachDetail).name)).toEqual(['A', 'B', 'C']);
    expect(findings.every((f) => f.group === 'breaches')).toBe(true);
  });

  it('keeps sensitive breaches (the pipeline decides who sees them) and says so in the flag', () => {
    const detail = detailOf(hibpBreach({ IsSensitive: true }));
    expect(detail.isSensitive).toBe(true);
  });

  it('rates each breach from its data classes', () => {
    expect(detailOf(hibpBreach({ DataClasses: ['Email addresses', 'Phone numbers'] })).risk).toBe('high');
    expect(detailOf(hibpBreach({ DataClasses: ['Email addresses', 'Names'] })).risk).toBe('medium');
    expect(detailOf(hibpBreach({ DataClasses: ['Email addresses', 'Passwords'], IsSpamList: true })).risk).toBe('low');
  });

  it('keeps data classes it does not know, and rates them medium', () => {
    const detail = detailOf(hibpBreach({ DataClasses: ['Email addresses', 'Astrological signs'] }));
    expect(detail.dataClasses).toEqual(['Email addresses', 'Astrological signs']);
    expect(detail.risk).toBe('medium');
  });

  it('keeps an empty list when a breach lists no data classes', () => {
    const detail = detailOf(hibpBreach({ DataClasses: [] }));
    expect(detail.dataClasses).toEqual([]);
    expect(detail.risk).toBe('medium');
  });

  it('copies the data class list rather than sharing the source array', () => {
    const source = hibpBreach();
    const detail = detailOf(source);
    source.DataClasses.push('Names');
    expect(detail.dataClasses).toEqual(['Email addresses', 'Passwords', 'Usernames']);
  });

  it('formats small and large account counts', () => {
    expect(detailOf(hibpBreach({ PwnCount: 999 })).evidence.summary).toMatch(/\(999 accounts\)$/);
    expect(detailOf(hibpBreach({ PwnCount: 1000 })).evidence.summary).toMatch(/\(1,000 accounts\)$/);
    expect(detailOf(hibpBreach({ PwnCount: 1234567890 })).evidence.summary).toMatch(/\(1,234,567,890 accounts\)$/);
  });

  it('encodes the breach name in the link', () => {
    expect(detailOf(hibpBreach({ Name: 'Forum & Co' })).evidence.url).toBe('https://haveibeenpwned.com/PwnedWebsites#Forum%20%26%20Co');
  });
});
