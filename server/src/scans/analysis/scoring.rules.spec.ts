import type { Finding, FindingGroup, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import type { EmailDnsRecords, GravatarProfile } from '../sources/source.types';
import { breachDetail } from './email-breaches.analyzer';
import { analyzeEmailDns } from './email-dns.analyzer';
import { analyzeEmailProvider } from './email-provider.analyzer';
import { analyzeGravatar } from './gravatar.analyzer';
import { breachAgeYears, costFindings, findingCost, isLastingDataClass, privacyScoreOf, topCostsOf } from './scoring.rules';

// docs/SCORING.md's worked examples are scored on this day.
const at = new Date('2026-06-01T00:00:00Z');
const context = { at };

const risk = (group: FindingGroup, level: RiskLevel, type: FindingType = 'url_not_https'): Finding => ({
  group,
  detail: { kind: 'risk', type, value: 'x', source: 's', risk: level, evidence: { summary: `${type} ${level}` } },
});

const breach = (name: string, breachDate: string, dataClasses: string[], flags: { spam?: boolean } = {}): Finding => ({
  group: 'breaches',
  detail: breachDetail({
    Name: name,
    Title: name,
    Domain: `${name.toLowerCase()}.example`,
    BreachDate: breachDate,
    AddedDate: '2020-01-01T00:00:00Z',
    ModifiedDate: '2020-01-01T00:00:00Z',
    PwnCount: 1000,
    Description: 'x',
    DataClasses: dataClasses,
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: flags.spam ?? false,
  }),
});

// A normal public Gravatar profile: a name, a place, a picture, two verified accounts and a link.
const normalGravatar: GravatarProfile = {
  hash: 'abc',
  profile_url: 'https://gravatar.com/janeroe',
  display_name: 'Jane Roe',
  location: 'Lisbon, Portugal',
  avatar_url: 'https://gravatar.com/avatar/abc',
  verified_accounts: [
    { service_type: 'github', service_label: 'GitHub', url: 'https://github.com/janeroe', is_hidden: false },
    { service_type: 'mastodon', service_label: 'Mastodon', url: 'https://mastodon.social/@janeroe', is_hidden: false },
  ],
  links: [{ label: 'Blog', url: 'https://janeroe.example' }],
};

// Gmail's published records: SPF ~all, DMARC p=none (a dmarc_weak finding).
const gmailDns: EmailDnsRecords = {
  domain: 'gmail.com',
  domainExists: true,
  mx: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }],
  spf: ['v=spf1 redirect=_spf.google.com'],
  dmarc: ['v=DMARC1; p=none; sp=quarantine; rua=mailto:mailauth-reports@google.com'],
};

