import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, Server as NetServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closeNow, listenOnFreePort } from './local-server';

/**
 * Websites on 127.0.0.1 for the website check. One port speaks both plain HTTP and HTTPS (the first
 * byte of a connection tells a TLS handshake from a request), so `http://127.0.0.1:P/x` and
 * `https://127.0.0.1:P/x` are the two forms of one site, as on ports 80 and 443 of a real host.
 *
 * The certificate is self-signed, made with `openssl` at start (CN and SAN 127.0.0.1, 30 days);
 * nothing trusts it, so the website check rightly reports it as untrusted. Without `openssl` on
 * the machine the sites are HTTP only (`tls` is false) and TLS connections are dropped.
 *
 * Pages are only ever parsed by the check, never followed: tracker URLs in them are inert text.
 */
export interface SiteAnswer {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Send the body gzip-compressed (Content-Encoding: gzip). */
  gzip?: boolean;
  /** Never answer (until the fake closes). */
  hang?: boolean;
}

export interface SiteRequest {
  scheme: 'http' | 'https';
  method: string;
  path: string;
  headers: Record<string, string>;
}

export type SiteRoute = (request: SiteRequest) => SiteAnswer;

export const redirect = (location: string, status = 301): SiteAnswer => ({ status, headers: { location } });

export interface SelfSignedCertificate {
  key: string;
  cert: string;
}

