/**
 * A security-header grade computed the way Mozilla's HTTP Observatory computes its grade, so a
 * person can compare ours with the grade they see there. Our own implementation of the documented
 * method; the modifiers and bands are facts taken from its documentation:
 *   - "HTTP Observatory Scoring Methodology": https://github.com/mozilla/http-observatory/blob/main/httpobs/docs/scoring.md
 *     (all sites start at 100; penalties and bonuses per test; the minimum is 0; bonus points only
 *     when the score without them is at least 90 (A); the grade bands).
 *   - the MDN HTTP Observatory (its successor, https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring),
 *     which dropped X-XSS-Protection, HPKP and contribute.json and added Cross-Origin-Resource-Policy.
 *
 * It follows MDN's scorer on its main branch (github mdn/mdn-http-observatory, `analyzeScan()`),
 * which also scores Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy. A header sent on several lines is read as the lines
 * joined with ", ", as the Observatory reads it (two HSTS, X-Frame-Options, X-Content-Type-Options,
 * COOP or COEP lines are invalid). A page answering other than 2xx, 3xx, 401 or 403 is not graded.
 *
 * Where we differ, on purpose and documented here:
 *   - frame-ancestors in a <meta> Content-Security-Policy is ignored here, as the HTML standard
 *     says browsers ignore it; the Observatory counts it for the X-Frame-Options test.
 *   - CORS: the Observatory sends a second request with its own Origin header; we send none, so
 *     this test is not run (its outcome is worth 0 except for a credentialed reflected origin).
 *   - The HSTS preload list is not shipped (a large downloaded data file): no "preloaded" bonus,
 *     and redirection is never "all redirects preloaded".
 *   - Three or more Content-Security-Policy policies: each further policy narrows the combination
 *     as the second does (browsers enforce them all); MDN's scorer stops narrowing after the second.
 *   - An HSTS max-age whose value is not a number (`max-age=abc`) is "header invalid"; MDN's scorer
 *     reads it as NaN, which passes its six-month comparison. A quoted number (`max-age="100"`, valid
 *     in RFC 6797) is read as that number; MDN's reads it as NaN too.
 * Pure: everything comes from the fetched responses given in.
 */
import { parseItem, Token } from 'structured-headers';
import { parse as parseDomain } from 'tldts';
import type { PageDocument } from './page-document.parser';
import { isDeletion, parseSetCookie, ParsedCookie } from './set-cookie.parser';

export type HeaderMap = Readonly<Record<string, readonly string[]>>;

export const OBSERVATORY_TESTS = [
  'content-security-policy',
  'cookies',
  'redirection',
  'referrer-policy',
  'strict-transport-security',
  'subresource-integrity',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
] as const;
export type ObservatoryTest = (typeof OBSERVATORY_TESTS)[number];

interface Outcome {
  test: ObservatoryTest;
  modifier: number;
  /** The Observatory's verdict for the test ("passed" can still carry a penalty, e.g. passive http sources). */
  pass: boolean;
  /** In our words. */
  description: string;
}

