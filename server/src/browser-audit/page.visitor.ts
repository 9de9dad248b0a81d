import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Frame, Page, Request, Response } from 'playwright-core';
import { getDomain } from 'tldts';
import type { ProxySession } from '../common/security/ssrf/forward.proxy';
import {
  CapturedCookie,
  CapturedRequest,
  emptyVisit,
  MAX_CAPTURED_BODIES_TOTAL,
  MAX_CAPTURED_BODY,
  MAX_CAPTURED_REQUESTS,
  MAX_CAPTURED_URL,
  MAX_FRAME_REPORTS,
  MAX_WEBSOCKET_FRAMES,
  PageVisit,
  Party,
  StorageKeys,
  TypedValue,
  WebSocketFrame,
} from './capture.types';
import { CanvasUse, FrameReport, instrument } from './page.instrumentation';
import { IsolatedCapture, isolatedNames, MAX_FRAME_SESSIONS, MAX_REPORT_CHARS, withTimeout } from './isolated.capture';

export interface VisitOptions {
  kind: 'plain' | 'gpc';
  url: string;
  /** Epoch ms: everything of this visit is done by then (the context is closed at the latest then). */
  deadline: number;
  /** The proxy session this context's traffic goes through. */
  proxy: ProxySession;
  /** Type distinctive values into the page's fields (the key-logging test). */
  typeIntoFields: boolean;
  userAgent: string;
  /** The server moves the deadline earlier (others wait for a browser): the signal's reason is the new deadline, epoch ms. */
  shortened?: AbortSignal;
  /**
   * The server gives up on the visit (past its deadline and the grace): its page's renderer is
   * crashed over the DevTools protocol (Page.crash ends that renderer process alone, even one
   * spinning in its main thread) and its context closed, so other scans' pages go on.
   */
  abandon?: AbortSignal;
}

/** Fields the key-logging test types into; never a button, a checkbox or a hidden field. */
const FIELD_SELECTOR = [
  'input:not([type])',
  'input[type="text" i]',
  'input[type="email" i]',
  'input[type="search" i]',
  'input[type="password" i]',
  'input[type="tel" i]',
  'textarea',
].join(', ');
const MAX_FIELDS = 20;
/** How long the network must be quiet to count as idle. */
const QUIET_MS = 400;
/**
 * The least time a visit stays after the page's load event, whatever the network does: tags on a
 * timer (a pixel fired 2–5 s after load, a recorder started late) run while a person reads, so the
 * visit outlasts a 5-second timer by a margin for the request it then makes.
 */
export const MIN_STAY_AFTER_LOAD_MS = 5_500;
/** At the end of the stay, the network must have been quiet this long (a beacon answered, a late tag loaded). */
const FINAL_QUIET_MS = 1_000;
/**
 * Typing key by key at a fast typist's pace, a key every 30 ms (a person's 150 ms would not fit
 * three fields into the visit's budget; key listeners see every key either way).
 */
const KEY_DELAY_MS = 30;
/**
 * The share of the visit's budget for typing into the page's fields: 6 s of the product's 15 s. A
 * 31-character email takes about 1 s on an idle machine and was measured at 3.3 s on a busy 2-core
 * one (each key goes through the DevTools protocol, and the page's own key listeners run per key);
 * a value cut before its '@' reads as another value. It runs inside the stay after load, so a
 * longer budget only lengthens visits that need it.
 */
const TYPING_SHARE = 0.4;
/** What a field is given at most, so a page of twenty fields still fits in the visit. */
const MAX_TYPED_CHARS = 40;
/** Addresses of closed popups kept for the report (their count is always kept). */
const MAX_POPUP_URLS = 10;

/**
 * One visit of a page in a fresh browser context, all its traffic through `proxy`: load, wait for
 * the network to go quiet (bounded), scroll, optionally type into the fields, then record the
 * requests, cookies, storage keys and the instrumentation's reports. Never throws for what the
 * page does; a page that cannot be loaded gives a visit with `navigationError`.
 *
 * The context: service workers blocked, downloads refused, no permissions granted, HTTPS errors
 * ignored (an auditor looks past a bad certificate; the website check reports it), and for the
 * Global Privacy Control visit `Sec-GPC: 1` on every request plus navigator.globalPrivacyControl.
 */
