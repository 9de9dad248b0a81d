import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { LookupAddress } from 'node:dns';
import { promises as dnsPromises } from 'node:dns';
import { ClientRequest, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, Socket } from 'node:net';
import { Readable, Transform, TransformCallback } from 'node:stream';
import { createSecureContext, SecureContext, type TLSSocket } from 'node:tls';
import { constants as zlib, createBrotliDecompress, createGunzip, createInflate, createInflateRaw, Inflate, InflateRaw } from 'node:zlib';
import { AppConfig } from '../../config/app.config';
import { APP_CONFIG } from '../../config/config.module';
import { AddressAllowlist } from './address.policy';
import { HostLookup, pinnedLookup, resolveChecked, sameAddress } from './checked-address.resolver';
import { SafeFetchError, SafeFetchFailureKind, SafeFetchHop, SafeFetchOptions, SafeFetchResponse, TlsInfo } from './safe-fetch.types';
import { PinnedHttpAgent, PinnedHttpsAgent, PinnedRequestArgs } from './pinned-keep-alive.agents';
import { TlsSessionCache } from './tls-session.cache';
import { CheckedUrl, checkUrl, SSRF_MESSAGES } from './url.policy';

export type { HostLookup } from './checked-address.resolver';

/** Injection token of the HostLookup: the system resolver by default, a map in tests. */
export const SAFE_FETCH_LOOKUP = Symbol('SAFE_FETCH_LOOKUP');

export const systemLookup: HostLookup = (hostname, options) => dnsPromises.lookup(hostname, options);

export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Caller headers that would change where or how we connect, or who we say we are. */
const RESERVED_HEADERS = new Set(['host', 'user-agent', 'accept-encoding', 'connection', 'content-length', 'transfer-encoding', 'te', 'upgrade']);
/** Caller headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
/** Connect errors after which the next checked address of the same name is tried. */
const CONNECT_RETRY_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EAFNOSUPPORT']);
/**
 * Content-coding layers undone at most. Chromium (measured with the audit's build: gzip stacked 1 to
 * 64 times) decodes up to 10 and refuses an answer with more; so do we ('unavailable'). One
 * decompressor per layer: without a limit, 2,500 layers in 72 KB cost 23–28 s of CPU.
 */
export const MAX_CONTENT_CODINGS = 10;
/** Decoding a body takes at most this long (any caller); then the body is cut there, as at the size cap. */
export const MAX_DECODE_MS = 5_000;
/** Node's reasons for a certificate that does not verify (the chain, the dates, the name). */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME|HOSTNAME_MISMATCH/;

/** Internal: the signal aborted (reported as 'timed_out'). */
class Aborted extends Error {}
/** Internal: more content-coding layers than browsers accept. */
class TooManyCodings extends Error {}
/** Internal: the socket connected somewhere else than the checked address (a bug or a hostile lookup). */
class Misrouted extends Error {}
/** A kept-alive connection the server closed as we sent on it, before any answer (sent again on a new one). */
class StaleConnection extends Error {}
/** Errors of a request on a reused connection that mean the server had closed it. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);
/** A failure before the socket connected (another checked address may be tried). */
class ConnectFailed extends Error {
  readonly code?: string;
  constructor(override readonly cause: Error) {
    super(cause.message);
    this.code = (cause as NodeJS.ErrnoException).code;
  }
}

/** What one hop sends. */
interface OutgoingRequest {
  method: 'GET' | 'HEAD' | 'POST';
  headers: Record<string, string>;
  userAgent: string;
  /** A POST's body (Content-Length is set from it). */
  body?: Buffer;
  /** Refuse a certificate that does not verify (every caller but the website check). */
  verifyTls: boolean;
}

interface Answer {
  res: IncomingMessage;
  socket: Socket;
  address: string;
  /** The connection goes back to the keep-alive pool once the body is read whole. */
  pooled: boolean;
}

