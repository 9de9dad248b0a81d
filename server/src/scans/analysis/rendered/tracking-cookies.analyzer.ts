import type { CapturedCookie, PageVisit } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import { cappedLines } from './rendered-requests';

/**
 * Cookie names the tracking tools document for their own identifiers (facts from their public
 * documentation, in our own table). A `*` ends a prefix (Google Analytics 4 names its cookie
 * `_ga_<property>`).
 */
export const TRACKING_COOKIE_NAMES: readonly { name: string; owner: string }[] = [
  { name: '_ga', owner: 'Google Analytics' },
  { name: '_ga_*', owner: 'Google Analytics' },
  { name: '_gid', owner: 'Google Analytics' },
  { name: '_gat*', owner: 'Google Analytics' },
  { name: '_gcl_*', owner: 'Google Ads' },
  { name: 'IDE', owner: 'Google (DoubleClick)' },
  { name: 'test_cookie', owner: 'Google (DoubleClick)' },
  { name: '_fbp', owner: 'Meta' },
  { name: '_fbc', owner: 'Meta' },
  { name: 'fr', owner: 'Meta' },
  { name: '_uetsid', owner: 'Microsoft Advertising' },
  { name: '_uetvid', owner: 'Microsoft Advertising' },
  { name: 'MUID', owner: 'Microsoft' },
  { name: '_clck', owner: 'Microsoft Clarity' },
  { name: '_clsk', owner: 'Microsoft Clarity' },
  { name: '_ttp', owner: 'TikTok' },
  { name: 'ttcsid*', owner: 'TikTok' },
  { name: '_hjid', owner: 'Hotjar' },
  { name: '_hjSessionUser_*', owner: 'Hotjar' },
  { name: '_hjSession_*', owner: 'Hotjar' },
  { name: 'li_sugr', owner: 'LinkedIn' },
  { name: 'bcookie', owner: 'LinkedIn' },
  { name: 'li_fat_id', owner: 'LinkedIn' },
  { name: 'personalization_id', owner: 'X (Twitter)' },
  { name: 'muc_ads', owner: 'X (Twitter)' },
  { name: '_pin_unauth', owner: 'Pinterest' },
  { name: '_scid', owner: 'Snap' },
  { name: '_rdt_uuid', owner: 'Reddit' },
  { name: 'ajs_anonymous_id', owner: 'Segment' },
  { name: 'mp_*', owner: 'Mixpanel' },
  { name: 'amp_*', owner: 'Amplitude' },
  { name: 'hubspotutk', owner: 'HubSpot' },
  { name: '__hstc', owner: 'HubSpot' },
  { name: 'cto_bundle', owner: 'Criteo' },
];

/** Who a cookie tracks for: a known tracking name, or any cookie of another site (a third-party cookie). */
export function trackingCookieOwner(cookie: Pick<CapturedCookie, 'name' | 'domain' | 'party'>): string | undefined {
  const known = TRACKING_COOKIE_NAMES.find((entry) => (entry.name.endsWith('*') ? cookie.name.startsWith(entry.name.slice(0, -1)) : cookie.name === entry.name));
  if (known) return known.owner;
  return cookie.party === 'third' ? cookie.domain : undefined;
}

export function trackingCookies(visit: PageVisit): { cookie: CapturedCookie; owner: string }[] {
  return visit.cookies.flatMap((cookie) => {
    const owner = trackingCookieOwner(cookie);
    return owner ? [{ cookie, owner }] : [];
  });
}

function lifetime(cookie: CapturedCookie, at: number): string {
  if (cookie.expires < 0) return 'until the browser closes';
  const days = Math.round((cookie.expires * 1000 - at) / 86_400_000);
  return days >= 1 ? `${days} days` : 'less than a day';
}

/**
 * The tracking cookies the page left in the browser while it ran, by name, whose they are, how
 * they were set (a response header or a script, and which) and how long they last. One finding
 * for all of them; the cookie values are never recorded.
 */
export function analyzeTrackingCookies(visit: PageVisit, now: Date): Finding[] {
  const found = trackingCookies(visit);
  if (found.length === 0) return [];
  const names = found.map(({ cookie }) => cookie.name);
  const lines = found.map(({ cookie, owner }) => {
    const how = cookie.setBy === 'script' ? `set by script ${cookie.script ?? ''}`.trim() : cookie.setBy === 'header' ? 'set by a response header' : 'set while the page ran';
    return `${cookie.name} (${owner}; ${cookie.party}-party, ${cookie.domain}; ${how}; lasts ${lifetime(cookie, now.getTime())})`;
  });
  return [
    {
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'cookie_tracking',
        value: `${found.length} tracking ${found.length === 1 ? 'cookie' : 'cookies'}: ${names.slice(0, 8).join(', ')}${names.length > 8 ? ', …' : ''}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'medium',
        evidence: {
          summary: 'While the page ran, it stored identifiers that advertising and analytics companies use to recognise visitors again',
          observed: cappedLines(lines, 12),
        },
      },
    },
  ];
}
