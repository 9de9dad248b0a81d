import type { CapturedRequest, PageVisit } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import { cappedLines, hostIs, parsedRequests, requestParams, shortUrl } from './rendered-requests.util';

/** One event an advertising pixel sent: which platform, which event, which account, what else. */
export interface PixelEvent {
  platform: 'Meta' | 'TikTok' | 'X' | 'Google';
  /** PageView, AddToCart, pageview, … ; for Google remarketing, 'remarketing audience'. */
  event: string;
  /** The pixel, tag or property id. */
  id?: string;
  /** Advanced matching: the personal fields sent (hashed), by parameter name. */
  matching: string[];
  request: CapturedRequest;
}

/** Meta advanced-matching parameters and what they carry. */
const META_MATCHING: Record<string, string> = {
  em: 'email',
  fn: 'first name',
  ln: 'last name',
  ph: 'phone',
  ge: 'gender',
  db: 'date of birth',
  ct: 'city',
  city: 'city',
  st: 'state',
  state: 'state',
  zp: 'postcode',
  cn: 'country',
  country: 'country',
  external_id: 'external id',
};

/** TikTok's advanced matching lives in the event's context.user (hashed email, phone, id). */
const TIKTOK_MATCHING = ['email', 'phone_number', 'sha256_email', 'sha256_phone_number', 'external_id'];

const first = (params: Map<string, string[]>, key: string) => params.get(key)?.[0];

/** Meta: `facebook.com/tr` with an `ev` parameter; advanced matching in `ud[…]`. */
function metaEvent(url: URL, request: CapturedRequest): PixelEvent | undefined {
  if (!hostIs(url.hostname, 'facebook.com') || !/^\/tr\/?$/.test(url.pathname)) return undefined;
  const params = requestParams(request);
  const event = first(params, 'ev');
  if (!event) return undefined;
  const matching = [...params.keys()]
    .map((key) => /^ud\[([a-z_]+)\]$/i.exec(key)?.[1]?.toLowerCase())
    .filter((key): key is string => key !== undefined && key in META_MATCHING && (first(params, `ud[${key}]`) ?? '') !== '')
    .map((key) => META_MATCHING[key]);
  return { platform: 'Meta', event: event.slice(0, 60), id: first(params, 'id')?.slice(0, 40), matching, request };
}

/** Google: `stats.g.doubleclick.net` carrying a UA-, G- or AW- id adds the visitor to ad audiences. */
function remarketingEvent(url: URL, request: CapturedRequest): PixelEvent | undefined {
  if (!hostIs(url.hostname, 'stats.g.doubleclick.net')) return undefined;
  const id = /\b((?:UA-\d+-\d+)|(?:G-[A-Z0-9]{4,})|(?:AW-\d+))\b/i.exec(`${url.pathname}${url.search}\n${request.body ?? ''}`)?.[1];
  if (!id) return undefined;
  return { platform: 'Google', event: 'remarketing audience', id: id.toUpperCase(), matching: [], request };
}

/** TikTok: a request to a TikTok host whose body (or query) names an `event`. */
function tiktokEvent(url: URL, request: CapturedRequest): PixelEvent | undefined {
  if (!hostIs(url.hostname, 'tiktok.com') && !hostIs(url.hostname, 'tiktokw.us')) return undefined;
  const params = requestParams(request);
  const event = first(params, 'event');
  if (!event) return undefined;
  const user = first(params, 'context.user');
  let matching: string[] = [];
  if (user) {
    try {
      const fields = JSON.parse(user) as Record<string, unknown>;
      matching = TIKTOK_MATCHING.filter((key) => typeof fields[key] === 'string' && fields[key] !== '').map((key) => key.replace(/^sha256_/, '').replace('_', ' '));
    } catch {
      matching = [];
    }
  }
  const id = first(params, 'pixel_code') ?? first(params, 'context.pixel');
  return { platform: 'TikTok', event: event.slice(0, 60), ...(id ? { id: id.slice(0, 40) } : {}), matching: [...new Set(matching)], request };
}

/** X (Twitter): the conversion endpoint `…/i/adsct` on t.co or analytics.twitter.com, with its pixel id and events. */
function xEvent(url: URL, request: CapturedRequest): PixelEvent | undefined {
  const host = url.hostname;
  if (!(hostIs(host, 't.co') || hostIs(host, 'analytics.twitter.com') || hostIs(host, 'ads-twitter.com') || hostIs(host, 'ads-api.twitter.com'))) return undefined;
  if (!/\/i\/adsct/.test(url.pathname)) return undefined;
  const params = requestParams(request);
  let event = 'pageview';
  const events = first(params, 'events');
  if (events) {
    try {
      const parsed = JSON.parse(events) as unknown[];
      const names = parsed.map((e) => (Array.isArray(e) ? String(e[0]) : String(e))).filter(Boolean);
      if (names.length > 0) event = names.join(', ').slice(0, 60);
    } catch {
      event = events.slice(0, 60);
    }
  }
  const id = first(params, 'txn_id') ?? first(params, 'p_id');
  return { platform: 'X', event, ...(id ? { id: id.slice(0, 40) } : {}), matching: [], request };
}

