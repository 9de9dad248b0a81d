/**
 * What a website monitor alerts about, as typed data: each rule reads one aspect of a run's
 * snapshot (keyed, so two runs compare item by item) and says how it compares, whether a change
 * must be seen twice before it alerts, and how an alert shows it. The engine that applies them
 * (baseline, confirmation, hysteresis) is website-watch.rules.ts; the tests are table-driven.
 *
 * Noise stays out by construction: third parties are registrable domains (a cache buster or a
 * rotating CDN host is the same party), cookie names lose long numbers and hex ids, browser-test
 * findings are keyed by their type and the domains they name (not the URLs, which carry per-visit
 * parameters), and what a page loads is confirmed by a second run before it alerts.
 */
import { getDomain } from 'tldts';
import type { BrowserTestId } from '../../vocabulary/check.types';
import { gpcStillWith } from '../../scans/analysis/rendered/global-privacy-control.analyzer';
import type { WebsiteWatchSnapshot } from './website-snapshot.rules';

export const WEBSITE_RULE_IDS = [
  'third_party_added',
  'tracker_added',
  'tracking_cookie_added',
  'grade_dropped',
  'header_removed',
  'canvas_fingerprinting_added',
  'font_fingerprinting_added',
  'key_logging_added',
  'session_recording_added',
  'gpc_no_longer_honoured',
] as const;
export type WebsiteRuleId = (typeof WEBSITE_RULE_IDS)[number];

/** One item a rule reads from a snapshot: the value compared, and how people see it. */
export interface Reading {
  /** Compared between runs by 'worse' rules ('added' rules compare presence only). */
  value: string | number;
  /** 'hotjar.com', 'A+ (105/100)', 'honoured'. */
  label: string;
  /** What was observed (request URLs, header values, cookie details), a few lines at most. */
  evidence: string[];
}

/** How an alert shows a change. */
export interface ChangeText {
  title: string;
  before: string;
  after: string;
  evidence: string[];
}

interface RuleBase {
  id: WebsiteRuleId;
  /**
   * 'same-mode': only two runs analysed the same way compare (a page read without running its
   * scripts shows fewer third parties and cookies, which is not a change of the site); 'any': the
   * server's own answer (headers, grade) or something only a rendered run can read.
   */
  compare: 'any' | 'same-mode';
  /** The change must be seen by two consecutive runs before it alerts (what a page loads can come and go between visits). */
  confirm: boolean;
  recommendation: string;
  /** The items of this aspect, keyed; undefined when this snapshot cannot tell (the test did not run, the page was not graded). */
  read(snapshot: WebsiteWatchSnapshot): ReadonlyMap<string, Reading> | undefined;
  describe(key: string, before: Reading | undefined, after: Reading): ChangeText;
}

/** Alerts on an item the baseline does not have. */
export interface AddedRule extends RuleBase {
  kind: 'added';
}

/** Alerts when an item's value got worse than the baseline's. */
export interface WorseRule extends RuleBase {
  kind: 'worse';
  worse(before: Reading, after: Reading): boolean;
}

export type WebsiteDiffRule = AddedRule | WorseRule;

// ---------------------------------------------------------------------------------------------
// Normalizing

/** The registrable domain of a host (private suffixes count: two github.io sites are two parties). */
export function registrable(host: string): string {
  const bare = host.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
}

/** A cookie name without what differs per visit or per visitor: long numbers and hex ids. */
export function cookieNameKey(name: string): string {
  return name.replace(/[0-9a-f]{16,}/gi, '#').replace(/\d{6,}/g, '#');
}

const DOMAIN_PATTERN = /\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}\b/gi;

/**
 * A browser-test finding's key: its type, the registrable domains it names and the fields it
 * quotes ("Email typed into "email" sent to rec.keylog.example (base64)"), never URLs, counts or
 * encodings, which differ between visits of the same behaviour.
 */
