import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gradeCase, PARITY_CASES } from '../../../../test/support/observatory-parity.cases';
import { fetchedPage, Headers, siteOf, STRONG_HEADERS, unreachable, websiteSnapshot } from '../../../../test/support/website-snapshots';
import {
  analyzeCsp,
  formatGrade,
  gradeSecurityHeaders,
  letterFor,
  OBSERVATORY_OUTCOMES,
  ObservatoryGrade,
  ObservatoryOutcome,
  ObservatoryTest,
  parseHsts,
  scoreOutcomes,
} from './observatory-grade.rules';
import { parsePage } from './page-document.parser';
import { observatoryInput } from './security-headers.analyzer';

/** Grades a site whose https page sends these headers (and whose http redirects to it, unless given). */
type SnapshotSpec = NonNullable<Parameters<typeof websiteSnapshot>[0]>;

function grade(headers: Headers, options: { html?: string; http?: SnapshotSpec['http']; https?: Parameters<typeof fetchedPage>[0] } = {}): ObservatoryGrade {
  const snapshot = websiteSnapshot({ https: { headers, html: options.html, ...options.https }, ...(options.http ? { http: options.http } : {}) });
  return gradeSecurityHeaders(observatoryInput(siteOf(snapshot)));
}

const outcomeOf = (g: ObservatoryGrade, test: ObservatoryTest) => g.tests.find((t) => t.test === test)!.outcome;
const withoutHeader = (name: string): Headers => Object.fromEntries(Object.entries(STRONG_HEADERS).filter(([k]) => k !== name));