/** Every pixel event of a visit (failed requests count: the page tried to send them). */
export function pixelEvents(visit: PageVisit): PixelEvent[] {
  const events: PixelEvent[] = [];
  for (const { request, url } of parsedRequests(visit)) {
    const event = metaEvent(url, request) ?? remarketingEvent(url, request) ?? tiktokEvent(url, request) ?? xEvent(url, request);
    if (event) events.push(event);
  }
  return events;
}

function eventsLine(events: readonly PixelEvent[]): string {
  const names = [...new Set(events.map((e) => e.event))];
  const ids = [...new Set(events.map((e) => e.id).filter((id): id is string => Boolean(id)))];
  return `${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''}${ids.length > 0 ? ` (${ids.length === 1 ? 'id' : 'ids'} ${ids.slice(0, 3).join(', ')})` : ''}`;
}

const evidenceLines = (events: readonly PixelEvent[]) => cappedLines(events.map((e) => `${e.event}: ${e.request.method} ${shortUrl(e.request.url)}`));

/** The Meta pixel's events, and advanced matching as its own, graver finding. */
export function analyzeMetaPixel(visit: PageVisit): Finding[] {
  const events = pixelEvents(visit).filter((e) => e.platform === 'Meta');
  if (events.length === 0) return [];
  const findings: Finding[] = [
    {
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'meta_pixel_events',
        value: `Meta pixel events: ${eventsLine(events)}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'medium',
        evidence: { summary: 'The page sends what visitors do here to Meta (facebook.com/tr)', observed: evidenceLines(events) },
      },
    },
  ];
  const matching = [...new Set(events.flatMap((e) => e.matching))];
  if (matching.length > 0) {
    findings.push({
      group: 'personalInfo',
      detail: {
        kind: 'risk',
        type: 'meta_pixel_advanced_matching',
        value: `Meta advanced matching: ${matching.join(', ')}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'high',
        evidence: {
          summary: `Pixel events carry personal details (${matching.join(', ')}), usually hashed, that Meta uses to match visitors to their Facebook and Instagram accounts; they travel in the pixel's "user data" fields (ud[em] is the email address, ud[ph] the phone number)`,
          observed: evidenceLines(events.filter((e) => e.matching.length > 0)),
        },
      },
    });
  }
  return findings;
}

export function analyzeRemarketing(visit: PageVisit): Finding[] {
  const events = pixelEvents(visit).filter((e) => e.platform === 'Google');
  if (events.length === 0) return [];
  return [
    {
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'google_remarketing_audiences',
        value: `Google remarketing audiences: ${[...new Set(events.map((e) => e.id))].slice(0, 5).join(', ')}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'medium',
        evidence: { summary: 'Google Analytics adds this site\'s visitors to Google advertising audiences (stats.g.doubleclick.net)', observed: evidenceLines(events) },
      },
    },
  ];
}

export function analyzeTikTokAndXPixels(visit: PageVisit): Finding[] {
  const findings: Finding[] = [];
  const tiktok = pixelEvents(visit).filter((e) => e.platform === 'TikTok');
  if (tiktok.length > 0) {
    const matching = [...new Set(tiktok.flatMap((e) => e.matching))];
    findings.push({
      group: matching.length > 0 ? 'personalInfo' : 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'tiktok_pixel_events',
        value: `TikTok pixel events: ${eventsLine(tiktok)}${matching.length > 0 ? `; with hashed ${matching.join(', ')}` : ''}`,
        source: FINDING_SOURCES.browserAudit,
        risk: matching.length > 0 ? 'high' : 'medium',
        evidence: {
          summary: `The page sends what visitors do here to TikTok${matching.length > 0 ? ', with hashed contact details for matching them to TikTok accounts' : ''}`,
          observed: evidenceLines(tiktok),
        },
      },
    });
  }
  const x = pixelEvents(visit).filter((e) => e.platform === 'X');
  if (x.length > 0) {
    findings.push({
      group: 'socialMedia',
      detail: {
        kind: 'risk',
        type: 'x_pixel_events',
        value: `X (Twitter) pixel events: ${eventsLine(x)}`,
        source: FINDING_SOURCES.browserAudit,
        risk: 'medium',
        evidence: { summary: 'The page reports visits and actions here to X (Twitter) for ad targeting and measurement', observed: evidenceLines(x) },
      },
    });
  }
  return findings;
}
