import { Headers, siteOf, STRONG_HEADERS, unreachable, websiteSnapshot } from '../../../../test/support/website-snapshots';
import type { RiskDetail } from '../../vocabulary/finding.types';
import { FINDING_RECOMMENDATIONS } from '../../vocabulary/recommendation.catalogue';
import { analyzeSecurityHeaders } from './security-headers.analyzer';

const analyze = (headers: Headers, html?: string) => analyzeSecurityHeaders(siteOf(websiteSnapshot({ https: { headers, html } })));
const details = (headers: Headers, html?: string) => analyze(headers, html).findings.map((f) => f.detail as RiskDetail);
const types = (headers: Headers, html?: string) => details(headers, html).map((d) => d.type);

describe('analyzeSecurityHeaders', () => {
  it('finds nothing on a well-protected page, and grades it A+', () => {
    const { findings, grade } = analyze(STRONG_HEADERS);
    expect(findings).toEqual([]);
    expect(grade.grade).toBe('A+');
  });

  it('reports every failed test of a bare page, with the grade and its modifiers as evidence', () => {
    const found = details({});
    expect(found.map((d) => d.type).sort()).toEqual(
      ['content_type_options_missing', 'csp_missing', 'framing_unprotected', 'hsts_missing', 'permissions_policy_missing', 'security_headers_grade'].sort(),
    );
    const grade = found.find((d) => d.type === 'security_headers_grade')!;
    // −25 CSP, −20 HSTS, −20 framing, −5 nosniff → 30: D.
    expect(grade).toMatchObject({ value: 'D (30/100)', risk: 'high' });
    expect(grade.evidence.observed).toContain('-25 content-security-policy: no Content-Security-Policy');
    expect(grade.evidence.observed).toContain('-20 strict-transport-security: no HSTS');
    expect(grade.evidence.url).toBe('https://developer.mozilla.org/en-US/observatory/analyze?host=shop.example.org');
    for (const detail of found) {
      expect(detail.source).toBe('Footprint website check');
      expect(detail.evidence.summary.length).toBeGreaterThan(20);
      expect(FINDING_RECOMMENDATIONS[detail.type]).toBeDefined();
    }
    expect(analyze({}).findings.every((f) => f.group === 'metadata')).toBe(true);
  });

  it('names the grade only below A, with a risk that follows the letter', () => {
    // No CSP −25 (its frame-ancestors replaced by X-Frame-Options): 75, and no bonuses below 90.
    const b = details({ ...STRONG_HEADERS, 'content-security-policy': [], 'x-frame-options': 'DENY' }).find((d) => d.type === 'security_headers_grade');
    expect(b).toMatchObject({ value: 'B (75/100)', risk: 'low' });
    const a = types({ ...STRONG_HEADERS, 'x-content-type-options': 'nope' });
    expect(a).toEqual(['content_type_options_missing']);
  });

  it.each([
    ["default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'", 'csp_unsafe_inline', "allows inline scripts ('unsafe-inline' in script-src)"],
    ["default-src 'self'; script-src 'self' 'unsafe-eval'; frame-ancestors 'none'", 'csp_unsafe_eval', "allows 'unsafe-eval'"],
    ["default-src 'self'; script-src 'self' http://cdn.other.net; frame-ancestors 'none'", 'csp_insecure_sources', 'over plain http'],
    ["default-src 'self'; default-src 'none'", 'csp_invalid', 'cannot be parsed'],
  ])('a CSP %p is reported as %s with the header as evidence', (policy, type, words) => {
    const found = details({ ...STRONG_HEADERS, 'content-security-policy': policy }).find((d) => d.type === type)!;
    expect(found.evidence.summary).toContain(words);
    expect(found.evidence.observed).toBe(`Content-Security-Policy: ${policy}`);
  });

  it('calls a report-only policy what it is', () => {
    const { 'content-security-policy': _csp, ...rest } = STRONG_HEADERS;
    const found = details({ ...rest, 'x-frame-options': 'DENY', 'content-security-policy-report-only': "default-src 'self'" }).find((d) => d.type === 'csp_missing')!;
    expect(found.value).toBe('Content-Security-Policy in report-only mode');
    expect(found.evidence).toMatchObject({ observed: "Content-Security-Policy-Report-Only: default-src 'self'" });
  });

  it('lists every CSP problem, not only the one the grade stops at', () => {
    const found = details({ ...STRONG_HEADERS, 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'" }).find((d) => d.type === 'csp_unsafe_inline')!;
    expect(found.evidence.summary).toContain("'unsafe-eval'");
  });

  it('reports a short or unreadable HSTS with its directives', () => {
    const short = details({ ...STRONG_HEADERS, 'strict-transport-security': 'max-age=86400' }).find((d) => d.type === 'hsts_weak')!;
    expect(short).toMatchObject({ value: 'HSTS max-age 86400 seconds', risk: 'low' });
    expect(short.evidence.summary).toContain('lasts 24 hours');
    expect(short.evidence.observed).toBe('Strict-Transport-Security: max-age=86400 (includeSubDomains: no, preload: no)');
    expect(types({ ...STRONG_HEADERS, 'strict-transport-security': 'includeSubDomains' })).toContain('hsts_weak');
  });

  it('leaves HSTS to the transport check when the site has no https', () => {
    const site = siteOf(websiteSnapshot({ url: 'http://shop.example.org/', https: unreachable(), http: { url: 'http://shop.example.org/', headers: STRONG_HEADERS } }));
    const found = analyzeSecurityHeaders(site).findings.map((f) => (f.detail as RiskDetail).type);
    expect(found).not.toContain('hsts_missing');
    expect(found).toContain('security_headers_grade');
  });

  it('reports a referrer policy that leaks addresses, and an unknown one', () => {
    expect(details({ ...STRONG_HEADERS, 'referrer-policy': 'unsafe-url' }).find((d) => d.type === 'referrer_policy_unsafe')).toMatchObject({
      value: 'Referrer-Policy: unsafe-url',
      risk: 'medium',
      evidence: { observed: 'Referrer-Policy: unsafe-url' },
    });
    expect(types({ ...STRONG_HEADERS, 'referrer-policy': 'sometimes' })).toContain('referrer_policy_unsafe');
    expect(types({ ...STRONG_HEADERS, 'referrer-policy': 'strict-origin-when-cross-origin' })).not.toContain('referrer_policy_unsafe');
  });

  it('accepts X-Frame-Options instead of frame-ancestors', () => {
    const headers = { ...STRONG_HEADERS, 'content-security-policy': "default-src 'self'; object-src 'none'", 'x-frame-options': 'SAMEORIGIN' };
    expect(types(headers)).not.toContain('framing_unprotected');
  });

  it('reports third-party scripts without integrity, high when loaded over http', () => {
    const https = details(STRONG_HEADERS, '<script src="https://cdn.other.net/lib.js"></script>').find((d) => d.type === 'subresource_integrity_missing')!;
    expect(https).toMatchObject({ risk: 'low', evidence: { observed: 'https://cdn.other.net/lib.js' } });
    const http = details(STRONG_HEADERS, '<script src="http://cdn.other.net/lib.js"></script>').find((d) => d.type === 'subresource_integrity_missing')!;
    expect(http.risk).toBe('high');
  });

  it('reports a missing Permissions-Policy but accepts the older Feature-Policy', () => {
    const { 'permissions-policy': _omit, ...rest } = STRONG_HEADERS;
    expect(types(rest)).toEqual(['permissions_policy_missing']);
    expect(types({ ...rest, 'feature-policy': "camera 'none'" })).toEqual([]);
  });

  it('reports an unknown Cross-Origin-Resource-Policy', () => {
    expect(types({ ...STRONG_HEADERS, 'cross-origin-resource-policy': 'public' })).toContain('corp_invalid');
  });
});