/** Every outcome of every test we run, with the Observatory's modifier. */
export const OBSERVATORY_OUTCOMES = {
  // Content Security Policy
  'csp-implemented-with-no-unsafe-default-src-none': { test: 'content-security-policy', modifier: 10, pass: true, description: "CSP with default-src 'none' and nothing unsafe" },
  'csp-implemented-with-no-unsafe': { test: 'content-security-policy', modifier: 5, pass: true, description: "CSP without 'unsafe-inline' or 'unsafe-eval'" },
  'csp-implemented-but-duplicate-directives': { test: 'content-security-policy', modifier: 0, pass: true, description: 'CSP set, but with a repeated report directive' },
  'csp-implemented-with-unsafe-inline-in-style-src-only': { test: 'content-security-policy', modifier: 0, pass: true, description: "CSP allows unsafe sources in style-src only" },
  'csp-implemented-with-insecure-scheme-in-passive-content-only': { test: 'content-security-policy', modifier: -10, pass: true, description: 'CSP lets images or media load over http' },
  'csp-implemented-with-unsafe-eval': { test: 'content-security-policy', modifier: -10, pass: false, description: "CSP allows 'unsafe-eval'" },
  'csp-implemented-with-unsafe-inline': { test: 'content-security-policy', modifier: -20, pass: false, description: "CSP allows inline or broadly-sourced scripts or plugins" },
  'csp-implemented-with-insecure-scheme': { test: 'content-security-policy', modifier: -20, pass: false, description: 'CSP lets resources load over http' },
  'csp-header-invalid': { test: 'content-security-policy', modifier: -25, pass: false, description: 'CSP cannot be parsed' },
  'csp-not-implemented': { test: 'content-security-policy', modifier: -25, pass: false, description: 'no Content-Security-Policy' },
  'csp-not-implemented-but-reporting-enabled': { test: 'content-security-policy', modifier: -25, pass: false, description: 'CSP in report-only mode, nothing enforced' },
  // Cookies
  'cookies-secure-with-httponly-sessions-and-samesite': { test: 'cookies', modifier: 5, pass: true, description: 'all cookies Secure, session cookies HttpOnly, all with SameSite' },
  'cookies-secure-with-httponly-sessions': { test: 'cookies', modifier: 0, pass: true, description: 'all cookies Secure and session cookies HttpOnly' },
  'cookies-not-found': { test: 'cookies', modifier: 0, pass: true, description: 'no cookies' },
  'cookies-without-secure-flag-but-protected-by-hsts': { test: 'cookies', modifier: -5, pass: false, description: 'cookies without Secure (HSTS keeps them off http)' },
  'cookies-session-without-secure-flag-but-protected-by-hsts': { test: 'cookies', modifier: -10, pass: false, description: 'session cookie without Secure (HSTS keeps it off http)' },
  'cookies-without-secure-flag': { test: 'cookies', modifier: -20, pass: false, description: 'cookies without Secure, or set over http' },
  'cookies-samesite-flag-invalid': { test: 'cookies', modifier: -20, pass: false, description: 'cookies with an invalid SameSite, or SameSite=None without Secure' },
  'cookies-anticsrf-without-samesite-flag': { test: 'cookies', modifier: -20, pass: false, description: 'anti-CSRF cookie without SameSite' },
  'cookies-session-without-httponly-flag': { test: 'cookies', modifier: -30, pass: false, description: 'session cookie readable by scripts (no HttpOnly)' },
  'cookies-session-without-secure-flag': { test: 'cookies', modifier: -40, pass: false, description: 'session cookie without Secure, or set over http' },
  // Redirection
  'redirection-to-https': { test: 'redirection', modifier: 0, pass: true, description: 'http redirects to https on the same host' },
  'redirection-not-needed-no-http': { test: 'redirection', modifier: 0, pass: true, description: 'no plain http service, so no redirect needed' },
  'redirection-off-host-from-http': { test: 'redirection', modifier: -5, pass: false, description: 'http first redirects to https on another host' },
  'redirection-not-to-https-on-initial-redirection': { test: 'redirection', modifier: -10, pass: false, description: 'http first redirects to another http address' },
  'redirection-not-to-https': { test: 'redirection', modifier: -20, pass: false, description: 'http redirects, but not to https' },
  'redirection-missing': { test: 'redirection', modifier: -20, pass: false, description: 'http does not redirect to https' },
  'redirection-invalid-cert': { test: 'redirection', modifier: -20, pass: false, description: 'the redirect ends at an invalid certificate' },
  // Referrer-Policy
  'referrer-policy-private': { test: 'referrer-policy', modifier: 5, pass: true, description: 'Referrer-Policy keeps full addresses private' },
  'referrer-policy-not-implemented': { test: 'referrer-policy', modifier: 0, pass: true, description: "no Referrer-Policy (the browser's default applies)" },
  'referrer-policy-unsafe': { test: 'referrer-policy', modifier: -5, pass: false, description: 'Referrer-Policy sends addresses to other sites' },
  'referrer-policy-header-invalid': { test: 'referrer-policy', modifier: -5, pass: false, description: 'Referrer-Policy not recognised' },
  // Strict-Transport-Security
  'hsts-implemented-max-age-at-least-six-months': { test: 'strict-transport-security', modifier: 0, pass: true, description: 'HSTS for at least six months' },
  'hsts-implemented-max-age-less-than-six-months': { test: 'strict-transport-security', modifier: -10, pass: false, description: 'HSTS for less than six months' },
  'hsts-not-implemented': { test: 'strict-transport-security', modifier: -20, pass: false, description: 'no HSTS' },
  'hsts-header-invalid': { test: 'strict-transport-security', modifier: -20, pass: false, description: 'HSTS header not recognised' },
  'hsts-not-implemented-no-https': { test: 'strict-transport-security', modifier: -20, pass: false, description: 'no HSTS possible without https' },
  'hsts-invalid-cert': { test: 'strict-transport-security', modifier: -20, pass: false, description: 'HSTS ineffective with an invalid certificate' },
  // Subresource Integrity
  'sri-implemented-and-all-scripts-loaded-securely': { test: 'subresource-integrity', modifier: 5, pass: true, description: 'SRI used and all scripts from the same site' },
  'sri-implemented-and-external-scripts-loaded-securely': { test: 'subresource-integrity', modifier: 5, pass: true, description: 'SRI on external scripts, all over https' },
  'sri-not-implemented-response-not-html': { test: 'subresource-integrity', modifier: 0, pass: true, description: 'not an HTML page' },
  'sri-not-implemented-but-no-scripts-loaded': { test: 'subresource-integrity', modifier: 0, pass: true, description: 'no scripts' },
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': { test: 'subresource-integrity', modifier: 0, pass: true, description: 'all scripts from the same site' },
  'sri-not-implemented-but-external-scripts-loaded-securely': { test: 'subresource-integrity', modifier: -5, pass: false, description: 'external scripts over https without SRI' },
  'sri-implemented-but-external-scripts-not-loaded-securely': { test: 'subresource-integrity', modifier: -20, pass: false, description: 'external scripts over http' },
  'sri-not-implemented-and-external-scripts-not-loaded-securely': { test: 'subresource-integrity', modifier: -50, pass: false, description: 'external scripts over http without SRI' },
  // X-Content-Type-Options
  'x-content-type-options-nosniff': { test: 'x-content-type-options', modifier: 0, pass: true, description: 'X-Content-Type-Options: nosniff' },
  'x-content-type-options-not-implemented': { test: 'x-content-type-options', modifier: -5, pass: false, description: 'no X-Content-Type-Options' },
  'x-content-type-options-header-invalid': { test: 'x-content-type-options', modifier: -5, pass: false, description: 'X-Content-Type-Options not recognised' },
  // X-Frame-Options
  'x-frame-options-implemented-via-csp': { test: 'x-frame-options', modifier: 5, pass: true, description: 'framing controlled by CSP frame-ancestors' },
  'x-frame-options-sameorigin-or-deny': { test: 'x-frame-options', modifier: 5, pass: true, description: 'X-Frame-Options DENY or SAMEORIGIN' },
  'x-frame-options-allow-from-origin': { test: 'x-frame-options', modifier: 0, pass: true, description: 'X-Frame-Options ALLOW-FROM' },
  'x-frame-options-not-implemented': { test: 'x-frame-options', modifier: -20, pass: false, description: 'no protection against framing' },
  'x-frame-options-header-invalid': { test: 'x-frame-options', modifier: -20, pass: false, description: 'X-Frame-Options not recognised' },
  // Cross-Origin-Resource-Policy
  'corp-implemented-with-same-origin': { test: 'cross-origin-resource-policy', modifier: 10, pass: true, description: 'Cross-Origin-Resource-Policy: same-origin' },
  'corp-implemented-with-same-site': { test: 'cross-origin-resource-policy', modifier: 10, pass: true, description: 'Cross-Origin-Resource-Policy: same-site' },
  'corp-implemented-with-cross-origin': { test: 'cross-origin-resource-policy', modifier: 0, pass: true, description: 'Cross-Origin-Resource-Policy: cross-origin' },
  'corp-not-implemented': { test: 'cross-origin-resource-policy', modifier: 0, pass: true, description: 'no Cross-Origin-Resource-Policy' },
  'corp-header-invalid': { test: 'cross-origin-resource-policy', modifier: -5, pass: false, description: 'Cross-Origin-Resource-Policy not recognised' },
  // Cross-Origin-Opener-Policy
  'coop-implemented-with-same-origin': { test: 'cross-origin-opener-policy', modifier: 10, pass: true, description: 'Cross-Origin-Opener-Policy: same-origin' },
  'coop-implemented-with-same-origin-allow-popups': { test: 'cross-origin-opener-policy', modifier: 10, pass: true, description: 'Cross-Origin-Opener-Policy: same-origin-allow-popups' },
  'coop-implemented-with-noopener-allow-popups': { test: 'cross-origin-opener-policy', modifier: 10, pass: true, description: 'Cross-Origin-Opener-Policy: noopener-allow-popups' },
  'coop-implemented-with-unsafe-none': { test: 'cross-origin-opener-policy', modifier: 0, pass: true, description: 'Cross-Origin-Opener-Policy: unsafe-none' },
  'coop-not-implemented': { test: 'cross-origin-opener-policy', modifier: 0, pass: true, description: 'no Cross-Origin-Opener-Policy' },
  'coop-header-invalid': { test: 'cross-origin-opener-policy', modifier: -5, pass: false, description: 'Cross-Origin-Opener-Policy not recognised' },
  // Cross-Origin-Embedder-Policy
  'coep-implemented-with-require-corp': { test: 'cross-origin-embedder-policy', modifier: 10, pass: true, description: 'Cross-Origin-Embedder-Policy: require-corp' },
  'coep-implemented-with-credentialless': { test: 'cross-origin-embedder-policy', modifier: 10, pass: true, description: 'Cross-Origin-Embedder-Policy: credentialless' },
  'coep-implemented-with-unsafe-none': { test: 'cross-origin-embedder-policy', modifier: 0, pass: true, description: 'Cross-Origin-Embedder-Policy: unsafe-none' },
  'coep-not-implemented': { test: 'cross-origin-embedder-policy', modifier: 0, pass: true, description: 'no Cross-Origin-Embedder-Policy' },
  'coep-header-invalid': { test: 'cross-origin-embedder-policy', modifier: -5, pass: false, description: 'Cross-Origin-Embedder-Policy not recognised' },
} as const satisfies Record<string, Outcome>;
export type ObservatoryOutcome = keyof typeof OBSERVATORY_OUTCOMES;

