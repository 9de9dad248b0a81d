import { createSocket, Socket as UdpSocket } from 'node:dgram';
import { createServer, get as httpGet, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import type { PageVisit } from '../../server/src/browser-audit/capture.types';
import { ChromiumLauncher } from '../../server/src/browser-audit/chromium.launcher';
import { visitPage } from '../../server/src/browser-audit/page.visitor';
import { visitorUserAgent } from '../../server/src/browser-audit/rendered-audit.runner';
import { AppConfig, loadConfig } from '../../server/src/common/config/app.config';
import { SsrfForwardProxy } from '../../server/src/common/security/ssrf/forward.proxy';
import { configuredLookup } from '../../server/src/common/security/ssrf/ssrf.module';
import { closeNow, listenOnFreePort } from '../fakes/local-server';

// The SSRF suite, extended to the audit browser (issue 20): pages that try every way out of the
// proxy against a canary. The canary listens on every local address of one port (TCP) and on
// 127.0.0.2 of the same port (UDP, for WebRTC's STUN); the fixture site is on 127.0.0.3, the only
// address exempt from the private-address refusal. The canary's port is an allowed port, so only
// the address policy can be what stops each attempt. Nothing may ever reach the canary.

class Canary {
  connections = 0;
  datagrams = 0;
  private server?: Server;
  private udp?: UdpSocket;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((_req, res) => res.end('canary'));
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '::', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.udp = createSocket('udp4');
    this.udp.on('message', () => (this.datagrams += 1));
    await new Promise<void>((resolve) => this.udp!.bind(this.port, '127.0.0.2', () => resolve()));
  }

  async close(): Promise<void> {
    if (this.server) await closeNow(this.server);
    this.udp?.close();
  }
}

/** Every local form of "the canary": loopback in several notations, names that resolve inside, the metadata address. */
function targets(port: number): string[] {
  return [
    `http://127.0.0.2:${port}/`,
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f.0.0.2:${port}/`,
    `http://[::ffff:127.0.0.2]:${port}/`,
    `http://internal.test:${port}/`,
    `http://loop.test:${port}/`,
    `http://metadata.test:${port}/latest/meta-data/`,
  ];
}

function escapePages(port: number): Record<string, string> {
  const all = targets(port);
  const list = JSON.stringify(all);
  const html = (body: string, script = '') => `<!doctype html><html><head><meta charset="utf-8"><title>escape</title></head><body>${body}<script>${script}</script></body></html>`;
  return {
    // Every kind of subresource and hint, at every target.
    '/subresources': html(
      all
        .map(
          (u) => `<img src="${u}i.png"><script src="${u}s.js"></script><iframe src="${u}f"></iframe><link rel="stylesheet" href="${u}c.css">
<link rel="prefetch" href="${u}p"><link rel="preload" as="image" href="${u}pl"><link rel="dns-prefetch" href="${u}"><link rel="preconnect" href="${u}">
<video src="${u}v.mp4"></video><audio src="${u}a.mp3"></audio><object data="${u}o"></object><embed src="${u}e">`,
        )
        .join('\n') + `<style>${all.map((u, i) => `@font-face{font-family:f${i};src:url(${u}font.woff)} .b${i}{background:url(${u}bg.png);font-family:f${i}}`).join('')}</style>${all.map((_, i) => `<p class="b${i}">x</p>`).join('')}`,
    ),
    // Script-driven requests: fetch, XHR, beacons, EventSource, WebSockets (ws and wss), a worker's fetch.
    '/scripted': html(
      '',
      `var list = ${list};
       list.forEach(function (u) {
         fetch(u + 'fetch', { mode: 'no-cors' }).catch(function () {});
         var x = new XMLHttpRequest(); x.open('GET', u + 'xhr'); x.send();
         navigator.sendBeacon(u + 'beacon', 'x');
         try { new EventSource(u + 'events'); } catch (e) {}
         try { new WebSocket(u.replace('http', 'ws') + 'ws'); } catch (e) {}
         try { new WebSocket(u.replace('http', 'wss') + 'wss'); } catch (e) {}
       });
       var w = new Worker(URL.createObjectURL(new Blob(['var l = ' + JSON.stringify(list) + '; l.forEach(function (u) { fetch(u + "worker").catch(function () {}); });'])));`,
    ),
    '/navigate': html('', `setTimeout(function () { location.href = ${JSON.stringify(all[0])}; }, 50);`),
    '/redirect': '',
    '/popup': html(
      '<a id="d" download="x.bin">download</a>',
      `${JSON.stringify(all.slice(0, 3))}.forEach(function (u) { window.open(u + 'popup'); });
       var a = document.getElementById('d'); a.href = ${JSON.stringify(all[0])} + 'file.bin'; a.click();`,
    ),
    '/file-url': html('', `setTimeout(function () { location.href = 'file:///etc/passwd'; }, 50);`),
    '/data-url': html('', `setTimeout(function () { location.href = 'data:text/html,<img src="${all[0]}data">'; }, 50);`),
    '/service-worker': html('', `navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(function () {}); fetch(${JSON.stringify(all[0])} + 'after-sw').catch(function () {});`),
    '/sw.js': `self.addEventListener('install', function () { ${list}.forEach(function (u) { fetch(u + 'sw').catch(function () {}); }); });`,
    '/webrtc': html(
      '',
      `var pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.2:${port}' }, { urls: 'turn:127.0.0.2:${port}?transport=udp', username: 'u', credential: 'p' }, { urls: 'turn:127.0.0.2:${port}?transport=tcp', username: 'u', credential: 'p' }] });
       pc.createDataChannel('x'); pc.createOffer().then(function (o) { return pc.setLocalDescription(o); }).catch(function () {});`,
    ),
  };
}

