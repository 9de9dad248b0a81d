import { NOW, siteOf, unreachable, websiteSnapshot } from '../../../../test/support/website-snapshots';
import type { RiskDetail } from '../../vocabulary/finding.types';
import { isDeletion, lifetimeSeconds, parseSetCookie } from './set-cookie.parser';
import { analyzeWebsiteCookies, registrableDomain } from './website-cookies.analyzer';

const analyze = (cookies: string[], url = 'https://shop.example.org/') =>
  analyzeWebsiteCookies(siteOf(websiteSnapshot({ url, https: { url, headers: { 'set-cookie': cookies } }, http: unreachable() })));
const byType = (cookies: string[], url?: string) => Object.fromEntries(analyze(cookies, url).map((f) => [(f.detail as RiskDetail).type, { group: f.group, ...(f.detail as RiskDetail) }]));

describe('parseSetCookie', () => {
  it('reads the attributes browsers read, case-insensitively', () => {
    expect(parseSetCookie('sid=abc=def; Path=/; Domain=.Example.ORG; Secure; HTTPONLY; SameSite=lax; Max-Age=60; Partitioned')).toMatchObject({
      name: 'sid',
      secure: true,
      httpOnly: true,
      sameSite: 'lax',
      sameSiteInvalid: false,
      domain: 'example.org',
      path: '/',
      maxAge: 60,
      partitioned: true,
    });
  });

  it('flags a SameSite it does not know, and skips nameless cookies', () => {
    const bare = parseSetCookie('a=1; SameSite')!;
    expect([bare.sameSite, bare.sameSiteInvalid]).toEqual([undefined, true]);
    expect(parseSetCookie('a=1; SameSite=Maybe')?.sameSiteInvalid).toBe(true);
    expect(parseSetCookie('justavalue')).toBeUndefined();
    expect(parseSetCookie('=1')).toBeUndefined();
  });

  it('measures lifetimes: Max-Age wins over Expires; deletions are recognised', () => {
    const both = parseSetCookie('a=1; Expires=Wed, 01 Mar 2028 12:00:00 GMT; Max-Age=10')!;
    expect(lifetimeSeconds(both, NOW)).toBe(10);
    expect(lifetimeSeconds(parseSetCookie('a=1; Expires=Thu, 02 Mar 2026 12:00:00 GMT')!, NOW)).toBe(86_400);
    expect(lifetimeSeconds(parseSetCookie('a=1')!, NOW)).toBeUndefined();
    expect(isDeletion(parseSetCookie('a=; Max-Age=0')!, NOW)).toBe(true);
    expect(isDeletion(parseSetCookie('a=; Expires=Thu, 01 Jan 1970 00:00:00 GMT')!, NOW)).toBe(true);
    expect(isDeletion(parseSetCookie('a=1')!, NOW)).toBe(false);
  });
});