/** The Observatory's bands: the score rounded down to a multiple of 5 (100 and above: A+). */
export const OBSERVATORY_GRADE_BANDS: readonly { min: number; grade: ObservatoryLetter }[] = [
  { min: 100, grade: 'A+' },
  { min: 90, grade: 'A' },
  { min: 85, grade: 'A-' },
  { min: 80, grade: 'B+' },
  { min: 70, grade: 'B' },
  { min: 65, grade: 'B-' },
  { min: 60, grade: 'C+' },
  { min: 50, grade: 'C' },
  { min: 45, grade: 'C-' },
  { min: 40, grade: 'D+' },
  { min: 30, grade: 'D' },
  { min: 25, grade: 'D-' },
  { min: 0, grade: 'F' },
];
export type ObservatoryLetter = 'A+' | 'A' | 'A-' | 'B+' | 'B' | 'B-' | 'C+' | 'C' | 'C-' | 'D+' | 'D' | 'D-' | 'F';

/** Bonuses count only when the penalties alone leave at least this. */
export const MINIMUM_SCORE_FOR_BONUS = 90;

export interface ObservatoryInput {
  /** The page graded (the Observatory's "auto" response): the https answer when there is one, else the http one. */
  page: {
    url: string;
    /** Its HTTP status: only 2xx, 3xx, 401 and 403 are graded. */
    status: number;
    headers: HeaderMap;
    setCookies: readonly string[];
    contentType: string;
    document: PageDocument;
  };
  /** Cookies from the other answer (http), graded together with the page's, like one cookie jar. */
  otherCookies?: { url: string; setCookies: readonly string[] };
  /** The https:// answer; absent when the site has no https. */
  https?: { headers: HeaderMap; certificateValid: boolean };
  /** The http:// answer: every hop's URL (the first request included) and whether a final https hop had a valid certificate; absent when plain http did not answer. */
  http?: { route: readonly string[]; certificateValid: boolean };
}

