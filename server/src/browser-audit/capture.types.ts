import { FAIR_SHARE_MS } from './fair-share.rules';
/**
 * What the audit browser saw on one visit of a page: plain data, serialisable as JSON (it travels
 * through the browser_jobs table between instances). The analyzers read only this.
 */
import type { ProxyRefusal } from '../common/security/ssrf/forward.proxy';
import type { FrameReport } from './page.instrumentation';

export type Party = 'first' | 'third';

export interface CapturedRequest {
  /** Cut at MAX_CAPTURED_URL characters. */
  url: string;
  method: string;
  /** Chromium's resource type: document, script, image, xhr, fetch, ping (sendBeacon), websocket, … */
  resourceType: string;
  /** The frame or script that made it, as far as the browser tells (a script URL, or the frame's URL). */
  initiator?: string;
  party: Party;
  /** completed: an answer came; failed: the network failed or the proxy refused it (an attempted request counts). */
  outcome: 'completed' | 'failed';
  status?: number;
  /** The browser's reason for a failure (net::ERR_…). */
  failure?: string;
  /** A POST/PUT body as text, cut at MAX_CAPTURED_BODY characters. */
  body?: string;
  /** Milliseconds after the visit started. */
  at: number;
}

export interface CapturedCookie {
  name: string;
  /** Without a leading dot. */
  domain: string;
  path: string;
  /** Seconds since the epoch; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
  party: Party;
  /** How it was set: a Set-Cookie header, a script (document.cookie or cookieStore), or not known. */
  setBy: 'header' | 'script' | 'unknown';
  /** The script that wrote it, when setBy is 'script'. */
  script?: string;
  /** The response whose Set-Cookie header set it (its URL without the query), when setBy is 'header'. */
  response?: string;
}

export interface StorageKeys {
  origin: string;
  party: Party;
  local: string[];
  session: string[];
}

/** A value typed into a field for the key-logging test, and where. */
export interface TypedValue {
  kind: 'email' | 'password' | 'phone' | 'first-name' | 'last-name' | 'full-name' | 'text';
  value: string;
  /** How the field names itself: its name, id, type or placeholder. */
  field: string;
}

export interface WebSocketFrame {
  url: string;
  /** Text frames as sent, cut at MAX_CAPTURED_BODY. */
  payload: string;
  at: number;
}

/** One visit of the page in a fresh browser context. */
export interface PageVisit {
  /** 'gpc': with Sec-GPC: 1 and navigator.globalPrivacyControl. */
  kind: 'plain' | 'gpc';
  url: string;
  /** Where the top frame ended, after redirects. */
  finalUrl: string;
  /** The main document's HTTP status, when it answered. */
  status?: number;
  /** Why the page itself did not load (the proxy's refusal, a timeout, a network error). */
  navigationError?: string;
  /** The main document was refused by the SSRF guard (an internal address, a port we never use). */
  refused: boolean;
  durationMs: number;
  requests: CapturedRequest[];
  /** More requests were made than kept. */
  requestsDropped: number;
  webSocketFrames: WebSocketFrame[];
  cookies: CapturedCookie[];
  storage: StorageKeys[];
  frames: FrameReport[];
  /** What was typed (both visits type alike), and when typing began (ms after the start). */
  typed: TypedValue[];
  typedAt?: number;
  /**
   * How the typing went (absent in older captures): 'complete', every field typed in full; 'cut',
   * the time ran out before every field was typed in full; 'no time', the visit had no time left to
   * type at all. Only a complete typing can say that nothing typed left the page.
   */
  typing?: 'complete' | 'cut' | 'no time';
  /** Top-level navigations to file:, data: and other non-web URLs that were stopped. */
  blockedNavigations: string[];
  /** What went through the visit's proxy session: bytes down, bytes up (absent in older captures), the budget ran out. */
  proxy: { bytes: number; uploaded?: number; overBudget: boolean; refusals: ProxyRefusal[] };
  /** The time budget ended the visit before it was done. */
  cutShort: boolean;
  /** The page's renderer ended during the visit (the watchdog ended it, or the page crashed it): nothing after that was seen. */
  crashed?: boolean;
  /**
   * Pages the site opened beyond the first (window.open, target=_blank, …): each closed as soon as
   * it appeared, never loaded further. A behaviour of the site, reported as such.
   */
  popups: { opened: number; urls: string[] };
  /**
   * Parts of what the page did that the capture could not keep whole, in words for people
   * ("requests beyond the first 1,500", …): the audit built on it is partial and names them.
   */
  lost: string[];
  /** When each phase ended, in ms after the start (context, load, idle, scroll, typing, collected, closed). */
  timings: Record<string, number>;
}