describe('privacy score model (docs/SCORING.md)', () => {
  it('is 100 when nothing was found', () => {
    expect(privacyScoreOf([], context)).toBe(100);
  });

  it.each([
    ['low', 2],
    ['medium', 5],
    ['high', 10],
    ['critical', 15],
  ] as const)('costs a %s finding %i points, whatever its group', (level, points) => {
    for (const group of ['personalInfo', 'locationData', 'metadata', 'socialMedia'] as const) {
      expect(findingCost(risk(group, level), context).points).toBe(points);
    }
  });

  it('keeps the weights of the browser tests and of Global Privacy Control', () => {
    expect(findingCost(risk('personalInfo', 'critical', 'key_logging'), context).points).toBe(20);
    expect(findingCost(risk('metadata', 'high', 'canvas_fingerprinting'), context).points).toBe(12);
    expect(findingCost(risk('socialMedia', 'medium', 'meta_pixel_events'), context).points).toBe(5);
    expect(findingCost(risk('socialMedia', 'low', 'gpc_tracker_still_loaded'), context).points).toBe(3);
  });

  it('is clamped at 0 and never goes below', () => {
    expect(privacyScoreOf(Array.from({ length: 7 }, () => risk('personalInfo', 'critical')), context)).toBe(0);
    expect(privacyScoreOf(Array.from({ length: 6 }, () => risk('personalInfo', 'critical')), context)).toBe(10);
  });

  describe('breaches', () => {
    it('weighs them by the data exposed: a spam list 3, email addresses 8, phone numbers 12, passwords 15 (recent)', () => {
      expect(findingCost(breach('Spam', '2025-01-01', ['Email addresses'], { spam: true }), context).points).toBe(3);
      expect(findingCost(breach('List', '2025-01-01', ['Email addresses', 'Names']), context).points).toBe(8);
      expect(findingCost(breach('Phones', '2025-01-01', ['Email addresses', 'Phone numbers']), context).points).toBe(12);
      expect(findingCost(breach('Pw', '2025-01-01', ['Email addresses', 'Passwords']), context).points).toBe(15);
    });

    it('lets old exposures weigh less: ×1 under 2 years, ×0.8 under 5, ×0.6 under 10, ×0.4 after', () => {
      const points = (date: string) => findingCost(breach('Old', date, ['Email addresses', 'Names']), context).points;
      expect([points('2025-01-01'), points('2023-01-01'), points('2019-01-01'), points('2012-01-01')]).toEqual([8, 6, 5, 3]);
    });

    it('keeps at least ×0.6 of a breach of passwords or financial data, however old', () => {
      expect(findingCost(breach('Pw', '2012-05-05', ['Email addresses', 'Passwords']), context).points).toBe(9);
      expect(findingCost(breach('Card', '2010-01-01', ['Email addresses', 'Credit cards']), context).points).toBe(9);
      expect(findingCost(breach('Pw', '2023-01-01', ['Email addresses', 'Passwords']), context).points).toBe(12);
    });

    it('costs a recent breach with passwords more than an old one with email addresses only', () => {
      const recent = findingCost(breach('Recent', '2025-09-01', ['Email addresses', 'Passwords']), context);
      const old = findingCost(breach('Old', '2013-10-04', ['Email addresses']), context);
      expect(recent.points).toBe(15);
      expect(old.points).toBe(3);
      expect(recent.points).toBeGreaterThan(old.points);
      expect(recent.why).toBe('critical breach (exposed Passwords), under a year old: ×1');
      expect(old.why).toBe('medium breach (exposed Email addresses), 12 years old: ×0.4');
    });

    it('counts a breach in full when its date cannot be read', () => {
      expect(findingCost(breach('Undated', '', ['Email addresses']), context)).toMatchObject({ points: 8, why: expect.stringMatching(/date unknown/) });
    });

    it('reads a day or a year as the breach date', () => {
      expect(breachAgeYears('2016-06-02', at)).toBe(9);
      expect(breachAgeYears('2016-06-01', at)).toBe(10);
      expect(breachAgeYears('2016', at)).toBe(9);
      expect(breachAgeYears('2027-01-01', at)).toBe(0);
      expect(breachAgeYears('soon', at)).toBeUndefined();
    });

    it('treats credentials, financial and identity data as lasting, contact data not', () => {
      for (const dataClass of ['Passwords', 'Password hints', 'Auth tokens', 'Credit cards', 'Bank account numbers', 'Social security numbers']) {
        expect(isLastingDataClass(dataClass)).toBe(true);
      }
      for (const dataClass of ['Email addresses', 'Names', 'Usernames', 'Salaries', 'Geographic locations']) expect(isLastingDataClass(dataClass)).toBe(false);
    });
  });

  describe("facts about the person's mail provider cost nothing", () => {
    it('Gmail: the provider finding and its DNS settings are information, 0 points', () => {
      const findings = [...analyzeEmailProvider('gmail.com'), ...analyzeEmailDns(gmailDns)];
      expect(findings.map((f) => (f.detail.kind === 'risk' ? f.detail.type : ''))).toEqual(['free_email_provider', 'dmarc_weak']);
      expect(costFindings(findings, { at, emailDomain: 'gmail.com' }).map((c) => c.points)).toEqual([0, 0]);
      expect(privacyScoreOf(findings, { at, emailDomain: 'gmail.com' })).toBe(100);
    });

    it('Outlook.com and another free provider alike', () => {
      const dns = analyzeEmailDns({ ...gmailDns, domain: 'outlook.com', dmarc: [] });
      expect(privacyScoreOf([...analyzeEmailProvider('outlook.com'), ...dns], { at, emailDomain: 'outlook.com' })).toBe(100);
      expect(privacyScoreOf(analyzeEmailDns({ ...gmailDns, domain: 'gmx.de', dmarc: [] }), { at, emailDomain: 'gmx.de' })).toBe(100);
    });

    it("a custom domain's missing DMARC still costs: its administrator can fix it", () => {
      const dns = analyzeEmailDns({ ...gmailDns, domain: 'acme-widgets.example.net', dmarc: [] });
      expect(privacyScoreOf([...analyzeEmailProvider('acme-widgets.example.net'), ...dns], { at, emailDomain: 'acme-widgets.example.net' })).toBe(95);
    });

    it('a disposable address still costs: the person chose it and can move', () => {
      expect(privacyScoreOf(analyzeEmailProvider('mailinator.com'), { at, emailDomain: 'mailinator.com' })).toBe(95);
    });
  });

  it('three old breaches and a normal Gravatar profile no longer score 0 (worked example 1)', () => {
    const findings = [
      breach('LinkedIn', '2012-05-05', ['Email addresses', 'Passwords']),
      breach('Adobe', '2013-10-04', ['Email addresses', 'Password hints', 'Passwords', 'Usernames']),
      breach('Dropbox', '2012-07-01', ['Email addresses', 'Passwords']),
      ...analyzeGravatar(normalGravatar),
      ...analyzeEmailProvider('gmail.com'),
      ...analyzeEmailDns(gmailDns),
    ];
    const costs = costFindings(findings, { at, emailDomain: 'gmail.com' });
    // 3 × 9 for the breaches; Gravatar: profile 2, name 5, place 5, accounts 5, link 2, picture 2.
    expect(costs.map((c) => c.points)).toEqual([9, 9, 9, 2, 5, 5, 5, 2, 2, 0, 0]);
    expect(privacyScoreOf(findings, { at, emailDomain: 'gmail.com' })).toBe(52);
  });

  describe('topCostsOf', () => {
    it('names the three findings that cost the most, highest first, ties in the findings order, nothing free', () => {
      const findings = [risk('metadata', 'low'), risk('personalInfo', 'high'), risk('socialMedia', 'medium'), risk('locationData', 'high'), risk('metadata', 'low', 'free_email_provider')];
      const top = topCostsOf(costFindings(findings, context));
      expect(top.map((c) => [c.finding.group, c.points])).toEqual([
        ['personalInfo', 10],
        ['locationData', 10],
        ['socialMedia', 5],
      ]);
      expect(topCostsOf(costFindings([risk('metadata', 'low', 'custom_email_domain')], context))).toEqual([]);
    });
  });
});