export async function visitPage(browser: Browser, options: VisitOptions): Promise<PageVisit> {
  const started = Date.now();
  let deadline = options.deadline;
  const left = () => deadline - Date.now();
  const gpc = options.kind === 'gpc';
  const context = await browser.newContext({
    proxy: { server: options.proxy.server },
    serviceWorkers: 'block',
    acceptDownloads: false,
    permissions: [],
    ignoreHTTPSErrors: true,
    userAgent: options.userAgent,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    ...(gpc ? { extraHTTPHeaders: { 'Sec-GPC': '1' } } : {}),
  });
  const recorder = new Recorder(started);
  let isolated: IsolatedCapture | undefined;
  const visit: PageVisit = emptyVisit(options.kind, options.url);
  const mark = (phase: string) => (visit.timings[phase] = Date.now() - started);
  // However the visit goes, the context is closed by the deadline.
  const stopAtDeadline = () => setTimeout(() => void context.close().catch(() => undefined), Math.max(0, left()));
  let hardStop = stopAtDeadline();
  const shorten = () => {
    deadline = Math.min(deadline, Number(options.shortened?.reason) || Date.now());
    clearTimeout(hardStop);
    hardStop = stopAtDeadline();
  };
  if (options.shortened?.aborted) shorten();
  else options.shortened?.addEventListener('abort', shorten, { once: true });
  try {
    context.setDefaultTimeout(Math.max(500, Math.min(5_000, left())));
    // No exposeBinding or exposeFunction: the page gets no global to call (Playwright installs its
    // binding machinery only for those). The hooks hand their records to an isolated world.
    const names = isolatedNames();
    await context.addInitScript(instrument, { gpc, channel: names.channel });
    recorder.attach(context);
    // Past the request cap, every further request of the visit is refused (Playwright's routing
    // covers every frame of the context, cross-site ones included).
    recorder.onRequestCap = () => void context.route('**/*', (route) => route.abort('blockedbyclient').catch(() => undefined)).catch(() => undefined);
    const page = await context.newPage();
    page.on('crash', () => {
      visit.crashed = true;
      void context.close().catch(() => undefined);
    });
    const crashRenderer = () => {
      void context
        .newCDPSession(page)
        // Never answered: the renderer is gone before it could.
        .then((session) => void session.send('Page.crash').catch(() => undefined))
        .catch(() => undefined);
      void context.close().catch(() => undefined);
    };
    if (options.abandon?.aborted) crashRenderer();
    else options.abandon?.addEventListener('abort', crashRenderer, { once: true });
    isolated = new IsolatedCapture(context, names, (payload) => recorder.framePayload(payload));
    await isolated.attachPage(page);
    mark('context');
    // One page per visit: any other the site opens (window.open past the popup blocker, a link with
    // target=_blank, a page opened by a popup) is closed as soon as it exists, and counted.
    context.on('page', (extra) => {
      if (extra === page) return;
      visit.popups.opened += 1;
      const url = extra.url();
      if (visit.popups.urls.length < MAX_POPUP_URLS && /^https?:/i.test(url)) visit.popups.urls.push(url.slice(0, 200));
      void extra.close().catch(() => undefined);
    });
    recorder.attachPage(page);
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (!/^(https?:|about:blank)/i.test(url)) {
        visit.blockedNavigations.push(url.slice(0, 200));
        void page.goto('about:blank').catch(() => undefined);
      }
    });

    let response: Response | null = null;
    try {
      response = await page.goto(options.url, { waitUntil: 'load', timeout: Math.max(1_000, left() - 2_500) });
    } catch (err) {
      visit.navigationError = errorText(err);
    }
    mark('load');
    visit.status = response?.status();
    visit.finalUrl = /^https?:/i.test(page.url()) ? page.url() : options.url;
    if (response || visit.navigationError?.includes('Timeout')) {
      // Like a person: wait for the page to settle, scroll through it, move the mouse over it,
      // type into its fields key by key, then stay until its timers have run and the network is quiet.
      const loadedAt = Date.now();
      await recorder.idle(Math.min(2_000, left() - 3_000));
      mark('settle');
      await scroll(page, Math.min(2_000, left() - 2_500));
      mark('scroll');
      await moveMouse(page, Math.min(600, left() - 2_500));
      mark('mouse');
      if (options.typeIntoFields && left() > 2_500) {
        visit.typedAt = Date.now() - started;
        const typing = await typeIntoFields(page, Math.min(TYPING_SHARE * (options.deadline - started), left() - 2_000));
        visit.typed = typing.typed;
        visit.typing = typing.cut ? 'cut' : 'complete';
        mark('typing');
      } else if (options.typeIntoFields) {
        visit.typing = 'no time';
      }
      const stayUntil = Math.min(loadedAt + MIN_STAY_AFTER_LOAD_MS, options.deadline - 1_200);
      await sleep(stayUntil - Date.now());
      await recorder.idle(Math.min(3_000, left() - 1_200), FINAL_QUIET_MS);
      mark('stay');
    }
    visit.cutShort = left() <= 1_000;
    // The instrumentation flushes at most every 100 ms.
    await sleep(Math.min(150, Math.max(0, left() - 800)));
    const site = siteOf(visit.finalUrl) ?? siteOf(options.url) ?? '';
    // Each frame's last snapshot and storage keys, and the cookies, at once (the cookies' writers
    // come from the snapshots, so they are named once both are in).
    const [found, cookies] = await Promise.all([
      isolated.collect(Math.max(300, Math.min(1_500, left() - 400))),
      withTimeout(context.cookies(), Math.max(300, Math.min(1_500, left() - 400))).catch(() => undefined),
    ]);
    visit.storage = storageByOrigin(found, site);
    visit.cookies = describeCookies(cookies ?? [], site, recorder);
    visit.refused = isRefused(options.url, visit, options.proxy) || isRefused(visit.finalUrl, visit, options.proxy);
    Object.assign(visit, recorder.result(site));
    visit.lost = [...recorder.lost(), ...isolatedLost(isolated)];
    mark('collected');
  } catch (err) {
    visit.navigationError ??= errorText(err);
    visit.cutShort = true;
  } finally {
    clearTimeout(hardStop);
    options.shortened?.removeEventListener('abort', shorten);
    // The sessions go with the context; closing them first only stops their events at once.
    void isolated?.close();
    await context.close().catch(() => undefined);
    mark('closed');
    visit.proxy = { bytes: options.proxy.bytes, uploaded: options.proxy.uploaded, overBudget: options.proxy.overBudget, refusals: [...options.proxy.refusals] };
    if (visit.proxy.overBudget) visit.lost.push('what the page loaded or sent after its byte budget ran out');
    // The proxy's own request cap (a burst the browser had already sent when the visit stopped it).
    if (visit.proxy.refusals.some((r) => r.reason === 'requests') && !visit.lost.some((part) => part.includes('requests beyond'))) {
      visit.lost.push(`requests beyond the first ${MAX_CAPTURED_REQUESTS.toLocaleString('en-US')} (refused)`);
    }
    visit.durationMs = Date.now() - started;
  }
  return visit;
}