export function findingKey(type: string, value: string): string {
  const domains = [...new Set((value.match(DOMAIN_PATTERN) ?? []).map(registrable))].sort();
  const quoted = [...new Set(value.match(/"[^"]*"/g) ?? [])].sort();
  if (domains.length > 0 || quoted.length > 0) return `${type}|${domains.join(',')}|${quoted.join(',')}`;
  return `${type}|${value.toLowerCase().replace(/\([^)]*\)/g, '').replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()}`;
}

const lines = (text: string | undefined, max = 4): string[] => (text ? text.split('\n').filter(Boolean).slice(0, max) : []);
const keyed = (entries: [string, Reading][]): ReadonlyMap<string, Reading> => new Map(entries);

// ---------------------------------------------------------------------------------------------
// The header tests that are a header the site sends

/** The Observatory's tests that read one response header, with the header's name. */
export const HEADER_TESTS: Readonly<Record<string, string>> = {
  'content-security-policy': 'Content-Security-Policy',
  'strict-transport-security': 'Strict-Transport-Security',
  'x-content-type-options': 'X-Content-Type-Options',
  'x-frame-options': 'framing protection (X-Frame-Options or CSP frame-ancestors)',
  'referrer-policy': 'Referrer-Policy',
  'cross-origin-resource-policy': 'Cross-Origin-Resource-Policy',
  'cross-origin-opener-policy': 'Cross-Origin-Opener-Policy',
  'cross-origin-embedder-policy': 'Cross-Origin-Embedder-Policy',
};

/** Outcomes that mean the header is not there at all. */
const isAbsent = (outcome: string) => /-not-implemented(-no-https)?$/.test(outcome);

// ---------------------------------------------------------------------------------------------
// Browser-test findings

/** `covered`: a finding another rule already reports (it is left out here, so one change is one alert). */
function browserFindingRule(
  id: WebsiteRuleId,
  test: BrowserTestId,
  noun: string,
  recommendation: string,
  covered: (snapshot: WebsiteWatchSnapshot, finding: { value: string }) => boolean = () => false,
): AddedRule {
  return {
    id,
    kind: 'added',
    compare: 'any',
    confirm: true,
    recommendation,
    read: (snapshot) => {
      const outcome = snapshot.tests.find((t) => t.id === test);
      if (!outcome || outcome.status !== 'ok') return undefined;
      const own = outcome.findings.filter((f) => !covered(snapshot, f));
      return keyed(own.map((f) => [findingKey(f.type, f.value), { value: f.value, label: f.value, evidence: lines(f.evidence) }]));
    },
    describe: (_key, _before, after) => ({ title: `New ${noun}: ${after.label}`, before: `No ${noun} seen before`, after: after.label, evidence: after.evidence }),
  };
}

const GPC_RANK: Readonly<Record<string, number>> = { not_honoured: 0, partly_honoured: 1, honoured: 2 };
const GPC_WORDS: Readonly<Record<string, string>> = {
  honoured: 'honoured (tracking stopped when the visitor said "do not sell or share")',
  partly_honoured: 'partly honoured (some tracking still ran with the signal on)',
  not_honoured: 'not honoured (the same tracking ran with the signal on)',
  nothing_to_honour: 'nothing to honour (no tracking either way)',
};

// ---------------------------------------------------------------------------------------------
// The rules

export const WEBSITE_DIFF_RULES: readonly WebsiteDiffRule[] = [
  {
    id: 'third_party_added',
    kind: 'added',
    compare: 'same-mode',
    confirm: true,
    recommendation:
      'Find out what this party is and who added it (a new plugin, embed or tag in your tag manager). If nobody did, check your site and its dependencies for unauthorised changes.',
    // Known trackers have their own rule: one new tracker is one alert, not two.
    read: (snapshot) => {
      const trackerDomains = new Set(snapshot.trackers.flatMap((t) => t.domains));
      return keyed(snapshot.thirdParties.filter((p) => !trackerDomains.has(p.domain)).map((p) => [p.domain, { value: p.domain, label: p.domain, evidence: [p.example] }]));
    },
    describe: (key, _before, after) => ({
      title: `New third party: ${key}`,
      before: 'Not loaded by the page on earlier checks',
      after: 'Loaded by the page: every visitor\'s browser now contacts it',
      evidence: after.evidence,
    }),
  },
  {
    id: 'tracker_added',
    kind: 'added',
    compare: 'same-mode',
    confirm: true,
    recommendation:
      'Check that you meant to add this tracker and that your privacy notice and consent banner cover it; remove it if nobody chose it.',
    read: (snapshot) => {
      const examples = new Map(snapshot.thirdParties.map((p) => [p.domain, p.example]));
      return keyed(
        snapshot.trackers.map((t) => [
          `${t.name}|${t.category}`,
          { value: t.name, label: `${t.name} (${t.company}, ${t.category})`, evidence: t.domains.map((d) => examples.get(d) ?? d).slice(0, 4) },
        ]),
      );
    },
    describe: (_key, _before, after) => ({ title: `New tracker: ${after.label}`, before: 'Not seen on earlier checks', after: 'Loaded by the page', evidence: after.evidence }),
  },
  {
    id: 'tracking_cookie_added',
    kind: 'added',
    compare: 'same-mode',
    confirm: true,
    recommendation: 'A new cookie that follows visitors: check which script sets it and whether your consent banner asks before it is set.',
    read: (snapshot) =>
      keyed(
        snapshot.cookies
          .filter((c) => c.tracking)
          .map((c) => [
            `${cookieNameKey(c.name)}|${c.party}|${registrable(c.domain)}`,
            {
              value: c.name,
              label: c.name,
              evidence: [`${c.name}: ${c.party}-party cookie on ${c.domain}, ${c.setBy === 'script' ? 'set by a script' : c.setBy === 'header' ? 'set by a response header' : 'set while the page ran'}`],
            },
          ]),
      ),
    describe: (_key, _before, after) => ({ title: `New tracking cookie: ${after.label}`, before: 'Not set on earlier checks', after: after.evidence[0] ?? after.label, evidence: after.evidence }),
  },
  {
    id: 'grade_dropped',
    kind: 'worse',
    compare: 'any',
    confirm: false,
    recommendation: 'Compare your server or CDN configuration with the last good one: a deploy or a proxy change often drops security headers.',
    read: (snapshot) => {
      if (!snapshot.headerGrade) return undefined;
      const failing = snapshot.headers.filter((h) => !h.pass).map((h) => h.description);
      return keyed([['grade', { value: snapshot.headerGrade.score, label: `${snapshot.headerGrade.grade} (${snapshot.headerGrade.score}/100)`, evidence: failing }]]);
    },
    worse: (before, after) => Number(after.value) < Number(before.value),
    describe: (_key, before, after) => {
      const newlyFailing = after.evidence.filter((e) => !(before?.evidence ?? []).includes(e));
      return {
        title: `Security header grade dropped from ${before?.label ?? '?'} to ${after.label}`,
        before: before?.label ?? '',
        after: after.label,
        evidence: (newlyFailing.length > 0 ? newlyFailing : after.evidence).map((e) => `Now failing: ${e}`),
      };
    },
  },
  {
    id: 'header_removed',
    kind: 'worse',
    compare: 'any',
    confirm: false,
    recommendation: 'Send the header again from your web server or CDN (it was there before), and find out which change removed it.',
    read: (snapshot) => {
      if (!snapshot.headerGrade) return undefined;
      return keyed(
        snapshot.headers
          .filter((h) => HEADER_TESTS[h.test] !== undefined)
          .map((h) => [h.test, { value: isAbsent(h.outcome) ? 'absent' : 'present', label: h.description, evidence: h.observed ? [`${HEADER_TESTS[h.test]}: ${h.observed}`] : [] }]),
      );
    },
    worse: (before, after) => before.value === 'present' && after.value === 'absent',
    describe: (key, before, after) => ({
      title: `Security header removed: ${HEADER_TESTS[key] ?? key}`,
      before: [before?.label, ...(before?.evidence ?? [])].filter(Boolean).join(' — '),
      after: after.label,
      evidence: [`Before: ${before?.evidence[0] ?? before?.label ?? 'present'}`, `Now: ${after.label}`],
    }),
  },
  browserFindingRule(
    'canvas_fingerprinting_added',
    'canvas-fingerprinting',
    'canvas fingerprinting',
    'A script now draws and reads back a hidden canvas to identify visitors without cookies. Find which script does it (the evidence names it) and remove it or its vendor.',
  ),
  browserFindingRule(
    'font_fingerprinting_added',
    'font-fingerprinting',
    'font fingerprinting',
    'A script now probes the installed fonts to identify visitors. Find which script does it and remove it or its vendor.',
  ),
  browserFindingRule(
    'key_logging_added',
    'key-logging',
    'key logging',
    'What visitors type is sent to a third party before they submit the form. Find the script (the evidence names where the text went) and remove it; you may have to tell the people affected.',
  ),
  browserFindingRule(
    'session_recording_added',
    'session-recording',
    'session recorder',
    'A session recorder now replays what visitors do on the page. Check that you chose it, that it masks form fields, and that your privacy notice names it.',
    // A recorder in the tracker catalogue is a new tracker already (tracker_added names its category).
    (snapshot, finding) => snapshot.trackers.some((t) => t.name === finding.value),
  ),
  {
    id: 'gpc_no_longer_honoured',
    kind: 'worse',
    compare: 'any',
    confirm: true,
    recommendation:
      'Visitors who send Global Privacy Control ("do not sell or share") are tracked again. Check your consent tool\'s GPC setting and the tags that now load regardless of it.',
    read: (snapshot) => {
      const test = snapshot.tests.find((t) => t.id === 'global-privacy-control');
      if (!snapshot.gpc || test?.status !== 'ok') return undefined;
      const evidence = gpcStillWith(snapshot.gpc)
        .map((item) => `Still there: ${item}`)
        .slice(0, 8);
      return keyed([['gpc', { value: snapshot.gpc.outcome, label: GPC_WORDS[snapshot.gpc.outcome] ?? snapshot.gpc.outcome, evidence }]]);
    },
    worse: (before, after) => {
      const was = GPC_RANK[String(before.value)];
      const now = GPC_RANK[String(after.value)];
      return was !== undefined && now !== undefined && now < was;
    },
    describe: (_key, before, after) => ({ title: 'Global Privacy Control is no longer honoured', before: before?.label ?? '', after: after.label, evidence: after.evidence }),
  },
];

export function websiteRule(id: WebsiteRuleId): WebsiteDiffRule {
  const rule = WEBSITE_DIFF_RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown website rule ${id}`);
  return rule;
}
