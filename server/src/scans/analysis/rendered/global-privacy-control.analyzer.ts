import type { CapturedCookie, PageVisit } from '../../../browser-audit/capture.types';
import type { GpcOutcome } from '../../../vocabulary/check.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import type { TrackerCategory } from '../../trackers/tracker.catalogue';
import { FILTER_LIST_CATEGORY } from '../../trackers/tracker.catalogue';
import { trackerOfUrl, TrackerMatcher } from '../third-party.analyzer';
import { pixelEvents } from './ad-pixels.analyzer';
import { analyzeCanvasFingerprinting } from './canvas-fingerprinting.analyzer';
import { analyzeFontFingerprinting } from './font-fingerprinting.analyzer';
import { analyzeKeyLogging } from './key-logging.analyzer';
import { cappedLines, parsedRequests, shortUrl } from './rendered-requests.util';
import { sessionRecorderOf } from './session-recording.analyzer';
import { knownTrackingCookie } from './tracking-cookies.analyzer';

/**
 * Trackers whose use counts as "selling or sharing" for Global Privacy Control: advertising,
 * social networks, session recording, fingerprinting, customer-data and marketing tools and
 * filter-list domains. Analytics, tag managers, A/B testing and consent tools are not counted.
 */
export const GPC_TRACKER_CATEGORIES: ReadonlySet<TrackerCategory> = new Set<TrackerCategory>([
  'advertising',
  'affiliate',
  'social',
  'session recording',
  'fingerprinting',
  'customer data platform',
  'marketing automation',
  FILTER_LIST_CATEGORY,
]);

/** At most this many findings of each kind; the rest are counted in the check's message. */
const MAX_PER_KIND = 8;

/**
 * The kinds of "selling or sharing" the Global Privacy Control comparison looks for: every signal
 * the other browser tests report that sends the visitor's activity to another company.
 */
export const GPC_SIGNAL_KINDS = ['trackers', 'cookies', 'pixels', 'recorders', 'keyLogging', 'fingerprinting'] as const;
export type GpcSignalKind = (typeof GPC_SIGNAL_KINDS)[number];

/** Names per kind (sorted). Audits stored before a kind was compared lack it. */
export type GpcTracking = { trackers: string[]; cookies: string[]; pixels: string[] } & Partial<Record<Exclude<GpcSignalKind, 'trackers' | 'cookies' | 'pixels'>, string[]>>;

/** What the second visit, with Global Privacy Control on, showed: normalized for comparison between runs. */
export interface GpcSummary {
  outcome: GpcOutcome;
  /** Selling or sharing seen without the signal, by kind and name. */
  without: GpcTracking;
  /** What still happened with it on. */
  stillWith: GpcTracking;
}

/** Per kind: name → the evidence line of one occurrence. */
type Seen = Record<GpcSignalKind, Map<string, string>>;

/** A cookie counts when it belongs to a company in a sharing category (a known name, or a third-party cookie of a catalogued domain). */
function sharingCookieOwner(cookie: CapturedCookie, catalogue: TrackerMatcher): string | undefined {
  const known = knownTrackingCookie(cookie.name);
  if (known) return GPC_TRACKER_CATEGORIES.has(known.category) ? known.owner : undefined;
  if (cookie.party !== 'third') return undefined;
  const entry = catalogue.match(cookie.domain.replace(/^\./, '').toLowerCase());
  return entry && GPC_TRACKER_CATEGORIES.has(entry.category) ? (entry.name ?? entry.company) : undefined;
}

/**
 * The one rule, applied to each visit alike: what of the visit counts as selling or sharing.
 * Trackers, cookies and recorders count when their company's category is a sharing one (above);
 * advertising pixel events, key logging to another site and fingerprinting always count.
 */