/** Everything the context does, recorded as it happens. */
class Recorder {
  private readonly requests = new Map<Request, CapturedRequest>();
  private dropped = 0;
  private readonly sockets: CapturedRequest[] = [];
  private readonly frames: WebSocketFrame[] = [];
  private readonly reports = new Map<string, FrameReport>();
  private framesDropped = 0;
  private socketsDropped = 0;
  private framesMessagesDropped = 0;
  private reportsRejected = 0;
  private requestCapHit = false;
  /** Called once, when the visit's requests reach MAX_CAPTURED_REQUESTS. */
  onRequestCap?: () => void;
  private bodyBytes = 0;
  private bodiesDropped = 0;
  /** Cookies set by Set-Cookie headers: by name, the responses (URL and host) that set it. */
  private readonly headerCookies = new Map<string, { url: string; host: string }[]>();
  private headerCookieCount = 0;
  private inFlight = 0;
  private lastActivity = Date.now();

  constructor(private readonly started: number) {}

  attach(context: BrowserContext): void {
    context.on('request', (request) => this.onRequest(request));
    context.on('requestfinished', (request) => this.onDone(request, undefined));
    context.on('requestfailed', (request) => this.onDone(request, request.failure()?.errorText ?? 'failed'));
    context.on('response', (response) => void this.onResponse(response));
    context.on('page', (page) => this.attachPage(page));
  }

