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
  // Every global the page can reach, called with no arguments (the automation bindings included, if any is there).
  '/globals': page(
    'Globals',
    `var called = 0, names = [];
     for (var o = window; o; o = Object.getPrototypeOf(o)) names = names.concat(Object.getOwnPropertyNames(o));
     var skip = { alert: 1, confirm: 1, prompt: 1, print: 1, close: 1, stop: 1, open: 1, find: 1 };
     names.forEach(function (name) {
       if (skip[name]) return;
       try { var f = window[name]; if (typeof f === 'function' && !/^[A-Z]/.test(name)) { called++; var r = f.call(window, { frame: 'forged', url: 'x', canvas: 'no' }); if (r && r.catch) r.catch(function () {}); } } catch (e) {}
     });
     ['__playwright__binding__', '__playwright__binding__controller__', '__footprintReport'].forEach(function (name) {
       try { if (typeof window[name] === 'function') window[name]({ frame: 'f', url: 'u', canvas: [], fonts: [], listeners: [{ type: 'keydown', script: 'https://forged.example/x.js' }], apis: [], cookieWrites: [] }); } catch (e) {}
     });
     document.title = 'called ' + called;`,
  ),
  // An upload flood: 300 posts of 64 KB.
  '/upload-flood': page(
    'Uploads',
    `var big = 'u'.repeat(64 * 1024); for (var i = 0; i < 300; i++) fetch('/sink', { method: 'POST', body: big }).catch(function () {});`,
  ),
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

/** The attack pages' server; '/hang' never answers (held until the server closes); '/gzip-stack' answers in 2,500 gzip layers (72 KB on the wire). */
export class AttackPages {
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
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/hang') return; // never answered: closeNow() ends it
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