export interface ObservatoryTestResult {
  test: ObservatoryTest;
  outcome: ObservatoryOutcome;
  modifier: number;
  pass: boolean;
  description: string;
  /** What was seen, for evidence: the header value, the scripts, the redirect route. */
  observed?: string;
}

export interface ObservatoryGrade {
  /** False when the page answered with a status the Observatory does not grade (404, 500, …): no score, no tests. */
  graded: boolean;
  /** 0 or more (bonuses can take it above 100). */
  score: number;
  grade: ObservatoryLetter;
  /** 100 plus the penalties only. */
  scoreWithoutBonus: number;
  bonusApplied: boolean;
  tests: ObservatoryTestResult[];
}

/** "C (55/100)". */
export function formatGrade(grade: Pick<ObservatoryGrade, 'grade' | 'score'>): string {
  return `${grade.grade} (${grade.score}/100)`;
}

export function letterFor(score: number): ObservatoryLetter {
  const floored = Math.max(0, score);
  return OBSERVATORY_GRADE_BANDS.find((band) => floored >= band.min)!.grade;
}

/** The final score of a set of test outcomes: 100, penalties, and bonuses only from 90 up. */
export function scoreOutcomes(outcomes: readonly ObservatoryOutcome[]): Pick<ObservatoryGrade, 'score' | 'grade' | 'scoreWithoutBonus' | 'bonusApplied'> {
  const modifiers: number[] = outcomes.map((o) => OBSERVATORY_OUTCOMES[o].modifier);
  const scoreWithoutBonus = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const bonusApplied = scoreWithoutBonus >= MINIMUM_SCORE_FOR_BONUS;
  const raw = bonusApplied ? 100 + modifiers.reduce((a, b) => a + b, 0) : scoreWithoutBonus;
  const score = Math.max(0, raw);
  return { score, grade: letterFor(score), scoreWithoutBonus: Math.max(0, scoreWithoutBonus), bonusApplied };
}

/** The statuses the Observatory grades: 2xx, 3xx, 401 and 403. */
export function isGradableStatus(status: number): boolean {
  return (status >= 200 && status < 400) || status === 401 || status === 403;
}

export function gradeSecurityHeaders(input: ObservatoryInput): ObservatoryGrade {
  if (!isGradableStatus(input.page.status)) return { graded: false, score: 0, grade: 'F', scoreWithoutBonus: 0, bonusApplied: false, tests: [] };
  const csp = analyzeCsp(input);
  const hsts = hstsTest(input);
  const tests: ObservatoryTestResult[] = [
    csp.result,
    cookiesTest(input, hsts.pass),
    redirectionTest(input),
    referrerTest(input),
    hsts,
    sriTest(input),
    contentTypeOptionsTest(input),
    framingTest(input, csp.frameAncestors),
    corpTest(input),
    coopTest(input),
    coepTest(input),
  ];
  return { graded: true, ...scoreOutcomes(tests.map((t) => t.outcome)), tests };
}

function result(outcome: ObservatoryOutcome, observed?: string): ObservatoryTestResult {
  const entry: Outcome = OBSERVATORY_OUTCOMES[outcome];
  return { test: entry.test, outcome, modifier: entry.modifier, pass: entry.pass, description: entry.description, ...(observed ? { observed } : {}) };
}

export function headerValues(headers: HeaderMap, name: string): string[] {
  return [...(headers[name] ?? [])];
}

/** A header as the Observatory reads it: every line joined with ", " (two lines of a single-valued header are then invalid). */
export function joinedHeader(headers: HeaderMap, name: string): string | undefined {
  const values = headers[name];
  return values && values.length > 0 ? values.join(', ') : undefined;
}

const isHttps = (url: string) => url.toLowerCase().startsWith('https:');

// ---------------------------------------------------------------- Content-Security-Policy

type Policy = Map<string, Set<string>>;

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NOT_IN_META = ['frame-ancestors', 'report-uri', 'sandbox'];
const REPEATABLE = new Set(['report-uri', 'report-to']);
/** Shorter than "img-src" less one character cannot be a policy. */
const SHORTEST_POLICY = 6;

export interface CspFacts {
  result: ObservatoryTestResult;
  /** frame-ancestors from the header (meta cannot set it), when present. */
  frameAncestors?: Set<string>;
  /** Everything wrong with the policy, not only the first thing the grade stops at. */
  problems: string[];
  /** The enforced policies as sent. */
  raw: string[];
}

class InvalidPolicy extends Error {}

/** One source of a directive, with the policy (by position) that lists it. */
interface PolicySource {
  source: string;
  policy: number;
}

const bySource = new Intl.Collator('en').compare;

/**
 * Parses policies and combines them as MDN's scorer does, which reads a page's policies the way
 * browsers enforce them (every policy applies, so only what each allows gets through):
 *   - the first policy's directives are taken as written (a source that merely extends a shorter
 *     one of the same policy, like https://a.example/x beside https://a.example/, is dropped);
 *   - for each later policy, a directive keeps only the sources both sides allow: in the sorted
 *     list, a source follows a matching source of the other side (same string, or a path the
 *     earlier one covers); a directive that only a later policy names keeps nothing, i.e. 'none';
 *   - a directive left without sources is 'none'.
 */