  attachPage(page: Page): void {
    page.on('websocket', (socket) => {
      if (this.sockets.length >= 100) this.socketsDropped += 1;
      else {
        this.sockets.push({ url: socket.url().slice(0, MAX_CAPTURED_URL), method: 'GET', resourceType: 'websocket', party: 'third', outcome: 'completed', at: this.now() });
      }
      socket.on('framesent', ({ payload }) => {
        if (this.frames.length >= MAX_WEBSOCKET_FRAMES) {
          this.framesMessagesDropped += 1;
          return;
        }
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        this.frames.push({ url: socket.url().slice(0, MAX_CAPTURED_URL), payload: text.slice(0, MAX_CAPTURED_BODY), at: this.now() });
      });
      socket.on('socketerror', () => {
        const entry = this.sockets.find((s) => s.url === socket.url().slice(0, MAX_CAPTURED_URL));
        if (entry) entry.outcome = 'failed';
      });
    });
  }

  /**
   * A frame's snapshot as its isolated world forwarded it: a string, parsed only within
   * MAX_REPORT_CHARS (IsolatedCapture drops and counts longer ones before they get here).
   */
  framePayload(payload: string): void {
    const valid = parseFrameReport(payload);
    if (!valid) {
      this.reportsRejected += 1;
      return;
    }
    if (this.reports.has(valid.frame) || this.reports.size < MAX_FRAME_REPORTS) this.reports.set(valid.frame, valid);
    else this.framesDropped += 1;
  }

  /** What the capture could not keep, in words for people. */
  lost(): string[] {
    const parts: string[] = [];
    if (this.dropped > 0) parts.push(`${this.dropped} requests beyond the first ${MAX_CAPTURED_REQUESTS.toLocaleString('en-US')} (not kept; the visit refused further ones)`);
    if (this.socketsDropped > 0) parts.push(`${this.socketsDropped} WebSocket connections beyond the first 100`);
    if (this.framesMessagesDropped > 0) parts.push(`${this.framesMessagesDropped} WebSocket messages beyond the first ${MAX_WEBSOCKET_FRAMES}`);
    if (this.framesDropped > 0) parts.push(`the script reports of frames beyond the first ${MAX_FRAME_REPORTS}`);
    if (this.bodiesDropped > 0) parts.push(`the bodies of ${this.bodiesDropped} requests sent after the first ${MAX_CAPTURED_BODIES_TOTAL / 1024 / 1024} MB of bodies`);
    if (this.reportsRejected > 0) parts.push(`${this.reportsRejected} script reports that were not well-formed`);
    return parts;
  }

  /** Waits until no request has been in flight for `quietMs`, or `maxMs` has passed. */
  async idle(maxMs: number, quietMs = QUIET_MS): Promise<void> {
    const until = Date.now() + Math.max(0, maxMs);
    const since = Date.now();
    while (Date.now() < until) {
      if (this.inFlight === 0 && Date.now() - Math.max(this.lastActivity, since) >= quietMs) return;
      await sleep(50);
    }
  }

  result(site: string): Pick<PageVisit, 'requests' | 'requestsDropped' | 'webSocketFrames' | 'frames'> {
    const party = (url: string): Party => (siteOf(url) === site ? 'first' : 'third');
    const requests = [...this.requests.values(), ...this.sockets].map((r) => ({ ...r, party: party(r.url) }));
    return { requests, requestsDropped: this.dropped, webSocketFrames: this.frames, frames: [...this.reports.values()] };
  }

  private now(): number {
    return Date.now() - this.started;
  }

