import type { EmailDnsRecords } from '../sources/source.types';
import type { Finding, RiskDetail } from '../../vocabulary/finding.types';
import { analyzeEmailDns, implausibleDnsAnswer } from './email-dns.analyzer';

const GOOD_SPF = 'v=spf1 include:_spf.mail.example.net -all';
const GOOD_DMARC = 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com';

function records(overrides: Partial<EmailDnsRecords> = {}): EmailDnsRecords {
  return {
    domain: 'example.com',
    domainExists: true,
    mx: [{ exchange: 'mx1.example.com', priority: 10 }],
    spf: [GOOD_SPF],
    dmarc: [GOOD_DMARC],
    ...overrides,
  };
}

const details = (findings: Finding[]) => findings.map((f) => f.detail as RiskDetail);
const types = (findings: Finding[]) => details(findings).map((d) => `${d.type}:${d.risk}`);

describe('analyzeEmailDns', () => {
  it('finds nothing for a domain with mail servers, a strict SPF and an enforced DMARC', () => {
    expect(analyzeEmailDns(records())).toEqual([]);
  });

  it('puts every finding in the metadata group with DNS as the source and the record as evidence', () => {
    const findings = analyzeEmailDns(records({ mx: [], spf: ['v=spf1 +all'], dmarc: ['v=DMARC1; p=none'] }));
    expect(findings).toHaveLength(3);
    for (const finding of findings) {
      expect(finding.group).toBe('metadata');
      expect(finding.detail.source).toBe('DNS');
      expect(finding.detail.evidence.summary).toContain('example.com');
      expect(finding.detail.evidence.observed).toBeTruthy();
    }
  });

  describe('the domain and its mail servers', () => {
    it('reports a domain that does not exist once, as medium, and nothing else', () => {
      const findings = analyzeEmailDns(records({ domainExists: false, mx: [], spf: [], dmarc: [] }));
      expect(types(findings)).toEqual(['no_mx_record:medium']);
      expect(details(findings)[0].evidence.summary).toMatch(/does not exist/);
      expect(details(findings)[0].evidence.observed).toBe('example.com: NXDOMAIN');
    });

    it('reports a domain without MX records as low', () => {
      const [finding] = details(analyzeEmailDns(records({ mx: [] })));
      expect(finding).toMatchObject({ type: 'no_mx_record', risk: 'low', value: 'example.com has no MX record' });
    });

    it('reports a null MX (RFC 7505) as a domain that takes no mail', () => {
      for (const exchange of ['', '.']) {
        const [finding] = details(analyzeEmailDns(records({ mx: [{ exchange, priority: 0 }] })));
        expect(finding).toMatchObject({ type: 'no_mx_record', risk: 'low', value: 'example.com accepts no mail (null MX)' });
      }
    });

    it('accepts several ordinary MX records', () => {
      const mx = [{ exchange: 'mx2.example.com', priority: 20 }, { exchange: 'mx1.example.com', priority: 10 }];
      expect(analyzeEmailDns(records({ mx }))).toEqual([]);
    });
  });

  describe('SPF', () => {
    it.each([
      'v=spf1 include:_spf.google.com ~all',
      'v=spf1 mx a -all',
      '  V=SPF1   ip4:192.0.2.0/24    -ALL  ',
      'v=spf1 include:spf.protection.outlook.com -all exp=explain.example.com',
      'v=spf1 redirect=_spf.example.net',
    ])('accepts %j', (spf) => {
      expect(analyzeEmailDns(records({ spf: [spf] }))).toEqual([]);
    });

    it('reports a missing SPF record as low', () => {
      expect(types(analyzeEmailDns(records({ spf: [] })))).toEqual(['spf_missing:low']);
    });

    it('ignores TXT records that only look like SPF', () => {
      expect(types(analyzeEmailDns(records({ spf: ['v=spf10 -all', 'spf1 -all'] })))).toEqual(['spf_missing:low']);
    });

    it.each(['v=spf1 +all', 'v=spf1 a mx all', 'V=SPF1 include:x.example +ALL'])('reports %j, which allows every server, as medium', (spf) => {
      const [finding] = details(analyzeEmailDns(records({ spf: [spf] })));
      expect(finding).toMatchObject({ type: 'spf_weak', risk: 'medium' });
      expect(finding.evidence.summary).toMatch(/every server on the internet/);
      expect(finding.evidence.summary).toMatch(/anyone can send mail that appears to come from this address/);
    });

    it('reports a neutral ?all as low', () => {
      const [finding] = details(analyzeEmailDns(records({ spf: ['v=spf1 include:_spf.example.net ?all'] })));
      expect(finding).toMatchObject({ type: 'spf_weak', risk: 'low', value: 'SPF of example.com is neutral (?all)' });
      expect(finding.evidence.observed).toBe('v=spf1 include:_spf.example.net ?all');
    });

    it('reports an SPF record without any all rule (and no redirect) as low', () => {
      const [finding] = details(analyzeEmailDns(records({ spf: ['v=spf1 include:_spf.example.net'] })));
      expect(finding).toMatchObject({ type: 'spf_weak', risk: 'low' });
      expect(finding.evidence.summary).toMatch(/does not end with an "all" rule/);
    });

    it('does not mistake a mechanism containing "all" for the all rule', () => {
      const [finding] = details(analyzeEmailDns(records({ spf: ['v=spf1 include:all.example.net a:mail.example.com'] })));
      expect(finding).toMatchObject({ type: 'spf_weak', risk: 'low' });
    });

    it('reports several SPF records as an error, naming them all', () => {
      const [finding] = details(analyzeEmailDns(records({ spf: ['v=spf1 -all', 'v=spf1 include:x.example ~all'] })));
      expect(finding).toMatchObject({ type: 'spf_weak', risk: 'low', value: 'example.com has 2 SPF records' });
      expect(finding.evidence.observed).toBe('v=spf1 -all | v=spf1 include:x.example ~all');
    });
  });

  describe('DMARC', () => {
    it.each([
      'v=DMARC1; p=reject',
      'v=DMARC1;p=quarantine;rua=mailto:d@example.com',
      ' V=DMARC1 ;  P = Reject ; pct=100 ',
      'v=DMARC1; p=quarantine; pct=100; sp=none',
      'v=DMARC1; p=reject; pct=abc',
    ])('accepts %j', (dmarc) => {
      expect(analyzeEmailDns(records({ dmarc: [dmarc] }))).toEqual([]);
    });

    it('reports a missing DMARC record as a medium spoofing risk', () => {
      const [finding] = details(analyzeEmailDns(records({ dmarc: [] })));
      expect(finding).toMatchObject({ type: 'dmarc_missing', risk: 'medium', value: 'example.com has no DMARC record' });
      expect(finding.evidence.summary).toMatch(/anyone can send mail that appears to come from this address/);
      expect(finding.evidence.observed).toBe('TXT _dmarc.example.com: no v=DMARC1 record');
    });

    it('ignores records that are not DMARC', () => {
      expect(types(analyzeEmailDns(records({ dmarc: ['v=DMARC2; p=reject', 'p=reject'] })))).toEqual(['dmarc_missing:medium']);
    });

    it.each(['v=DMARC1; p=none', 'v=DMARC1;p=NONE;rua=mailto:d@example.com', '  v=DMARC1 ; p = none '])(
      'reports %j as a medium spoofing risk',
      (dmarc) => {
        const [finding] = details(analyzeEmailDns(records({ dmarc: [dmarc] })));
        expect(finding).toMatchObject({ type: 'dmarc_weak', risk: 'medium', value: 'DMARC of example.com does not block forged mail (p=none)' });
        expect(finding.evidence.summary).toMatch(/"none"/);
      },
    );

    it('reports a record without a policy, or with an unknown one', () => {
      const [noPolicy] = details(analyzeEmailDns(records({ dmarc: ['v=DMARC1; rua=mailto:d@example.com'] })));
      expect(noPolicy).toMatchObject({ type: 'dmarc_weak', value: 'DMARC of example.com does not block forged mail (no policy)' });
      const [unknown] = details(analyzeEmailDns(records({ dmarc: ['v=DMARC1; p=rejected'] })));
      expect(unknown).toMatchObject({ type: 'dmarc_weak', value: 'DMARC of example.com does not block forged mail (p=rejected)' });
      expect(unknown.evidence.summary).toMatch(/invalid policy/);
    });

    it.each([
      ['v=DMARC1; p=quarantine; pct=50', 50],
      ['v=DMARC1; p=reject; pct=0', 0],
      ['v=DMARC1; p=reject; PCT = 99 ', 99],
    ])('reports %j, which covers only part of the mail', (dmarc, pct) => {
      const [finding] = details(analyzeEmailDns(records({ dmarc: [dmarc] })));
      expect(finding).toMatchObject({ type: 'dmarc_weak', risk: 'medium' });
      expect(finding.value).toContain(`applies to ${pct}% of mail`);
      expect(finding.evidence.summary).toContain(`only ${pct}% of failing mail`);
    });

    it('reports several DMARC records, which receivers ignore', () => {
      const [finding] = details(analyzeEmailDns(records({ dmarc: ['v=DMARC1; p=reject', 'v=DMARC1; p=none'] })));
      expect(finding).toMatchObject({ type: 'dmarc_weak', risk: 'medium', value: 'example.com has 2 DMARC records' });
    });
  });

  it('reports each problem of a badly set-up domain once', () => {
    const findings = analyzeEmailDns(records({ mx: [], spf: ['v=spf1 ?all'], dmarc: ['v=DMARC1; p=none; pct=10'] }));
    expect(types(findings)).toEqual(['no_mx_record:low', 'spf_weak:low', 'dmarc_weak:medium']);
  });
});