describe('the Observatory grade, hand-computed', () => {
  it.each([
    // [case, headers, expected score, grade, bonus applied]
    [
      // Penalties: none → 100. Bonuses: CSP without unsafe +5, referrer private +5, frame-ancestors +5, CORP +10 → 125.
      'A+: every test passes, bonuses counted',
      STRONG_HEADERS,
      125,
      'A+',
      true,
    ],
    [
      // X-Content-Type-Options missing −5 → 95 (≥ 90, so bonuses count: style-src 'unsafe-inline' is 0, XFO DENY +5) → 100.
      'A+: one small penalty, made up by X-Frame-Options DENY',
      {
        'content-security-policy': "default-src 'self'; object-src 'none'; style-src 'self' 'unsafe-inline'",
        'x-frame-options': 'DENY',
        'strict-transport-security': 'max-age=31536000',
      },
      100,
      'A+',
      true,
    ],
    [
      // X-Content-Type-Options missing −5, HSTS under six months −10 → 85 < 90: the +25 of bonuses do NOT count.
      'A-: the bonuses would make it A+, but penalties leave 85, under 90',
      { ...withoutHeader('x-content-type-options'), 'strict-transport-security': 'max-age=86400' },
      85,
      'A-',
      false,
    ],
    [
      // CSP missing −25 → 75 (referrer +5 and CORP +10 not counted).
      'B: no Content-Security-Policy',
      { ...withoutHeader('content-security-policy'), 'x-frame-options': 'SAMEORIGIN' },
      75,
      'B',
      false,
    ],
    [
      // CSP missing −25, HSTS missing −20 → 55.
      'C: no CSP and no HSTS',
      { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' },
      55,
      'C',
      false,
    ],
    [
      // CSP 'unsafe-inline' in script-src −20, HSTS missing −20, no framing protection −20, no nosniff −5 → 35.
      'D: unsafe CSP and three missing headers',
      { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'" },
      35,
      'D',
      false,
    ],
  ] as const)('%s', (_name, headers, score, letter, bonus) => {
    const g = grade(headers as Headers);
    expect({ score: g.score, grade: g.grade, bonusApplied: g.bonusApplied }).toEqual({ score, grade: letter, bonusApplied: bonus });
  });

  it('C+: off-host redirect −5, external script without SRI −5, no CSP −25, no nosniff −5 → 60', () => {
    const g = grade(
      { 'strict-transport-security': 'max-age=31536000', 'x-frame-options': 'DENY' },
      {
        html: '<script src="https://cdn.thirdparty.net/lib.js"></script>',
        http: { url: 'https://shop.example.org/', route: ['http://shop.example.org/', 'https://www.shop.example.org/', 'https://shop.example.org/'] },
      },
    );
    expect(outcomeOf(g, 'redirection')).toBe('redirection-off-host-from-http');
    expect(outcomeOf(g, 'subresource-integrity')).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
    expect([g.score, g.grade]).toEqual([60, 'C+']);
  });

  it('F: an http-only site with a session cookie sent in the clear, floored at 0', () => {
    const snapshot = websiteSnapshot({
      url: 'http://shop.example.org/',
      https: unreachable(),
      http: { url: 'http://shop.example.org/', headers: { 'set-cookie': 'PHPSESSID=abc; path=/' } },
    });
    const g = gradeSecurityHeaders(observatoryInput(siteOf(snapshot)));
    // −25 CSP, −40 session cookie without Secure, −20 no redirect, −20 no https for HSTS, −5 nosniff, −20 framing = −130.
    expect(g.tests.filter((t) => t.modifier < 0).map((t) => t.modifier).reduce((a, b) => a + b)).toBe(-130);
    expect([g.score, g.grade, g.scoreWithoutBonus]).toEqual([0, 'F', 0]);
  });

  it('scores outcomes: 100 plus penalties, bonuses only from 90 up', () => {
    expect(scoreOutcomes(['csp-implemented-with-no-unsafe-default-src-none', 'corp-implemented-with-same-origin'])).toMatchObject({ score: 120, grade: 'A+', bonusApplied: true });
    // −10 leaves exactly 90: the +10 counts.
    expect(scoreOutcomes(['hsts-implemented-max-age-less-than-six-months', 'corp-implemented-with-same-origin'])).toMatchObject({ score: 100, grade: 'A+', bonusApplied: true });
    expect(scoreOutcomes(['hsts-implemented-max-age-less-than-six-months'])).toMatchObject({ score: 90, grade: 'A', bonusApplied: true });
    expect(scoreOutcomes(['hsts-implemented-max-age-less-than-six-months', 'x-content-type-options-not-implemented', 'corp-implemented-with-same-origin'])).toMatchObject({
      score: 85,
      grade: 'A-',
      bonusApplied: false,
    });
  });

  it.each([
    [130, 'A+'], [100, 'A+'], [99, 'A'], [90, 'A'], [89, 'A-'], [85, 'A-'], [84, 'B+'], [80, 'B+'], [79, 'B'], [70, 'B'], [69, 'B-'],
    [65, 'B-'], [64, 'C+'], [60, 'C+'], [59, 'C'], [50, 'C'], [49, 'C-'], [45, 'C-'], [44, 'D+'], [40, 'D+'], [39, 'D'], [30, 'D'],
    [29, 'D-'], [25, 'D-'], [24, 'F'], [0, 'F'], [-10, 'F'],
  ] as const)('band: %i → %s', (score, letter) => {
    expect(letterFor(score)).toBe(letter);
  });

  it('formats the grade for people', () => {
    expect(formatGrade({ grade: 'C', score: 55 })).toBe('C (55/100)');
  });

  it('has a modifier for every outcome, with bonuses only on passing outcomes', () => {
    for (const [name, outcome] of Object.entries(OBSERVATORY_OUTCOMES) as [ObservatoryOutcome, (typeof OBSERVATORY_OUTCOMES)[ObservatoryOutcome]][]) {
      if (outcome.modifier > 0) expect({ name, pass: outcome.pass }).toEqual({ name, pass: true });
    }
  });
});

describe('Content-Security-Policy rules', () => {
  const csp = (value: string | string[] | undefined, html = '', url = 'https://shop.example.org/') =>
    analyzeCsp({
      page: { url, status: 200, headers: value === undefined ? {} : { 'content-security-policy': Array.isArray(value) ? value : [value] }, setCookies: [], contentType: 'text/html', document: parsePage(html) },
    }).result.outcome;

  it.each([
    [undefined, 'csp-not-implemented'],
    ["default-src 'none'", 'csp-implemented-with-no-unsafe-default-src-none'],
    ["default-src 'self'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'self'; script-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' 'nonce-abc' 'unsafe-inline'", 'csp-implemented-with-no-unsafe'],
    ["script-src 'self'", 'csp-implemented-with-unsafe-inline'], // object-src falls back to *
    ["default-src 'self'; script-src https:", 'csp-implemented-with-unsafe-inline'],
    ["default-src 'self'; script-src 'self' 'unsafe-eval'", 'csp-implemented-with-unsafe-eval'],
    ["default-src 'self'; script-src 'self' http://cdn.example.net", 'csp-implemented-with-insecure-scheme'],
    ["default-src 'self'; img-src http://img.example.net", 'csp-implemented-with-insecure-scheme-in-passive-content-only'],
    ["default-src 'self'; style-src 'self' 'unsafe-inline'", 'csp-implemented-with-unsafe-inline-in-style-src-only'],
    ["default-src 'self'; script-src 'strict-dynamic'", 'csp-header-invalid'],
    ["default-src 'self'; script-src 'nonce-r4nd' 'strict-dynamic' https: 'unsafe-inline'; object-src 'none'", 'csp-implemented-with-no-unsafe'],
    ["default-src 'self'; default-src 'none'", 'csp-header-invalid'],
    ['x', 'csp-header-invalid'],
    ["default-src 'self'; report-uri /a; report-uri /b", 'csp-implemented-but-duplicate-directives'],
  ] as const)('%s → %s', (value, outcome) => {
    expect(csp(value)).toBe(outcome);
  });

  it('reads a policy from <meta http-equiv>, without frame-ancestors', () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; frame-ancestors 'none'">`;
    const facts = analyzeCsp({ page: { url: 'https://shop.example.org/', status: 200, headers: {}, setCookies: [], contentType: 'text/html', document: parsePage(html) } });
    expect(facts.result.outcome).toBe('csp-implemented-with-no-unsafe');
    expect(facts.frameAncestors).toBeUndefined();
  });

  it('counts a report-only policy as not implemented, but says reporting is on', () => {
    const facts = analyzeCsp({
      page: { url: 'https://s.example.org/', status: 200, headers: { 'content-security-policy-report-only': ["default-src 'self'"] }, setCookies: [], contentType: 'text/html', document: parsePage('') },
    });
    expect(facts.result.outcome).toBe('csp-not-implemented-but-reporting-enabled');
    expect(facts.result.modifier).toBe(-25);
  });

  it('combines two policies: a source counts only when both allow it', () => {
    expect(csp(["default-src 'self'; script-src 'self' 'unsafe-inline'", "script-src 'self'"])).toBe('csp-implemented-with-no-unsafe');
  });

  it('reads every policy as enforced: a directive only a later policy names allows nothing', () => {
    // The first policy blocks every script (default-src 'none'); the second cannot open what it closed.
    expect(csp(["default-src 'none'; frame-ancestors 'none'", "script-src 'self' 'unsafe-inline'"])).toBe('csp-implemented-with-no-unsafe-default-src-none');
    // A stricter second policy keeps an A+ policy A+, whichever order they come in.
    const strict = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'";
    expect(csp([strict, "script-src 'nonce-r4nd' 'strict-dynamic'; object-src 'none'"])).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(csp([strict, "default-src 'self'"])).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  it('combines sources by path: a source covered by the other policy\'s path prefix counts', () => {
    const first = "default-src 'self'; script-src https://cdn.example.net/js/ 'unsafe-inline'";
    expect(csp([first, "script-src https://cdn.example.net/js/app.js"])).toBe('csp-implemented-with-no-unsafe');
    // Without a common source the directive allows nothing, which is safe.
    expect(csp([first, "script-src https://other.example.net"])).toBe('csp-implemented-with-no-unsafe');
    // Both allow inline scripts: still unsafe.
    expect(csp([first, "script-src 'unsafe-inline'"])).toBe('csp-implemented-with-unsafe-inline');
  });

  it('a policy in a header and one in <meta> are combined the same way', () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'unsafe-inline'">`;
    expect(csp("default-src 'none'", html)).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });

  it('does not call http: sources insecure on an http page', () => {
    expect(csp("default-src 'self'; script-src 'self' http://cdn.example.net", '', 'http://shop.example.org/')).toBe('csp-implemented-with-no-unsafe');
  });
});

describe('the other tests', () => {
  it.each([
    ['max-age=31536000; includeSubDomains; preload', { maxAge: 31536000, includeSubDomains: true, preload: true }],
    ['max-age="15552000"', { maxAge: 15552000, includeSubDomains: false, preload: false }],
    ['includeSubDomains', undefined],
    ['max-age=abc', undefined],
    // RFC 6797 and MDN: no space around "=".
    ['max-age = 31536000', undefined],
    ['max-age =31536000; includeSubDomains', undefined],
    ['MAX-AGE=31536000', { maxAge: 31536000, includeSubDomains: false, preload: false }],
    ['max-age=0', { maxAge: 0, includeSubDomains: false, preload: false }],
    ['max-age=1, max-age=2', undefined],
  ])('parses HSTS %p', (value, facts) => {
    expect(parseHsts(value)).toEqual(facts);
  });

  it('HSTS: needs valid https; six months is 15552000 seconds', () => {
    expect(outcomeOf(grade({ 'strict-transport-security': 'max-age=15552000' }), 'strict-transport-security')).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(outcomeOf(grade({ 'strict-transport-security': 'max-age=15551999' }), 'strict-transport-security')).toBe('hsts-implemented-max-age-less-than-six-months');
    const selfSigned = grade(STRONG_HEADERS, { https: { tls: { authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT' } } });
    expect(outcomeOf(selfSigned, 'strict-transport-security')).toBe('hsts-invalid-cert');
    expect(outcomeOf(selfSigned, 'redirection')).toBe('redirection-invalid-cert');
  });

  it.each([
    [['PREF=1; Secure; HttpOnly; SameSite=Lax'], 'cookies-secure-with-httponly-sessions-and-samesite'],
    [['PREF=1; Secure'], 'cookies-secure-with-httponly-sessions'],
    [['PREF=1; HttpOnly; SameSite=Lax'], 'cookies-without-secure-flag-but-protected-by-hsts'],
    [['sessionid=1; Secure; SameSite=Lax'], 'cookies-session-without-httponly-flag'],
    [['login=1; HttpOnly; SameSite=Strict'], 'cookies-session-without-secure-flag-but-protected-by-hsts'],
    [['csrftoken=1; Secure'], 'cookies-anticsrf-without-samesite-flag'],
    [['a=1; Secure; SameSite=Sometimes'], 'cookies-samesite-flag-invalid'],
    [['a=1; Secure; SameSite=Lax', 'b=2; SameSite=None'], 'cookies-samesite-flag-invalid'],
    [['old=1; Secure; Max-Age=0'], 'cookies-not-found'],
  ])('cookies %p → %s', (cookies, outcome) => {
    expect(outcomeOf(grade({ ...STRONG_HEADERS, 'set-cookie': cookies }), 'cookies')).toBe(outcome);
  });

  it('cookies: without HSTS a missing Secure flag costs more', () => {
    expect(outcomeOf(grade({ 'set-cookie': 'PREF=1; HttpOnly' }), 'cookies')).toBe('cookies-without-secure-flag');
    expect(outcomeOf(grade({ 'set-cookie': 'my_session=1; HttpOnly' }), 'cookies')).toBe('cookies-session-without-secure-flag');
  });

  it.each([
    ['no-referrer', 'referrer-policy-private'],
    ['unsafe-url', 'referrer-policy-unsafe'],
    ['no-referrer, unsafe-url', 'referrer-policy-unsafe'], // the last known value wins
    ['unsafe-url, nonsense, strict-origin-when-cross-origin', 'referrer-policy-private'],
    ['nonsense', 'referrer-policy-header-invalid'],
  ])('Referrer-Policy %p → %s', (value, outcome) => {
    expect(outcomeOf(grade({ 'referrer-policy': value }), 'referrer-policy')).toBe(outcome);
  });

  it('Referrer-Policy from <meta name="referrer">', () => {
    expect(outcomeOf(grade({}, { html: '<meta name="referrer" content="origin">' }), 'referrer-policy')).toBe('referrer-policy-unsafe');
  });

  it.each([
    [{ 'x-frame-options': 'DENY' }, 'x-frame-options-sameorigin-or-deny'],
    [{ 'x-frame-options': 'ALLOW-FROM https://a.example' }, 'x-frame-options-allow-from-origin'],
    [{ 'x-frame-options': 'maybe' }, 'x-frame-options-header-invalid'],
    [{ 'x-frame-options': 'maybe', 'content-security-policy': "default-src 'self'; frame-ancestors 'self'" }, 'x-frame-options-implemented-via-csp'],
    [{}, 'x-frame-options-not-implemented'],
  ])('framing %p → %s', (headers, outcome) => {
    expect(outcomeOf(grade(headers), 'x-frame-options')).toBe(outcome);
  });

  it.each([
    ['same-site', 'corp-implemented-with-same-site'],
    ['cross-origin', 'corp-implemented-with-cross-origin'],
    ['everyone', 'corp-header-invalid'],
  ])('CORP %p → %s', (value, outcome) => {
    expect(outcomeOf(grade({ 'cross-origin-resource-policy': value }), 'cross-origin-resource-policy')).toBe(outcome);
  });

  it.each([
    ['<p>no scripts</p>', 'sri-not-implemented-but-no-scripts-loaded'],
    ['<script src="/app.js"></script><script src="https://static.shop.example.org/x.js"></script>', 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin'],
    ['<script src="/app.js" integrity="sha384-abc"></script>', 'sri-implemented-and-all-scripts-loaded-securely'],
    ['<script src="https://cdn.other.net/a.js" integrity="sha384-abc" crossorigin></script>', 'sri-implemented-and-external-scripts-loaded-securely'],
    ['<script src="http://cdn.other.net/a.js"></script>', 'sri-not-implemented-and-external-scripts-not-loaded-securely'],
    ['<script src="//cdn.other.net/a.js" integrity="sha384-abc"></script>', 'sri-implemented-but-external-scripts-not-loaded-securely'],
  ])('SRI %p → %s', (html, outcome) => {
    expect(outcomeOf(grade({}, { html }), 'subresource-integrity')).toBe(outcome);
  });

  it('SRI is not needed for a response that is not HTML', () => {
    expect(outcomeOf(grade({}, { https: { contentType: 'application/json', html: '' } }), 'subresource-integrity')).toBe('sri-not-implemented-response-not-html');
  });

  it.each([
    [{ route: ['http://shop.example.org/'], url: 'http://shop.example.org/' }, 'redirection-missing'],
    [{ route: ['http://shop.example.org/', 'http://www.shop.example.org/'], url: 'http://www.shop.example.org/' }, 'redirection-not-to-https'],
    [{ route: ['http://shop.example.org/', 'http://shop.example.org/a', 'https://shop.example.org/'], url: 'https://shop.example.org/' }, 'redirection-not-to-https-on-initial-redirection'],
    [{ route: ['http://shop.example.org/', 'https://shop.example.org/'], url: 'https://shop.example.org/' }, 'redirection-to-https'],
  ])('redirection %#', (http, outcome) => {
    expect(outcomeOf(grade(STRONG_HEADERS, { http }), 'redirection')).toBe(outcome);
  });

  it('redirection is not needed when plain http does not answer', () => {
    expect(outcomeOf(grade(STRONG_HEADERS, { http: unreachable() }), 'redirection')).toBe('redirection-not-needed-no-http');
  });
});

// Every header case we have, graded and compared with MDN HTTP Observatory's grade worked out from its
// rules (test/support/observatory-parity.cases.ts; test/bench/header-grades.mjs prints the table).
// A case graded otherwise on purpose must be in the documented differences of observatory-grade.rules.ts.
describe('parity with MDN HTTP Observatory', () => {
  const differences = (() => {
    const source = readFileSync(join(__dirname, 'observatory-grade.rules.ts'), 'utf8');
    return source.slice(source.indexOf('Where we differ, on purpose and documented here:'), source.indexOf('Pure: everything comes from'));
  })();

  it.each(PARITY_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const g = gradeCase(c);
    const expected = c.ours ?? c.mdn;
    if (expected === null) {
      expect({ graded: g.graded, tests: g.tests }).toEqual({ graded: false, tests: [] });
      return;
    }
    expect({ graded: g.graded, score: g.score, grade: g.grade }).toEqual({ graded: true, score: expected.score, grade: expected.grade });
    for (const [test, outcome] of Object.entries(c.outcomes ?? {})) expect({ test, outcome: outcomeOf(g, test as ObservatoryTest) }).toEqual({ test, outcome });
    if (c.ours) expect({ documented: differences.includes(c.ours.documented) }).toEqual({ documented: true });
  });
});