  private onRequest(request: Request): void {
    this.inFlight += 1;
    this.lastActivity = Date.now();
    if (this.requests.size >= MAX_CAPTURED_REQUESTS) {
      this.dropped += 1;
      if (!this.requestCapHit) {
        this.requestCapHit = true;
        this.onRequestCap?.();
      }
      return;
    }
    let body: string | undefined;
    try {
      const buffer = request.postDataBuffer();
      if (buffer && this.bodyBytes >= MAX_CAPTURED_BODIES_TOTAL) this.bodiesDropped += 1;
      else if (buffer) {
        body = buffer.subarray(0, Math.min(MAX_CAPTURED_BODY, MAX_CAPTURED_BODIES_TOTAL - this.bodyBytes)).toString('utf8');
        this.bodyBytes += Math.min(buffer.length, MAX_CAPTURED_BODY);
      }
    } catch {
      body = undefined;
    }
    let initiator: string | undefined;
    try {
      const frame: Frame = request.frame();
      initiator = frame.url().slice(0, 500) || undefined;
    } catch {
      initiator = undefined; // a service worker's or a closed frame's request
    }
    this.requests.set(request, {
      url: request.url().slice(0, MAX_CAPTURED_URL),
      method: request.method(),
      resourceType: request.resourceType(),
      ...(initiator ? { initiator } : {}),
      party: 'third',
      outcome: 'completed',
      ...(body ? { body } : {}),
      at: this.now(),
    });
  }

  private onDone(request: Request, failure: string | undefined): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastActivity = Date.now();
    const entry = this.requests.get(request);
    if (!entry) return;
    if (failure) {
      entry.outcome = 'failed';
      entry.failure = failure.slice(0, 200);
    }
  }

  private async onResponse(response: Response): Promise<void> {
    const entry = this.requests.get(response.request());
    if (entry) entry.status = response.status();
    try {
      const url = response.url();
      const host = parseHost(url);
      for (const value of await response.headerValues('set-cookie')) {
        for (const line of value.split('\n')) {
          const name = line.split(';')[0].split('=')[0].trim();
          if (!name || this.headerCookieCount >= 500) continue;
          this.headerCookieCount += 1;
          const setters = this.headerCookies.get(name) ?? [];
          if (setters.length < 5) setters.push({ url: url.split(/[?#]/)[0].slice(0, 300), host });
          this.headerCookies.set(name, setters);
        }
      }
    } catch {
      // the context closed first
    }
  }

  /** The response that set a cookie of this name on this domain (or one of its subdomains), when a header did. */
  headerCookieSetter(name: string, domain: string): string | undefined {
    const setters = this.headerCookies.get(name);
    if (!setters) return undefined;
    return (setters.find((s) => s.host === domain || s.host.endsWith(`.${domain}`)) ?? setters[0]).url;
  }

  scriptCookieWriter(name: string): string | undefined {
    for (const report of this.reports.values()) {
      const write = report.cookieWrites.find((w) => w.name === name);
      if (write) return write.script;
    }
    return undefined;
  }
}

const MAX_REPORT_ENTRIES = 200;
const MAX_REPORT_TEXT = 500;

/**
 * A frame's snapshot string as its isolated world forwarded it: parsed only when within
 * MAX_REPORT_CHARS, then validated (validFrameReport); undefined for anything else.
 */
export function parseFrameReport(payload: string): FrameReport | undefined {
  if (typeof payload !== 'string' || payload.length > MAX_REPORT_CHARS) return undefined;
  try {
    return validFrameReport(JSON.parse(payload));
  } catch {
    return undefined;
  }
}

/**
 * A frame report as the server may process it: every field checked for its type and cut to its cap,
 * whatever the page put there (the instrumentation runs where page scripts could reach it).
 */
export function validFrameReport(input: unknown): FrameReport | undefined {
  if (!isRecord(input) || typeof input.frame !== 'string' || typeof input.url !== 'string') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, MAX_REPORT_TEXT) : undefined);
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(value, 1e9)) : undefined);
  const list = <T>(value: unknown, item: (entry: Record<string, unknown>) => T | undefined): T[] | undefined => {
    if (!Array.isArray(value)) return undefined;
    const out: T[] = [];
    for (const entry of value.slice(0, MAX_REPORT_ENTRIES)) {
      const parsed = isRecord(entry) ? item(entry) : undefined;
      if (parsed === undefined) return undefined;
      out.push(parsed);
    }
    return out;
  };
  const canvas = list(input.canvas, (c) => {
    const script = text(c.script);
    const numbers = [count(c.canvas), count(c.width), count(c.height), count(c.longestText)];
    const fillStyles = Array.isArray(c.fillStyles) ? c.fillStyles.slice(0, 20).map(text) : undefined;
    const readbacks = list(c.readbacks, (r): CanvasUse['readbacks'][number] | undefined => {
      const width = count(r.width);
      const height = count(r.height);
      const method = r.method === 'toDataURL' || r.method === 'getImageData' ? r.method : undefined;
      return method && width !== undefined && height !== undefined ? { method, width, height } : undefined;
    });
    if (script === undefined || numbers.includes(undefined) || !fillStyles || fillStyles.includes(undefined) || !readbacks || typeof c.saveRestoreOrListener !== 'boolean') return undefined;
    const [id, width, height, longestText] = numbers as number[];
    return { canvas: id, script, width, height, longestText, fillStyles: fillStyles as string[], saveRestoreOrListener: c.saveRestoreOrListener, readbacks: readbacks.slice(0, 20) };
  });
  const fonts = list(input.fonts, (f) => {
    const script = text(f.script);
    const numbers = [count(f.fonts), count(f.measureTextSameText), count(f.measureTextCalls)];
    if (script === undefined || numbers.includes(undefined)) return undefined;
    const [fontCount, measureTextSameText, measureTextCalls] = numbers as number[];
    return { script, fonts: fontCount, measureTextSameText, measureTextCalls };
  });
  const pairs = <K extends string>(value: unknown, key: K) =>
    list(value, (entry) => {
      const first = text(entry[key]);
      const script = text(entry.script);
      return first !== undefined && script !== undefined ? ({ [key]: first, script } as Record<K, string> & { script: string }) : undefined;
    });
  const listeners = pairs(input.listeners, 'type');
  const apis = pairs(input.apis, 'api');
  const cookieWrites = pairs(input.cookieWrites, 'name');
  if (!canvas || !fonts || !listeners || !apis || !cookieWrites) return undefined;
  return { frame: input.frame.slice(0, 64), url: input.url.slice(0, MAX_REPORT_TEXT), canvas, fonts, listeners, apis, cookieWrites };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Scrolls to the end in steps of most of a screen with a reader's pause between them (lazy-loaded
 * content and scroll-triggered tags), with the mouse wheel, as a person does, then back to the top.
 */
