import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { WmnDocument, WmnSite } from '../../server/src/scans/username/username-site.types';
import { LocalHttpServer } from './local-server';

/**
 * Sites on 127.0.0.1 that answer "does this user exist?" the way real sites do, traps included, for
 * the username footprint check. Each site is its own server on its own port, so each is its own
 * host for the checker's one-request-per-host rule. Every site records how many requests it had in
 * flight at most, and all of them together how many were in flight at once.
 *
 * The list document they come with (`siteListDocument`) is generated here in the WhatsMyName shape:
 * no entry of the public list is used.
 */

/** How a site answers. */
export type FakeSiteBehaviour =
  /** 200 with the profile marker for an account, 404 otherwise. */
  | 'honest'
  /** 200 for every name: the profile marker for an account, 'User not found' text otherwise. */
  | 'catch-all'
  /** 200 with a 'not found' page for every name that is not an account, but its list entry expects a 404 (an out-of-date entry). */
  | 'soft-404'
  /** A redirect to /login for a missing account (the entry says so: m_code 302). */
  | 'redirect-login'
  /** A redirect to / for a missing account (m_code 301). */
  | 'redirect-home'
  /** A robot check for every name: 403 with a challenge page. */
  | 'bot-wall-403'
  /** A robot check for every name: 503 "Just a moment...". */
  | 'bot-wall-503'
  /** 429 for every name. */
  | 'rate-limited';

export interface FakeSiteSpec {
  name: string;
  behaviour: FakeSiteBehaviour;
  /** Names that exist on the site. */
  accounts?: string[];
  /** Milliseconds before every answer (beyond the checker's limit: a slow site). */
  delayMs?: number;
  /** The entry's category (default 'social'). */
  category?: string;
  /** Extra HTML in a profile page (contact details for the profile reader). */
  profileExtra?: string;
  /**
   * 'post': a JSON API asked with a POST (`post_body`, as GraphQL and lookup APIs are), at a fixed
   * address with the name in the body; 200 with the account, 404 with an error object. 'get' (the
   * default): a profile page per name.
   */
  request?: 'get' | 'post';
  /** Request headers the site insists on (a browser's User-Agent, say): without them every answer is 403. */
  requires?: Record<string, string>;
}

/** The marker every fake profile page carries (the entries' e_string). */
export const PROFILE_MARKER = 'data-fake-profile-id=';
const NOT_FOUND_TEXT = 'User not found';

/** Counts of requests in flight: per site and across all of them. */
export class InFlightRecorder {
  current = 0;
  max = 0;
  total = 0;

  enter(): void {
    this.current += 1;
    this.total += 1;
    this.max = Math.max(this.max, this.current);
  }

  leave(): void {
    this.current -= 1;
  }

  reset(): void {
    this.max = this.current;
    this.total = 0;
  }
}

/** One fake site: its own server, its own in-flight record. */
export class FakeUsernameSite {
  readonly inFlight = new InFlightRecorder();
  /** Paths asked, in order (the username is part of them: tests only). */
  readonly paths: string[] = [];
  /** Every request's method, headers and body, in order. */
  readonly requests: { method: string; headers: IncomingMessage['headers']; body: string }[] = [];
  private readonly server: LocalHttpServer;
  private port?: number;

  constructor(
    readonly spec: FakeSiteSpec,
    private readonly global: InFlightRecorder,
  ) {
    this.server = new LocalHttpServer(`fake site ${spec.name}`, (req, res) => void this.answer(req, res));
  }

  get origin(): string {
    if (this.port === undefined) throw new Error(`fake site ${this.spec.name} is not started`);
    return `http://127.0.0.1:${this.port}`;
  }

  get portNumber(): number {
    if (this.port === undefined) throw new Error(`fake site ${this.spec.name} is not started`);
    return this.port;
  }

