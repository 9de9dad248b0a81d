/**
 * Script URLs for a page crowded with third parties, shared by the third-party analyzer's test and
 * its benchmark: twenty trackers our catalogue knows (session recording, advertising, analytics,
 * tag managers, fingerprinting, customer data) and any number of hosts it does not know.
 */
export const KNOWN_TRACKER_SCRIPTS: readonly string[] = [
  'https://static.hotjar.com/c/hotjar-1.js', 'https://edge.fullstory.com/s/fs.js', 'https://www.clarity.ms/tag/abc',
  'https://cdn.mouseflow.com/projects/1.js', 'https://connect.facebook.net/en_US/fbevents.js', 'https://www.googletagmanager.com/gtm.js?id=GTM-1',
  'https://www.google-analytics.com/analytics.js', 'https://securepubads.g.doubleclick.net/tag/js/gpt.js', 'https://snap.licdn.com/li.lms-analytics/insight.min.js',
  'https://static.ads-twitter.com/uwt.js', 'https://analytics.tiktok.com/i18n/pixel/events.js', 'https://s.pinimg.com/ct/core.js',
  'https://sc-static.net/scevent.min.js', 'https://bat.bing.com/bat.js', 'https://cdn.segment.com/analytics.js/v1/x/analytics.min.js',
  'https://cdn.amplitude.com/libs/amplitude.js', 'https://cdn.optimizely.com/js/1.js', 'https://static.criteo.net/js/ld/publishertag.js',
  'https://fpjs.io/agent.js', 'https://js.hs-scripts.com/1.js',
];

/** `count` scripts on made-up vendor hosts (reserved `.example` names) that no catalogue knows. */
export function unknownVendorScripts(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `https://cdn${i}.vendor${i}.example/lib.js`);
}
