import { Inject, Injectable } from '@nestjs/common';
import type { LookupAddress } from 'node:dns';
import { ClientRequest, createServer, IncomingMessage, request as httpRequest, Server, ServerResponse } from 'node:http';
import { connect as netConnect, isIP, Socket } from 'node:net';
import type { Duplex, Readable } from 'node:stream';
import { AppConfig } from '../../config/app.config';
import { APP_CONFIG } from '../../config/config.module';
import { AddressAllowlist } from './address.policy';
import { HostLookup, pinnedLookup, resolveChecked, sameAddress } from './checked-address.resolver';
import { SAFE_FETCH_LOOKUP } from './safe.fetcher';
import { checkUrl, SSRF_MESSAGES } from './url.policy';

/** Why the proxy did not pass a request on. */
export type ProxyRefusalReason = 'address' | 'scheme' | 'port' | 'credentials' | 'invalid' | 'budget' | 'requests' | 'unreachable' | 'not-found';

/** A request the proxy refused or could not complete: the browser saw it fail. */
export interface ProxyRefusal {
  /** 'CONNECT host:port' tunnels are written as https://host:port/. */
  url: string;
  method: string;
  reason: ProxyRefusalReason;
}

export interface ProxySessionOptions {
  /** Bytes the site's answers may add up to (downloaded through this session); then every request is refused. */
  maxBytes: number;
  /** Bytes the page may send out (request bodies, WebSocket and tunnel traffic); then likewise. Default: no cap. */
  maxUploadBytes?: number;
  /**
   * Requests, tunnels and upgrades the session passes on; every further one is refused. Default: no
   * cap. It also holds for a burst the browser sent before it could stop it (page.visitor.ts).
   */
  maxRequests?: number;
}

/** One browser context's way out: a port on 127.0.0.1 and what went through it. */
export interface ProxySession {
  /** `http://127.0.0.1:<port>`, for Chromium's --proxy-server / the context's proxy option. */
  readonly server: string;
  /** Bytes received from sites so far. */
  readonly bytes: number;
  /** Bytes the browser sent out so far (bodies, tunnels). */
  readonly uploaded: number;
  /** True once the byte budget ran out. */
  readonly overBudget: boolean;
  /** Requests and tunnels passed on. */
  readonly forwarded: number;
  readonly refusals: readonly ProxyRefusal[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
/** Refusals kept per session: a page that hammers internal addresses must not grow memory. */
const MAX_REFUSALS = 500;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The forward proxy every request of the audit browser goes through (a browser that
 * loads a scanned site is a fetcher of user-supplied URLs). Plain http requests arrive in absolute
 * form, https and WebSocket traffic as CONNECT tunnels; each is checked exactly like SafeFetcher's
 * hops: scheme, the allowed ports, no credentials, the host resolved once and every address
 * checked against the private, loopback, link-local, metadata and other internal ranges, and the
 * socket connected to a checked address only (no second lookup, so no rebinding). Redirects come
 * back to the browser, which asks again through the proxy, so every hop is checked.
 *
 * One session per browser context, on its own loopback port, so what a page does is counted
 * against that page's budget alone. TLS passes through untouched (the browser checks
 * certificates; the proxy sees host and port only).
 */
@Injectable()
export class SsrfForwardProxy {
  private readonly allowlist: AddressAllowlist;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SAFE_FETCH_LOOKUP) private readonly lookup: HostLookup,
  ) {
    this.allowlist = new AddressAllowlist(config.fetch.allowedAddresses);
  }

  async open(options: ProxySessionOptions): Promise<ProxySession> {
    const session = new Session(this.config, this.lookup, this.allowlist, options);
    await session.listen();
    return session;
  }
}

type Target = { ok: true; hostname: string; port: number; addresses: LookupAddress[] } | { ok: false; reason: ProxyRefusalReason };

class Session implements ProxySession {
  bytes = 0;
  uploaded = 0;
  forwarded = 0;
  /** Destinations checked so far (each request, tunnel and upgrade), for maxRequests. */
  private asked = 0;
  readonly refusals: ProxyRefusal[] = [];
  private readonly httpServer: Server;
  private readonly sockets = new Set<Duplex>();
  private port = 0;
  private closed = false;