async function scroll(page: Page, maxMs: number): Promise<void> {
  if (maxMs <= 0) return;
  const end = Date.now() + maxMs;
  try {
    await page.mouse.move(640, 450);
    let atEnd = false;
    for (let i = 0; i < 20 && Date.now() < end && !atEnd; i++) {
      await page.mouse.wheel(0, 800);
      await sleep(100);
      atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2).catch(() => true);
    }
    // A long page whose end the steps did not reach in time: the rest in one jump, so the end is seen.
    if (!atEnd) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight)).catch(() => undefined);
    await sleep(150);
    await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
  } catch {
    // the page went away
  }
}

/** Distinctive values, new for every visit, so finding them in a request cannot be chance. */
export function probeValues(): Record<TypedValue['kind'], string> {
  const token = randomBytes(4).toString('hex');
  const digits = String(parseInt(token.slice(0, 4), 16) % 100).padStart(2, '0');
  return {
    email: `alex.quill.${token}@example.com`,
    password: `Fp-${token}-pass!`,
    phone: `+1 202 555 01${digits}`,
    'first-name': `Wilhelmina${token.slice(0, 3).toUpperCase()}`,
    'last-name': `Fairweather${token.slice(3, 6).toUpperCase()}`,
    'full-name': `Wilhelmina${token.slice(0, 3).toUpperCase()} Fairweather${token.slice(3, 6).toUpperCase()}`,
    text: `footprint probe ${token}`,
  };
}