function parsePolicies(policies: readonly string[]): { policy: Policy; duplicates: boolean } {
  const combined = new Map<string, PolicySource[]>();
  let duplicates = false;
  policies.forEach((raw, index) => {
    const text = raw.replace(/[\r\n]/g, '').trim();
    if (text.length < SHORTEST_POLICY) throw new InvalidPolicy();
    const seen = new Set<string>();
    for (const entry of text.split(';')) {
      const [name, ...sources] = entry.trim().split(/\s+/).filter(Boolean);
      if (!name) continue;
      const directive = name.toLowerCase();
      if (seen.has(directive)) {
        if (!REPEATABLE.has(directive)) throw new InvalidPolicy();
        duplicates = true;
        continue; // the first one counts
      }
      seen.add(directive);
      let values = sources.map((s) => s.toLowerCase());
      if (values.length === 0 && directive.endsWith('-src')) values = ["'none'"];
      const mine = values.map((source) => ({ source, policy: index }));
      combined.set(directive, index === 0 ? firstPolicySources(mine) : intersect(combined.get(directive) ?? [], mine));
    }
  });
  const policy: Policy = new Map();
  for (const [directive, sources] of combined) {
    policy.set(directive, sources.length > 0 ? new Set(sources.map((s) => s.source)) : new Set(["'none'"]));
  }
  return { policy, duplicates };
}

/** The first policy's sources, less those that only lengthen the source sorted before them. */
function firstPolicySources(sources: PolicySource[]): PolicySource[] {
  const sorted = [...sources].sort((a, b) => bySource(a.source, b.source));
  return sorted.filter((s, i) => i === 0 || !(sorted[i - 1].policy === s.policy && s.source.startsWith(sorted[i - 1].source)));
}

/** What an earlier combination and a later policy both allow for one directive. */
function intersect(earlier: PolicySource[], later: PolicySource[]): PolicySource[] {
  const sorted = [...earlier, ...later].sort((a, b) => bySource(a.source, b.source));
  return sorted.filter((s, i) => {
    if (i === 0) return false;
    const previous = sorted[i - 1];
    return previous.policy !== s.policy && pathCovers(previous.source, s.source);
  });
}

/**
 * Whether source `a` covers source `b` piece by piece along "/": exactly, or as a prefix when `a`
 * ends with "/" (CSP's path matching, as MDN applies it to whole sources).
 */
function pathCovers(a: string, b: string): boolean {
  if (a === '') return true;
  if (a === '/' && b === '') return true;
  const prefixOnly = a.endsWith('/');
  const aPieces = a.split('/');
  const bPieces = b.split('/');
  if (aPieces.length > bPieces.length) return false;
  if (!prefixOnly && aPieces.length !== bPieces.length) return false;
  if (prefixOnly) aPieces.pop();
  return aPieces.every((piece, i) => safeDecode(piece) === safeDecode(bPieces[i]));
}

function safeDecode(piece: string): string {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

/** CSP header values split into policies (a comma separates policies in one header). */
function splitPolicies(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(',')).map((p) => p.trim()).filter((p) => p !== '');
}

