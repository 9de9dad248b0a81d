import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import * as tls from 'node:tls';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { closeNow, listenOnFreePort } from '../../../../../test/fakes/local-server';
import { selfSignedCertificate } from '../../../../../test/fakes/websites';
import { rejectionOf } from '../../../../../test/support/rejection';
import { loadConfig } from '../../config/app.config';
import { APP_CONFIG, ConfigModule } from '../../config/config.module';
import { SafeFetchError } from './safe-fetch.types';
import { HostLookup, MAX_CONTENT_CODINGS, SAFE_FETCH_LOOKUP, SafeFetcher, systemLookup } from './safe.fetcher';
import { SSRF_MESSAGES } from './url.policy';
import { SsrfModule } from './ssrf.module';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server on 127.0.0.1 whose answers each test sets; counts what it receives. */
class LocalServer {
  handler: Handler = (_req, res) => res.end('ok');
  readonly requests: IncomingMessage[] = [];
  private readonly server: Server = createServer((req, res) => {
    this.requests.push(req);
    this.handler(req, res);
  });
  port = 0;

  async start(): Promise<this> {
    this.port = await listenOnFreePort(this.server);
    return this;
  }

  url(path = '/'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async close(): Promise<void> {
    await closeNow(this.server);
  }
}

/** A lookup answering from a table; records every question. */
function tableLookup(table: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const never = () => new AbortController().signal;

const failure = (work: Promise<unknown>) => rejectionOf(work, SafeFetchError);

describe('SafeFetcher', () => {
  const site = new LocalServer();
  const other = new LocalServer();
  let lookup: ReturnType<typeof tableLookup>;
  let fetcher: SafeFetcher;
  let connects: jest.SpyInstance;

  beforeAll(async () => {
    await site.start();
    await other.start();
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });
  beforeEach(() => {
    site.requests.length = 0;
    other.requests.length = 0;
    site.handler = (_req, res) => res.end('ok');
    lookup = tableLookup({ 'site.test': ['127.0.0.1'], 'internal.test': ['127.0.0.2'], 'split.test': ['127.0.0.1', '10.0.0.1'] });
    const config = loadConfig({
      PUBLIC_URL: 'https://footprint.test',
      FETCH_ALLOWED_PORTS: `80,443,${site.port},${other.port}`,
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
    fetcher = new SafeFetcher(config, lookup);
    connects = jest.spyOn(Socket.prototype, 'connect');
  });
  afterEach(() => connects.mockRestore());

  it('is provided by SsrfModule with the system lookup', async () => {
    const config = loadConfig({ FETCH_ALLOWED_PORTS: String(site.port), FETCH_ALLOWED_ADDRESSES: '127.0.0.1,::1' });
    @Module({ imports: [ConfigModule.forRoot(config), SsrfModule] })
    class Root {}
    const context = await NestFactory.createApplicationContext(Root, { logger: false });
    try {
      expect(context.get(APP_CONFIG)).toBe(config);
      expect(context.get(SAFE_FETCH_LOOKUP)).toBe(systemLookup);
      // localhost through the real resolver: allowed here only because the test exempts loopback.
      const response = await context.get(SafeFetcher).fetch(`http://localhost:${site.port}/`, { signal: never() });
      expect(response).toMatchObject({ status: 200, remoteAddress: '127.0.0.1' });
    } finally {
      await context.close();
    }
  });

  it('resolves the name once and connects to the checked address, sending our user agent', async () => {
    site.handler = (req, res) => res.end(JSON.stringify({ host: req.headers.host, ua: req.headers['user-agent'], enc: req.headers['accept-encoding'] }));
    const response = await fetcher.fetch(`http://site.test:${site.port}/page?q=1`, { signal: never(), headers: { 'User-Agent': 'spoofed', 'X-Extra': 'yes', Host: 'evil.test' } });
    expect(lookup.calls).toEqual(['site.test']);
    expect(response).toMatchObject({ url: `http://site.test:${site.port}/page?q=1`, status: 200, remoteAddress: '127.0.0.1', truncated: false, hops: [{ url: `http://site.test:${site.port}/page?q=1`, status: 200 }] });
    expect(response.tls).toBeUndefined();
    expect(JSON.parse(response.body.toString())).toEqual({
      host: `site.test:${site.port}`,
      ua: expect.stringMatching(/^Footprint\/.*footprint\.test/),
      enc: 'gzip, deflate, br',
    });
    expect(site.requests[0].headers['x-extra']).toBe('yes');
  });

  it('refuses a name when any of its addresses is private, before any connection', async () => {
    const err = await failure(fetcher.fetch(`http://split.test:${site.port}/`, { signal: never() }));
    expect(err).toMatchObject({ kind: 'refused', message: 'This URL points to a private or internal address and cannot be checked.' });
    expect(connects).not.toHaveBeenCalled();
    expect(site.requests).toHaveLength(0);
  });

  it('refuses refused URLs without asking DNS', async () => {
    for (const url of [`http://internal.test:22/`, 'file:///etc/passwd', `http://user@site.test:${site.port}/`, `http://127.0.0.2:${site.port}/`]) {
      const err = await failure(fetcher.fetch(url, { signal: never() }));
      expect(err.kind).toBe('refused');
    }
    expect(lookup.calls).toEqual([]);
    expect(connects).not.toHaveBeenCalled();
  });

  it('says an unknown name is not found', async () => {
    const err = await failure(fetcher.fetch(`http://nowhere.test:${site.port}/`, { signal: never() }));
    expect(err).toMatchObject({ kind: 'unavailable', message: "The website's address could not be found." });
  });

  it('says a closed port is unreachable, and tries the next checked address of the name first', async () => {
    const closed = new LocalServer();
    await closed.start();
    const port = closed.port;
    await closed.close();
    const config = loadConfig({ FETCH_ALLOWED_PORTS: `${port}`, FETCH_ALLOWED_ADDRESSES: '127.0.0.0/8' });
    const twoAddresses = tableLookup({ 'two.test': ['127.0.0.3', '127.0.0.4'] });
    const err = await failure(new SafeFetcher(config, twoAddresses).fetch(`http://two.test:${port}/`, { signal: never() }));
    expect(err).toMatchObject({ kind: 'unavailable', message: 'The website could not be reached.' });
    expect(connects).toHaveBeenCalledTimes(2);
    expect(twoAddresses.calls).toEqual(['two.test']);
  });

  it('follows relative redirects, checking each hop, and switches to GET on 303', async () => {
    site.handler = (req, res) => {
      if (req.url === '/start') return void res.writeHead(301, { location: '/next' }).end();
      if (req.url === '/next') return void res.writeHead(303, { location: `http://site.test:${other.port}/end` }).end();
      res.end('never');
    };
    other.handler = (req, res) => res.end(`${req.method} ${req.url}`);
    const response = await fetcher.fetch(`http://site.test:${site.port}/start`, { signal: never() });
    expect(response.body.toString()).toBe('GET /end');
    expect(response.hops).toEqual([
      { url: `http://site.test:${site.port}/start`, status: 301, location: '/next' },
      { url: `http://site.test:${site.port}/next`, status: 303, location: `http://site.test:${other.port}/end` },
      { url: `http://site.test:${other.port}/end`, status: 200 },
    ]);
    expect(response.url).toBe(`http://site.test:${other.port}/end`);
    expect(lookup.calls).toEqual(['site.test', 'site.test', 'site.test']);
  });

  it('drops cookies and authorization on a redirect to another origin', async () => {
    site.handler = (_req, res) => void res.writeHead(302, { location: other.url('/x') }).end();
    other.handler = (req, res) => res.end(JSON.stringify([req.headers.cookie ?? null, req.headers.authorization ?? null, req.headers['x-keep'] ?? null]));
    const response = await fetcher.fetch(site.url('/'), { signal: never(), headers: { Cookie: 'a=1', Authorization: 'Basic x', 'X-Keep': 'k' } });
    expect(JSON.parse(response.body.toString())).toEqual([null, null, 'k']);
    expect(site.requests[0].headers.cookie).toBe('a=1');
  });

  it('returns the redirect itself when told not to follow', async () => {
    site.handler = (_req, res) => void res.writeHead(307, { location: 'http://10.0.0.1/' }).end('moved');
    const response = await fetcher.fetch(site.url('/'), { signal: never(), followRedirects: false });
    expect(response).toMatchObject({ status: 307, headers: { location: ['http://10.0.0.1/'] }, body: Buffer.from('moved') });
  });

  it('honours a smaller redirect limit and reports the hops so far', async () => {
    site.handler = (req, res) => void res.writeHead(302, { location: `/r${Number(req.url?.slice(2) || 0) + 1}` }).end();
    const err = await failure(fetcher.fetch(site.url('/r0'), { signal: never(), maxRedirects: 2 }));
    expect(err).toMatchObject({ kind: 'too_many_redirects', message: 'The website redirected too many times.' });
    expect(err.hops.map((hop) => hop.location)).toEqual(['/r1', '/r2', '/r3']);
    expect(site.requests).toHaveLength(3);
  });

  it("sends a caller's User-Agent instead of ours when given one, never one with a line break", async () => {
    site.handler = (req, res) => res.end(req.headers['user-agent']);
    const browser = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect((await fetcher.fetch(site.url('/'), { signal: never(), userAgent: browser })).body.toString()).toBe(browser);
    expect((await fetcher.fetch(site.url('/'), { signal: never(), userAgent: 'x\r\nHost: evil.test' })).body.toString()).toMatch(/^Footprint\//);
  });

  it('sends a POST with its body and length, and keeps it only across a 307', async () => {
    const seen: string[] = [];
    site.handler = (req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? '-'} ${req.headers['content-length'] ?? '-'} ${text}`);
        if (req.url === '/keep') return void res.writeHead(307, { location: '/kept' }).end();
        if (req.url === '/drop') return void res.writeHead(302, { location: '/dropped' }).end();
        res.end('done');
      });
    };
    const post = { signal: never(), method: 'POST' as const, body: '{"u":"jané"}', headers: { 'Content-Type': 'application/json' } };
    await fetcher.fetch(site.url('/keep'), post);
    await fetcher.fetch(site.url('/drop'), post);
    expect(seen).toEqual([
      'POST /keep application/json 13 {"u":"jané"}',
      'POST /kept application/json 13 {"u":"jané"}',
      'POST /drop application/json 13 {"u":"jané"}',
      'GET /dropped - - ',
    ]);
  });

  it('sends HEAD and reads no body', async () => {
    site.handler = (req, res) => res.writeHead(200, { 'content-length': '5' }).end(req.method === 'HEAD' ? undefined : 'hello');
    const response = await fetcher.fetch(site.url('/'), { signal: never(), method: 'HEAD' });
    expect(site.requests[0].method).toBe('HEAD');
    expect(response.body).toHaveLength(0);
  });

  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
  ])('decodes %s bodies', async (coding, compress) => {
    const text = 'tracked '.repeat(5000);
    site.handler = (_req, res) => res.writeHead(200, { 'content-encoding': coding }).end(compress(Buffer.from(text)));
    const response = await fetcher.fetch(site.url('/'), { signal: never() });
    expect(response.body.toString()).toBe(text);
  });

  it('decodes stacked codings in reverse order and leaves unknown ones alone', async () => {
    const text = 'layered';
    site.handler = (req, res) => {
      if (req.url === '/two') return res.writeHead(200, { 'content-encoding': 'deflate, gzip' }).end(gzipSync(deflateSync(Buffer.from(text))));
      res.writeHead(200, { 'content-encoding': 'zstd' }).end('raw bytes');
    };
    expect((await fetcher.fetch(site.url('/two'), { signal: never() })).body.toString()).toBe(text);
    expect((await fetcher.fetch(site.url('/odd'), { signal: never() })).body.toString()).toBe('raw bytes');
  });

  it('undoes at most the layers browsers accept, and refuses an answer stacked deeper', async () => {
    const stacked = (layers: number) => {
      let body = Buffer.from('deep');
      for (let i = 0; i < layers; i++) body = gzipSync(body);
      return { headers: { 'content-encoding': Array(layers).fill('gzip').join(',') }, body };
    };
    site.handler = (req, res) => {
      const { headers, body } = stacked(Number(req.url?.slice(1)));
      res.writeHead(200, headers).end(body);
    };
    expect((await fetcher.fetch(site.url(`/${MAX_CONTENT_CODINGS}`), { signal: never() })).body.toString()).toBe('deep');
    const refused = await rejectionOf(fetcher.fetch(site.url('/2500'), { signal: never() }), SafeFetchError);
    expect(refused).toMatchObject({ kind: 'unavailable', message: SSRF_MESSAGES.tooManyCodings });
  });

  it('refuses a certificate that does not verify, unless the caller asks to connect anyway and report it', async () => {
    const certificate = selfSignedCertificate();
    if (!certificate) return; // no openssl here: nothing to serve TLS with
    const server = createHttpsServer(certificate, (_req, res) => res.end('forgeable'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const strict = new SafeFetcher(loadConfig({ PUBLIC_URL: 'https://footprint.test', FETCH_ALLOWED_PORTS: String(port), FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32' }), lookup);
      const url = `https://site.test:${port}/`;
      expect(await rejectionOf(strict.fetch(url, { signal: never() }), SafeFetchError)).toMatchObject({ kind: 'unavailable', message: SSRF_MESSAGES.untrustedCertificate });
      const reported = await strict.fetch(url, { signal: never(), tls: 'report' });
      expect(reported.body.toString()).toBe('forgeable');
      expect(reported.tls).toMatchObject({ authorized: false, authorizationError: expect.any(String) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('resumes the TLS session of a verified connection to the same name and pinned address, and no other', async () => {
    const trusted = selfSignedCertificate(['tls.test']);
    const untrusted = selfSignedCertificate(['tls.test']);
    // Trusting a test certificate needs tls.setDefaultCACertificates (Node 22.19+, which CI runs).
    const tlsStore = tls as typeof tls & { setDefaultCACertificates?: (certs: string[]) => void; getCACertificates?: (type: string) => string[] };
    if (!trusted || !untrusted || !tlsStore.setDefaultCACertificates || !tlsStore.getCACertificates) return console.warn('openssl or tls.setDefaultCACertificates missing: TLS session reuse not tested');
    const defaults = tlsStore.getCACertificates('default');
    // Both addresses share ticket keys, as one site's servers do: the second would accept the first's session if offered.
    const ticketKeys = randomBytes(48);
    const handshakes: Array<{ at: string; resumed: boolean }> = [];
    const servers = ['127.0.0.1', '127.0.0.3', '127.0.0.4'].map((at) => {
      // Each answer closes its connection: every fetch needs a new one, where a session is offered or not.
      const server = createHttpsServer({ ...(at === '127.0.0.4' ? untrusted : trusted), ticketKeys }, (_req, res) => res.setHeader('Connection', 'close').end('hello'));
      server.on('secureConnection', (socket: tls.TLSSocket) => handshakes.push({ at, resumed: socket.isSessionReused() }));
      return server;
    });
    try {
      tlsStore.setDefaultCACertificates([...defaults, trusted.cert]);
      await new Promise<void>((resolve) => servers[0].listen(0, '127.0.0.1', resolve));
      const port = (servers[0].address() as AddressInfo).port;
      await Promise.all(servers.slice(1).map((server, i) => new Promise<void>((resolve) => server.listen(port, ['127.0.0.3', '127.0.0.4'][i], resolve))));
      const table: Record<string, string[]> = { 'tls.test': ['127.0.0.1'] };
      const fetcher = new SafeFetcher(loadConfig({ PUBLIC_URL: 'https://footprint.test', FETCH_ALLOWED_PORTS: String(port), FETCH_ALLOWED_ADDRESSES: '127.0.0.0/8' }), tableLookup(table));
      const url = `https://tls.test:${port}/`;
      const first = await fetcher.fetch(url, { signal: never() });
      const second = await fetcher.fetch(url, { signal: never() });
      expect(second.body.toString()).toBe('hello');
      expect(first.tls).toMatchObject({ authorized: true, subject: 'CN=127.0.0.1' });
      expect(second.tls).toEqual({ authorized: true, protocol: first.tls?.protocol });
      // The website check's 'report' connections neither offer nor keep a session: a full handshake, the certificate as sent.
      expect((await fetcher.fetch(url, { signal: never(), tls: 'report' })).tls).toEqual(first.tls);
      table['tls.test'] = ['127.0.0.3'];
      await fetcher.fetch(url, { signal: never() });
      await fetcher.fetch(url, { signal: never() });
      table['tls.test'] = ['127.0.0.4'];
      for (let i = 0; i < 2; i++) {
        expect(await failure(fetcher.fetch(url, { signal: never() }))).toMatchObject({ kind: 'unavailable', message: SSRF_MESSAGES.untrustedCertificate });
      }
      expect(handshakes).toEqual([
        { at: '127.0.0.1', resumed: false },
        { at: '127.0.0.1', resumed: true },
        { at: '127.0.0.1', resumed: false },
        { at: '127.0.0.3', resumed: false },
        { at: '127.0.0.3', resumed: true },
      ]);
    } finally {
      tlsStore.setDefaultCACertificates(defaults);
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => (server.listening ? new Promise((resolve) => server.close(resolve)) : undefined)));
    }
  });

  it('keeps a connection alive only for the name, port and checked address it was made for: a changed DNS answer never rides it', async () => {
    // One port on two loopback addresses; each answer names the address it came from and the connection it came on.
    const connections = new Map<Socket, number>();
    const seen: Array<{ at: string; connection: number; header?: string }> = [];
    const servers = ['127.0.0.2', '127.0.0.3'].map((at) =>
      createServer((req, res) => {
        if (!connections.has(req.socket)) connections.set(req.socket, connections.size + 1);
        seen.push({ at, connection: connections.get(req.socket)!, header: req.headers.connection });
        req.resume();
        // With its length, as servers answer HEAD too (Node keeps no connection after a HEAD answer without one).
        res.setHeader('Content-Length', at.length).end(at);
      }),
    );
    try {
      await new Promise<void>((resolve) => servers[0].listen(0, '127.0.0.2', resolve));
      const port = (servers[0].address() as AddressInfo).port;
      await new Promise<void>((resolve) => servers[1].listen(port, '127.0.0.3', resolve));
      const table: Record<string, string[]> = { 'pool.test': ['127.0.0.2'], 'alias.test': ['127.0.0.2'] };
      const lookup = tableLookup(table);
      const fetcher = new SafeFetcher(loadConfig({ PUBLIC_URL: 'https://footprint.test', FETCH_ALLOWED_PORTS: String(port), FETCH_ALLOWED_ADDRESSES: '127.0.0.2/32,127.0.0.3/32' }), lookup);
      const get = async (host: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') => (await fetcher.fetch(`http://${host}:${port}/`, { signal: never(), method })).body.toString();
      try {
        expect([await get('pool.test'), await get('pool.test', 'HEAD'), await get('pool.test')]).toEqual(['127.0.0.2', '', '127.0.0.2']);
        // Another name for the same address: a connection of its own (the name is part of the key).
        expect(await get('alias.test')).toBe('127.0.0.2');
        // The name now answers another approved address: a new connection there, not the idle one to the old address.
        table['pool.test'] = ['127.0.0.3'];
        expect(await get('pool.test')).toBe('127.0.0.3');
        // The name now answers an address the guard does not approve: refused before anything is sent, idle connections or not.
        table['pool.test'] = ['127.0.0.1'];
        expect(await failure(fetcher.fetch(`http://pool.test:${port}/`, { signal: never() }))).toMatchObject({ kind: 'refused', message: SSRF_MESSAGES.privateAddress });
        // A POST is never sent on a kept connection (it could not be sent again if the server had closed it).
        expect(await get('alias.test', 'POST')).toBe('127.0.0.2');
      } finally {
        fetcher.onModuleDestroy();
      }
      // Every fetch asked DNS and checked the answer, kept connection or not.
      expect(lookup.calls).toEqual(['pool.test', 'pool.test', 'pool.test', 'alias.test', 'pool.test', 'pool.test', 'alias.test']);
      expect(seen).toEqual([
        { at: '127.0.0.2', connection: 1, header: 'keep-alive' },
        { at: '127.0.0.2', connection: 1, header: 'keep-alive' },
        { at: '127.0.0.2', connection: 1, header: 'keep-alive' },
        { at: '127.0.0.2', connection: 2, header: 'keep-alive' },
        { at: '127.0.0.3', connection: 3, header: 'keep-alive' },
        { at: '127.0.0.2', connection: 4, header: 'close' },
      ]);
    } finally {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((server) => (server.listening ? new Promise((resolve) => server.close(resolve)) : undefined)));
    }
  });

  it('sends a GET again, once, on a new connection when the server had closed the kept one', async () => {
    // The server answers the first request on a connection and drops the connection at its second, as one whose idle timeout just ran out.
    const answered = new WeakSet<Socket>();
    let dropped = 0;
    site.handler = (req, res) => {
      if (answered.has(req.socket)) {
        dropped++;
        return req.socket.destroy();
      }
      answered.add(req.socket);
      res.end('fresh');
    };
    try {
      expect((await fetcher.fetch(site.url('/'), { signal: never() })).body.toString()).toBe('fresh');
      expect((await fetcher.fetch(site.url('/'), { signal: never() })).body.toString()).toBe('fresh');
      expect(dropped).toBe(1);
      expect(site.requests.map((req) => req.method)).toEqual(['GET', 'GET', 'GET']);
    } finally {
      fetcher.onModuleDestroy();
    }
  });

  it('caps the body and says it was cut', async () => {
    site.handler = (_req, res) => res.end(Buffer.alloc(10_000, 0x61));
    const cut = await fetcher.fetch(site.url('/'), { signal: never(), maxBodyBytes: 4096 });
    expect(cut).toMatchObject({ truncated: true });
    expect(cut.body).toHaveLength(4096);
    const exact = await fetcher.fetch(site.url('/'), { signal: never(), maxBodyBytes: 10_000 });
    expect(exact.truncated).toBe(false);
    expect(exact.body).toHaveLength(10_000);
  });

  it('reports a corrupt compressed body and a connection cut mid-body as unreadable', async () => {
    site.handler = (req, res) => {
      if (req.url === '/corrupt') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('definitely not gzip'));
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    };
    for (const path of ['/corrupt', '/cut']) {
      const err = await failure(fetcher.fetch(site.url(path), { signal: never() }));
      expect(err).toMatchObject({ kind: 'unavailable', message: "The website's answer could not be read." });
    }
  });

  it('reports oversized response headers as too large', async () => {
    site.handler = (_req, res) => res.writeHead(200, { 'x-big': 'x'.repeat(40_000) }).end('');
    const err = await failure(fetcher.fetch(site.url('/'), { signal: never() }));
    expect(err).toMatchObject({ kind: 'too_large', message: "The website's response headers are too large." });
  });

  it('stops at the signal while DNS is still answering', async () => {
    const slow: HostLookup = () => new Promise(() => undefined);
    const config = loadConfig({ FETCH_ALLOWED_PORTS: String(site.port) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await failure(new SafeFetcher(config, slow).fetch(`http://slow.test:${site.port}/`, { signal: controller.signal }));
    expect(err).toMatchObject({ kind: 'timed_out', message: 'The website took too long to answer.' });
    const already = AbortSignal.abort();
    expect((await failure(fetcher.fetch(site.url('/'), { signal: already }))).kind).toBe('timed_out');
    expect(site.requests).toHaveLength(0);
  });
});