/** A self-signed certificate for 127.0.0.1 (and any other names given), or undefined when openssl is not installed. */
export function selfSignedCertificate(names: readonly string[] = []): SelfSignedCertificate | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'footprint-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30', '-subj', '/CN=127.0.0.1',
        '-addext', `subjectAltName=${['IP:127.0.0.1', ...names.map((name) => `DNS:${name}`)].join(',')}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      { stdio: 'ignore', timeout: 10_000 },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class FakeWebsites {
  /** Every request received, in order (both schemes). */
  readonly requests: SiteRequest[] = [];
  /** False when openssl was missing: HTTPS connections are then dropped. */
  tls = false;
  private readonly routes = new Map<string, SiteRoute>();
  private app?: (req: IncomingMessage, res: ServerResponse) => void;
  private net?: NetServer;
  private http?: HttpServer;
  private https?: HttpsServer;
  private readonly sockets = new Set<Socket>();
  private port?: number;

  constructor(private readonly host = '127.0.0.1') {}

  /** Serves `path` (exact, query ignored) with `route`, or the same answer for both schemes. */
  route(path: string, route: SiteRoute | SiteAnswer): this {
    this.routes.set(path, typeof route === 'function' ? route : () => route);
    return this;
  }

  /**
   * Puts a whole app behind this port the way a TLS-terminating reverse proxy does: https requests
   * go to `app`, plain http requests get a 301 to the same address on https.
   */
  front(app: (req: IncomingMessage, res: ServerResponse) => void): this {
    this.app = app;
    return this;
  }

  /** A page over https and a 301 from http to it (a well-run site). */
  securePage(path: string, answer: SiteAnswer): this {
    return this.route(path, (req) => (req.scheme === 'http' ? redirect(this.url('https', path)) : answer));
  }

  get portNumber(): number {
    if (this.port === undefined) throw new Error('FakeWebsites is not started');
    return this.port;
  }

  url(scheme: 'http' | 'https', path = '/'): string {
    return `${scheme}://${this.host}:${this.portNumber}${path}`;
  }

  requestsTo(path: string): SiteRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async start(options: { certificate?: SelfSignedCertificate | null } = {}): Promise<this> {
    const handler = (scheme: 'http' | 'https') => (req: IncomingMessage, res: ServerResponse) => this.handle(scheme, req, res);
    this.http = createHttpServer(handler('http'));
    const certificate = options.certificate === null ? undefined : (options.certificate ?? selfSignedCertificate());
    if (certificate) {
      this.https = createHttpsServer({ key: certificate.key, cert: certificate.cert }, handler('https'));
      this.tls = true;
    }
    this.net = oneServerForBothSchemes(this.http, this.https, this.sockets);
    this.port = await listenOnFreePort(this.net, this.host);
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(
      [this.net, this.http, this.https].map((server) => (server?.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined)),
    );
  }

  private handle(scheme: 'http' | 'https', req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', `${scheme}://${this.host}`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers[name] = value;
    const request: SiteRequest = { scheme, method: req.method ?? 'GET', path: url.pathname, headers };
    this.requests.push(request);
    if (this.app) {
      if (scheme === 'https') return this.app(req, res);
      res.writeHead(301, { location: `https://${this.host}:${this.portNumber}${req.url ?? '/'}`, 'content-length': '0' });
      return void res.end();
    }
    const route = this.routes.get(url.pathname);
    const answer: SiteAnswer = route ? route(request) : { status: 404, headers: { 'content-type': 'text/html' }, body: '<h1>Not found</h1>' };
    if (answer.hang) return;
    const raw = typeof answer.body === 'string' ? Buffer.from(answer.body) : (answer.body ?? Buffer.alloc(0));
    const body = answer.gzip ? gzipSync(raw) : raw;
    res.writeHead(answer.status ?? 200, {
      ...(answer.body !== undefined && !hasHeader(answer.headers, 'content-type') ? { 'content-type': 'text/html; charset=utf-8' } : {}),
      ...answer.headers,
      ...(answer.gzip ? { 'content-encoding': 'gzip' } : {}),
      'content-length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

/**
 * A TCP server that hands each connection to the https server when its first byte opens a TLS
 * handshake, else to the http one: http:// and https:// of one site on one port. Sockets are kept
 * in `sockets` so a fake can drop them all when it closes.
 */
export function oneServerForBothSchemes(http: HttpServer, https: HttpsServer | undefined, sockets: Set<Socket>): NetServer {
  return createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (first) => {
      socket.pause();
      socket.unshift(first);
      // 0x16: a TLS handshake record.
      const target = first[0] === 0x16 ? https : http;
      if (!target) return void socket.destroy();
      target.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
}

function hasHeader(headers: SiteAnswer['headers'], name: string): boolean {
  return Object.keys(headers ?? {}).some((key) => key.toLowerCase() === name);
}

/** A plain HTTP server that only counts the requests it gets: none must ever reach it. */
export class CanaryServer {
  hits = 0;
  private server?: HttpServer;
  private listeningOn?: number;

  constructor(private readonly host = '127.0.0.2') {}

  get port(): number {
    if (this.listeningOn === undefined) throw new Error('CanaryServer is not started');
    return this.listeningOn;
  }

  get url(): string {
    return `http://${this.host}:${this.port}/`;
  }

  async start(): Promise<this> {
    this.server = createHttpServer((_req, res) => {
      this.hits += 1;
      res.end('canary');
    });
    this.listeningOn = await listenOnFreePort(this.server, this.host);
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (server) await closeNow(server);
  }
}

// ----------------------------------------------------------------------------- pages

/** Headers of a site that protects its visitors well (graded A+ over a trusted certificate). */
export const STRONG_SITE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Two Content-Security-Policy header lines, each enforced on its own (a browser lets through only
 * what every policy allows): the strong site's policy, then a second one, stricter (everything
 * `'none'` by default) or looser (inline scripts). The grade follows the strictest reading, as
 * MDN's Observatory combines policies: the looser line does not weaken the first.
 */
export const STRICTER_SECOND_POLICY_HEADERS: Record<string, string | string[]> = {
  ...STRONG_SITE_HEADERS,
  'content-security-policy': [STRONG_SITE_HEADERS['content-security-policy'], "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'"],
};
export const LOOSER_SECOND_POLICY_HEADERS: Record<string, string | string[]> = {
  ...STRONG_SITE_HEADERS,
  'content-security-policy': [STRONG_SITE_HEADERS['content-security-policy'], "script-src 'self' 'unsafe-inline'"],
};

/** Headers of a careless site: a CSP that allows inline scripts, a leaky referrer policy, nothing else. */
export const WEAK_SITE_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src * 'unsafe-inline' 'unsafe-eval'",
  'referrer-policy': 'unsafe-url',
};

/** Cookies of a well-run site. */
export const GOOD_COOKIES = ['session_id=s3cr3t; Path=/; Secure; HttpOnly; SameSite=Lax', 'lang=en; Path=/; Secure; SameSite=Strict; Max-Age=2592000'];

/** Cookies that leak: a session cookie without Secure or HttpOnly, a two-year identifier sent cross-site, one for another domain. */
export const BAD_COOKIES = [
  'PHPSESSID=abc123; Path=/',
  '_uid=GA1.2.99; Path=/; Max-Age=63072000; SameSite=None; Secure',
  'partner_id=77; Path=/; Domain=adpartner.example.net; Secure; SameSite=Lax',
];

/** A page that tracks its visitors: Google tags, the Meta pixel, Hotjar, ad frames, a form posting to HubSpot. */
export function trackedPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme Widgets</title>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST123"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-TEST123');</script>
<script>!function(f,b,e,v){f.fbq=function(){};}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','1234567890');fbq('track','PageView');</script>
<script src="https://static.hotjar.com/c/hotjar-3141.js?sv=6"></script>
<link rel="stylesheet" href="/site.css">
</head><body>
<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=1234567890&ev=PageView&noscript=1"></noscript>
<h1>Acme Widgets</h1>
<iframe src="https://googleads.g.doubleclick.net/pagead/ads?client=ca-pub-1" width="300" height="250"></iframe>
<form action="https://forms.hsforms.com/submissions/v3/public/submit" method="post"><input name="email"></form>
<p>Questions? Write to Jane Roe at <a href="mailto:jane.roe@acme-widgets.example.net">jane.roe@acme-widgets.example.net</a>
or call <a href="tel:+442079460958">+44 20 7946 0958</a>.</p>
<address>Acme Widgets Ltd, 14 Harbour Road, Bristol BS1 5TY</address>
</body></html>`;
}

/** A quiet page with nothing personal and no third parties. */
export function plainPage(title = 'Plain'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title><script src="/app.js"></script></head><body><h1>${title}</h1><p>Nothing to see.</p></body></html>`;
}

/** A page with `resources` third-party resources across known trackers and unknown hosts. */
export function heavyPage(resources = 30): string {
  const hosts = [
    'www.googletagmanager.com/gtag/js?id=G-1', 'www.google-analytics.com/analytics.js', 'connect.facebook.net/en_US/fbevents.js', 'static.hotjar.com/c/hotjar-1.js',
    'www.clarity.ms/tag/abc', 'snap.licdn.com/li.lms-analytics/insight.min.js', 'static.ads-twitter.com/uwt.js', 'analytics.tiktok.com/i18n/pixel/events.js',
    'static.criteo.net/js/ld/publishertag.js', 'cdn.segment.com/analytics.js/v1/x/analytics.min.js', 'cdn.mxpnl.com/libs/mixpanel-2-latest.min.js',
    'js.hs-scripts.com/123.js', 'cdn.cookielaw.org/scripttemplates/otSDKStub.js', 'edge.fullstory.com/s/fs.js', 'widget.unknown-cdn-one.example.net/w.js',
  ];
  const tags: string[] = [];
  for (let i = 0; i < resources; i++) {
    const host = hosts[i % hosts.length];
    const url = `https://${host}${host.includes('?') ? '&' : '?'}n=${i}`;
    tags.push(i % 3 === 0 ? `<img src="${url}" width="1" height="1">` : i % 3 === 1 ? `<script src="${url}"></script>` : `<link rel="stylesheet" href="https://assets-${i}.cdn-fixture.example.net/s.css">`);
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>Heavy</title></head><body><h1>Heavy</h1>${tags.join('\n')}
<p>Contact: press@heavy-fixture.example.net, +1 415 555 2671</p></body></html>`;
}

/** `count` cookies, a mix of good and careless ones. */
export function manyCookies(count = 20): string[] {
  return Array.from({ length: count }, (_, i) =>
    i % 4 === 0 ? `c${i}=v; Path=/; Secure; HttpOnly; SameSite=Lax` : i % 4 === 1 ? `c${i}=v; Path=/; Max-Age=63072000` : i % 4 === 2 ? `sess${i}=v; Path=/; Secure` : `x${i}=v; SameSite=None; Secure`,
  );
}

/** An HTML page larger than the 2 MB the check reads: a contact address at the start, another after the cut. */
export function largePage(totalBytes = 3 * 1024 * 1024): string {
  const head = '<!doctype html><html><head><meta charset="utf-8"><title>Large</title></head><body><p>Sales: early.bird@large-fixture.example.net</p>';
  const tail = '<p>Hidden: late.comer@large-fixture.example.net</p></body></html>';
  const filler = '<p>lorem ipsum dolor sit amet</p>\n'.repeat(Math.ceil((totalBytes - head.length - tail.length) / 33));
  return head + filler + tail;
}