export function analyzeCsp(input: Pick<ObservatoryInput, 'page'>): CspFacts {
  const { page } = input;
  const headerPolicies = splitPolicies(headerValues(page.headers, 'content-security-policy'));
  const metaPolicies = splitPolicies(page.document.metaHttpEquiv.get('content-security-policy') ?? []);
  const raw = [...headerPolicies, ...metaPolicies];
  if (raw.length === 0) {
    const reportOnly = joinedHeader(page.headers, 'content-security-policy-report-only');
    return reportOnly
      ? { result: result('csp-not-implemented-but-reporting-enabled', `Content-Security-Policy-Report-Only: ${reportOnly}`), problems: ['only reports, enforces nothing'], raw }
      : { result: result('csp-not-implemented'), problems: ['no Content-Security-Policy header'], raw };
  }

  let csp: Policy;
  let duplicates: boolean;
  let headerOnly: Policy;
  try {
    ({ policy: csp, duplicates } = parsePolicies(raw));
    headerOnly = headerPolicies.length > 0 ? parsePolicies(headerPolicies).policy : new Map();
  } catch {
    return { result: result('csp-header-invalid', raw.join(', ')), problems: ['the policy cannot be parsed'], raw };
  }
  // Meta policies cannot set these (HTML standard); remove them from the combined view too.
  if (headerPolicies.length === 0) for (const directive of NOT_IN_META) csp.delete(directive);
  if (csp.size === 0) return { result: result('csp-not-implemented'), problems: ['no Content-Security-Policy the browser would apply'], raw };

  const observed = raw.join(', ');
  const frameAncestors = headerOnly.get('frame-ancestors');
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const scriptSrc = fallback('script-src');
  const objectSrc = fallback('object-src');
  const styleSrc = fallback('style-src');
  const hasNonceOrHash = (sources: Set<string>) => [...sources].some((s) => /^'(nonce|sha256|sha384|sha512)-/.test(s));
  // A nonce or hash makes browsers ignore 'unsafe-inline' (CSP level 2).
  for (const sources of [scriptSrc, styleSrc]) if (hasNonceOrHash(sources)) sources.delete("'unsafe-inline'");
  if (scriptSrc.has("'strict-dynamic'")) {
    // Invalid, but the policy was read: its frame-ancestors still protects against framing.
    if (!hasNonceOrHash(scriptSrc)) return { result: result('csp-header-invalid', observed), ...(frameAncestors ? { frameAncestors } : {}), problems: ["'strict-dynamic' without a nonce or hash"], raw };
    // With strict-dynamic, browsers ignore host and scheme sources, 'self' and 'unsafe-inline'.
    for (const source of [...scriptSrc]) {
      if ([...DANGEROUSLY_BROAD].some((b) => source.startsWith(b)) || source === "'self'" || source === "'unsafe-inline'") scriptSrc.delete(source);
    }
  }
  const active = [...[...csp.entries()].filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src').flatMap(([, s]) => [...s]), ...scriptSrc];
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  const https = isHttps(page.url);
  const insecure = (source: string) => source.startsWith('http:') || source.startsWith('ftp:');

  const problems: string[] = [];
  const outcomes: ObservatoryOutcome[] = [];
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) {
    outcomes.push('csp-implemented-with-unsafe-inline');
    problems.push(unsafeInlineProblem(csp, scriptSrc, objectSrc));
  }
  if (https && active.some(insecure)) {
    outcomes.push('csp-implemented-with-insecure-scheme');
    problems.push('allows scripts or other active content over plain http');
  }
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    outcomes.push('csp-implemented-with-unsafe-eval');
    problems.push("allows 'unsafe-eval' (code built from strings)");
  }
  if (https && passive.some(insecure)) {
    outcomes.push('csp-implemented-with-insecure-scheme-in-passive-content-only');
    problems.push('allows images or media over plain http');
  }
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) outcomes.push('csp-implemented-with-unsafe-inline-in-style-src-only');
  const defaultSrc = csp.get('default-src');
  outcomes.push(defaultSrc?.size === 1 && defaultSrc.has("'none'") ? 'csp-implemented-with-no-unsafe-default-src-none' : 'csp-implemented-with-no-unsafe');

  // The first outcome in this order is the test's result (the Observatory's precedence).
  let outcome = outcomes[0];
  if (OBSERVATORY_OUTCOMES[outcome].pass && duplicates) outcome = 'csp-implemented-but-duplicate-directives';
  return { result: result(outcome, observed), ...(frameAncestors ? { frameAncestors } : {}), problems, raw };
}

function unsafeInlineProblem(csp: Policy, scriptSrc: Set<string>, objectSrc: Set<string>): string {
  if (!csp.has('script-src') && !csp.has('default-src')) return 'does not restrict where scripts come from (no script-src or default-src)';
  if (scriptSrc.has("'unsafe-inline'")) return "allows inline scripts ('unsafe-inline' in script-src)";
  if (scriptSrc.has('data:')) return 'allows scripts from data: URLs';
  if ([...scriptSrc].some((s) => DANGEROUSLY_BROAD.has(s))) return 'allows scripts from any host';
  if (!csp.has('object-src') && !csp.has('default-src')) return 'does not restrict plugins (no object-src or default-src)';
  return [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s)) ? 'allows plugins from any host' : 'allows unsafe script sources';
}

// ---------------------------------------------------------------- Cookies

/** Cookies whose names mark a login or session (the Observatory's rule), or an anti-CSRF token. */
export const isSessionCookieName = (name: string) => /login|sess/i.test(name);
const isAntiCsrfName = (name: string) => /csrf/i.test(name);

/** Worst last: a later outcome replaces an earlier one, never the reverse. */
const COOKIE_SEVERITY: readonly ObservatoryOutcome[] = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

function worse(current: ObservatoryOutcome | undefined, candidate: ObservatoryOutcome, order: readonly ObservatoryOutcome[]): ObservatoryOutcome {
  if (current === undefined) return candidate;
  return order.indexOf(candidate) > order.indexOf(current) ? candidate : current;
}

/** The cookies a browser would keep from these answers: for the answering host, not deletions. */
export function jarCookies(answers: readonly { url: string; setCookies: readonly string[] }[]): ParsedCookie[] {
  const jar = new Map<string, ParsedCookie>();
  for (const answer of answers) {
    let host: string;
    try {
      host = new URL(answer.url).hostname.toLowerCase();
    } catch {
      continue;
    }
    for (const raw of answer.setCookies) {
      const cookie = parseSetCookie(raw);
      if (!cookie || isDeletion(cookie)) continue;
      if (cookie.domain && !domainMatches(host, cookie.domain)) continue;
      const key = `${cookie.name}|${cookie.domain ?? host}|${cookie.path ?? ''}`;
      if (!jar.has(key)) jar.set(key, cookie);
    }
  }
  return [...jar.values()];
}

export function domainMatches(host: string, cookieDomain: string): boolean {
  const domain = cookieDomain.toLowerCase().replace(/^\./, '');
  return host === domain || host.endsWith(`.${domain}`);
}

