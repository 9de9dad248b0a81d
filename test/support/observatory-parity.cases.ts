/**
 * Every header case we grade, with the grade MDN HTTP Observatory's scorer gives it: the score
 * worked out by hand from its modifiers and rules (../shared/reference/observatory-grading.md: start
 * at 100, add the penalties, add the bonuses only from 90 up, the bands), the sum written beside each.
 * Where Footprint grades otherwise on purpose, `ours` holds its grade and a phrase of the documented
 * differences in observatory-grade.rules.ts that says why. Read by observatory-grade.rules.spec.ts
 * (one test per case) and test/bench/header-grades.mjs (the agreement table).
 */
import { gradeSecurityHeaders, ObservatoryGrade, ObservatoryOutcome, ObservatoryTest } from '../../server/src/scans/analysis/observatory-grade.rules';
import { observatoryInput } from '../../server/src/scans/analysis/security-headers.analyzer';
import { LOOSER_SECOND_POLICY_HEADERS, STRICTER_SECOND_POLICY_HEADERS } from '../fakes/websites';
import { Headers, siteOf, STRONG_HEADERS, unreachable, websiteSnapshot } from './website-snapshots';

export interface GradeOf {
  score: number;
  grade: string;
}

export interface ParityCase {
  name: string;
  /** The site as fetched (https page, http form); see websiteSnapshot. */
  site: NonNullable<Parameters<typeof websiteSnapshot>[0]>;
  /** MDN's grade; null: not graded at all (the page's status). */
  mdn: GradeOf | null;
  /** How MDN's score adds up. */
  sum: string;
  /** Outcomes both give, pinned. */
  outcomes?: Partial<Record<ObservatoryTest, ObservatoryOutcome>>;
  /** Footprint's grade where it differs on purpose, and the words of the documented difference. */
  ours?: GradeOf & { documented: string };
}

export function gradeCase(c: ParityCase): ObservatoryGrade {
  return gradeSecurityHeaders(observatoryInput(siteOf(websiteSnapshot(c.site))));
}

const https = (headers: Headers, extra: { html?: string; status?: number } = {}) => ({ https: { headers, ...extra } });
const withoutHeader = (name: string): Headers => Object.fromEntries(Object.entries(STRONG_HEADERS).filter(([k]) => k !== name));

