import type { Finding, RiskDetail } from '../../vocabulary/finding.types';
import { analyzeUrlInput } from './url-input.analyzer';

const details = (findings: Finding[]) => findings.map((f) => f.detail as RiskDetail);
const types = (url: string) => details(analyzeUrlInput(url)).map((d) => d.type);

describe('analyzeUrlInput', () => {
  it.each(['https://example.com/', 'https://www.example.co.uk/about?page=2&lang=en', 'https://shop.example.com/item#reviews'])(
    'finds nothing in the clean address %s',
    (url) => {
      expect(analyzeUrlInput(url)).toEqual([]);
    },
  );

  it.each(['not a url', 'ftp://example.com/file', 'mailto:jane@example.com', ''])('finds nothing in %j, which is not an http(s) URL', (url) => {
    expect(analyzeUrlInput(url)).toEqual([]);
  });

  it('puts every finding in metadata at medium risk, from our URL check, with evidence', () => {
    const findings = analyzeUrlInput('http://bit.ly/abc?utm_source=x');
    expect(findings).toHaveLength(3);
    for (const finding of findings) {
      expect(finding.group).toBe('metadata');
      expect(finding.detail).toMatchObject({ kind: 'risk', risk: 'medium', source: 'Footprint URL check' });
      expect(finding.detail.evidence.summary).not.toBe('');
      expect(finding.detail.evidence.observed).not.toBe('');
    }
  });

  describe('plain http', () => {
    it('reports an http:// address', () => {
      const [detail] = details(analyzeUrlInput('http://example.com/login'));
      expect(detail).toMatchObject({ type: 'url_not_https', value: 'http://example.com/login', evidence: { observed: 'http://example.com/login' } });
    });

    it('reads the scheme case-insensitively', () => {
      expect(types('HTTP://EXAMPLE.COM')).toEqual(['url_not_https']);
      expect(types('HTTPS://EXAMPLE.COM')).toEqual([]);
    });
  });

  describe('shorteners', () => {
    it.each(['https://bit.ly/3xYz', 'https://t.co/abc', 'https://tinyurl.com/y2k', 'https://www.bit.ly/x', 'https://lnkd.in/eXyZ', 'https://cutt.ly/a'])(
      'reports %s',
      (url) => {
        const [detail] = details(analyzeUrlInput(url));
        expect(detail.type).toBe('url_shortener');
        expect(detail.value).toBe(new URL(url).hostname);
      },
    );

    it('does not report hosts that merely end like a shortener', () => {
      expect(types('https://notbit.ly/x')).toEqual([]);
      expect(types('https://microsoft.co/x')).toEqual([]);
      expect(types('https://bit.ly.example.com/x')).toEqual([]);
    });
  });

  describe('suspicious hosts', () => {
    it.each([
      ['http://192.0.2.10/login', 'raw IP address'],
      ['https://[2001:db8::1]/login', 'raw IP address'],
      ['https://0xC0.0.2.10/', 'raw IP address'],
      ['https://xn--pple-43d.com/', 'punycode'],
      ['https://login.xn--80ak6aa92e.com/', 'punycode'],
      ['https://secure.login.account.verify.example.com/', '6 labels deep'],
    ])('reports %s (%s)', (url, why) => {
      const findings = details(analyzeUrlInput(url)).filter((d) => d.type === 'url_suspicious_host');
      expect(findings).toHaveLength(1);
      expect(findings[0].evidence.summary).toContain(why);
      expect(findings[0].evidence.summary).toMatch(/phishing/);
    });

    it('accepts ordinary subdomains', () => {
      expect(types('https://a.b.example.co.uk/')).toEqual([]);
    });
  });

  describe('tracking parameters', () => {
    it('names every tracking parameter found, and shows them as evidence', () => {
      const [detail] = details(analyzeUrlInput('https://example.com/p?id=7&utm_source=newsletter&utm_medium=email&fbclid=IwAR0abc&lang=en'));
      expect(detail).toMatchObject({ type: 'url_tracking_parameters', value: 'utm_source, utm_medium, fbclid' });
      expect(detail.evidence.summary).toContain('3 tracking parameters (utm_source, utm_medium, fbclid)');
      expect(detail.evidence.observed).toBe('utm_source=newsletter&utm_medium=email&fbclid=IwAR0abc');
    });

    it.each(['gclid', 'ref', 'source', 'msclkid', 'mc_eid', 'igshid', 'yclid', '_hsenc', 'utm_campaign', 'UTM_Term', 'utm_anything'])(
      'recognises %s',
      (name) => {
        const [detail] = details(analyzeUrlInput(`https://example.com/?${name}=1`));
        expect(detail).toMatchObject({ type: 'url_tracking_parameters', value: name });
        expect(detail.evidence.summary).toContain('a tracking parameter');
      },
    );

    it.each(['utm_', 'reference', 'resource', 'q', 'page', 'xfbclid'])('does not take %s for a tracking parameter', (name) => {
      expect(analyzeUrlInput(`https://example.com/?${name}=1`)).toEqual([]);
    });

    it('names a repeated parameter once', () => {
      const [detail] = details(analyzeUrlInput('https://example.com/?ref=a&ref=b'));
      expect(detail.value).toBe('ref');
      expect(detail.evidence.observed).toBe('ref=a&ref=b');
    });

    it('shows a parameter without a value by its name', () => {
      expect(details(analyzeUrlInput('https://example.com/?fbclid'))[0].evidence.observed).toBe('fbclid');
    });

    it('shortens very long evidence', () => {
      const [detail] = details(analyzeUrlInput(`https://example.com/?gclid=${'a'.repeat(1000)}`));
      expect(detail.evidence.observed).toHaveLength(300);
      expect(detail.evidence.observed?.endsWith('…')).toBe(true);
    });
  });

  it('reports every risk of a bad link', () => {
    expect(types('http://bit.ly/abc?utm_source=spam')).toEqual(['url_not_https', 'url_shortener', 'url_tracking_parameters']);
    expect(types('http://203.0.113.5/?fbclid=1')).toEqual(['url_not_https', 'url_suspicious_host', 'url_tracking_parameters']);
  });
});
