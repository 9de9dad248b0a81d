import type { PageVisit } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import { TRACKER_TYPE_RULES, type TrackerMatcher } from '../third-party.analyzer';
import { cappedLines, parsedRequests, shortUrl } from './rendered-requests.util';

/**
 * Session-recording services, recognised by their request URLs (host and path): the fragments
 * The Markup's Blacklight uses, plus recorders documented since (Microsoft Clarity,
 * Contentsquare, Glassbox). Facts; our own table.
 */
export const SESSION_RECORDER_FRAGMENTS: readonly { fragment: string; vendor: string }[] = [
  { fragment: 'mc.yandex.ru/metrika/watch.js', vendor: 'Yandex Metrica (Webvisor)' },
  { fragment: 'mc.yandex.ru/metrika/tag.js', vendor: 'Yandex Metrica (Webvisor)' },
  { fragment: 'mc.yandex.ru/webvisor/', vendor: 'Yandex Metrica (Webvisor)' },
  { fragment: 'fullstory.com/s/fs.js', vendor: 'FullStory' },
  { fragment: 'rs.fullstory.com/rec', vendor: 'FullStory' },
  { fragment: 'sessioncam.recorder.js', vendor: 'SessionCam' },
  { fragment: 'ws.sessioncam.com/record/record.asmx', vendor: 'SessionCam' },
  { fragment: 'userreplay.net', vendor: 'UserReplay' },
  { fragment: 'static.hotjar.com', vendor: 'Hotjar' },
  { fragment: 'script.hotjar.com', vendor: 'Hotjar' },
  { fragment: 'insights.hotjar.com/api', vendor: 'Hotjar' },
  { fragment: 'clicktale.net', vendor: 'Clicktale' },
  { fragment: 'smartlook.com', vendor: 'Smartlook' },
  { fragment: 'decibelinsight.net', vendor: 'Decibel' },
  { fragment: 'quantummetric.com', vendor: 'Quantum Metric' },
  { fragment: 'inspectlet.com', vendor: 'Inspectlet' },
  { fragment: 'mouseflow.com', vendor: 'Mouseflow' },
  { fragment: 'logrocket.com', vendor: 'LogRocket' },
  { fragment: 'logrocket.io', vendor: 'LogRocket' },
  { fragment: 'lr-ingest.io', vendor: 'LogRocket' },
  { fragment: 'salemove.com', vendor: 'SaleMove (Glia)' },
  { fragment: 'luckyorange.com', vendor: 'Lucky Orange' },
  { fragment: 'luckyorange.net', vendor: 'Lucky Orange' },
  { fragment: 'vwo.com', vendor: 'VWO' },
  { fragment: 'd2oh4tlt9mrke9.cloudfront.net', vendor: 'a session recorder hosted on CloudFront' },
  { fragment: 'd10lpsik1i8c69.cloudfront.net', vendor: 'a session recorder hosted on CloudFront' },
  { fragment: 'clarity.ms', vendor: 'Microsoft Clarity' },
  { fragment: 'contentsquare.net', vendor: 'Contentsquare' },
  { fragment: 'contentsquare.com', vendor: 'Contentsquare' },
  { fragment: 'glassboxdigital.io', vendor: 'Glassbox' },
];

/** The recorder a URL belongs to, by fragment, else by the catalogue's 'session recording' category. */
export function sessionRecorderOf(url: URL, catalogue: TrackerMatcher): string | undefined {
  const target = `${url.hostname}${url.pathname}`.toLowerCase();
  const byFragment = SESSION_RECORDER_FRAGMENTS.find((entry) => target.includes(entry.fragment));
  if (byFragment) return byFragment.vendor;
  const entry = catalogue.match(url.hostname.toLowerCase());
  return entry?.category === 'session recording' ? (entry.name ?? entry.company) : undefined;
}

/** One finding per recording service the page loaded or sent to (attempted requests count). */
export function analyzeSessionRecording(visit: PageVisit, catalogue: TrackerMatcher): Finding[] {
  const vendors = new Map<string, string[]>();
  for (const { request, url } of parsedRequests(visit)) {
    if (request.party !== 'third') continue;
    const vendor = sessionRecorderOf(url, catalogue);
    if (!vendor) continue;
    const lines = vendors.get(vendor) ?? [];
    lines.push(`${request.resourceType}${request.outcome === 'failed' ? ' (failed)' : ''}: ${shortUrl(request.url)}`);
    vendors.set(vendor, lines);
  }
  const { group, risk } = TRACKER_TYPE_RULES.tracker_session_recording;
  return [...vendors.entries()].map(([vendor, lines]) => ({
    group,
    detail: {
      kind: 'risk' as const,
      type: 'tracker_session_recording' as const,
      value: vendor,
      source: FINDING_SOURCES.browserAudit,
      risk,
      evidence: {
        summary: `${vendor}: the page loads a session recorder, which captures clicks, scrolling and often typing so visits can be replayed`,
        observed: cappedLines(lines),
      },
    },
  }));
}