describe('implausibleDnsAnswer (a major provider never "may not exist")', () => {
  it.each(['gmail.com', 'outlook.com', 'yahoo.co.uk', 'proton.me', 'hotmail.es'])('distrusts NXDOMAIN for %s', (domain) => {
    const why = implausibleDnsAnswer(records({ domain, domainExists: false, mx: [], spf: [], dmarc: [] }));
    expect(why).toMatch(new RegExp(`${domain.replace('.', '\\.')} does not exist, which is not true of .+: its answers cannot be trusted`));
  });

  it('distrusts "no mail server" (NODATA or a null MX) for a major provider', () => {
    expect(implausibleDnsAnswer(records({ domain: 'gmail.com', mx: [] }))).toMatch(/gmail\.com has no mail server, which is not true of Gmail/);
    expect(implausibleDnsAnswer(records({ domain: 'icloud.com', mx: [{ exchange: '.', priority: 0 }] }))).toMatch(/no mail server.*iCloud/);
  });

  it('accepts a provider with its mail servers, even without SPF or DMARC (those findings are real)', () => {
    expect(implausibleDnsAnswer(records({ domain: 'gmail.com', spf: [], dmarc: [] }))).toBeUndefined();
  });

  it('leaves other domains to the answers: a custom or merely free domain may really not exist', () => {
    expect(implausibleDnsAnswer(records({ domain: 'no-such-shop.example', domainExists: false, mx: [] }))).toBeUndefined();
    expect(implausibleDnsAnswer(records({ domain: 'hotmail.con', domainExists: false, mx: [] }))).toBeUndefined();
  });
});