/** What a field is for, from its type, name, id, autocomplete and placeholder. */
export function fieldKind(attributes: { type: string; hints: string }): TypedValue['kind'] {
  const type = attributes.type.toLowerCase();
  const hints = attributes.hints.toLowerCase();
  if (type === 'password') return 'password';
  if (type === 'email' || /e-?mail/.test(hints)) return 'email';
  if (type === 'tel' || /phone|mobile|\btel/.test(hints)) return 'phone';
  // "fullname" holds "lname": a full name is looked for first.
  if (/full.?name|your.?name|^name$|\bname\b.*\bname\b/.test(hints) && !/first|given|last|family|sur|user|company|card/.test(hints)) return 'full-name';
  if (/first|given|fname|forename/.test(hints)) return 'first-name';
  if (/last|family|surname|\blname/.test(hints)) return 'last-name';
  return 'text';
}

/**
 * A field's name for people: its label, aria-label or placeholder, else its name or id, else its
 * type; repeated words said once ("email email" from name and id both "email").
 */
export function fieldLabel(candidates: readonly (string | null | undefined)[], type: string): string {
  const first = candidates.map((c) => (c ?? '').replace(/\s+/g, ' ').trim()).find((c) => c !== '') ?? type;
  const words = first.split(' ').filter((word, i, all) => all.findIndex((w) => w.toLowerCase() === word.toLowerCase()) === i);
  return words.join(' ').slice(0, 60);
}

/**
 * Types into every visible text, email, search, password and phone field of every frame the way a
 * person does: a click into the field, then key by key with a person's pauses (key listeners see
 * every keydown, keypress, input and keyup), then the field is left with Tab (change and blur
 * listeners). Nothing is submitted: no Enter is pressed and no button clicked. `cut`: the time ran
 * out before every visible field was typed in full (a field left out, or a value typed in part).
 */
async function typeIntoFields(page: Page, maxMs: number): Promise<{ typed: TypedValue[]; cut: boolean }> {
  const end = Date.now() + maxMs;
  const values = probeValues();
  const typed: TypedValue[] = [];
  let cut = false;
  for (const frame of page.frames()) {
    const fields = await frame.locator(FIELD_SELECTOR).all().catch(() => []);
    for (const field of fields) {
      if (typed.length >= MAX_FIELDS) return { typed, cut };
      // Out of time with fields not yet looked at (perhaps hidden ones): cut, as nothing says otherwise.
      if (Date.now() >= end) return { typed, cut: true };
      try {
        if (!(await field.isVisible()) || !(await field.isEditable())) continue;
        // Read in the page, whose code may have replaced these getters: each value is cut there, before it travels.
        const attributes = await field.evaluate((el) => {
          const input = el as HTMLInputElement;
          const cut = (value: unknown) => (value === null || value === undefined ? null : String(value).slice(0, 200));
          return {
            type: cut(input.type) ?? 'text',
            hints: [input.name, input.id, input.getAttribute('autocomplete'), input.placeholder, input.getAttribute('aria-label')].map(cut).filter(Boolean).join(' '),
            labels: [input.labels?.[0]?.textContent, input.getAttribute('aria-label'), input.placeholder, input.name, input.id].map(cut),
          };
        });
        const kind = fieldKind(attributes);
        const value = values[kind].slice(0, MAX_TYPED_CHARS);
        const timeout = Math.max(200, Math.min(1_000, end - Date.now()));
        await field.click({ timeout });
        await field.fill('', { timeout });
        // Key by key (keydown, keypress, input, keyup for each), cut off at the typing budget.
        await field.pressSequentially(value, { delay: KEY_DELAY_MS, timeout: Math.max(300, end - Date.now()) }).catch(() => undefined);
        // What the field really holds (all of it, or the part typed before the budget ran out).
        const held = await field.inputValue({ timeout: 500 }).catch(() => '');
        if (held.length < value.length && Date.now() >= end) cut = true;
        await field.press('Tab', { timeout: 500 }).catch(() => undefined);
        await field.evaluate((el) => (el as HTMLElement).blur()).catch(() => undefined);
        if (held.length < 4 || !value.startsWith(held)) continue;
        typed.push({ kind, value: held, field: fieldLabel(attributes.labels, attributes.type) });
      } catch {
        // a field that went away or refused input
      }
    }
  }
  return { typed, cut };
}