function cookiesTest(input: ObservatoryInput, hsts: boolean): ObservatoryTestResult {
  const cookies = jarCookies([{ url: input.page.url, setCookies: input.page.setCookies }, ...(input.otherCookies ? [input.otherCookies] : [])]);
  let outcome: ObservatoryOutcome | undefined;
  for (const raw of [...input.page.setCookies, ...(input.otherCookies?.setCookies ?? [])]) {
    const cookie = parseSetCookie(raw);
    if (cookie?.sameSiteInvalid) outcome = worse(outcome, 'cookies-samesite-flag-invalid', COOKIE_SEVERITY);
  }
  if (cookies.length === 0) return result('cookies-not-found');
  let missingSameSite = false;
  for (const cookie of cookies) {
    const session = isSessionCookieName(cookie.name);
    if (!cookie.secure && cookie.sameSite === 'none') outcome = worse(outcome, 'cookies-samesite-flag-invalid', COOKIE_SEVERITY);
    if (!cookie.secure) outcome = worse(outcome, hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag', COOKIE_SEVERITY);
    if (isAntiCsrfName(cookie.name) && !cookie.sameSite) outcome = worse(outcome, 'cookies-anticsrf-without-samesite-flag', COOKIE_SEVERITY);
    if (session && !cookie.secure) {
      outcome = worse(outcome, hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag', COOKIE_SEVERITY);
    }
    if (session && !cookie.httpOnly) outcome = worse(outcome, 'cookies-session-without-httponly-flag', COOKIE_SEVERITY);
    if (!cookie.sameSite) missingSameSite = true;
  }
  const observed = cookies.map((c) => c.name).join(', ');
  if (outcome) return result(outcome, observed);
  return result(missingSameSite ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite', observed);
}

// ---------------------------------------------------------------- Redirection

function redirectionTest(input: ObservatoryInput): ObservatoryTestResult {
  if (!input.http) return result('redirection-not-needed-no-http');
  const route = [...input.http.route];
  const observed = route.join(' → ');
  const last = route[route.length - 1] ?? '';
  if (isHttps(last) && !input.http.certificateValid) return result('redirection-invalid-cert', observed);
  if (route.length <= 1) return result('redirection-missing', observed);
  if (!isHttps(last)) return result('redirection-not-to-https', observed);
  if (route[1].toLowerCase().startsWith('http:')) return result('redirection-not-to-https-on-initial-redirection', observed);
  if (hostOf(route[0]) !== hostOf(route[1])) return result('redirection-off-host-from-http', observed);
  return result('redirection-to-https', observed);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- Referrer-Policy

const PRIVATE_REFERRER = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
const UNSAFE_REFERRER = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];

function referrerTest(input: ObservatoryInput): ObservatoryTestResult {
  const values = [...headerValues(input.page.headers, 'referrer-policy'), ...(input.page.document.metaHttpEquiv.get('referrer') ?? [])];
  if (values.length === 0) return result('referrer-policy-not-implemented');
  const observed = values.join(', ');
  // Browsers use the last value they understand (Referrer Policy spec, "parse a referrer policy").
  const known = observed
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => PRIVATE_REFERRER.includes(v) || UNSAFE_REFERRER.includes(v));
  const policy = known[known.length - 1];
  if (policy === undefined) return result('referrer-policy-header-invalid', observed);
  return result(PRIVATE_REFERRER.includes(policy) ? 'referrer-policy-private' : 'referrer-policy-unsafe', observed);
}

// ---------------------------------------------------------------- Strict-Transport-Security

/** 15768000 is six months; the Observatory accepts the common 15552000 (180 days). */
export const HSTS_SIX_MONTHS = 15_552_000;

export interface HstsFacts {
  maxAge?: number;
  includeSubDomains: boolean;
  preload: boolean;
}

/**
 * Reads one Strict-Transport-Security value; undefined when it is not valid (no max-age, repeated).
 * As MDN's scorer: a directive is `max-age=` exactly, no space around "=" (RFC 6797's grammar has
 * none), case-insensitive.
 */
export function parseHsts(value: string): HstsFacts | undefined {
  if (value.includes(',')) return undefined; // set twice
  const facts: HstsFacts = { includeSubDomains: false, preload: false };
  for (const part of value.split(';').map((p) => p.trim().toLowerCase())) {
    if (part.startsWith('max-age=')) {
      const number = /^\s*(?:(\d+)|"(\d+)")/.exec(part.slice('max-age='.length, 128));
      if (!number) return undefined;
      facts.maxAge = Number(number[1] ?? number[2]);
    } else if (part === 'includesubdomains') facts.includeSubDomains = true;
    else if (part === 'preload') facts.preload = true;
  }
  return facts.maxAge === undefined ? undefined : facts;
}

function hstsTest(input: ObservatoryInput): ObservatoryTestResult {
  if (!input.https) return result('hsts-not-implemented-no-https');
  if (!input.https.certificateValid) return result('hsts-invalid-cert');
  const value = joinedHeader(input.https.headers, 'strict-transport-security');
  if (value === undefined) return result('hsts-not-implemented');
  const observed = value.slice(0, 1024);
  const facts = parseHsts(observed);
  if (!facts) return result('hsts-header-invalid', observed);
  return result(facts.maxAge! >= HSTS_SIX_MONTHS ? 'hsts-implemented-max-age-at-least-six-months' : 'hsts-implemented-max-age-less-than-six-months', observed);
}

// ---------------------------------------------------------------- Subresource Integrity

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Worst last, as the Observatory orders them. */
const SRI_SEVERITY: readonly ObservatoryOutcome[] = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
  'sri-not-implemented-response-not-html',
];

function sriTest(input: ObservatoryInput): ObservatoryTestResult {
  const { page } = input;
  if (page.contentType && !HTML_TYPES.has(page.contentType)) return result('sri-not-implemented-response-not-html');
  const scripts = page.document.elements.filter((e) => e.tag === 'script');
  if (scripts.length === 0) return result('sri-not-implemented-but-no-scripts-loaded');
  const siteDomain = registrable(hostOf(page.url));
  const pageHttps = isHttps(page.url);
  let outcome: ObservatoryOutcome | undefined;
  let foreign = false;
  const external: string[] = [];
  for (const script of scripts) {
    const src = script.attrs.src?.trim();
    if (!src) continue;
    const integrity = Boolean(script.attrs.integrity?.trim());
    const protocolRelative = /^\/\/[^/]/.test(src);
    const absolute = /^https?:\/\//i.test(src);
    const relative = !protocolRelative && !absolute;
    // Protocol-relative sources count as foreign and insecure, whatever host they name.
    const sameSite = relative || (absolute && registrable(hostOf(src)) === siteDomain);
    const sameOrigin = relative || (sameSite && !protocolRelative);
    const secureScheme = absolute ? src.toLowerCase().startsWith('https:') : relative && pageHttps;
    if (!sameOrigin) {
      foreign = true;
      external.push(src);
      if (integrity && !secureScheme) outcome = worse(outcome, 'sri-implemented-but-external-scripts-not-loaded-securely', SRI_SEVERITY);
      else if (!integrity && secureScheme) outcome = worse(outcome, 'sri-not-implemented-but-external-scripts-loaded-securely', SRI_SEVERITY);
      else if (!integrity) outcome = worse(outcome, 'sri-not-implemented-and-external-scripts-not-loaded-securely', SRI_SEVERITY);
    } else if (integrity && secureScheme && outcome === undefined) {
      outcome = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  const observed = external.slice(0, 20).join('\n') || undefined;
  if (outcome) return result(outcome, observed);
  return result(foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', observed);
}

function registrable(host: string): string {
  return parseDomain(host).domain ?? host;
}

// ---------------------------------------------------------------- X-Content-Type-Options, framing, CORP

function contentTypeOptionsTest(input: ObservatoryInput): ObservatoryTestResult {
  const value = joinedHeader(input.page.headers, 'x-content-type-options');
  if (value === undefined) return result('x-content-type-options-not-implemented');
  return result(value.trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid', value.slice(0, 256));
}

function framingTest(input: ObservatoryInput, frameAncestors: Set<string> | undefined): ObservatoryTestResult {
  if (frameAncestors) return result('x-frame-options-implemented-via-csp', `frame-ancestors ${[...frameAncestors].join(' ')}`);
  const value = joinedHeader(input.page.headers, 'x-frame-options');
  if (value === undefined) return result('x-frame-options-not-implemented');
  const xfo = value.trim().toLowerCase();
  const observed = `X-Frame-Options: ${value.slice(0, 256)}`;
  if (xfo === 'deny' || xfo === 'sameorigin') return result('x-frame-options-sameorigin-or-deny', observed);
  if (xfo.startsWith('allow-from')) return result('x-frame-options-allow-from-origin', observed);
  return result('x-frame-options-header-invalid', observed);
}

/** The bare token of a structured-field item (RFC 8941), as the HTML standard parses COOP and COEP; undefined when invalid. */
function structuredToken(value: string): string | undefined {
  try {
    const [item] = parseItem(value);
    return item instanceof Token ? item.toString() : undefined;
  } catch {
    return undefined;
  }
}

function coopTest(input: ObservatoryInput): ObservatoryTestResult {
  const value = joinedHeader(input.page.headers, 'cross-origin-opener-policy')?.slice(0, 1024).trim();
  if (value === undefined) return result('coop-not-implemented');
  const observed = `Cross-Origin-Opener-Policy: ${value}`;
  switch (structuredToken(value)) {
    case 'same-origin':
      return result('coop-implemented-with-same-origin', observed);
    case 'same-origin-allow-popups':
      return result('coop-implemented-with-same-origin-allow-popups', observed);
    case 'noopener-allow-popups':
      return result('coop-implemented-with-noopener-allow-popups', observed);
    case 'unsafe-none':
      return result('coop-implemented-with-unsafe-none', observed);
    default:
      return result('coop-header-invalid', observed);
  }
}

function coepTest(input: ObservatoryInput): ObservatoryTestResult {
  const value = joinedHeader(input.page.headers, 'cross-origin-embedder-policy')?.slice(0, 1024).trim();
  if (value === undefined) return result('coep-not-implemented');
  const observed = `Cross-Origin-Embedder-Policy: ${value}`;
  switch (structuredToken(value)) {
    case 'require-corp':
      return result('coep-implemented-with-require-corp', observed);
    case 'credentialless':
      return result('coep-implemented-with-credentialless', observed);
    case 'unsafe-none':
      return result('coep-implemented-with-unsafe-none', observed);
    default:
      return result('coep-header-invalid', observed);
  }
}

function corpTest(input: ObservatoryInput): ObservatoryTestResult {
  const header = joinedHeader(input.page.headers, 'cross-origin-resource-policy');
  const meta = input.page.document.metaHttpEquiv.get('cross-origin-resource-policy');
  const value = (header ?? meta?.[meta.length - 1])?.slice(0, 256).trim().toLowerCase();
  if (!value) return result('corp-not-implemented');
  if (value === 'same-origin') return result('corp-implemented-with-same-origin', value);
  if (value === 'same-site') return result('corp-implemented-with-same-site', value);
  if (value === 'cross-origin') return result('corp-implemented-with-cross-origin', value);
  return result('corp-header-invalid', value);
}