describe('the audit browser against a canary', () => {
  const canary = new Canary();
  let site: Server;
  let sitePort = 0;
  let config: AppConfig;
  let launcher: ChromiumLauncher;
  let proxy: SsrfForwardProxy;
  let browser: Browser;
  let pages: Record<string, string> = {};
  const seen: string[] = [];

  beforeAll(async () => {
    await canary.start();
    site = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push(path);
      if (path === '/redirect') return void res.writeHead(302, { location: targets(canary.port)[0] }).end();
      const body = pages[path];
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': path.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8' }).end(body);
    });
    sitePort = await listenOnFreePort(site, '127.0.0.3');
    pages = escapePages(canary.port);
    config = loadConfig({
      FETCH_ALLOWED_PORTS: `80,443,${sitePort},${canary.port}`,
      FETCH_ALLOWED_ADDRESSES: '127.0.0.3/32',
      FETCH_HOSTS: 'site.test=127.0.0.3,internal.test=127.0.0.2,loop.test=127.0.0.1,metadata.test=169.254.169.254',
    });
    launcher = new ChromiumLauncher(config);
    proxy = new SsrfForwardProxy(config, configuredLookup(config.fetch.hosts));
    browser = await launcher.browser();
  }, 60_000);

  afterAll(async () => {
    await launcher?.onApplicationShutdown();
    await closeNow(site);
    await canary.close();
  });

  afterEach(() => {
    expect({ connections: canary.connections, datagrams: canary.datagrams }).toEqual({ connections: 0, datagrams: 0 });
  });

  async function visit(path: string, ms = 5_000): Promise<PageVisit> {
    const session = await proxy.open({ maxBytes: config.browserAudit.maxPageBytes });
    try {
      return await visitPage(browser, { kind: 'plain', url: `http://site.test:${sitePort}${path}`, deadline: Date.now() + ms, proxy: session, typeIntoFields: false, userAgent: visitorUserAgent(browser.version()) });
    } finally {
      await session.close();
    }
  }

  it('has a canary that counts what reaches it', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = httpGet(`http://127.0.0.2:${canary.port}/`, (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
    });
    const udp = createSocket('udp4');
    await new Promise<void>((resolve) => udp.send('x', canary.port, '127.0.0.2', () => resolve()));
    udp.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect({ connections: canary.connections, datagrams: canary.datagrams }).toEqual({ connections: 1, datagrams: 1 });
    canary.connections = 0;
    canary.datagrams = 0;
  });

  const refusedHosts = (v: PageVisit) => new Set(v.proxy.refusals.filter((r) => r.reason === 'address').map((r) => new URL(r.url).hostname));

  it('refuses every subresource and hint to an internal address, in every notation', async () => {
    // The page waits on well over a hundred refused requests: given time, not a verdict on load.
    const v = await visit('/subresources', 10_000);
    // Each internal target was asked for through the proxy, and refused.
    expect(refusedHosts(v)).toEqual(new Set(['127.0.0.2', '127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::ffff:7f00:2]', 'internal.test', 'loop.test', 'metadata.test']));
  });

  it('refuses fetch, XHR, beacons, EventSource, WebSockets and a worker', async () => {
    const v = await visit('/scripted');
    const methods = new Set(v.proxy.refusals.map((r) => r.method));
    expect(methods.has('CONNECT')).toBe(true); // WebSockets and wss go as tunnels
    expect(refusedHosts(v).has('127.0.0.2')).toBe(true);
  });

  it('refuses a page that navigates or redirects to an internal address', async () => {
    const navigated = await visit('/navigate');
    expect(refusedHosts(navigated).has('127.0.0.2')).toBe(true);
    const redirected = await visit('/redirect');
    expect(redirected.refused).toBe(true);
    expect(refusedHosts(redirected).has('127.0.0.2')).toBe(true);
  });

  it('refuses pop-ups and downloads to internal addresses', async () => {
    const v = await visit('/popup');
    expect(refusedHosts(v).size).toBeGreaterThan(0);
  });

  it('does not follow a page to file: or data: URLs', async () => {
    const file = await visit('/file-url');
    expect(file.finalUrl.startsWith('file:')).toBe(false);
    const data = await visit('/data-url');
    expect(data.finalUrl.startsWith('data:')).toBe(false);
  });

  it('blocks service workers', async () => {
    await visit('/service-worker');
    expect(seen.filter((p) => p === '/sw.js')).toEqual([]);
  });

  it('gives WebRTC no path outside the proxy (no UDP, no TURN over TCP to inside)', async () => {
    const v = await visit('/webrtc');
    expect(v.status).toBe(200);
  });
});
