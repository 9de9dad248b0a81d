import type { CapturedCookie, PageVisit } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import type { CatalogueCategory } from '../../trackers/tracker.catalogue';
import { cappedLines } from './rendered-requests.util';

/**
 * Cookie names the tracking tools document for their own identifiers (facts from their public
 * documentation, in our own table). A `*` ends a prefix (Google Analytics 4 names its cookie
 * `_ga_<property>`).
 */
export const TRACKING_COOKIE_NAMES: readonly TrackingCookieName[] = [
  { name: '_ga', owner: 'Google Analytics', category: 'analytics' },
  { name: '_ga_*', owner: 'Google Analytics', category: 'analytics' },
  { name: '_gid', owner: 'Google Analytics', category: 'analytics' },
  { name: '_gat*', owner: 'Google Analytics', category: 'analytics' },
  { name: '_gcl_*', owner: 'Google Ads', category: 'advertising' },
  { name: 'IDE', owner: 'Google (DoubleClick)', category: 'advertising' },
  { name: 'test_cookie', owner: 'Google (DoubleClick)', category: 'advertising' },
  { name: '_fbp', owner: 'Meta', category: 'advertising' },
  { name: '_fbc', owner: 'Meta', category: 'advertising' },
  { name: 'fr', owner: 'Meta', category: 'advertising' },
  { name: '_uetsid', owner: 'Microsoft Advertising', category: 'advertising' },
  { name: '_uetvid', owner: 'Microsoft Advertising', category: 'advertising' },
  { name: 'MUID', owner: 'Microsoft', category: 'advertising' },
  { name: '_clck', owner: 'Microsoft Clarity', category: 'session recording' },
  { name: '_clsk', owner: 'Microsoft Clarity', category: 'session recording' },
  { name: '_ttp', owner: 'TikTok', category: 'advertising' },
  { name: 'ttcsid*', owner: 'TikTok', category: 'advertising' },
  { name: '_hjid', owner: 'Hotjar', category: 'session recording' },
  { name: '_hjSessionUser_*', owner: 'Hotjar', category: 'session recording' },
  { name: '_hjSession_*', owner: 'Hotjar', category: 'session recording' },
  { name: 'fs_uid', owner: 'FullStory', category: 'session recording' },
  { name: '_ym_uid', owner: 'Yandex Metrica', category: 'analytics' },
  { name: '_ym_d', owner: 'Yandex Metrica', category: 'analytics' },
  { name: 'li_sugr', owner: 'LinkedIn', category: 'advertising' },
  { name: 'bcookie', owner: 'LinkedIn', category: 'social' },
  { name: 'li_fat_id', owner: 'LinkedIn', category: 'advertising' },
  { name: 'personalization_id', owner: 'X (Twitter)', category: 'advertising' },
  { name: 'muc_ads', owner: 'X (Twitter)', category: 'advertising' },
  { name: '_pin_unauth', owner: 'Pinterest', category: 'advertising' },
  { name: '_scid', owner: 'Snap', category: 'advertising' },
  { name: '_rdt_uuid', owner: 'Reddit', category: 'advertising' },
  { name: 'ajs_anonymous_id', owner: 'Segment', category: 'customer data platform' },
  { name: 'mp_*', owner: 'Mixpanel', category: 'analytics' },
  { name: 'amp_*', owner: 'Amplitude', category: 'analytics' },
  { name: 'hubspotutk', owner: 'HubSpot', category: 'marketing automation' },
  { name: '__hstc', owner: 'HubSpot', category: 'marketing automation' },
  { name: 'cto_bundle', owner: 'Criteo', category: 'advertising' },
];

/** A cookie name a tracking tool documents, with whose it is and the tool's kind. */
export interface TrackingCookieName {
  /** A trailing `*` makes it a prefix. */
  name: string;
  owner: string;
  category: CatalogueCategory;
}

export function knownTrackingCookie(name: string): TrackingCookieName | undefined {
  return TRACKING_COOKIE_NAMES.find((entry) => (entry.name.endsWith('*') ? name.startsWith(entry.name.slice(0, -1)) : name === entry.name));
}

/** Who a cookie tracks for: a known tracking name, or any cookie of another site (a third-party cookie). */
export function trackingCookieOwner(cookie: Pick<CapturedCookie, 'name' | 'domain' | 'party'>): string | undefined {
  const known = knownTrackingCookie(cookie.name);
  if (known) return known.owner;
  return cookie.party === 'third' ? cookie.domain : undefined;
}

export function trackingCookies(visit: PageVisit): { cookie: CapturedCookie; owner: string }[] {
  return visit.cookies.flatMap((cookie) => {
    const owner = trackingCookieOwner(cookie);
    return owner ? [{ cookie, owner }] : [];
  });
}

/** How long a cookie lasts from `at` (ms since the epoch), in words. */
export function cookieLifetime(cookie: Pick<CapturedCookie, 'expires'>, at: number): string {
  if (cookie.expires < 0) return 'until the browser closes';
  const days = Math.round((cookie.expires * 1000 - at) / 86_400_000);
  return days >= 2 ? `${days} days` : days === 1 ? '1 day' : 'less than a day';
}

/** What set a cookie, in words: the script or the response, as far as the browser told. */
export function cookieSetter(cookie: Pick<CapturedCookie, 'setBy' | 'script' | 'response'>): string {
  if (cookie.setBy === 'script') return `set by script ${cookie.script ?? ''}`.trim();
  if (cookie.setBy === 'header') return `set by the response of ${cookie.response ?? 'a request'}`;
  return 'set while the page ran';
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
    return `${cookie.name} (${owner}; ${cookie.party}-party, ${cookie.domain}; ${cookieSetter(cookie)}; lasts ${cookieLifetime(cookie, now.getTime())})`;
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
