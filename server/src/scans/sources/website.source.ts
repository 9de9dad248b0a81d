import { TextDecoder } from 'node:util';
import { Injectable } from '@nestjs/common';
import { SafeFetcher } from '../../common/security/ssrf/safe.fetcher';
import { SafeFetchError, SafeFetchFailureKind, SafeFetchHop, SafeFetchResponse, TlsInfo } from '../../common/security/ssrf/safe-fetch.types';
import { SSRF_MESSAGES } from '../../common/security/ssrf/url.policy';
import { failure, retryAfterSeconds } from './source-http.util';
import type { SourceResult } from './source.types';

/** The messages a URL analysis answers with (the scan form's and the widget's wording). */
export const WEBSITE_MESSAGES = {
  noUrl: 'No URL provided',
  invalidUrl: 'Invalid URL format',
  failed: 'Failed to analyze URL',
} as const;

/** The most of a page we read (after decompression): the SSRF guard's cap. */
export const WEBSITE_MAX_BODY_BYTES = 2 * 1024 * 1024;

/** How long the second of the two forms may take once the first has answered. */
export const WEBSITE_SECOND_FORM_GRACE_MS = 2_000;

/** One fetch of the site (https:// or http://), as far as the analyzers need it. */
export interface FetchedPage {
  /** The URL of the final hop, after redirects. */
  url: string;
  status: number;
  /** Lower-cased names; every value of a repeated header. */
  headers: Readonly<Record<string, readonly string[]>>;
  /** Every Set-Cookie of the final response, as sent. */
  setCookies: readonly string[];
  /** Lower-cased media type without parameters; '' when the site sent none. */
  contentType: string;
  /** The body as text, decoded with its charset, when it is HTML or other text; '' otherwise. */
  html: string;
  /** The body was longer than WEBSITE_MAX_BODY_BYTES and only its start was read. */
  truncated: boolean;
  /** Every hop, the first request included. */
  hops: readonly SafeFetchHop[];
  /** The final hop's TLS handshake, when it was https. */
  tls?: TlsInfo;
}

/** One attempt: the page, or why there is none (the guard's or the network's words). */
export type FetchAttempt = { ok: true; page: FetchedPage } | { ok: false; kind: SafeFetchFailureKind; message: string };

/** What the website checks analyse: the site asked for over https:// and over http://. */
export interface WebsiteSnapshot {
  /** The address as submitted. */
  url: string;
  https: FetchAttempt;
  http: FetchAttempt;
}

/**
 * The website check's answer. Beyond the statuses every source has, a URL the SSRF guard refuses
 * (a private or internal address, a port or scheme we never fetch, credentials in the URL) is
 * 'not_applicable' with the guard's own sentence: it is a property of the input, not an outage,
 * so the result shows it as "not available for this input" rather than "unavailable".
 */
export type WebsiteResult = SourceResult<WebsiteSnapshot> | { status: 'not_applicable'; message: string };

/**
 * Fetches a submitted website twice, through the SSRF guard only: its https:// form (the page we
 * analyse when it answers) and its http:// form (does plain http redirect to https?). Both run in
 * parallel under the check's signal; every hop of both is checked by the guard. Never throws.
 */
@Injectable()
export class WebsiteSource {
  constructor(private readonly fetcher: SafeFetcher) {}

  /** Why the guard refuses this URL before any lookup (its own sentence), or undefined when it may be fetched. */
  refusal(rawUrl: string): string | undefined {
    const checked = this.fetcher.checkUrl(rawUrl);
    return checked.ok ? undefined : checked.message;
  }

  async fetchSite(rawUrl: string | undefined, signal: AbortSignal): Promise<WebsiteResult> {
    if (rawUrl === undefined || rawUrl.trim() === '') return { status: 'not_applicable', message: WEBSITE_MESSAGES.noUrl };
    const forms = schemeForms(rawUrl);
    if (!forms) return { status: 'not_applicable', message: WEBSITE_MESSAGES.invalidUrl };

    const [https, http] = await this.bothForms(forms, signal);
    const snapshot: WebsiteSnapshot = { url: forms.submitted, https, http };
    if (https.ok || http.ok) {
      // A 429 or a server error in place of the page is no page to analyse: the check did not run.
      const answered = [https, http].flatMap((a) => (a.ok ? [a.page] : []));
      if (answered.every((page) => page.status === 429)) {
        const wait = retryAfterSeconds(answered[0].headers['retry-after']?.[0] ?? null);
        return { ...failure('rate_limited', `${WEBSITE_MESSAGES.failed}. The site answered HTTP 429 (too many requests) instead of its page`), ...(wait !== undefined ? { retryAfterSeconds: wait } : {}) };
      }
      if (answered.every((page) => page.status >= 500)) {
        return failure('unavailable', `${WEBSITE_MESSAGES.failed}. The site answered HTTP ${answered[0].status} (a server error) instead of its page`);
      }
      return { status: 'ok', data: snapshot };
    }

    // Neither answered. A refusal by the guard explains both (they share the host); then time; then the rest.
    const attempts = [https, http].filter((a): a is Extract<FetchAttempt, { ok: false }> => !a.ok);
    const refused = attempts.find((a) => a.kind === 'refused');
    if (refused) return { status: 'not_applicable', message: refused.message };
    if (signal.aborted || attempts.some((a) => a.kind === 'timed_out')) return failure('timed_out', SSRF_MESSAGES.timedOut);
    // The more telling of the two reasons (a bad answer says more than "could not be reached").
    const telling = attempts.find((a) => a.message !== SSRF_MESSAGES.unreachable) ?? attempts[0];
    return failure('unavailable', `${WEBSITE_MESSAGES.failed}. ${telling.message}`);
  }