/** No penalty; CSP without unsafe +5 and Referrer-Policy no-referrer +5 (X-Frame-Options missing: −20 unless a case adds it). */
const BASE: Headers = {
  'content-security-policy': "default-src 'self'; object-src 'none'",
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
/** BASE with X-Frame-Options DENY (+5): 115 with the CSP bonus. */
const BASE_XFO: Headers = { ...BASE, 'x-frame-options': 'DENY' };
/** BASE_XFO with this CSP: everything but the CSP test gives +10 (referrer, framing). */
const cspCase = (name: string, csp: string | string[] | undefined, outcome: ObservatoryOutcome, mdn: GradeOf, sum: string): ParityCase => {
  const headers: Headers = { ...BASE_XFO };
  if (csp === undefined) delete headers['content-security-policy'];
  else headers['content-security-policy'] = csp;
  return { name: `CSP ${name}`, site: https(headers), mdn, sum, outcomes: { 'content-security-policy': outcome } };
};

export const PARITY_CASES: readonly ParityCase[] = [
  // ---- whole grades
  { name: 'every test passes, bonuses counted', site: https(STRONG_HEADERS), mdn: { score: 125, grade: 'A+' }, sum: '100 + CSP 5 + referrer 5 + frame-ancestors 5 + CORP 10' },
  {
    name: 'one small penalty, made up by X-Frame-Options DENY',
    site: https({ 'content-security-policy': "default-src 'self'; object-src 'none'; style-src 'self' 'unsafe-inline'", 'x-frame-options': 'DENY', 'strict-transport-security': 'max-age=31536000' }),
    mdn: { score: 100, grade: 'A+' },
    sum: '100 − nosniff 5 = 95 ≥ 90: + style-only inline 0 + XFO 5',
  },
  {
    name: 'bonuses not counted under 90',
    site: https({ ...withoutHeader('x-content-type-options'), 'strict-transport-security': 'max-age=86400' }),
    mdn: { score: 85, grade: 'A-' },
    sum: '100 − nosniff 5 − HSTS < 6 months 10 = 85 < 90: bonuses dropped',
  },
  { name: 'no Content-Security-Policy', site: https({ ...withoutHeader('content-security-policy'), 'x-frame-options': 'SAMEORIGIN' }), mdn: { score: 75, grade: 'B' }, sum: '100 − CSP 25' },
  { name: 'no CSP and no HSTS', site: https({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' }), mdn: { score: 55, grade: 'C' }, sum: '100 − CSP 25 − HSTS 20' },
  {
    name: 'unsafe CSP and three missing headers',
    site: https({ 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'" }),
    mdn: { score: 35, grade: 'D' },
    sum: '100 − unsafe-inline 20 − HSTS 20 − framing 20 − nosniff 5',
  },
  {
    name: 'off-host redirect and an external script without SRI',
    site: {
      https: { headers: { 'strict-transport-security': 'max-age=31536000', 'x-frame-options': 'DENY' }, html: '<script src="https://cdn.thirdparty.net/lib.js"></script>' },
      http: { url: 'https://shop.example.org/', route: ['http://shop.example.org/', 'https://www.shop.example.org/', 'https://shop.example.org/'] },
    },
    mdn: { score: 60, grade: 'C+' },
    sum: '100 − off-host redirect 5 − SRI 5 − CSP 25 − nosniff 5',
    outcomes: { redirection: 'redirection-off-host-from-http', 'subresource-integrity': 'sri-not-implemented-but-external-scripts-loaded-securely' },
  },
  {
    name: 'http only, a session cookie in the clear',
    site: { url: 'http://shop.example.org/', https: unreachable(), http: { url: 'http://shop.example.org/', headers: { 'set-cookie': 'PHPSESSID=abc; path=/' } } },
    mdn: { score: 0, grade: 'F' },
    sum: '100 − 130 (CSP 25, cookie 40, redirect 20, HSTS 20, nosniff 5, framing 20), floored at 0',
  },
  // ---- parity cases checked against MDN's scorer (main branch)
  { name: 'X-Frame-Options DENY is +5', site: https(BASE_XFO), mdn: { score: 115, grade: 'A+' }, sum: '100 + CSP 5 + referrer 5 + XFO 5', outcomes: { 'x-frame-options': 'x-frame-options-sameorigin-or-deny' } },
  { name: 'X-Frame-Options SAMEORIGIN is +5', site: https({ ...BASE, 'x-frame-options': 'sameorigin' }), mdn: { score: 115, grade: 'A+' }, sum: '100 + 5 + 5 + 5', outcomes: { 'x-frame-options': 'x-frame-options-sameorigin-or-deny' } },
  {
    name: 'two Strict-Transport-Security lines are invalid',
    site: https({ ...BASE, 'strict-transport-security': ['max-age=31536000', 'max-age=31536000'] }),
    mdn: { score: 60, grade: 'C+' },
    sum: '100 − HSTS invalid 20 − framing 20',
    outcomes: { 'strict-transport-security': 'hsts-header-invalid' },
  },
  { name: 'two X-Frame-Options lines are invalid', site: https({ ...BASE, 'x-frame-options': ['DENY', 'DENY'] }), mdn: { score: 80, grade: 'B+' }, sum: '100 − XFO invalid 20', outcomes: { 'x-frame-options': 'x-frame-options-header-invalid' } },
  {
    name: 'two X-Content-Type-Options lines are invalid',
    site: https({ ...BASE, 'x-content-type-options': ['nosniff', 'nosniff'] }),
    mdn: { score: 75, grade: 'B' },
    sum: '100 − nosniff invalid 5 − framing 20',
    outcomes: { 'x-content-type-options': 'x-content-type-options-header-invalid' },
  },
  {
    name: "'strict-dynamic' without a nonce keeps frame-ancestors",
    site: https({ ...BASE, 'content-security-policy': "script-src 'strict-dynamic' https:; object-src 'none'; frame-ancestors 'none'" }),
    mdn: { score: 75, grade: 'B' },
    sum: '100 − CSP invalid 25 (frame-ancestors +5 not counted under 90)',
    outcomes: { 'content-security-policy': 'csp-header-invalid', 'x-frame-options': 'x-frame-options-implemented-via-csp' },
  },
  { name: 'COOP same-origin is +10', site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'same-origin' }), mdn: { score: 125, grade: 'A+' }, sum: '115 + COOP 10', outcomes: { 'cross-origin-opener-policy': 'coop-implemented-with-same-origin' } },
  {
    name: 'COOP same-origin-allow-popups is +10',
    site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'same-origin-allow-popups' }),
    mdn: { score: 125, grade: 'A+' },
    sum: '115 + 10',
    outcomes: { 'cross-origin-opener-policy': 'coop-implemented-with-same-origin-allow-popups' },
  },
  {
    name: 'COOP noopener-allow-popups is +10',
    site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'noopener-allow-popups' }),
    mdn: { score: 125, grade: 'A+' },
    sum: '115 + 10',
    outcomes: { 'cross-origin-opener-policy': 'coop-implemented-with-noopener-allow-popups' },
  },
  {
    name: 'COOP with a report-to parameter is read by its token',
    site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'same-origin; report-to="coop"' }),
    mdn: { score: 125, grade: 'A+' },
    sum: '115 + 10',
    outcomes: { 'cross-origin-opener-policy': 'coop-implemented-with-same-origin' },
  },
  { name: 'COOP unsafe-none is 0', site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'unsafe-none' }), mdn: { score: 115, grade: 'A+' }, sum: '115 + 0', outcomes: { 'cross-origin-opener-policy': 'coop-implemented-with-unsafe-none' } },
  { name: 'an unknown COOP value is −5', site: https({ ...BASE_XFO, 'cross-origin-opener-policy': 'same-site' }), mdn: { score: 110, grade: 'A+' }, sum: '100 − 5 = 95 ≥ 90: + 15', outcomes: { 'cross-origin-opener-policy': 'coop-header-invalid' } },
  { name: 'two COOP lines are invalid', site: https({ ...BASE_XFO, 'cross-origin-opener-policy': ['same-origin', 'same-origin'] }), mdn: { score: 110, grade: 'A+' }, sum: '95 + 15', outcomes: { 'cross-origin-opener-policy': 'coop-header-invalid' } },
  { name: 'a quoted COOP value is invalid', site: https({ ...BASE_XFO, 'cross-origin-opener-policy': '"same-origin"' }), mdn: { score: 110, grade: 'A+' }, sum: '95 + 15', outcomes: { 'cross-origin-opener-policy': 'coop-header-invalid' } },
  { name: 'COEP require-corp is +10', site: https({ ...BASE_XFO, 'cross-origin-embedder-policy': 'require-corp' }), mdn: { score: 125, grade: 'A+' }, sum: '115 + 10', outcomes: { 'cross-origin-embedder-policy': 'coep-implemented-with-require-corp' } },
  { name: 'COEP credentialless is +10', site: https({ ...BASE_XFO, 'cross-origin-embedder-policy': 'credentialless' }), mdn: { score: 125, grade: 'A+' }, sum: '115 + 10', outcomes: { 'cross-origin-embedder-policy': 'coep-implemented-with-credentialless' } },
  { name: 'COEP unsafe-none is 0', site: https({ ...BASE_XFO, 'cross-origin-embedder-policy': 'unsafe-none' }), mdn: { score: 115, grade: 'A+' }, sum: '115 + 0', outcomes: { 'cross-origin-embedder-policy': 'coep-implemented-with-unsafe-none' } },
  { name: 'an unknown COEP value is −5', site: https({ ...BASE_XFO, 'cross-origin-embedder-policy': 'require-everything' }), mdn: { score: 110, grade: 'A+' }, sum: '95 + 15', outcomes: { 'cross-origin-embedder-policy': 'coep-header-invalid' } },
  {
    name: 'COOP and COEP bonuses need 90 first',
    site: https({ 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'strict-transport-security': 'max-age=31536000', 'x-content-type-options': 'nosniff' }),
    mdn: { score: 55, grade: 'C' },
    sum: '100 − CSP 25 − framing 20',
  },
  // ---- several Content-Security-Policy policies (browsers enforce each; the page gets what all allow)
  {
    name: 'a second, stricter CSP line (fixture site)',
    site: https(STRICTER_SECOND_POLICY_HEADERS),
    mdn: { score: 130, grade: 'A+' },
    sum: "100 + default-src 'none' 10 + referrer 5 + frame-ancestors 5 + CORP 10",
    outcomes: { 'content-security-policy': 'csp-implemented-with-no-unsafe-default-src-none' },
  },
  {
    name: 'a second, looser CSP line (fixture site)',
    site: https(LOOSER_SECOND_POLICY_HEADERS),
    mdn: { score: 125, grade: 'A+' },
    sum: '100 + CSP 5 + referrer 5 + frame-ancestors 5 + CORP 10',
    outcomes: { 'content-security-policy': 'csp-implemented-with-no-unsafe' },
  },
  {
    name: 'a third CSP line that closes what the first two leave open',
    site: https({ ...BASE_XFO, 'content-security-policy': ["default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'", "default-src 'self'; script-src 'self' 'unsafe-inline'", "script-src 'self'"] }),
    mdn: { score: 80, grade: 'B+' },
    sum: "100 − unsafe-inline 20 (MDN combines the first two policies only)",
    ours: { score: 115, grade: 'A+', documented: 'Three or more Content-Security-Policy policies' },
  },
  // ---- Strict-Transport-Security as RFC 6797 and MDN parse it
  {
    name: 'HSTS written "max-age = 31536000" is invalid',
    site: https({ ...BASE_XFO, 'strict-transport-security': 'max-age = 31536000' }),
    mdn: { score: 80, grade: 'B+' },
    sum: '100 − HSTS invalid 20',
    outcomes: { 'strict-transport-security': 'hsts-header-invalid' },
  },
  {
    name: 'HSTS max-age=abc',
    site: https({ ...BASE_XFO, 'strict-transport-security': 'max-age=abc' }),
    mdn: { score: 115, grade: 'A+' },
    sum: 'NaN passes its six-month comparison: 115',
    ours: { score: 80, grade: 'B+', documented: '`max-age=abc`' },
  },
  {
    name: 'HSTS max-age="100" (quoted, valid in RFC 6797)',
    site: https({ ...BASE_XFO, 'strict-transport-security': 'max-age="100"' }),
    mdn: { score: 115, grade: 'A+' },
    sum: 'NaN passes its six-month comparison: 115',
    ours: { score: 105, grade: 'A+', documented: 'A quoted number' },
  },
  {
    name: 'HSTS under six months',
    site: https({ ...BASE_XFO, 'strict-transport-security': 'max-age=15551999' }),
    mdn: { score: 105, grade: 'A+' },
    sum: '100 − 10 = 90 ≥ 90: + CSP 5 + referrer 5 + XFO 5',
    outcomes: { 'strict-transport-security': 'hsts-implemented-max-age-less-than-six-months' },
  },
  // ---- frame-ancestors in a <meta> policy
  {
    name: 'frame-ancestors in a <meta> policy',
    site: https(
      { 'strict-transport-security': 'max-age=31536000', 'x-content-type-options': 'nosniff' },
      { html: `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'; frame-ancestors 'none'">` },
    ),
    mdn: { score: 110, grade: 'A+' },
    sum: 'CSP 5 + framing via CSP 5',
    ours: { score: 80, grade: 'B+', documented: 'frame-ancestors in a <meta> Content-Security-Policy is ignored' },
  },
  // ---- the Content-Security-Policy outcomes, each on BASE_XFO (+10 from the other tests once at 90)
  cspCase('missing', undefined, 'csp-not-implemented', { score: 75, grade: 'B' }, '100 − 25'),
  cspCase("default-src 'none'", "default-src 'none'", 'csp-implemented-with-no-unsafe-default-src-none', { score: 120, grade: 'A+' }, '100 + 10 + 10'),
  cspCase("default-src 'self'", "default-src 'self'", 'csp-implemented-with-no-unsafe', { score: 115, grade: 'A+' }, '100 + 5 + 10'),
  cspCase("'unsafe-inline' in script-src", "default-src 'self'; script-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline', { score: 80, grade: 'B+' }, '100 − 20'),
  cspCase("a nonce beside 'unsafe-inline'", "default-src 'self'; script-src 'self' 'nonce-abc' 'unsafe-inline'", 'csp-implemented-with-no-unsafe', { score: 115, grade: 'A+' }, '100 + 5 + 10'),
  cspCase('no default-src (object-src falls back to *)', "script-src 'self'", 'csp-implemented-with-unsafe-inline', { score: 80, grade: 'B+' }, '100 − 20'),
  cspCase('script-src https:', "default-src 'self'; script-src https:", 'csp-implemented-with-unsafe-inline', { score: 80, grade: 'B+' }, '100 − 20'),
  cspCase("'unsafe-eval'", "default-src 'self'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval', { score: 100, grade: 'A+' }, '100 − 10 = 90: + 10'),
  cspCase('an http: script source', "default-src 'self'; script-src 'self' http://cdn.example.net", 'csp-implemented-with-insecure-scheme', { score: 80, grade: 'B+' }, '100 − 20'),
  cspCase('an http: image source', "default-src 'self'; img-src http://img.example.net", 'csp-implemented-with-insecure-scheme-in-passive-content-only', { score: 100, grade: 'A+' }, '100 − 10 = 90: + 10'),
  cspCase("'unsafe-inline' in style-src only", "default-src 'self'; style-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline-in-style-src-only', { score: 110, grade: 'A+' }, '100 + 0 + 10'),
  cspCase("'strict-dynamic' without a nonce", "default-src 'self'; script-src 'strict-dynamic'", 'csp-header-invalid', { score: 75, grade: 'B' }, '100 − 25'),
  cspCase(
    "a nonce with 'strict-dynamic'",
    "default-src 'self'; script-src 'nonce-r4nd' 'strict-dynamic' https: 'unsafe-inline'; object-src 'none'",
    'csp-implemented-with-no-unsafe',
    { score: 115, grade: 'A+' },
    '100 + 5 + 10',
  ),
  cspCase('default-src twice', "default-src 'self'; default-src 'none'", 'csp-header-invalid', { score: 75, grade: 'B' }, '100 − 25'),
  cspCase('unparseable', 'x', 'csp-header-invalid', { score: 75, grade: 'B' }, '100 − 25'),
  cspCase('report-uri twice', "default-src 'self'; report-uri /a; report-uri /b", 'csp-implemented-but-duplicate-directives', { score: 110, grade: 'A+' }, '100 + 0 + 10'),
  cspCase('two policies, the second without inline', ["default-src 'self'; script-src 'self' 'unsafe-inline'", "script-src 'self'"], 'csp-implemented-with-no-unsafe', { score: 115, grade: 'A+' }, '100 + 5 + 10'),
  {
    name: 'CSP report-only, nothing enforced',
    site: https({ ...withoutHeader('content-security-policy'), 'x-frame-options': 'DENY', 'content-security-policy-report-only': "default-src 'self'" }),
    mdn: { score: 75, grade: 'B' },
    sum: '100 − 25',
    outcomes: { 'content-security-policy': 'csp-not-implemented-but-reporting-enabled' },
  },
  // ---- pages whose status is not graded
  ...([200, 204, 301, 304, 401, 403, 404, 410, 429, 500, 503] as const).map(
    (status): ParityCase => ({
      name: `a page answering ${status}`,
      site: https(BASE_XFO, { status }),
      mdn: [200, 204, 301, 304, 401, 403].includes(status) ? { score: 115, grade: 'A+' } : null,
      sum: [200, 204, 301, 304, 401, 403].includes(status) ? 'graded: 115' : 'not graded',
    }),
  ),
];