describe('analyzeWebsiteCookies', () => {
  it('finds nothing wrong with Secure, HttpOnly, SameSite, short-lived first-party cookies', () => {
    expect(analyze(['sessionid=x; Secure; HttpOnly; SameSite=Lax; Path=/', 'pref=dark; Secure; SameSite=Strict; Max-Age=2592000; Domain=example.org'])).toEqual([]);
  });

  it('finds nothing when there are no cookies, and ignores deletions', () => {
    expect(analyze([])).toEqual([]);
    expect(analyze(['old=; Max-Age=0'])).toEqual([]);
  });

  it('reports each kind of problem once, listing every cookie it concerns with its attributes (never its value)', () => {
    const found = byType([
      'PHPSESSID=secret-session-value; Path=/',
      '_ga=GA1.2.3; Max-Age=63072000; Domain=.example.org',
      'track=1; Secure; SameSite=None; Max-Age=31536000',
    ]);
    expect(Object.keys(found).sort()).toEqual(['cookie_cross_site', 'cookie_long_lived', 'cookie_not_secure', 'cookie_samesite_missing', 'cookie_script_readable']);
    expect(found.cookie_not_secure).toMatchObject({ group: 'metadata', risk: 'high', value: '2 cookies without the Secure flag: PHPSESSID, _ga' });
    expect(found.cookie_not_secure.evidence.observed).toBe(
      'PHPSESSID; Secure: no; HttpOnly: no; SameSite: not set; lifetime: session\n_ga; Secure: no; HttpOnly: no; SameSite: not set; lifetime: 730 days; Domain: example.org',
    );
    expect(JSON.stringify(found)).not.toContain('secret-session-value');
    expect(found.cookie_script_readable).toMatchObject({ group: 'metadata', risk: 'medium', value: '1 cookie readable by scripts: PHPSESSID' });
    expect(found.cookie_samesite_missing).toMatchObject({ risk: 'low', value: '2 cookies without a valid SameSite: PHPSESSID, _ga' });
    expect(found.cookie_cross_site).toMatchObject({ group: 'personalInfo', risk: 'medium', value: '1 cookie sent to other sites (SameSite=None): track' });
    // 730 days is over a year; exactly 365 days is not.
    expect(found.cookie_long_lived).toMatchObject({ group: 'personalInfo', risk: 'low', value: '1 cookie kept for over a year: _ga' });
  });

  it('rates missing Secure medium when no session-like cookie is among them', () => {
    expect(byType(['theme=dark; HttpOnly; SameSite=Lax']).cookie_not_secure.risk).toBe('medium');
  });

  it('counts every cookie of a page served over plain http as not secure, Secure flag or not', () => {
    const found = byType(['pref=1; Secure; HttpOnly; SameSite=Lax'], 'http://shop.example.org/');
    expect(found.cookie_not_secure.value).toBe('1 cookie without the Secure flag: pref');
  });

  it('reports cookies for other domains than the site’s registrable domain', () => {
    const found = byType(['uid=1; Secure; SameSite=Lax; Domain=tracker.example.net', 'ok=1; Secure; SameSite=Lax; Domain=www.example.org', 'suffix=1; Secure; SameSite=Lax; Domain=org']);
    expect(found.cookie_foreign_domain).toMatchObject({ group: 'personalInfo', risk: 'medium', value: '2 cookies for other domains (tracker.example.net, org): uid, suffix' });
    expect(found.cookie_foreign_domain.evidence.summary).toContain('not for its own domain example.org');
  });

  it('merges the cookies of the https and http answers, once per name', () => {
    const snapshot = websiteSnapshot({
      https: { headers: { 'set-cookie': ['a=1; Secure; HttpOnly; SameSite=Lax'] } },
      http: { url: 'http://shop.example.org/', headers: { 'set-cookie': ['a=1; Secure; HttpOnly; SameSite=Lax', 'b=2; SameSite=Lax'] } },
    });
    const found = analyzeWebsiteCookies(siteOf(snapshot)).map((f) => f.detail as RiskDetail);
    expect(found).toEqual([expect.objectContaining({ type: 'cookie_not_secure', value: '1 cookie without the Secure flag: b' })]);
  });

  it('lists at most 20 cookies in evidence and says how many more', () => {
    const cookies = Array.from({ length: 25 }, (_, i) => `c${i}=1; Secure; HttpOnly`);
    const found = byType(cookies);
    expect(found.cookie_samesite_missing.value.startsWith('25 cookies without a valid SameSite')).toBe(true);
    expect(found.cookie_samesite_missing.evidence.observed!.split('\n')).toHaveLength(21);
    expect(found.cookie_samesite_missing.evidence.observed).toContain('… and 5 more');
  });

  it.each([
    ['www.example.co.uk', 'example.co.uk'],
    ['a.b.example.org', 'example.org'],
    ['127.0.0.1', '127.0.0.1'],
    ['localhost', 'localhost'],
  ])('registrable domain of %s is %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });
});