/**
 * The one way server code fetches a user-supplied URL (the SSRF guard, docs/ARCHITECTURE.md; contract in
 * safe-fetch.types.ts). Each hop: the URL is checked (scheme, port, credentials, IP literal), the
 * host name is resolved once and every address checked, and the socket connects to a checked
 * address through a pinned lookup, so a second DNS answer (rebinding) is never asked for. Nothing
 * leaves before those checks pass. Redirects are followed by hand and each hop is checked again.
 *
 * TLS: certificates are verified (chain and host name) and a bad one ends the fetch ('unavailable',
 * SSRF_MESSAGES.untrustedCertificate), so no caller can take a forged answer for the site's. Only
 * the website check opts into `tls: 'report'`: it connects anyway and reports the verdict
 * (`tls.authorized` / `tls.authorizationError`) as a finding.
 *
 * Verified TLS connections resume the session of an earlier connection to the same name, pinned
 * address and port (TlsSessionCache), across requests and scans: the username check asks hundreds
 * of sites, and a full handshake costs several ms of CPU each. 'report' connections never offer or
 * keep a session: the website check always sees a full handshake and the certificate as sent.
 *
 * GET and HEAD hops keep their connection alive for a few seconds (pinned-keep-alive.agents.ts),
 * pooled by name, port and the address the guard checked and pinned for that hop: a later request
 * reuses a connection only when its own check approved that same address, so a changed DNS answer
 * never rides an old socket. 'report' connections and POSTs always get a connection of their own.
 */
