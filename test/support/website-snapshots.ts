/**
 * Fetched websites written by hand, for the website analyzers' unit tests: what the website source
 * would hand over after fetching a site's https:// and http:// forms.
 */
import { type CapturedRequest, emptyVisit, type PageVisit } from '../../server/src/browser-audit/capture.types';
import type { TlsInfo } from '../../server/src/common/security/ssrf/safe-fetch.types';
import { siteContext, SiteContext } from '../../server/src/scans/analysis/website-site.util';
import type { FetchAttempt, FetchedPage, WebsiteSnapshot } from '../../server/src/scans/sources/website.source';

/** The scan's clock in these tests. */
export const NOW = new Date('2026-03-01T12:00:00Z');

/** A certificate browsers trust, valid for months around NOW. */
export const TRUSTED_TLS: TlsInfo = {
  authorized: true,
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2026-12-31T00:00:00.000Z',
  issuer: 'C=US, O=Test CA, CN=Test CA R1',
  subject: 'CN=shop.example.org',
  protocol: 'TLSv1.3',
};

export type Headers = Record<string, string | string[]>;

export interface PageSpec {
  url?: string;
  status?: number;
  headers?: Headers;
  html?: string;
  contentType?: string;
  /** Every hop's URL, the first request included; default: just `url`. */
  route?: string[];
  tls?: TlsInfo | null;
  truncated?: boolean;
}

/** One fetched page; https pages get a trusted certificate unless `tls` says otherwise. */
export function fetchedPage(spec: PageSpec = {}): FetchedPage {
  const url = spec.url ?? 'https://shop.example.org/';
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = Array.isArray(value) ? value : [value];
  const contentType = spec.contentType ?? 'text/html';
  if (!headers['content-type'] && contentType) headers['content-type'] = [`${contentType}; charset=utf-8`];
  const route = spec.route ?? [url];
  const tls = spec.tls === null ? undefined : (spec.tls ?? (url.startsWith('https:') ? TRUSTED_TLS : undefined));
  return {
    url,
    status: spec.status ?? 200,
    headers,
    setCookies: headers['set-cookie'] ?? [],
    contentType,
    html: spec.html ?? '<!doctype html><title>Shop</title><p>Hello</p>',
    truncated: spec.truncated ?? false,
    hops: route.map((hop, i) => ({ url: hop, status: i === route.length - 1 ? (spec.status ?? 200) : 301, ...(i < route.length - 1 ? { location: route[i + 1] } : {}) })),
    ...(tls ? { tls } : {}),
  };
}

export const unreachable = (message = 'The website could not be reached.'): FetchAttempt => ({ ok: false, kind: 'unavailable', message });

/**
 * A site: by default https answers with `https` (a well-configured page unless given) and plain
 * http redirects to it on the same host.
 */
export function websiteSnapshot(spec: { url?: string; https?: PageSpec | FetchAttempt; http?: PageSpec | FetchAttempt } = {}): WebsiteSnapshot {
  const url = spec.url ?? 'https://shop.example.org/';
  const https = toAttempt(spec.https ?? {});
  const httpsUrl = https.ok ? https.page.url : url.replace(/^http:/, 'https:');
  const http = toAttempt(
    spec.http ?? {
      url: httpsUrl,
      route: [httpsUrl.replace(/^https:/, 'http:'), httpsUrl],
      headers: https.ok ? headersOf(https.page) : {},
      tls: https.ok ? (https.page.tls ?? null) : null,
    },
  );
  return { url, https, http };
}

function toAttempt(value: PageSpec | FetchAttempt): FetchAttempt {
  return 'ok' in value ? value : { ok: true, page: fetchedPage(value) };
}

function headersOf(page: FetchedPage): Headers {
  return Object.fromEntries(Object.entries(page.headers).map(([k, v]) => [k, [...v]]));
}

export function siteOf(snapshot: WebsiteSnapshot, now = NOW): SiteContext {
  const site = siteContext(snapshot, now);
  if (!site) throw new Error('neither form of the site answered');
  return site;
}

/** Headers of a well-protected site (the A+ case): strict CSP, HSTS, nosniff, no referrer, CORP. */
export const STRONG_HEADERS: Headers = {
  'content-security-policy': "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** A visit of the audit browser, for the rendered analyzers' unit tests: a page that loaded and did nothing else unless told. */
export function pageVisit(spec: Partial<PageVisit> = {}): PageVisit {
  return {
    ...emptyVisit('plain', 'https://shop.example.org/'),
    status: 200,
    durationMs: 1200,
    requests: [{ url: 'https://shop.example.org/', method: 'GET', resourceType: 'document', party: 'first', outcome: 'completed', status: 200, at: 0 }],
    proxy: { bytes: 1000, overBudget: false, refusals: [] },
    ...spec,
  };
}

/** A third-party request seen by the audit browser. */
export function thirdPartyRequest(url: string, extra: Partial<CapturedRequest> = {}): CapturedRequest {
  return { url, method: 'GET', resourceType: 'script', party: 'third', outcome: 'completed', status: 200, at: 100, ...extra };
}