function sharingOf(visit: PageVisit, catalogue: TrackerMatcher): Seen {
  const seen: Seen = { trackers: new Map(), cookies: new Map(), pixels: new Map(), recorders: new Map(), keyLogging: new Map(), fingerprinting: new Map() };
  const add = (kind: GpcSignalKind, name: string, line: string) => {
    if (!seen[kind].has(name)) seen[kind].set(name, line);
  };
  for (const { request, url } of parsedRequests(visit)) {
    if (request.party !== 'third') continue;
    const entry = trackerOfUrl(url, catalogue);
    if (entry && GPC_TRACKER_CATEGORIES.has(entry.category)) {
      add('trackers', entry.category === FILTER_LIST_CATEGORY ? entry.domain : (entry.name ?? entry.company), `${request.resourceType}: ${shortUrl(request.url)}`);
    }
    const recorder = sessionRecorderOf(url, catalogue);
    if (recorder) add('recorders', recorder, `${request.resourceType}: ${shortUrl(request.url)}`);
  }
  for (const cookie of visit.cookies) {
    const owner = sharingCookieOwner(cookie, catalogue);
    if (owner) add('cookies', cookie.name, `${cookie.name} (${owner}; ${cookie.party}-party, ${cookie.domain}; ${cookie.setBy === 'script' ? 'set by script' : cookie.setBy === 'header' ? 'set by a response header' : 'set while the page ran'})`);
  }
  for (const event of pixelEvents(visit)) add('pixels', `${event.platform} ${event.event}`, `${event.request.method} ${shortUrl(event.request.url)}`);
  for (const finding of analyzeKeyLogging(visit)) addFinding(seen.keyLogging, finding);
  for (const finding of [...analyzeCanvasFingerprinting(visit.frames), ...analyzeFontFingerprinting(visit.frames)]) addFinding(seen.fingerprinting, finding);
  return seen;
}

/** A browser test's finding under its value, with its evidence as the line. */
function addFinding(into: Map<string, string>, finding: Finding): void {
  if (finding.detail.kind !== 'risk' || into.has(finding.detail.value)) return;
  into.set(finding.detail.value, finding.detail.evidence?.observed ?? finding.detail.value);
}

const sorted = (map: Map<string, string>) => [...map.keys()].sort();
const total = (seen: Seen) => GPC_SIGNAL_KINDS.reduce((sum, kind) => sum + seen[kind].size, 0);

const NOUNS: Record<GpcSignalKind, [string, string]> = {
  trackers: ['tracker', 'trackers'],
  cookies: ['tracking cookie', 'tracking cookies'],
  pixels: ['pixel event', 'pixel events'],
  recorders: ['session recorder', 'session recorders'],
  keyLogging: ['key-logging leak', 'key-logging leaks'],
  fingerprinting: ['fingerprinting script', 'fingerprinting scripts'],
};

type GpcFindingType = 'gpc_tracker_still_loaded' | 'gpc_cookie_still_set' | 'gpc_pixel_still_sent' | 'gpc_recorder_still_loaded' | 'gpc_key_logging_still_sent' | 'gpc_fingerprinting_still_run';

const FINDING_TEXT: Record<GpcSignalKind, { type: GpcFindingType; value: (name: string) => string; summary: (name: string) => string }> = {
  trackers: {
    type: 'gpc_tracker_still_loaded',
    value: (name) => `Still loads ${name} with Global Privacy Control on`,
    summary: (name) => `${name} loaded although the visitor asked not to have their information sold or shared`,
  },
  cookies: {
    type: 'gpc_cookie_still_set',
    value: (name) => `Still sets the tracking cookie ${name} with Global Privacy Control on`,
    summary: (name) => `The tracking cookie ${name} was stored although the visitor asked not to have their information sold or shared`,
  },
  pixels: {
    type: 'gpc_pixel_still_sent',
    value: (name) => `Still sends the ${name} pixel event with Global Privacy Control on`,
    summary: (name) => `The ${name} event was sent to the advertising platform although the visitor asked not to have their information sold or shared`,
  },
  recorders: {
    type: 'gpc_recorder_still_loaded',
    value: (name) => `Still records the visit with ${name} with Global Privacy Control on`,
    summary: (name) => `${name} recorded the visit although the visitor asked not to have their information sold or shared`,
  },
  keyLogging: {
    type: 'gpc_key_logging_still_sent',
    value: (name) => `Still sends what is typed with Global Privacy Control on: ${name}`,
    summary: () => 'What we typed (never submitted) still left the page for another site although the visitor asked not to have their information sold or shared',
  },
  fingerprinting: {
    type: 'gpc_fingerprinting_still_run',
    value: (name) => `Still fingerprints the device with Global Privacy Control on: ${name}`,
    summary: () => 'A script still fingerprinted the device although the visitor asked not to have their information sold or shared',
  },
};

