import type { PageVisit } from '../../../browser-audit/capture.types';
import type { GpcOutcome } from '../../../vocabulary/check.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import type { TrackerCategory } from '../../trackers/tracker.catalogue';
import { FILTER_LIST_CATEGORY } from '../../trackers/tracker.catalogue';
import { trackerOfUrl, TrackerMatcher } from '../third-party.analyzer';
import { pixelEvents } from './ad-pixels.analyzer';
import { cappedLines, parsedRequests, shortUrl } from './rendered-requests';
import { trackingCookies } from './tracking-cookies.analyzer';

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


/** What the second visit, with Global Privacy Control on, showed: normalized for comparison between runs. */
export interface GpcSummary {
  outcome: GpcOutcome;
  /** Tracking seen without the signal (trackers, tracking cookies, pixel events), by name. */
  without: { trackers: string[]; cookies: string[]; pixels: string[] };
  /** What still happened with it on. */
  stillWith: { trackers: string[]; cookies: string[]; pixels: string[] };
}

interface Seen {
  trackers: Map<string, string>;
  cookies: Map<string, string>;
  pixels: Map<string, string>;
}

function trackingOf(visit: PageVisit, catalogue: TrackerMatcher): Seen {
  const seen: Seen = { trackers: new Map(), cookies: new Map(), pixels: new Map() };
  for (const { request, url } of parsedRequests(visit)) {
    if (request.party !== 'third') continue;
    const entry = trackerOfUrl(url, catalogue);
    if (!entry || !GPC_TRACKER_CATEGORIES.has(entry.category)) continue;
    const name = entry.category === FILTER_LIST_CATEGORY ? entry.domain : (entry.name ?? entry.company);
    if (!seen.trackers.has(name)) seen.trackers.set(name, `${request.resourceType}: ${shortUrl(request.url)}`);
  }
  for (const { cookie, owner } of trackingCookies(visit)) {
    if (!seen.cookies.has(cookie.name)) seen.cookies.set(cookie.name, `${cookie.name} (${owner}; ${cookie.party}-party, ${cookie.domain}; ${cookie.setBy === 'script' ? 'set by script' : cookie.setBy === 'header' ? 'set by a response header' : 'set while the page ran'})`);
  }
  for (const event of pixelEvents(visit)) {
    const name = `${event.platform} ${event.event}`;
    if (!seen.pixels.has(name)) seen.pixels.set(name, `${event.request.method} ${shortUrl(event.request.url)}`);
  }
  return seen;
}

const sorted = (map: Map<string, string>) => [...map.keys()].sort();

/**
 * Global Privacy Control: the second visit, in a fresh browser with `Sec-GPC: 1` on every request
 * and navigator.globalPrivacyControl true, against the first. Each tracker, tracking cookie and
 * pixel event still present with the signal on is a finding of its own. Honoured: tracking seen
 * without the signal is gone with it.
 */
export function analyzeGlobalPrivacyControl(plain: PageVisit, gpc: PageVisit, catalogue: TrackerMatcher): { findings: Finding[]; summary: GpcSummary; message: string } {
  const before = trackingOf(plain, catalogue);
  const after = trackingOf(gpc, catalogue);
  const count = (seen: Seen) => seen.trackers.size + seen.cookies.size + seen.pixels.size;
  const stillCount = count(after);
  const outcome: GpcOutcome =
    stillCount === 0
      ? count(before) === 0
        ? 'nothing_to_honour'
        : 'honoured'
      : [...before.trackers.keys()].every((k) => after.trackers.has(k)) && [...before.cookies.keys()].every((k) => after.cookies.has(k)) && [...before.pixels.keys()].every((k) => after.pixels.has(k))
        ? 'not_honoured'
        : 'partly_honoured';

  const also = (map: Map<string, string>, key: string) => (map.has(key) ? 'also without the signal' : 'only with the signal on');
  const finding = (type: Finding['detail'] extends infer D ? (D extends { type: infer T } ? T : never) : never, value: string, observed: string, summary: string): Finding => ({
    group: 'socialMedia',
    detail: { kind: 'risk', type, value, source: FINDING_SOURCES.browserAudit, risk: 'medium', evidence: { summary, observed } },
  });
  const findings: Finding[] = [
    ...[...after.trackers.entries()].slice(0, MAX_PER_KIND).map(([name, line]) =>
      finding('gpc_tracker_still_loaded', `Still loads ${name} with Global Privacy Control on`, `${line} (${also(before.trackers, name)})`, `${name} loaded although the visitor sent Sec-GPC: 1 ("do not sell or share my information")`),
    ),
    ...[...after.cookies.entries()].slice(0, MAX_PER_KIND).map(([name, line]) =>
      finding('gpc_cookie_still_set', `Still sets the tracking cookie ${name} with Global Privacy Control on`, `${line} (${also(before.cookies, name)})`, `The tracking cookie ${name} was stored although the visitor sent Sec-GPC: 1`),
    ),
    ...[...after.pixels.entries()].slice(0, MAX_PER_KIND).map(([name, line]) =>
      finding('gpc_pixel_still_sent', `Still sends the ${name} pixel event with Global Privacy Control on`, `${line} (${also(before.pixels, name)})`, `The ${name} event was sent to the advertising platform although the visitor sent Sec-GPC: 1`),
    ),
  ];
  const summary: GpcSummary = {
    outcome,
    without: { trackers: sorted(before.trackers), cookies: sorted(before.cookies), pixels: sorted(before.pixels) },
    stillWith: { trackers: sorted(after.trackers), cookies: sorted(after.cookies), pixels: sorted(after.pixels) },
  };
  const left = stillCount - findings.length;
  const message = {
    honoured: `Honoured: the ${count(before)} tracking ${count(before) === 1 ? 'item' : 'items'} seen without Global Privacy Control did not appear with it on`,
    nothing_to_honour: 'No tracking was seen with or without Global Privacy Control, so there was nothing to honour',
    not_honoured: `Not honoured: with Global Privacy Control on, the page still loaded ${after.trackers.size} ${after.trackers.size === 1 ? 'tracker' : 'trackers'}, set ${after.cookies.size} tracking ${after.cookies.size === 1 ? 'cookie' : 'cookies'} and sent ${after.pixels.size} pixel ${after.pixels.size === 1 ? 'event' : 'events'}`,
    partly_honoured: `Partly honoured: some tracking stopped with Global Privacy Control on, but ${stillCount} ${stillCount === 1 ? 'item' : 'items'} remained`,
  }[outcome];
  return { findings, summary, message: left > 0 ? `${message} (${left} more not listed)` : message };
}

/** The evidence line list for a summary, for the report. */
export function gpcLines(summary: GpcSummary): string {
  return cappedLines([...summary.stillWith.trackers, ...summary.stillWith.cookies, ...summary.stillWith.pixels], 20);
}