/** A visit of `url` before anything has happened: nothing captured, refused or lost, no time spent. */
export function emptyVisit(kind: PageVisit['kind'], url: string): PageVisit {
  return {
    kind,
    url,
    finalUrl: url,
    refused: false,
    durationMs: 0,
    requests: [],
    requestsDropped: 0,
    webSocketFrames: [],
    cookies: [],
    storage: [],
    frames: [],
    typed: [],
    blockedNavigations: [],
    proxy: { bytes: 0, overBudget: false, refusals: [] },
    cutShort: false,
    popups: { opened: 0, urls: [] },
    lost: [],
    timings: {},
  };
}

/** Both visits of one scan. */
export interface RenderedCapture {
  plain: PageVisit;
  /** Absent when the plain visit left no time, or when the page itself could not be loaded. */
  gpc?: PageVisit;
  /** Chromium's version, for the record. */
  browserVersion: string;
  /** Characters PostgreSQL cannot store (NUL, lone surrogates) that were replaced by U+FFFD before the capture was written. */
  replacedCharacters?: number;
  /** Other scans waited for a browser while this one ran: it was ended at its fair share of browser time (fair-share.rules.ts). */
  sharedBrowser?: boolean;
}

/** The parts a visit lost, when any (older captures have no `lost`). */
export function lostParts(capture: RenderedCapture): string[] {
  const visits = [capture.plain, ...(capture.gpc ? [capture.gpc] : [])];
  const parts = visits.flatMap((visit) => (Array.isArray(visit.lost) ? visit.lost : []));
  // Cut short for others waiting: what the page would have done later is not in the record.
  if (capture.sharedBrowser && (!capture.gpc || visits.some((visit) => visit.cutShort))) {
    parts.push(`the rest of the visit: other scans were waiting for the browser, so this one got its fair share (${FAIR_SHARE_MS / 1000} s)`);
  }
  return [...new Set(parts)];
}

export const MAX_CAPTURED_REQUESTS = 1_500;
export const MAX_CAPTURED_URL = 2_000;
export const MAX_CAPTURED_BODY = 64 * 1024;
/** Request bodies kept per visit, all together: the server holds no more of what a page uploads. */
export const MAX_CAPTURED_BODIES_TOTAL = 2 * 1024 * 1024;
export const MAX_WEBSOCKET_FRAMES = 200;
/** Frames whose instrumentation reports are kept (a page can make any number of iframes). */
export const MAX_FRAME_REPORTS = 100;

/**
 * Whether a stored answer has the capture's shape where the analyzers rely on it (the lists they
 * iterate). The answer comes from another instance through the database: one that does not is
 * reported as malformed rather than thrown on halfway through a test.
 */
export function isRenderedCapture(value: unknown): value is RenderedCapture {
  const record = (item: unknown): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item);
  const visit = (item: unknown): boolean =>
    record(item) &&
    typeof item.url === 'string' &&
    typeof item.finalUrl === 'string' &&
    ['requests', 'webSocketFrames', 'cookies', 'storage', 'frames', 'typed'].every((key) => Array.isArray(item[key]));
  return record(value) && visit(value.plain) && (value.gpc === undefined || visit(value.gpc)) && typeof value.browserVersion === 'string';
}
