import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { Server as NetServer, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { listenOnFreePort } from './local-server';
import { oneServerForBothSchemes, SelfSignedCertificate, selfSignedCertificate, STRONG_SITE_HEADERS } from './websites';

/**
 * A website whose owner changes it between a monitor's runs, on one port of 127.0.0.1 (http and
 * https) routing by Host: the watched site (watched.test) and the third parties its scripts load
 * (answered by the same server). The app reaches them through FETCH_HOSTS (every name → 127.0.0.1).
 *
 * What the page loads is set in `version` and can change between runs: trackers added by scripts
 * at run time (the HTML names none of them), the security headers, and whether Global Privacy
 * Control stops the tracking. `noise` adds what changes on every visit of a site that did not
 * change: a fresh CSP nonce, cache busters, a CDN host picked at random among three of one
 * provider, cookie values, and a widget that shows on one visit in three only.
 */
export const WATCHED_HOST = 'watched.test';

/** Trackers the fixture can load, each by a script from its own host (and a cookie where the real one sets one). */
export const FIXTURE_TRACKERS = {
  meta: { host: 'connect.facebook.net', path: '/en_US/fbevents.js', cookie: '_fbp' },
  hotjar: { host: 'static.hotjar.com', path: '/c/hotjar-3141.js', cookie: undefined },
  gtm: { host: 'www.googletagmanager.com', path: '/gtm.js', cookie: '_ga' },
} as const;
export type FixtureTracker = keyof typeof FIXTURE_TRACKERS;

const CDN_HOSTS = ['cdn1.static-assets.example', 'cdn2.static-assets.example', 'cdn3.static-assets.example'];
const FLICKER_HOST = 'widgets.flicker-cdn.example';

export interface SiteVersion {
  trackers: FixtureTracker[];
  /** Response headers of the page (security headers among them). */
  headers: Record<string, string>;
  /** 'honour': with navigator.globalPrivacyControl the page loads no tracker and sets no tracking cookie. */
  gpc: 'honour' | 'ignore';
  noise: boolean;
}

/** Strong headers; the CSP lets the page's nonce'd script load https scripts (`{nonce}` is filled in per answer). */
export const FIXTURE_HEADERS: Readonly<Record<string, string>> = {
  ...STRONG_SITE_HEADERS,
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'nonce-{nonce}' https:; connect-src 'self' https:; img-src 'self' https:; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
};

export const BASELINE_VERSION: SiteVersion = { trackers: ['meta'], headers: { ...FIXTURE_HEADERS }, gpc: 'honour', noise: true };

export class ChangingSite {
  version: SiteVersion = structuredClone(BASELINE_VERSION);
  /** The browser's plain visits of the page (without Sec-GPC), which the flicker counts. */
  visits = 0;
  private net?: NetServer;
  private http?: HttpServer;
  private https?: HttpsServer;
  private readonly sockets = new Set<Socket>();
  private listeningPort?: number;

  constructor(private readonly host = '127.0.0.1') {}

  get port(): number {
    if (this.listeningPort === undefined) throw new Error('ChangingSite is not started');
    return this.listeningPort;
  }

  /** The watched page's address. */
  url(path = '/'): string {
    return `https://${WATCHED_HOST}:${this.port}${path}`;
  }

  /** The environment the app needs to reach the site and its third parties (and nothing else local). */
  env(): Record<string, string> {
    const names = [WATCHED_HOST, ...Object.values(FIXTURE_TRACKERS).map((t) => t.host), ...CDN_HOSTS, FLICKER_HOST];
    return {
      FETCH_HOSTS: names.map((name) => `${name}=${this.host}`).join(','),
      FETCH_ALLOWED_ADDRESSES: `${this.host}/32`,
      FETCH_ALLOWED_PORTS: `80,443,${this.port}`,
    };
  }

  /** Back to the baseline version. */
  reset(): void {
    this.version = structuredClone(BASELINE_VERSION);
  }

  async start(certificate: SelfSignedCertificate | undefined = selfSignedCertificate()): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => this.handle(req, res);
    this.http = createHttpServer(handler);
    if (certificate) this.https = createHttpsServer({ key: certificate.key, cert: certificate.cert }, handler);
    this.net = oneServerForBothSchemes(this.http, this.https, this.sockets);
    this.listeningPort = await listenOnFreePort(this.net, this.host);
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([this.net, this.http, this.https].map((s) => (s?.listening ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined)));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (host !== WATCHED_HOST) {
      res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'application/javascript' : 'text/plain', 'access-control-allow-origin': '*' });
      return void res.end(path.endsWith('.js') ? '/* third party */' : 'ok');
    }
    if (path !== '/') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    // A well-run site: plain http goes to https.
    if (!(req.socket as TLSSocket).encrypted) return void res.writeHead(301, { location: this.url(path), 'content-length': '0' }).end();
    // Only the browser's visits run the page: the server's own fetch of the HTML sees no flicker and does not count.
    const browser = !(req.headers['user-agent'] ?? '').startsWith('Footprint/');
    const plainVisit = browser && req.headers['sec-gpc'] !== '1';
    if (plainVisit) this.visits += 1;
    const { html, nonce } = this.page(plainVisit && this.version.noise && this.visits % 3 === 0);
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'sid=s1; Path=/; HttpOnly; Secure; SameSite=Lax' };
    // The CSP of a real site often carries a fresh nonce per answer.
    for (const [name, value] of Object.entries(this.version.headers)) headers[name] = value.replace('{nonce}', nonce);
    res.writeHead(200, headers);
    res.end(html);
  }

  private page(flicker: boolean): { html: string; nonce: string } {
    const { trackers, gpc, noise } = this.version;
    const nonce = noise ? randomBytes(12).toString('base64') : 'fixed-nonce';
    const bust = () => (noise ? `?v=${randomBytes(4).toString('hex')}` : '');
    const origin = (host: string) => `'https://' + ${host.split('.').map((part) => `'${part}'`).join(" + '.' + ")} + ':${this.port}'`;
    const load = (host: string, path: string) => `s = document.createElement('script'); s.src = ${origin(host)} + '${path}${bust()}'; document.head.appendChild(s);`;
    const lines = ['var s;'];
    // Tracking the visitor can switch off with Global Privacy Control (when the page honours it).
    const tracking = trackers.flatMap((name) => {
      const tracker = FIXTURE_TRACKERS[name];
      const cookieValue = noise ? `fb.1.' + Date.now() + '.${randomBytes(3).toString('hex')}` : 'fixed';
      return [load(tracker.host, tracker.path), ...(tracker.cookie ? [`document.cookie = '${tracker.cookie}=${cookieValue}; max-age=7776000; path=/';`] : [])];
    });
    lines.push(gpc === 'honour' ? `if (!navigator.globalPrivacyControl) { ${tracking.join(' ')} }` : tracking.join(' '));
    // Every visit: a library from one of three hosts of the same CDN; one visit in three: a widget.
    if (noise) lines.push(load(CDN_HOSTS[Math.floor(Math.random() * CDN_HOSTS.length)], '/lib/app.js'));
    else lines.push(load(CDN_HOSTS[0], '/lib/app.js'));
    if (flicker) lines.push(load(FLICKER_HOST, '/embed.js'));
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Watched shop</title></head>
<body><h1>Watched shop</h1><p>Lamps and lanterns.</p><script nonce="${nonce}">${lines.join('\n')}</script></body></html>`;
    return { html, nonce };
  }
}