/** Moves the mouse across the page in small steps, as a person reading does (hover- and mouse-triggered tags). */
async function moveMouse(page: Page, maxMs: number): Promise<void> {
  if (maxMs <= 0) return;
  const end = Date.now() + maxMs;
  const points: [number, number][] = [
    [200, 150],
    [640, 300],
    [1000, 500],
    [400, 700],
    [700, 200],
  ];
  try {
    for (const [x, y] of points) {
      if (Date.now() >= end) break;
      await page.mouse.move(x, y, { steps: 8 });
      await sleep(40);
    }
  } catch {
    // the page went away
  }
}

function describeCookies(cookies: Awaited<ReturnType<BrowserContext['cookies']>>, site: string, recorder: Recorder): CapturedCookie[] {
  return cookies.slice(0, 500).map((cookie) => {
    const domain = cookie.domain.replace(/^\./, '');
    const script = recorder.scriptCookieWriter(cookie.name);
    const response = script ? undefined : recorder.headerCookieSetter(cookie.name, domain);
    const setBy: CapturedCookie['setBy'] = script ? 'script' : response ? 'header' : 'unknown';
    return {
      name: cookie.name.slice(0, 200),
      domain,
      path: cookie.path,
      expires: cookie.expires,
      httpOnly: cookie.httpOnly,
      secure: cookie.secure,
      sameSite: cookie.sameSite,
      party: (getDomain(domain, { allowPrivateDomains: true }) ?? domain) === site ? 'first' : 'third',
      setBy,
      ...(script ? { script } : {}),
      ...(response ? { response } : {}),
    };
  });
}

function parseHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Storage keys by origin (frames of one origin merged), web origins with keys only. */
function storageByOrigin(found: Omit<StorageKeys, 'party'>[], site: string): StorageKeys[] {
  const byOrigin = new Map<string, StorageKeys>();
  for (const keys of found) {
    if (!/^https?:/.test(keys.origin) || (keys.local.length === 0 && keys.session.length === 0)) continue;
    const known = byOrigin.get(keys.origin);
    if (known) {
      known.local = [...new Set([...known.local, ...keys.local])];
      known.session = [...new Set([...known.session, ...keys.session])];
    } else {
      byOrigin.set(keys.origin, { ...keys, party: siteOf(keys.origin) === site ? 'first' : 'third' });
    }
  }
  return [...byOrigin.values()];
}

/** What the isolated worlds could not pass on, in words for people. */
function isolatedLost(isolated: IsolatedCapture): string[] {
  const parts: string[] = [];
  if (isolated.oversizeReports > 0) parts.push(`${isolated.oversizeReports} script reports larger than ${MAX_REPORT_CHARS / 1024} KB`);
  if (isolated.framesWithout > 0) parts.push(`the script reports of ${isolated.framesWithout} cross-site frames beyond the first ${MAX_FRAME_SESSIONS}`);
  return parts;
}

/** The page itself (`url`: the address asked for, or where its redirects led) was refused by the SSRF guard for a reason of policy. */
function isRefused(url: string, visit: PageVisit, proxy: ProxySession): boolean {
  if (visit.status !== undefined && visit.status !== 403) return false;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return proxy.refusals.some((refusal) => {
    if (!['address', 'port', 'scheme', 'credentials', 'invalid'].includes(refusal.reason)) return false;
    try {
      const refused = new URL(refusal.url);
      return refused.hostname === target.hostname && (refused.port || (refused.protocol === 'https:' ? '443' : '80')) === port;
    } catch {
      return false;
    }
  });
}

/** The registrable domain of a URL (a bare IP or single-label host is its own site). */
export function siteOf(url: string): string | undefined {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    return getDomain(host, { allowPrivateDomains: true }) ?? host;
  } catch {
    return undefined;
  }
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0].slice(0, 300);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