@Injectable()
export class SafeFetcher implements OnModuleDestroy {
  private readonly allowlist: AddressAllowlist;
  private readonly tlsSessions = new TlsSessionCache();
  private readonly httpAgent = new PinnedHttpAgent();
  private readonly httpsAgent = new PinnedHttpsAgent();
  /**
   * One TLS context (the system's trust store, Node's defaults) for every connection, made at the first
   * https hop: without it, each connection builds its own, which cost more CPU than the handshake saved
   * by resuming (test/bench/tls-reuse.mjs).
   */
  private tlsContext?: SecureContext;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SAFE_FETCH_LOOKUP) private readonly lookup: HostLookup,
  ) {
    this.allowlist = new AddressAllowlist(config.fetch.allowedAddresses);
  }

  /** Idle kept-alive connections are closed at shutdown (they hold no request). */
  onModuleDestroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** The checks that need no DNS (scheme, port, credentials, IP literals), under this server's policy. */
  checkUrl(url: string): ReturnType<typeof checkUrl> {
    return checkUrl(url, this.config.fetch, this.allowlist);
  }

  async fetch(url: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
    const { signal } = options;
    const follow = options.followRedirects ?? true;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    let method = options.method ?? 'GET';
    let requestBody = method === 'POST' ? Buffer.from(options.body ?? '', 'utf8') : undefined;
    let headers = callerHeaders(options.headers);
    const verifyTls = options.tls !== 'report';
    const userAgent = options.userAgent !== undefined && !/[\r\n\0]/.test(options.userAgent) ? options.userAgent : this.config.sources.userAgent;
    const hops: SafeFetchHop[] = [];
    let current: string | URL = url;

    for (;;) {
      if (signal.aborted) throw fail('timed_out', SSRF_MESSAGES.timedOut, hops);
      const target = checkUrl(current, this.config.fetch, this.allowlist);
      if (!target.ok) throw fail('refused', target.message, hops);
      const addresses = target.ip ? [{ address: target.ip, family: isIP(target.ip) }] : await this.resolve(target.hostname, signal, hops);
      const answer = await this.connect(target, addresses, { method, headers, userAgent, body: requestBody, verifyTls }, signal, hops);
      const { res } = answer;
      const status = res.statusCode ?? 0;
      const location = res.headers.location;

      if (follow && REDIRECT_STATUSES.has(status) && location !== undefined) {
        res.destroy();
        hops.push({ url: target.url.href, status, location });
        if (hops.length > maxRedirects) throw fail('too_many_redirects', SSRF_MESSAGES.tooManyRedirects, hops);
        let next: URL;
        try {
          next = new URL(location, target.url);
        } catch {
          throw fail('refused', SSRF_MESSAGES.invalidUrl, hops);
        }
        // As browsers do: a 303, and a 301 or 302 after a POST, become a GET without the body.
        if (status === 303 || (method === 'POST' && (status === 301 || status === 302))) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          requestBody = undefined;
          headers = withoutBodyHeaders(headers);
        }
        if (next.origin !== target.url.origin) headers = withoutCredentials(headers);
        current = next;
        continue;
      }

      const finalHop = { url: target.url.href, status };
      // Read before the body: reading ends by closing the socket.
      const tls = target.url.protocol === 'https:' ? tlsInfo(answer.socket as TLSSocket) : undefined;
      const { body, truncated } = await readBody(res, method, maxBodyBytes, signal, answer.pooled).catch((err: unknown) => {
        if (err instanceof Aborted) throw fail('timed_out', SSRF_MESSAGES.timedOut, [...hops, finalHop]);
        throw fail('unavailable', err instanceof TooManyCodings ? SSRF_MESSAGES.tooManyCodings : SSRF_MESSAGES.unreadable, [...hops, finalHop]);
      });
      hops.push(finalHop);
      return {
        url: target.url.href,
        status,
        headers: responseHeaders(res),
        body,
        truncated,
        hops,
        tls,
        remoteAddress: answer.address,
      };
    }
  }

  /** Every address of the name, all checked: one private address refuses the name. */
  private async resolve(hostname: string, signal: AbortSignal, hops: SafeFetchHop[]): Promise<LookupAddress[]> {
    let checked: Awaited<ReturnType<typeof resolveChecked>>;
    try {
      checked = await untilAborted(resolveChecked(hostname, this.lookup, this.allowlist), signal);
    } catch {
      throw fail('timed_out', SSRF_MESSAGES.timedOut, hops);
    }
    if (!checked.ok) throw fail(checked.kind, checked.message, hops);
    return checked.addresses;
  }

  /** Sends the request to the first checked address that accepts a connection; resolves at the response headers. */
  private async connect(target: CheckedUrl, addresses: LookupAddress[], request: OutgoingRequest, signal: AbortSignal, hops: SafeFetchHop[]): Promise<Answer> {
    for (let i = 0; ; i++) {
      try {
        return await this.send(target, addresses[i], request, signal).catch((err: unknown) => {
          // The server closed a kept-alive connection as we sent on it: GET and HEAD go again, once, on a new one.
          if (err instanceof StaleConnection) return this.send(target, addresses[i], request, signal, false);
          throw err;
        });
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (err instanceof ConnectFailed && i + 1 < addresses.length && code && CONNECT_RETRY_CODES.has(code)) continue;
        throw toFetchError(err, hops);
      }
    }
  }

  private send(target: CheckedUrl, address: LookupAddress, { method, headers, userAgent, body, verifyTls }: OutgoingRequest, signal: AbortSignal, mayPool = true): Promise<Answer> {
    const https = target.url.protocol === 'https:';
    // Only requests that may be sent again (GET, HEAD) and verified TLS share connections.
    const pooled = mayPool && method !== 'POST' && (!https || verifyTls);
    const options: RequestOptions &
      Partial<PinnedRequestArgs> & { servername?: string; rejectUnauthorized?: boolean; autoSelectFamily?: boolean; session?: Buffer; secureContext?: SecureContext } = {
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method,
      headers: {
        accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        ...headers,
        'user-agent': userAgent,
        'accept-encoding': 'gzip, deflate, br',
        // Pooled: the agent asks for keep-alive.
        ...(pooled ? {} : { connection: 'close' }),
        ...(body !== undefined ? { 'content-length': String(body.length) } : {}),
      },
      // Pooled by name, port and this checked address (pinnedAddress is part of the pool key); otherwise a connection of its own.
      agent: pooled ? (https ? this.httpsAgent : this.httpAgent) : false,
      ...(pooled ? { pinnedAddress: address.address } : {}),
      lookup: pinnedLookup(address),
      family: address.family,
      autoSelectFamily: false,
    };
    let sessionKey: string | undefined;
    if (https) {
      // 'report' (the website check only): connect anyway; the verdict is read off the socket and reported.
      options.rejectUnauthorized = verifyTls;
      options.secureContext = this.tlsContext ??= createSecureContext();
      if (!target.ip) options.servername = target.hostname.replace(/\.$/, '');
      if (verifyTls) {
        sessionKey = TlsSessionCache.keyOf(options.servername ?? target.hostname, address.address, target.port);
        const session = this.tlsSessions.get(sessionKey);
        if (session) options.session = session;
      }
    }

    return new Promise<Answer>((resolve, reject) => {
      let connected = false;
      const req: ClientRequest = (https ? httpsRequest : httpRequest)(options);
      const onAbort = () => req.destroy(new Aborted());
      if (signal.aborted) onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      req.on('socket', (socket: Socket) => {
        if (req.reusedSocket) {
          // A kept-alive connection of this very key: connected to this checked address when it was made (checked again here).
          connected = true;
          if (!sameAddress(socket.remoteAddress, address.address)) req.destroy(new Misrouted());
          return;
        }
        socket.once('connect', () => {
          connected = true;
          if (!sameAddress(socket.remoteAddress, address.address)) req.destroy(new Misrouted());
        });
        // Kept only once the handshake verified: the TLS socket emits 'session' after the handshake (TLS 1.3: per ticket).
        if (sessionKey) socket.on('session', (session: Buffer) => this.tlsSessions.set(sessionKey, session));
      });
      req.once('response', (res) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ res, socket: res.socket as Socket, address: address.address, pooled });
      });
      req.once('error', (err) => {
        signal.removeEventListener('abort', onAbort);
        const code = (err as NodeJS.ErrnoException).code;
        if (req.reusedSocket && code && STALE_CONNECTION_CODES.has(code)) return reject(new StaleConnection(err.message));
        if (sessionKey) this.tlsSessions.forget(sessionKey);
        reject(connected || err instanceof Aborted || err instanceof Misrouted ? err : new ConnectFailed(err));
      });
      req.end(body);
    });
  }
}