  async start(): Promise<void> {
    const origin = await this.server.start();
    this.port = Number(new URL(origin).port);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  /** The site's entry in the WhatsMyName format, as its maintainers would write it. */
  entry(): WmnSite {
    const { name, behaviour } = this.spec;
    const base = {
      name,
      uri_check: `${this.origin}/u/{account}`,
      ...(this.spec.requires ? { headers: { ...this.spec.requires } } : {}),
      e_code: 200,
      e_string: PROFILE_MARKER,
      m_code: 404,
      m_string: '',
      known: this.spec.accounts?.slice(0, 2) ?? [],
      cat: this.spec.category ?? 'social',
    };
    if (this.spec.request === 'post') {
      return {
        ...base,
        uri_check: `${this.origin}/api/lookup`,
        uri_pretty: `${this.origin}/u/{account}`,
        post_body: '{"query":"user(login: \\"{account}\\") { id }"}',
        headers: { 'Content-Type': 'application/json', ...this.spec.requires },
        e_string: '"id":',
        m_string: '"error":"no such user"',
      };
    }
    switch (behaviour) {
      case 'catch-all':
        return { ...base, m_code: 200, m_string: NOT_FOUND_TEXT };
      case 'redirect-login':
        return { ...base, m_code: 302 };
      case 'redirect-home':
        return { ...base, m_code: 301 };
      default:
        return base;
    }
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight.enter();
    this.global.enter();
    try {
      const received = await readText(req);
      this.requests.push({ method: req.method ?? '', headers: req.headers, body: received });
      if (this.spec.delayMs) await delay(this.spec.delayMs, req);
      if (res.destroyed) return;
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      this.paths.push(path);
      const missing = Object.entries(this.spec.requires ?? {}).some(([header, value]) => req.headers[header.toLowerCase()] !== value);
      if (missing) {
        res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page('Forbidden', '<p>Forbidden</p>'));
        return;
      }
      if (this.spec.request === 'post') {
        const name = req.method === 'POST' && path === '/api/lookup' ? /login: \\"([^"\\]*)\\"/.exec(received)?.[1] : undefined;
        const exists = name !== undefined && (this.spec.accounts ?? []).includes(name);
        res.writeHead(exists ? 200 : 404, { 'content-type': 'application/json' });
        res.end(exists ? JSON.stringify({ data: { user: { id: hash(name ?? ''), login: name } } }) : '{"error":"no such user"}');
        return;
      }
      const match = /^\/u\/([^/]+)$/.exec(path);
      const name = match ? decodeURIComponent(match[1]) : undefined;
      const exists = name !== undefined && (this.spec.accounts ?? []).includes(name);
      const [status, headers, body] = this.reply(name, exists);
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    } finally {
      this.inFlight.leave();
      this.global.leave();
    }
  }

  private reply(name: string | undefined, exists: boolean): [number, Record<string, string>, string] {
    const profile = () => page(`${name}`, `<div class="profile" ${PROFILE_MARKER}"${hash(name ?? '')}"><h1>${name}</h1>${this.spec.profileExtra ?? ''}</div>`);
    const notFound = page('Not found', `<h1>${NOT_FOUND_TEXT}</h1><p>Sorry, this page isn't available.</p>`);
    switch (this.spec.behaviour) {
      case 'honest':
        return exists ? [200, {}, profile()] : [404, {}, notFound];
      case 'catch-all':
      case 'soft-404':
        return exists ? [200, {}, profile()] : [200, {}, notFound];
      case 'redirect-login':
        return exists ? [200, {}, profile()] : [302, { location: '/login?next=%2F' }, ''];
      case 'redirect-home':
        return exists ? [200, {}, profile()] : [301, { location: '/' }, ''];
      case 'bot-wall-403':
        return [403, {}, page('Attention Required!', '<p>Please complete the captcha to continue.</p><div class="cf-chl-widget"></div>')];
      case 'bot-wall-503':
        return [503, { 'retry-after': '5' }, page('Just a moment...', '<p>Checking your browser before accessing the site.</p>')];
      case 'rate-limited':
        return [429, { 'retry-after': '60' }, page('Too many requests', '<p>Slow down.</p>')];
    }
  }
}

/** A set of fake sites sharing one global in-flight record, and the server of their list document. */
export class FakeUsernameSites {
  readonly global = new InFlightRecorder();
  readonly sites: FakeUsernameSite[] = [];
  private readonly listServer: LocalHttpServer;
  /** Requests for the list document, and how many were answered 304. */
  listRequests = 0;
  listNotModified = 0;
  /** Replaces the generated document with this text (hostile-list tests); undefined: the generated one. */
  listOverride?: string;
  /** Extra entries appended to the generated document. */
  extraEntries: unknown[] = [];
  /** The status the list server answers with (500: a failed refresh). */
  listStatus = 200;

  constructor(specs: FakeSiteSpec[] = []) {
    for (const spec of specs) this.add(spec);
    this.listServer = new LocalHttpServer('fake username site list', (req, res) => this.serveList(req, res));
  }

  add(spec: FakeSiteSpec): FakeUsernameSite {
    const site = new FakeUsernameSite(spec, this.global);
    this.sites.push(site);
    return site;
  }

  site(name: string): FakeUsernameSite {
    const found = this.sites.find((s) => s.spec.name === name);
    if (!found) throw new Error(`no fake site ${name}`);
    return found;
  }

  async start(): Promise<void> {
    await Promise.all([...this.sites.map((s) => s.start()), this.listServer.start()]);
  }

  async close(): Promise<void> {
    await Promise.all([...this.sites.map((s) => s.stop()), this.listServer.stop()]);
  }

  /** The ports of every site (for FETCH_ALLOWED_PORTS). */
  get ports(): number[] {
    return this.sites.map((s) => s.portNumber);
  }

  /** The largest number of requests any one site had in flight at once. */
  get maxInFlightPerHost(): number {
    return Math.max(0, ...this.sites.map((s) => s.inFlight.max));
  }

  /**
   * Until no request is in flight here (at most `withinMs`): a request the client cut at its timeout
   * (the Slow site) ends on this side only once the closed connection is noticed, which a busy event
   * loop may do after the next test has started.
   */
  async settled(withinMs = 3_000): Promise<void> {
    const until = Date.now() + withinMs;
    while (this.global.current > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  resetCounts(): void {
    this.global.reset();
    for (const site of this.sites) site.inFlight.reset();
  }

  /** The list document: every site's entry, in the WhatsMyName shape, plus `extraEntries`. */
  siteListDocument(): WmnDocument & { license: string[] } {
    const sites = [...this.sites.map((s) => s.entry()), ...(this.extraEntries as WmnSite[])];
    return { license: ['Generated by the Footprint tests'], categories: [...new Set(sites.map((s) => s.cat))], sites };
  }

  get listUrl(): string {
    return `${this.listServer.origin}/wmn-data.json`;
  }

  private serveList(req: IncomingMessage, res: ServerResponse): void {
    this.listRequests += 1;
    if (this.listStatus !== 200) {
      res.writeHead(this.listStatus, { 'content-type': 'text/plain' });
      res.end('unavailable');
      return;
    }
    const body = this.listOverride ?? JSON.stringify(this.siteListDocument());
    const etag = `"${hash(body)}"`;
    if (req.headers['if-none-match'] === etag) {
      this.listNotModified += 1;
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag });
    res.end(body);
  }
}

function readText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
    req.on('error', () => resolve(text));
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Waits `ms`, or less when the client goes away first (so closing the fakes is never held up). */
function delay(ms: number, req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    req.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