  constructor(
    private readonly config: AppConfig,
    private readonly lookup: HostLookup,
    private readonly allowlist: AddressAllowlist,
    private readonly options: ProxySessionOptions,
  ) {
    this.httpServer = createServer((req, res) => void this.onRequest(req, res));
    this.httpServer.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.onConnect(req, socket, head));
    this.httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.onUpgrade(req, socket, head));
    this.httpServer.on('connection', (socket: Socket) => this.track(socket));
    this.httpServer.on('clientError', (_err, socket) => socket.destroy());
  }

  get overBudget(): boolean {
    return this.bytes > this.options.maxBytes || this.uploaded > (this.options.maxUploadBytes ?? Number.POSITIVE_INFINITY);
  }

  get server(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.httpServer.once('error', reject);
      this.httpServer.listen(0, '127.0.0.1', () => {
        this.port = (this.httpServer.address() as { port: number }).port;
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.httpServer.close(() => resolve()));
  }

  private track(socket: Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (this.closed) socket.destroy();
  }

  private refuse(method: string, url: string, reason: ProxyRefusalReason): void {
    if (this.refusals.length < MAX_REFUSALS) this.refusals.push({ method, url: url.slice(0, 2_000), reason });
  }

  private count(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    return !this.overBudget;
  }

  /** What the page sends out counts against its own cap (an upload flood ends like a download one). */
  private countUp(source: Readable, method: string, url: string, onOver: () => void): void {
    source.on('data', (chunk: Buffer) => {
      this.uploaded += chunk.length;
      if (this.overBudget) {
        this.refuse(method, url, 'budget');
        onOver();
      }
    });
  }

  /** The guard's checks for one destination, DNS included. */
  private async check(url: string): Promise<Target> {
    if (this.overBudget) return { ok: false, reason: 'budget' };
    this.asked += 1;
    if (this.asked > (this.options.maxRequests ?? Number.POSITIVE_INFINITY)) return { ok: false, reason: 'requests' };
    const checked = checkUrl(url, this.config.fetch, this.allowlist);
    if (!checked.ok) return { ok: false, reason: checked.reason };
    if (checked.ip) return { ok: true, hostname: checked.hostname, port: checked.port, addresses: [{ address: checked.ip, family: isIP(checked.ip) }] };
    const resolved = await resolveChecked(checked.hostname, this.lookup, this.allowlist);
    if (!resolved.ok) return { ok: false, reason: resolved.kind === 'refused' ? 'address' : 'not-found' };
    return { ok: true, hostname: checked.hostname, port: checked.port, addresses: resolved.addresses };
  }

  /** A TCP connection to the first checked address that accepts one; never to anything else. */
  private connectChecked(target: Extract<Target, { ok: true }>): Promise<Socket> {
    const attempt = (index: number): Promise<Socket> =>
      new Promise<Socket>((resolve, reject) => {
        const address = target.addresses[index];
        const socket = netConnect({ host: address.address, port: target.port, lookup: pinnedLookup(address), family: address.family, timeout: CONNECT_TIMEOUT_MS });
        this.track(socket);
        socket.once('connect', () => {
          socket.setTimeout(0);
          if (!sameAddress(socket.remoteAddress, address.address)) {
            socket.destroy();
            return reject(new Error('misrouted'));
          }
          resolve(socket);
        });
        socket.once('timeout', () => socket.destroy(new Error('connect timeout')));
        socket.once('error', reject);
      }).catch((err: unknown) => {
        if (index + 1 < target.addresses.length && (err as Error).message !== 'misrouted') return attempt(index + 1);
        throw err;
      });
    return attempt(0);
  }

  /** Plain http in absolute form: `GET http://host/path HTTP/1.1`. */
  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '';
    if (!/^http:\/\//i.test(url)) {
      this.refuse(method, url, 'scheme');
      return void res.writeHead(400, { connection: 'close' }).end();
    }
    const target = await this.check(url);
    if (!target.ok) {
      this.refuse(method, url, target.reason);
      return void res.writeHead(403, { connection: 'close', 'content-type': 'text/plain' }).end(SSRF_MESSAGES.privateAddress);
    }
    const parsed = new URL(url);
    let address = target.addresses[0];
    const forward = (index: number) => {
      address = target.addresses[index];
      const upstream = httpRequest({
        host: address.address,
        port: target.port,
        method,
        path: `${parsed.pathname}${parsed.search}`,
        headers: { ...forwardHeaders(req.headers), host: parsed.host, connection: 'close' },
        lookup: pinnedLookup(address),
        family: address.family,
        agent: false,
        timeout: CONNECT_TIMEOUT_MS,
      });
      upstream.on('socket', (socket: Socket) => {
        this.track(socket);
        socket.once('connect', () => {
          socket.setTimeout(0);
          if (!sameAddress(socket.remoteAddress, address.address)) upstream.destroy(new Error('misrouted'));
        });
      });
      upstream.once('timeout', () => upstream.destroy(new Error('timeout')));
      upstream.once('response', (answer) => {
        this.forwarded += 1;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders));
        answer.on('data', (chunk: Buffer) => {
          if (!this.count(chunk)) {
            this.refuse(method, url, 'budget');
            answer.destroy();
            res.destroy();
            return;
          }
          res.write(chunk);
        });
        answer.once('end', () => res.end());
        answer.once('error', () => res.destroy());
      });
      upstream.once('error', (err) => {
        if (!res.headersSent && err.message !== 'misrouted' && index + 1 < target.addresses.length) return forward(index + 1);
        this.refuse(method, url, 'unreachable');
        if (!res.headersSent) res.writeHead(502, { connection: 'close' }).end();
        else res.destroy();
      });
      current = upstream;
      req.pipe(upstream);
    };
    let current: ClientRequest | undefined;
    this.countUp(req, method, url, () => {
      current?.destroy();
      res.destroy();
    });
    forward(0);
  }

  /** https and wss: a tunnel to the checked address; the bytes inside are the browser's and the site's. */
  private async onConnect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    const authority = req.url ?? '';
    const url = `https://${authority}/`;
    const target = /^[^/?#@\s]+:\d+$/.test(authority) ? await this.check(url) : ({ ok: false, reason: 'invalid' } as const);
    if (!target.ok) {
      this.refuse('CONNECT', url, target.reason);
      return void client.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
    }
    let upstream: Socket;
    try {
      upstream = await this.connectChecked(target);
    } catch {
      this.refuse('CONNECT', url, 'unreachable');
      return void client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    }
    this.forwarded += 1;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    this.splice(client, upstream, head, 'CONNECT', url);
  }

  /** A plain ws:// upgrade sent in absolute form (Chromium normally tunnels WebSockets with CONNECT). */
  private async onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    const url = (req.url ?? '').replace(/^ws:/i, 'http:');
    const target = /^http:\/\//i.test(url) ? await this.check(url) : ({ ok: false, reason: 'scheme' } as const);
    if (!target.ok) {
      this.refuse(req.method ?? 'GET', req.url ?? '', target.reason);
      return void client.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
    }
    let upstream: Socket;
    try {
      upstream = await this.connectChecked(target);
    } catch {
      this.refuse(req.method ?? 'GET', req.url ?? '', 'unreachable');
      return void client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
    }
    this.forwarded += 1;
    const parsed = new URL(url);
    const lines = [`${req.method ?? 'GET'} ${parsed.pathname}${parsed.search} HTTP/1.1`];
    const headers = { ...forwardHeaders(req.headers), host: parsed.host, connection: 'Upgrade', upgrade: String(req.headers.upgrade ?? 'websocket') };
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) lines.push(`${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    this.splice(client, upstream, head, req.method ?? 'GET', req.url ?? '');
  }

  private splice(client: Duplex, upstream: Socket, head: Buffer, method: string, url: string): void {
    if (head.length > 0) upstream.write(head);
    upstream.on('data', (chunk: Buffer) => {
      if (!this.count(chunk)) {
        this.refuse(method, url, 'budget');
        upstream.destroy();
        client.destroy();
        return;
      }
      if (!client.write(chunk)) {
        upstream.pause();
        client.once('drain', () => upstream.resume());
      }
    });
    this.countUp(client, method, url, () => {
      upstream.destroy();
      client.destroy();
    });
    client.pipe(upstream);
    upstream.once('end', () => client.end());
    upstream.once('close', () => client.destroy());
    client.once('close', () => upstream.destroy());
  }
}

function forwardHeaders(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'host') continue;
    out[name] = value;
  }
  return out;
}

/** The site's headers as sent (repeated ones kept), less hop-by-hop ones. */
function responseHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i].toLowerCase())) out.push(raw[i], raw[i + 1]);
  out.push('connection', 'close');
  return out;
}
