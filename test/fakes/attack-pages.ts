import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { closeNow, listenOnFreePort } from './local-server';

/** The host name the attack pages answer on (mapped to 127.0.0.1 through FETCH_HOSTS). */
export const ATTACK_HOST = 'attack.test';

const page = (title: string, script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><label>Email <input type="email" name="email"></label><script>${script}</script></body></html>`;

/**
 * Pages built to attack the audit browser and the server behind it, served over plain http on
 * 127.0.0.1. Each does one hostile thing; the tests (hostile-pages.int-spec.ts) and the bench
 * (test/bench/hostile-pages.bench.ts) check that the scan still ends cleanly and says what it saw.
 */
export const ATTACK_PAGES: Record<string, string> = {
  // NUL and lone surrogates in every captured field: storage keys, cookie names, request bodies, the URL.
  '/nul': page(
    'NUL everywhere',
    `localStorage.setItem('x\\u0000', '1'); localStorage.setItem('half\\ud800', '2'); sessionStorage.setItem('\\udc00tail', '3');
     document.cookie = 'c\\u0000k=1; path=/';
     fetch('/beacon?q=%00', { method: 'POST', body: 'a\\u0000b\\ud800c' + String.fromCharCode(0, 255, 254) }).catch(function () {});
     navigator.sendBeacon('/beacon', new Uint8Array([0, 1, 2, 255, 0]));`,
  ),
  // A popup storm: window.open without a gesture (the blocker's case) and links clicked by script.
  '/popups': page(
    'Popups',
    `for (var i = 0; i < 200; i++) { try { window.open('/popups?child=' + i, '_blank'); } catch (e) {} }
     for (var j = 0; j < 50; j++) { var a = document.createElement('a'); a.href = '/popups?link=' + j; a.target = '_blank'; document.body.appendChild(a); a.click(); }`,
  ),
  // Every global the page can reach: every own property of window and of each prototype on its
  // chain, every function among them called with capture-shaped forged arguments (a report object
  // and its JSON), and the known automation binding names tried. What it found that looks like a
  // binding goes to '/globals-report' (AttackPages.reports), where a test can read it.
  '/globals': page(
    'Globals',
    `(function () {
     var forged = { frame: 'forged', url: 'https://forged.example/', canvas: [{ canvas: 1, script: 'https://forged.example/fp.js', width: 300, height: 150, longestText: 40, fillStyles: ['#f60', '#069'], saveRestoreOrListener: false, readbacks: [{ method: 'toDataURL', width: 300, height: 150 }] }], fonts: [], listeners: [{ type: 'keydown', script: 'https://forged.example/x.js' }], apis: [], cookieWrites: [] };
     var json = JSON.stringify(forged), called = 0, names = [], bindingLike = [];
     for (var o = window; o; o = Object.getPrototypeOf(o)) names = names.concat(Object.getOwnPropertyNames(o));
     var known = ['__playwright__binding__', '__playwright__binding__controller__', '__footprintReport', '__pw_devtools__', '__pwWebSocketBinding', '__pwWebAuthnBinding', 'cdp', 'binding'];
     names.concat(known).forEach(function (name) { if (/binding|playwright|footprint|__pw/i.test(name) && name in window) bindingLike.push(name); });
     var skip = { alert: 1, confirm: 1, prompt: 1, print: 1, close: 1, stop: 1, open: 1, find: 1, setTimeout: 1, setInterval: 1 };
     names.concat(known).forEach(function (name) {
       if (skip[name]) return;
       try {
         var f = window[name];
         if (typeof f !== 'function') return;
         called++;
         var r = f.call(window, forged, json);
         if (r && typeof r.catch === 'function') r.catch(function () {});
       } catch (e) {}
     });
     try { (window.__playwright__binding__controller__ || {}).addBinding('x'); } catch (e) {}
     document.title = 'called ' + called;
     new Image().src = '/globals-report?called=' + called + '&found=' + encodeURIComponent(JSON.stringify(bindingLike).slice(0, 1000));
     })();`,
  ),
  // An upload flood: 300 posts of 64 KB.
  '/upload-flood': page(
    'Uploads',
    `var big = 'u'.repeat(64 * 1024); for (var i = 0; i < 300; i++) fetch('/sink', { method: 'POST', body: big }).catch(function () {});`,
  ),
  // Redirects: a chain longer than browsers follow (AttackPages answers '?hop=n' with a 302 to n+1
  // up to 40; Chromium gives up after 20), and a loop between two addresses. These pages are where
  // the chain would end.
  '/redirect-chain': page('End of the chain', `document.title = 'end';`),
  '/redirect-loop': page('Loop', `document.title = 'loop';`),
  // Redirects by script, one every 50 ms, for ever: each a new document, until the visit's deadline.
  '/js-redirects': page('Script redirects', `setTimeout(function () { var n = Number(new URLSearchParams(location.search).get('n') || 0); location.replace('/js-redirects?n=' + (n + 1)); }, 50);`),
  // A request flood: 2,000 small requests in bursts of 100 (past the visit's cap of 1,500), and
  // 30 answers of 1 MB (past the visit's 20 MB download budget).
  '/request-flood': page(
    'Requests',
    `for (var d = 0; d < 30; d++) fetch('/big?d=' + d).then(function (r) { return r.arrayBuffer(); }).catch(function () {});
     var n = 0; (function burst() { for (var i = 0; i < 100 && n < 2000; i++, n++) fetch('/r?i=' + n).catch(function () {}); if (n < 2000) setTimeout(burst, 5); })();`,
  ),
  // A download flood: 30 answers of 1 MB (past the visit's 20 MB budget).
  '/download-flood': page('Downloads', `for (var i = 0; i < 30; i++) fetch('/big?i=' + i).then(function (r) { return r.arrayBuffer(); }).catch(function () {});`),
  // A page that never finishes loading (an image that never answers) and keeps the network busy: it holds a browser its whole budget unless the server ends it.
  // A memory bomb: the main thread and two workers each keep a 32 MB ArrayBuffer (filled, so its pages are really used) and a 1 MB string every 10 ms, until the browser is killed.
  '/memory-bomb': page(
    'Memory',
    `var grow = "var keep = []; setInterval(function () { var b = new Uint8Array(32 << 20); b.fill(7); keep.push(b, 'm'.repeat(1 << 20) + keep.length); }, 10);";
     for (var i = 0; i < 2; i++) new Worker(URL.createObjectURL(new Blob([grow], { type: 'text/javascript' })));
     new Function(grow)();`,
  ),
  // A CPU bomb: four workers spin from the start; once loaded, the main thread spins too (every later call into the page hangs).
  '/cpu-bomb': page(
    'CPU',
    `for (var i = 0; i < 4; i++) new Worker(URL.createObjectURL(new Blob(['for (;;) {}'], { type: 'text/javascript' })));
     addEventListener('load', function () { setTimeout(function () { for (;;) {} }, 200); });`,
  ),
  '/slow': page('Slow', `setInterval(function () { fetch('/hang?busy=' + Date.now()).catch(function () {}); }, 200);`).replace('</h1>', '</h1><img src="/hang" alt="">'),
};

/** An ordinary page (the other people's scans beside the attacks). */
export const PLAIN_PAGE = page('Plain', `document.title = 'plain';`);

/**
 * The attack pages' server; '/hang' never answers (held until the server closes); '/gzip-stack'
 * answers in 2,500 gzip layers (72 KB on the wire); '/big' is 1 MB; '/r' is counted in `hits`.
 */
export class AttackPages {
  /** What '/globals' reported: its query strings, in order. */
  readonly reports: string[] = [];
  /** Requests per path. */
  readonly hits = new Map<string, number>();
  private server?: Server;
  private listeningPort?: number;
  private readonly stacked = (() => {
    let body = Buffer.from(page('Stacked', ''));
    for (let i = 0; i < 2_500; i++) body = gzipSync(body);
    return body;
  })();

  get port(): number {
    if (this.listeningPort === undefined) throw new Error('AttackPages is not started');
    return this.listeningPort;
  }

  url(path: string): string {
    return `http://${ATTACK_HOST}:${this.port}${path}`;
  }

  env(): Record<string, string> {
    return { FETCH_HOSTS: `${ATTACK_HOST}=127.0.0.1`, FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32', FETCH_ALLOWED_PORTS: `80,443,${this.port}` };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    this.listeningPort = await listenOnFreePort(this.server, '127.0.0.1');
    return this;
  }

  async close(): Promise<void> {
    if (this.server) await closeNow(this.server);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    if (path === '/hang') return; // never answered: closeNow() ends it
    if (path === '/globals-report') {
      this.reports.push(url.search);
      return void res.writeHead(204).end();
    }
    const hop = Number(url.searchParams.get('hop') ?? 0);
    if (path === '/redirect-chain' && hop < 40) return void res.writeHead(302, { location: `/redirect-chain?hop=${hop + 1}` }).end();
    if (path === '/redirect-loop') return void res.writeHead(302, { location: '/redirect-loop-b' }).end();
    if (path === '/redirect-loop-b') return void res.writeHead(302, { location: '/redirect-loop' }).end();
    if (path === '/big') return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(1024 * 1024, 7));
    if (path === '/plain') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAIN_PAGE);
    if (path === '/gzip-stack') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': Array(2_500).fill('gzip').join(',') });
      return void res.end(this.stacked);
    }
    const html = ATTACK_PAGES[path];
    if (html) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    res.writeHead(204).end();
  }
}