function fail(kind: SafeFetchFailureKind, message: string, hops: SafeFetchHop[]): SafeFetchError {
  return new SafeFetchError(kind, message, [...hops]);
}

function toFetchError(err: unknown, hops: SafeFetchHop[]): SafeFetchError {
  if (err instanceof Aborted) return fail('timed_out', SSRF_MESSAGES.timedOut, hops);
  if (err instanceof Misrouted) return fail('refused', SSRF_MESSAGES.privateAddress, hops);
  const code = (err as NodeJS.ErrnoException).code;
  if (code && CERTIFICATE_ERROR.test(code)) return fail('unavailable', SSRF_MESSAGES.untrustedCertificate, hops);
  if (code === 'HPE_HEADER_OVERFLOW') return fail('too_large', SSRF_MESSAGES.headersTooLarge, hops);
  if (code?.startsWith('HPE_')) return fail('unavailable', SSRF_MESSAGES.unreadable, hops);
  return fail('unavailable', SSRF_MESSAGES.unreachable, hops);
}

function callerHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (!RESERVED_HEADERS.has(lower)) out[lower] = value;
  }
  return out;
}

/** A POST turned GET by a redirect sends no body, so none of the headers describing one. */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith('content-')));
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));
}

function responseHeaders(res: IncomingMessage): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(res.headersDistinct)) if (values) out[name] = values;
  return out;
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function tlsInfo(socket: TLSSocket): TlsInfo {
  const cert = socket.getPeerCertificate();
  const hasCert = cert && Object.keys(cert).length > 0;
  const error = socket.authorizationError as unknown;
  return {
    authorized: socket.authorized,
    ...(socket.authorized || !error ? {} : { authorizationError: error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error) }),
    ...(hasCert
      ? {
          validFrom: isoDate(cert.valid_from),
          validTo: isoDate(cert.valid_to),
          issuer: distinguishedName(cert.issuer),
          subject: distinguishedName(cert.subject),
        }
      : {}),
    protocol: socket.getProtocol() ?? undefined,
  };
}

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function distinguishedName(name: object | undefined): string | undefined {
  if (!name) return undefined;
  const parts = Object.entries(name as Record<string, string | string[]>).map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * Reads the body, decompressed, up to `maxBytes`; stops inflating and drops the connection at the cap.
 * A `pooled` connection whose answer was read whole goes back to its pool; any other is closed.
 */
function readBody(res: IncomingMessage, method: string, maxBytes: number, signal: AbortSignal, pooled: boolean): Promise<{ body: Buffer; truncated: boolean }> {
  const status = res.statusCode ?? 0;
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) {
    const empty = { body: Buffer.alloc(0), truncated: false };
    res.resume();
    // A kept connection goes back to its pool at the answer's end (at once: no body), before the next request may want it.
    if (!pooled) return Promise.resolve(empty);
    return new Promise((resolve) => {
      res.once('end', () => resolve(empty));
      res.once('close', () => resolve(empty));
    });
  }
  let decoders: Transform[];
  try {
    decoders = decodersFor(res.headers['content-encoding']);
  } catch (err) {
    res.destroy();
    res.socket?.destroy();
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  const streams: Readable[] = [res, ...decoders];
  for (let i = 0; i < decoders.length; i++) streams[i].pipe(decoders[i]);
  const output = streams[streams.length - 1];

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    // Decoding has its own time cap, whatever the caller's signal allows: what was decoded by then is the body.
    const decodeTimer = decoders.length > 0 ? setTimeout(() => finish(true), MAX_DECODE_MS) : undefined;
    const stop = (keepConnection = false) => {
      clearTimeout(decodeTimer);
      signal.removeEventListener('abort', onAbort);
      for (const stream of keepConnection ? decoders : streams) stream.destroy();
      // Not kept: closed now, not when the server gets to it.
      if (!keepConnection) res.socket?.destroy();
    };
    const finish = (truncated: boolean) => {
      if (settled) return;
      settled = true;
      // The whole answer was read: the agent takes the connection back (or closes it if the server said so).
      stop(pooled && !truncated && res.complete);
      resolve({ body: Buffer.concat(chunks, Math.min(size, maxBytes)), truncated });
    };
    const failWith = (err: Error) => {
      if (settled) return;
      settled = true;
      stop();
      reject(err);
    };
    const onAbort = () => failWith(new Aborted());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });

    output.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += chunk.length;
      if (size > maxBytes) finish(true);
    });
    output.once('end', () => finish(false));
    for (const stream of streams) stream.once('error', (err) => failWith(err));
    // A connection closed before the end of the body may come without an error event.
    res.once('close', () => {
      if (!res.complete) failWith(new Error('closed before the end of the body'));
    });
  });
}