/**
 * Global Privacy Control: the second visit, in a fresh browser with `Sec-GPC: 1` on every request
 * and navigator.globalPrivacyControl true, against the first, under one rule (`sharingOf`) for
 * both. Each signal still present with the signal on is a finding of its own. Honoured: everything
 * seen without the signal is gone with it; partly honoured: some of it is.
 */
export function analyzeGlobalPrivacyControl(plain: PageVisit, gpc: PageVisit, catalogue: TrackerMatcher): { findings: Finding[]; summary: GpcSummary; message: string } {
  const before = sharingOf(plain, catalogue);
  const after = sharingOf(gpc, catalogue);
  const stillCount = total(after);
  const allStayed = GPC_SIGNAL_KINDS.every((kind) => [...before[kind].keys()].every((name) => after[kind].has(name)));
  const outcome: GpcOutcome = stillCount === 0 ? (total(before) === 0 ? 'nothing_to_honour' : 'honoured') : allStayed ? 'not_honoured' : 'partly_honoured';

  const also = (kind: GpcSignalKind, name: string) => (before[kind].has(name) ? 'also without the signal' : 'only with the signal on');
  const findings: Finding[] = GPC_SIGNAL_KINDS.flatMap((kind) =>
    [...after[kind].entries()].slice(0, MAX_PER_KIND).map(([name, line]): Finding => {
      const text = FINDING_TEXT[kind];
      return {
        group: 'socialMedia',
        detail: { kind: 'risk', type: text.type, value: text.value(name), source: FINDING_SOURCES.browserAudit, risk: 'medium', evidence: { summary: text.summary(name), observed: `${line} (${also(kind, name)})` } },
      };
    }),
  );
  const tracking = (seen: Seen): GpcTracking => Object.fromEntries(GPC_SIGNAL_KINDS.map((kind) => [kind, sorted(seen[kind])])) as GpcTracking;
  const summary: GpcSummary = { outcome, without: tracking(before), stillWith: tracking(after) };
  const counted = (seen: Seen) =>
    GPC_SIGNAL_KINDS.filter((kind) => seen[kind].size > 0)
      .map((kind) => `${seen[kind].size} ${NOUNS[kind][seen[kind].size === 1 ? 0 : 1]}`)
      .join(', ');
  const left = stillCount - findings.length;
  const message = {
    honoured: `Honoured: the tracking seen without Global Privacy Control (${counted(before)}) did not happen with it on`,
    nothing_to_honour: 'No selling or sharing was seen with or without Global Privacy Control, so there was nothing to honour',
    not_honoured: `Not honoured: with Global Privacy Control on, the page still had ${counted(after)}`,
    partly_honoured: `Partly honoured: some tracking stopped with Global Privacy Control on, but ${counted(after)} remained`,
  }[outcome];
  return { findings, summary, message: left > 0 ? `${message} (${left} more not listed)` : message };
}

/** Every name still there with the signal on, for the report and the monitors. */
export function gpcStillWith(summary: Pick<GpcSummary, 'stillWith'>): string[] {
  const still = summary.stillWith;
  return [
    ...still.trackers,
    ...still.cookies.map((c) => `${c} cookie`),
    ...still.pixels.map((p) => `${p} event`),
    ...(still.recorders ?? []).map((r) => `${r} session recording`),
    ...(still.keyLogging ?? []).map((k) => `key logging: ${k}`),
    ...(still.fingerprinting ?? []).map((f) => `fingerprinting: ${f}`),
  ];
}

/** The evidence line list for a summary, for the report. */
export function gpcLines(summary: GpcSummary): string {
  return cappedLines(gpcStillWith(summary), 20);
}