  /**
   * Both forms in parallel. Once one has answered, the other gets WEBSITE_SECOND_FORM_GRACE_MS more
   * and is then given up (recorded as timed out): a site whose port 80 silently drops connections
   * must not cost the whole check its time limit.
   */
  private async bothForms(forms: { https: string; http: string }, signal: AbortSignal): Promise<[FetchAttempt, FetchAttempt]> {
    const giveUp = new AbortController();
    const attemptSignal = AbortSignal.any([signal, giveUp.signal]);
    let timer: NodeJS.Timeout | undefined;
    const settle = (attempt: FetchAttempt) => {
      if (attempt.ok && !timer) timer = setTimeout(() => giveUp.abort(), WEBSITE_SECOND_FORM_GRACE_MS);
      return attempt;
    };
    try {
      return await Promise.all([this.attempt(forms.https, attemptSignal).then(settle), this.attempt(forms.http, attemptSignal).then(settle)]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async attempt(url: string, signal: AbortSignal): Promise<FetchAttempt> {
    try {
      const res = await this.fetcher.fetch(url, {
        signal,
        method: 'GET',
        followRedirects: true,
        maxBodyBytes: WEBSITE_MAX_BODY_BYTES,
        // The one caller that connects past a bad certificate: reporting it is part of the check.
        tls: 'report',
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'accept-language': 'en;q=0.9, *;q=0.5' },
      });
      return { ok: true, page: toPage(res) };
    } catch (err) {
      if (err instanceof SafeFetchError) return { ok: false, kind: err.kind, message: err.message };
      return { ok: false, kind: signal.aborted ? 'timed_out' : 'unavailable', message: signal.aborted ? SSRF_MESSAGES.timedOut : SSRF_MESSAGES.unreachable };
    }
  }
}

/** The https:// and http:// forms of a submitted URL (same host, port, path and query). */
export function schemeForms(rawUrl: string): { submitted: string; https: string; http: string } | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
  url.hash = '';
  const submitted = url.href;
  const withScheme = (scheme: 'http:' | 'https:') => {
    const copy = new URL(submitted);
    copy.protocol = scheme;
    return copy.href;
  };
  return { submitted, https: withScheme('https:'), http: withScheme('http:') };
}

function toPage(res: SafeFetchResponse): FetchedPage {
  const headers = lowerCaseHeaders(res.headers);
  const contentTypeHeader = headers['content-type']?.[0] ?? '';
  const contentType = contentTypeHeader.split(';')[0].trim().toLowerCase();
  return {
    url: res.url,
    status: res.status,
    headers,
    setCookies: headers['set-cookie'] ?? [],
    contentType,
    html: isText(contentType) ? decodeBody(res.body, contentTypeHeader) : '',
    truncated: res.truncated,
    hops: res.hops,
    ...(res.tls ? { tls: res.tls } : {}),
  };
}

function lowerCaseHeaders(headers: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(headers)) {
    const key = name.toLowerCase();
    out[key] = [...(out[key] ?? []), ...(Array.isArray(values) ? values : [String(values)])];
  }
  return out;
}

/** HTML, XHTML and other text; a missing type is sniffed as HTML the way browsers would try. */
function isText(contentType: string): boolean {
  return contentType === '' || contentType.startsWith('text/') || contentType === 'application/xhtml+xml';
}

/**
 * The body as text: a byte-order mark first, then the charset of Content-Type, then a <meta>
 * charset in the first 1024 bytes (the HTML standard's prescan, simplified), else UTF-8. An
 * encoding name Node does not know also falls back to UTF-8.
 */
export function decodeBody(body: Buffer, contentTypeHeader: string): string {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decode(body.subarray(3), 'utf-8');
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return decode(body.subarray(2), 'utf-16le');
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return decode(body.subarray(2), 'utf-16be');
  const fromHeader = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentTypeHeader)?.[1];
  const head = body.subarray(0, 1024).toString('latin1');
  const fromMeta =
    /<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)/i.exec(head)?.[1];
  return decode(body, fromHeader ?? fromMeta ?? 'utf-8');
}

function decode(bytes: Buffer, label: string): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label.trim().toLowerCase());
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // The Encoding standard reads latin1, ascii and their aliases as windows-1252; Node's decoder
  // does not map 0x80-0x9F that way, so those bytes are mapped here.
  if (decoder.encoding !== 'windows-1252') return decoder.decode(bytes);
  return bytes.toString('latin1').replace(/[\x80-\x9f]/g, (c) => String.fromCharCode(WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]));
}

/** windows-1252 bytes 0x80-0x9F (the Encoding standard's index); the rest equals latin1. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];