/** Decoders for Content-Encoding, outermost applied last by the server, so undone first. Unknown codings: none (raw body). */
function decodersFor(header: string | undefined): Transform[] {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (!codings.every((coding) => ['gzip', 'x-gzip', 'deflate', 'br'].includes(coding))) return [];
  if (codings.length > MAX_CONTENT_CODINGS) throw new TooManyCodings();
  // Servers often cut compressed bodies short: flush what was inflated instead of failing.
  const flush = { finishFlush: zlib.Z_SYNC_FLUSH };
  return codings.reverse().map((coding) => {
    if (coding === 'br') return createBrotliDecompress({ finishFlush: zlib.BROTLI_OPERATION_FLUSH });
    if (coding === 'deflate') return new InflateAuto(flush);
    return createGunzip(flush);
  });
}

/** HTTP "deflate" should be zlib-wrapped, but some servers send raw deflate: pick by the first bytes. */
class InflateAuto extends Transform {
  private inner?: Inflate | InflateRaw;

  constructor(private readonly zlibOptions: { finishFlush: number }) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.inner) {
      const zlibWrapped = chunk.length >= 2 && (chunk[0] & 0x0f) === 8 && ((chunk[0] << 8) | chunk[1]) % 31 === 0;
      const inner = zlibWrapped ? createInflate(this.zlibOptions) : createInflateRaw(this.zlibOptions);
      inner.on('data', (data: Buffer) => this.push(data));
      inner.once('error', (err) => this.destroy(err));
      this.inner = inner;
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (!this.inner) return callback();
    this.inner.once('end', () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}
