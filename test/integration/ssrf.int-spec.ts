import { execFileSync } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip, Gunzip } from 'node:zlib';
import { AppConfig, loadConfig } from '../../server/src/common/config/app.config';
import { SafeFetchError } from '../../server/src/common/security/ssrf/safe-fetch.types';
import { HostLookup, SafeFetcher, systemLookup } from '../../server/src/common/security/ssrf/safe.fetcher';
import { SSRF_MESSAGES } from '../../server/src/common/security/ssrf/url.policy';
import { closeNow, listenOnFreePort } from '../fakes/local-server';
import { rejectionOf } from '../support/rejection';

// The SSRF suite (issue 5): a canary server listens on every local address of one port and on
// 127.0.0.2 beside the fixture; no payload may ever open a connection to it. The strict fetcher runs
// with the production setting (no exempt address); the fixture fetcher exempts 127.0.0.1/32 only, so
// a fixture site there can redirect to internal addresses.

const MB = 1024 * 1024;
const never = () => new AbortController().signal;

/** Counts every connection and request, whatever the bytes (a TLS hello to it counts too). */
class Canary {
  connections = 0;
  requests = 0;
  private readonly servers: Server[] = [];

  async listen(port: number, host: string): Promise<number> {
    const server = createHttpServer((_req, res) => {
      this.requests += 1;
      res.end('canary');
    });
    server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.servers.push(server);
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const server of this.servers) await closeNow(server);
  }
}

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

/** The fixture site on 127.0.0.1: routes by path, counts requests. */
class Fixture {
  requests: string[] = [];
  readonly routes = new Map<string, Route>();
  server?: Server;
  port = 0;

  handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    this.requests.push(url.pathname + url.search);
    const prefix = [...this.routes.keys()].find((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
    if (!prefix) return void res.writeHead(404).end('not found');
    this.routes.get(prefix)?.(req, res, url);
  };

  async listen(server: Server, host = '127.0.0.1'): Promise<number> {
    this.server = server;
    this.port = await listenOnFreePort(server, host);
    return this.port;
  }

  async close(): Promise<void> {
    if (this.server) await closeNow(this.server);
  }
}

/** Names the tests resolve: a table (a function answers differently per call), else the system resolver. */
function testLookup(table: Record<string, string[] | (() => string[])>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup: HostLookup = async (hostname, options) => {
    calls.push(hostname);
    const entry = table[hostname.replace(/\.$/, '').toLowerCase()];
    if (!entry) return systemLookup(hostname, options);
    const addresses = typeof entry === 'function' ? entry() : entry;
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const failure = (work: Promise<unknown>) => rejectionOf(work, SafeFetchError);

const REFUSAL_MESSAGES: string[] = [SSRF_MESSAGES.invalidUrl, SSRF_MESSAGES.privateAddress, SSRF_MESSAGES.credentials];

describe('SSRF guard against a canary', () => {
  const canary = new Canary();
  const site = new Fixture();
  const secure = new Fixture();
  let canaryPort: number;
  let lookup: ReturnType<typeof testLookup>;
  let strict: SafeFetcher;
  let fixtureFetcher: SafeFetcher;
  let fixtureConfig: AppConfig;
  let connects: jest.SpyInstance;
  let rebindCalls = 0;
  let tlsSkipReason: string | undefined;
  let certDir: string | undefined;

  beforeAll(async () => {
    // Every local address (IPv4 and IPv6 loopback, 0.0.0.0, the machine's own addresses) on one port.
    canaryPort = await canary.listen(0, '::').catch(() => canary.listen(0, '0.0.0.0'));
    const sitePort = await site.listen(createHttpServer(site.handle));
    // Beside the fixture, same port: where a rebound name would lead.
    await canary.listen(sitePort, '127.0.0.2');

    let securePort = 0;
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      certDir = mkdtempSync(join(tmpdir(), 'footprint-ssrf-tls-'));
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', '/CN=site.test/O=Footprint Tests', '-addext', 'subjectAltName=DNS:site.test',
          '-keyout', join(certDir, 'key.pem'), '-out', join(certDir, 'cert.pem')],
        { stdio: 'ignore' },
      );
      const tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) };
      securePort = await secure.listen(createHttpsServer(tls, secure.handle));
    } catch {
      tlsSkipReason = 'openssl is not available on this machine: the self-signed certificate test is skipped';
    }

    lookup = testLookup({
      'site.test': ['127.0.0.1'],
      'internal.test': ['127.0.0.2'],
      'xn--bcher-kva.test': ['127.0.0.2'],
      'metadata.google.internal': ['169.254.169.254'],
      'metadata.test': ['fd00:ec2::254'],
      'public.test': ['93.184.215.14'],
      'mixed.test': ['93.184.215.14', '127.0.0.2'],
      'mixed6.test': ['2606:4700::1111', '::1'],
      'mapped.test': ['::ffff:127.0.0.2'],
      'nat64.test': ['64:ff9b::a9fe:a9fe'],
      'rebind.test': () => (rebindCalls++ === 0 ? ['127.0.0.1'] : ['127.0.0.2']),
    });
    const ports = `80,443,${canaryPort},${sitePort}${securePort ? `,${securePort}` : ''}`;
    strict = new SafeFetcher(loadConfig({ FETCH_ALLOWED_PORTS: ports }), lookup);
    fixtureConfig = loadConfig({ FETCH_ALLOWED_PORTS: ports, FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32' });
    fixtureFetcher = new SafeFetcher(fixtureConfig, lookup);

    site.routes.set('/redirect', (_req, res, url) => {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' }).end();
    });
    site.routes.set('/chain', (_req, res, url) => {
      const left = Number(url.pathname.split('/')[2]);
      if (left > 0) return void res.writeHead(302, { location: `/chain/${left - 1}` }).end();
      res.end('end of chain');
    });
    site.routes.set('/ok', (_req, res) => res.end('fixture'));
    site.routes.set('/hang', () => undefined);
    site.routes.set('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>more</p>'), 20);
      res.on('close', () => clearInterval(timer));
    });
    site.routes.set('/cookies', (_req, res) => {
      res.setHeader('set-cookie', ['sid=abc; HttpOnly; Secure; SameSite=Lax', 'theme=dark; Max-Age=31536000', '_ga=GA1.1.1; Domain=site.test; Path=/']);
      res.end('cookies');
    });
    site.routes.set('/secure', (_req, res) => void res.writeHead(301, { location: `https://site.test:${securePort}/page` }).end());
    secure.routes.set('/page', (_req, res) => res.end('over tls'));
    secure.routes.set('/back', (_req, res) => void res.writeHead(302, { location: `http://site.test:${sitePort}/ok` }).end());
  });

  afterAll(async () => {
    await canary.close();
    await site.close();
    await secure.close();
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    site.requests = [];
    lookup.calls.length = 0;
    connects = jest.spyOn(Socket.prototype, 'connect');
  });

  afterEach(() => {
    connects.mockRestore();
    // The canary must never have seen anything, after any test.
    expect({ connections: canary.connections, requests: canary.requests }).toEqual({ connections: 0, requests: 0 });
  });

  // The tables are built before the canary listens: URLs name its port as {canary}, filled in by the test.
  const at = (path = '/') => `:{canary}${path}`;
  const withPort = (url: string) => url.replaceAll('{canary}', String(canaryPort));

  /** Refused before any socket: the right kind, a user-facing message, no connection, canary silent. */
  async function expectRefused(fetcher: SafeFetcher, url: string, message?: string): Promise<SafeFetchError> {
    const err = await failure(fetcher.fetch(withPort(url), { signal: never() }));
    expect({ url, kind: err.kind }).toEqual({ url, kind: 'refused' });
    if (message) expect(err.message).toBe(message);
    else expect([...REFUSAL_MESSAGES, SSRF_MESSAGES.schemeOrPort(fixtureConfig.fetch.allowedPorts)]).toContain(err.message);
    expect(err.message).not.toMatch(/\d+\.\d+|::|\.test|localhost|\.internal|:\d{2,5}/);
    expect(canary.connections).toBe(0);
    return err;
  }

  describe('literal addresses in every notation (no DNS, no connection)', () => {
    const payloads: [string, string][] = [
      ['loopback', `http://127.0.0.1${at()}`],
      ['loopback 127.0.0.2', `http://127.0.0.2${at()}`],
      ['decimal', `http://2130706433${at()}`],
      ['decimal 127.0.0.2', `http://2130706434${at()}`],
      ['octal', `http://0177.0.0.1${at()}`],
      ['octal with padded zeros', `http://0177.0000.0000.0002${at()}`],
      ['hex', `http://0x7f000001${at()}`],
      ['hex dotted', `http://0x7f.0x0.0x0.0x2${at()}`],
      ['shortened', `http://127.1${at()}`],
      ['shortened three parts', `http://127.0.2${at()}`],
      ['mixed hex and shortened', `http://0x7f.2${at()}`],
      ['zero', `http://0${at()}`],
      ['unspecified', `http://0.0.0.0${at()}`],
      ['trailing dot', `http://127.0.0.2.${at()}`],
      ['percent-encoded', `http://%31%32%37.0.0.2${at()}`],
      ['full-width digits', `http://１２７.０.０.２${at()}`],
      ['backslashes', `http:\\\\127.0.0.2${at('\\')}`],
      ['https', `https://127.0.0.2${at()}`],
      ['IPv6 loopback', `http://[::1]${at()}`],
      ['IPv6 loopback in full', `http://[0:0:0:0:0:0:0:1]${at()}`],
      ['IPv6 unspecified', `http://[::]${at()}`],
      ['IPv4-mapped dotted', `http://[::ffff:127.0.0.1]${at()}`],
      ['IPv4-mapped hex', `http://[::ffff:7f00:1]${at()}`],
      ['IPv4-mapped in full', `http://[0:0:0:0:0:ffff:7f00:2]${at()}`],
      ['IPv4-compatible', `http://[::127.0.0.1]${at()}`],
      ['NAT64 hex', `http://[64:ff9b::7f00:1]${at()}`],
      ['NAT64 dotted', `http://[64:ff9b::127.0.0.2]${at()}`],
      ['NAT64 local-use', `http://[64:ff9b:1::7f00:1]${at()}`],
      ['6to4', `http://[2002:7f00:1::]${at()}`],
      ['6to4 of the metadata address', `http://[2002:a9fe:a9fe::1]${at()}`],
      ['Teredo, client 127.0.0.1 obfuscated', `http://[2001:0:4136:e378:8000:63bf:80ff:fffe]${at()}`],
      ['Teredo, client 169.254.169.254 obfuscated', `http://[2001:0:4136:e378:8000:63bf:5601:5601]${at()}`],
      ['metadata', `http://169.254.169.254${at('/latest/meta-data/')}`],
      ['metadata decimal', `http://2852039166${at()}`],
      ['metadata hex', `http://0xa9fea9fe${at()}`],
      ['metadata octal', `http://0251.0376.0251.0376${at()}`],
      ['metadata shortened', `http://169.254.43518${at()}`],
      ['metadata IPv4-mapped', `http://[::ffff:a9fe:a9fe]${at()}`],
      ['private 10/8', `http://10.0.0.1${at()}`],
      ['private 172.16/12', `http://172.16.0.1${at()}`],
      ['private 192.168/16', `http://192.168.1.1${at()}`],
      ['CGNAT', `http://100.64.0.1${at()}`],
      ['benchmarking', `http://198.18.0.1${at()}`],
      ['documentation', `http://192.0.2.1${at()}`],
      ['multicast', `http://224.0.0.1${at()}`],
      ['broadcast', `http://255.255.255.255${at()}`],
      ['reserved 240/4', `http://240.0.0.1${at()}`],
      ['IPv6 link-local', `http://[fe80::1]${at()}`],
      ['IPv6 unique local', `http://[fd00::1]${at()}`],
      ['IPv6 site-local', `http://[fec0::1]${at()}`],
      ['IPv6 multicast', `http://[ff02::1]${at()}`],
      ['IPv6 discard', `http://[100::1]${at()}`],
      ['IPv6 documentation', `http://[2001:db8::1]${at()}`],
    ];

    it.each(payloads)('%s: %s', async (_name, url) => {
      await expectRefused(strict, url, SSRF_MESSAGES.privateAddress);
      expect(lookup.calls).toEqual([]);
      expect(connects).not.toHaveBeenCalled();
    });
  });

  describe('host names resolving to internal addresses (resolved once, never connected)', () => {
    const payloads: [string, string, string][] = [
      ['a name for 127.0.0.2', `http://internal.test${at()}`, 'internal.test'],
      ['localhost through the system resolver', `http://localhost${at()}`, 'localhost'],
      ['an IDN that maps to localhost', `http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ${at()}`, 'localhost'],
      ['an IDN host (to punycode)', `http://bücher.test${at()}`, 'xn--bcher-kva.test'],
      ['a punycode host', `http://xn--bcher-kva.test${at()}`, 'xn--bcher-kva.test'],
      ['upper case and a trailing dot', `http://INTERNAL.test.${at()}`, 'internal.test.'],
      ['a cloud metadata name', `http://metadata.google.internal${at('/computeMetadata/v1/')}`, 'metadata.google.internal'],
      ['an IPv6 metadata address', `http://metadata.test${at()}`, 'metadata.test'],
      ['a public and a private address', `http://mixed.test${at()}`, 'mixed.test'],
      ['a public and a loopback IPv6 address', `http://mixed6.test${at()}`, 'mixed6.test'],
      ['an IPv4-mapped answer', `http://mapped.test${at()}`, 'mapped.test'],
      ['a NAT64 answer embedding link-local', `http://nat64.test${at()}`, 'nat64.test'],
    ];

    it.each(payloads)('%s: %s', async (_name, url, asked) => {
      await expectRefused(strict, url, SSRF_MESSAGES.privateAddress);
      expect(lookup.calls).toEqual([asked]);
      expect(connects).not.toHaveBeenCalled();
    });

    it('asks the resolver for localhost. as written, and connects nowhere whatever it answers', async () => {
      // /etc/hosts knows "localhost" but usually not "localhost."; a DNS server may answer 127.0.0.1.
      const err = await failure(strict.fetch(withPort(`http://localhost.${at()}`), { signal: never() }));
      expect(lookup.calls).toEqual(['localhost.']);
      expect([SSRF_MESSAGES.privateAddress, SSRF_MESSAGES.notFound]).toContain(err.message);
      expect(connects).not.toHaveBeenCalled();
    });
  });

  describe('schemes, ports and credentials (refused before DNS)', () => {
    const payloads: [string, string, string][] = [
      ['file', 'file:///etc/passwd', 'scheme'],
      ['gopher', `gopher://127.0.0.2${at('/_PING')}`, 'scheme'],
      ['ftp', `ftp://127.0.0.2${at()}`, 'scheme'],
      ['data', 'data:text/html,<script>alert(1)</script>', 'scheme'],
      ['dict', `dict://127.0.0.2${at()}`, 'scheme'],
      ['ws', `ws://127.0.0.2${at()}`, 'scheme'],
      ['javascript', 'javascript:fetch("http://127.0.0.2/")', 'scheme'],
      ['ssh port', 'http://public.test:22/', 'scheme'],
      ['redis port', 'http://public.test:6379/', 'scheme'],
      ['postgres port', 'https://public.test:5432/', 'scheme'],
      ['a user name', `http://user@internal.test${at()}`, 'credentials'],
      ['a user and password', `http://user:secret@public.test/`, 'credentials'],
      ['the userinfo trick', `http://public.example@127.0.0.1${at()}`, 'credentials'],
      ['the userinfo trick with a port', `http://public.example:443@127.0.0.2${at()}`, 'credentials'],
      ['no host', 'http://', 'invalid'],
      ['a five-part address', `http://127.0.0.0.1${at()}`, 'invalid'],
    ];

    it.each(payloads)('%s: %s', async (_name, url, reason) => {
      const message = {
        scheme: SSRF_MESSAGES.schemeOrPort(fixtureConfig.fetch.allowedPorts),
        credentials: SSRF_MESSAGES.credentials,
        invalid: SSRF_MESSAGES.invalidUrl,
      }[reason];
      await expectRefused(strict, url, message);
      expect(lookup.calls).toEqual([]);
      expect(connects).not.toHaveBeenCalled();
    });

    it('names the allowed ports in the default configuration', () => {
      expect(SSRF_MESSAGES.schemeOrPort(loadConfig({}).fetch.allowedPorts)).toBe('Only http:// and https:// addresses on ports 80 and 443 can be checked.');
    });
  });

  describe('redirects from an allowed fixture to internal addresses', () => {
    const targets: [string, string][] = [
      ['loopback', `http://127.0.0.2${at()}`],
      ['decimal', `http://2130706434${at()}`],
      ['hex', `http://0x7f000002${at()}`],
      ['octal', `http://0177.0.0.2${at()}`],
      ['shortened', `http://127.0.2${at()}`],
      ['zero', `http://0${at()}`],
      ['IPv6 loopback', `http://[::1]${at()}`],
      ['IPv4-mapped', `http://[::ffff:127.0.0.2]${at()}`],
      ['NAT64', `http://[64:ff9b::7f00:2]${at()}`],
      ['6to4', `http://[2002:7f00:2::]${at()}`],
      ['metadata', 'http://169.254.169.254/latest/meta-data/'],
      ['a name for 127.0.0.2', `http://internal.test${at()}`],
      ['a name with a private address among public ones', `http://mixed.test${at()}`],
      ['protocol-relative', `//127.0.0.2${at()}`],
      ['https to loopback', `https://127.0.0.2${at()}`],
      ['credentials', `http://user@127.0.0.2${at()}`],
      ['a closed port', 'http://127.0.0.2:22/'],
      ['file', 'file:///etc/passwd'],
      ['gopher', `gopher://127.0.0.2${at()}`],
    ];
    const statuses = [301, 302, 303, 307, 308];

    it.each(targets.map(([name, to], i) => [name, statuses[i % statuses.length], to] as const))('%s (status %s)', async (_name, status, to) => {
      const location = withPort(to);
      const start = `http://127.0.0.1:${site.port}/redirect?status=${status}&to=${encodeURIComponent(location)}`;
      const err = await expectRefused(fixtureFetcher, start);
      // The hop that pointed inside is reported (the website check shows it); the fixture was asked once.
      expect(err.hops).toEqual([{ url: start, status, location }]);
      expect(site.requests).toHaveLength(1);
      expect(connects).toHaveBeenCalledTimes(1);
    });

    it('follows a redirect to an allowed address (the fixture itself)', async () => {
      const response = await fixtureFetcher.fetch(`http://site.test:${site.port}/redirect?to=/ok`, { signal: never() });
      expect(response).toMatchObject({ status: 200, remoteAddress: '127.0.0.1' });
      expect(response.body.toString()).toBe('fixture');
    });

    it('follows 5 redirects and refuses the 6th, without asking for a 7th page', async () => {
      const five = await fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/chain/5`, { signal: never() });
      expect(five.body.toString()).toBe('end of chain');
      expect(five.hops).toHaveLength(6);
      expect(five.hops.map((hop) => hop.status)).toEqual([302, 302, 302, 302, 302, 200]);

      site.requests = [];
      const err = await failure(fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/chain/6`, { signal: never() }));
      expect(err).toMatchObject({ kind: 'too_many_redirects', message: SSRF_MESSAGES.tooManyRedirects });
      expect(site.requests).toEqual(['/chain/6', '/chain/5', '/chain/4', '/chain/3', '/chain/2', '/chain/1']);
    });
  });

  describe('DNS rebinding', () => {
    it('connects to the address checked at the first lookup and never asks again', async () => {
      rebindCalls = 0;
      const response = await fixtureFetcher.fetch(`http://rebind.test:${site.port}/ok`, { signal: never() });
      expect(response).toMatchObject({ status: 200, remoteAddress: '127.0.0.1' });
      expect(response.body.toString()).toBe('fixture');
      expect(lookup.calls).toEqual(['rebind.test']);
      expect(rebindCalls).toBe(1);
    });

    it('checks the second answer again on the next hop, and refuses it', async () => {
      rebindCalls = 1; // the name now answers 127.0.0.2, where the canary listens on the fixture's port
      const start = `http://127.0.0.1:${site.port}/redirect?to=${encodeURIComponent(`http://rebind.test:${site.port}/ok`)}`;
      await expectRefused(fixtureFetcher, start, SSRF_MESSAGES.privateAddress);
      expect(lookup.calls).toEqual(['rebind.test']);
    });
  });

  describe('limits', () => {
    it('caps a plain body at 2 MB', async () => {
      site.routes.set('/big', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(Buffer.alloc(5 * MB, 0x61));
      });
      const response = await fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/big`, { signal: never() });
      expect(response.truncated).toBe(true);
      expect(response.body.length).toBe(2 * MB);
    });

    it('cuts a gzip bomb (100 MB from a small body) at 2 MB without inflating it all', async () => {
      const bomb = await gzipOfZeros(100 * MB);
      expect(bomb.length).toBeLessThan(200 * 1024);
      let sent = 0;
      site.routes.set('/bomb', (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        // Small writes, as a network would deliver them.
        const write = (offset: number) => {
          if (offset >= bomb.length || res.destroyed) return void res.end();
          const chunk = bomb.subarray(offset, offset + 4096);
          sent += chunk.length;
          if (res.write(chunk)) setImmediate(() => write(offset + chunk.length));
          else res.once('drain', () => write(offset + chunk.length));
        };
        write(0);
      });
      // Every chunk a gunzip stream hands on is counted: that is how much was inflated.
      const pushes = jest.spyOn(Readable.prototype, 'push');
      const before = process.memoryUsage();
      let peakArrayBuffers = before.arrayBuffers;
      const sampler = setInterval(() => (peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers)), 1);
      const started = Date.now();
      const response = await fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/bomb`, { signal: never() });
      const elapsed = Date.now() - started;
      clearInterval(sampler);
      const after = process.memoryUsage();
      const inflated = pushes.mock.calls.reduce(
        (sum, [chunk], i) => sum + (pushes.mock.contexts[i] instanceof Gunzip && Buffer.isBuffer(chunk) ? chunk.length : 0),
        0,
      );
      pushes.mockRestore();

      expect(response.truncated).toBe(true);
      expect(response.body.length).toBe(2 * MB);
      expect(response.body.every((byte) => byte === 0)).toBe(true);
      const growthMb = (peakArrayBuffers - before.arrayBuffers) / MB;
      // Inflating all of it would hold 100 MB; the cap keeps the peak near 2 MB plus stream buffers.
      expect(growthMb).toBeLessThan(24);
      // Inflation stopped at the cap (plus at most a few of zlib's 16 KB chunks), not at 100 MB.
      expect(inflated).toBeGreaterThanOrEqual(2 * MB);
      expect(inflated).toBeLessThan(2 * MB + 256 * 1024);
      console.info(
        `gzip bomb: ${bomb.length} bytes inflating to 100 MB; inflated ${(inflated / MB).toFixed(2)} MB in ${elapsed} ms; array buffers peak +${growthMb.toFixed(1)} MB; ` +
          `rss ${((after.rss - before.rss) / MB).toFixed(1)} MB; the server wrote ${sent} bytes into the socket before it closed`,
      );
    });

    it('stops a server that never answers at the caller signal', async () => {
      const started = Date.now();
      const err = await failure(fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/hang`, { signal: AbortSignal.timeout(300) }));
      expect(err).toMatchObject({ kind: 'timed_out', message: SSRF_MESSAGES.timedOut });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('stops a body that never ends at the caller signal', async () => {
      const started = Date.now();
      const err = await failure(fixtureFetcher.fetch(`http://127.0.0.1:${site.port}/trickle`, { signal: AbortSignal.timeout(300) }));
      expect(err.kind).toBe('timed_out');
      expect(err.hops).toEqual([{ url: `http://127.0.0.1:${site.port}/trickle`, status: 200 }]);
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  describe('what the response keeps', () => {
    it('keeps every Set-Cookie value', async () => {
      const response = await fixtureFetcher.fetch(`http://site.test:${site.port}/cookies`, { signal: never() });
      expect(response.headers['set-cookie']).toEqual([
        'sid=abc; HttpOnly; Secure; SameSite=Lax',
        'theme=dark; Max-Age=31536000',
        '_ga=GA1.1.1; Domain=site.test; Path=/',
      ]);
      expect(response.headers['content-length']).toEqual(['7']);
    });

    it('records the TLS handshake of a self-signed certificate, following http to https and back', async () => {
      if (tlsSkipReason) {
        console.warn(tlsSkipReason);
        return;
      }
      const response = await fixtureFetcher.fetch(`http://site.test:${site.port}/secure`, { signal: never(), tls: 'report' });
      expect(response.body.toString()).toBe('over tls');
      expect(response.url).toBe(`https://site.test:${secure.port}/page`);
      expect(response.remoteAddress).toBe('127.0.0.1');
      expect(response.tls).toEqual({
        authorized: false,
        authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
        validFrom: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        validTo: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        issuer: 'CN=site.test, O=Footprint Tests',
        subject: 'CN=site.test, O=Footprint Tests',
        protocol: expect.stringMatching(/^TLSv1\.[23]$/),
      });
      const validDays = (Date.parse(response.tls?.validTo ?? '') - Date.parse(response.tls?.validFrom ?? '')) / 86_400_000;
      expect(Math.round(validDays)).toBe(2);

      const back = await fixtureFetcher.fetch(`https://site.test:${secure.port}/back`, { signal: never(), tls: 'report' });
      expect(back).toMatchObject({ status: 200, url: `http://site.test:${site.port}/ok` });
      expect(back.tls).toBeUndefined();
      expect(back.hops.map((hop) => hop.url)).toEqual([`https://site.test:${secure.port}/back`, `http://site.test:${site.port}/ok`]);
    });

    it('reports a certificate for another name as not authorized', async () => {
      if (tlsSkipReason) return console.warn(tlsSkipReason);
      const response = await fixtureFetcher.fetch(`https://127.0.0.1:${secure.port}/page`, { signal: never(), tls: 'report' });
      expect(response.tls?.authorized).toBe(false);
      expect(response.tls?.authorizationError).toMatch(/SELF_SIGNED|ALTNAME/);
    });
  });
});

/** A gzip stream of `size` zero bytes, made in 1 MB steps. */
async function gzipOfZeros(size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => gzip.once('end', resolve));
  const block = Buffer.alloc(MB);
  for (let written = 0; written < size; written += MB) {
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(chunks);
}
