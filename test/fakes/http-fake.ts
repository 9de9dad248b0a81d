import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-server';

/**
 * How a fake route misbehaves: an HTTP error (429 with Retry-After, 401, 403, 500), a body that
 * is not what the protocol says (malformed), one larger than any source accepts (oversize), or
 * no answer at all until the fake closes (hang).
 */
export type FakeFailure =
  | { kind: 'status'; status: 401 | 403 | 500 | 502 | 503 }
  | { kind: 'rate-limited'; retryAfter?: string }
  /** `body` replaces the route's own malformed body (for example plain garbage instead of wrong-shaped JSON). */
  | { kind: 'malformed'; body?: string }
  | { kind: 'oversize' }
  | { kind: 'hang' };

/** One request a fake received. */
export interface FakeRequest {
  route: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Only the headers the protocol cares about, lower-cased names. */
  headers: Record<string, string>;
}

const RECORDED_HEADERS = ['user-agent', 'hibp-api-key', 'add-padding', 'authorization', 'accept'];
/** More than the sources' 5 MB cap. */
const OVERSIZE_BYTES = 6 * 1024 * 1024;

/** A well-behaved answer. */
export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The plumbing the HTTP fakes share: a server on 127.0.0.1 on a free port, a fixed delay before
 * every answer, failure modes per route, and the record of every request.
 */
export abstract class HttpFake<Route extends string> {
  /** Every answer waits this long first (the benchmark uses 100 ms). */
  delayMs = 0;
  readonly failures: Partial<Record<Route, FakeFailure>> = {};
  readonly requests: FakeRequest[] = [];

  private readonly http = new LocalHttpServer(this.constructor.name, (req, res) => void this.handle(req, res));

  get baseUrl(): string {
    return this.http.origin;
  }

  /** Listens on 127.0.0.1 on a free port; answers the base URL. */
  start(): Promise<string> {
    return this.http.start();
  }

  /** Stops listening and drops every connection (hanging requests included). */
  close(): Promise<void> {
    return this.http.stop();
  }

  /** Forgets the requests, failures and delay (not the data). */
  resetBehaviour(): void {
    this.delayMs = 0;
    this.requests.length = 0;
    for (const key of Object.keys(this.failures)) delete this.failures[key as Route];
  }

  /** Requests of one route. */
  requestsTo(route: Route): FakeRequest[] {
    return this.requests.filter((r) => r.route === route);
  }

  /** Which route a path belongs to, or undefined for 404. */
  protected abstract routeOf(method: string, url: URL): Route | undefined;

  /** The well-behaved answer of a route. */
  protected abstract answer(route: Route, req: IncomingMessage, url: URL): FakeAnswer;

  /** The body a route sends in 'malformed' mode. */
  protected malformedBody(_route: Route): string {
    return '{"this is": not json';
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = this.routeOf(req.method ?? 'GET', url);
    const headers: Record<string, string> = {};
    for (const name of RECORDED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    this.requests.push({
      route: route ?? 'unknown',
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
    });
    // Unref: a delayed answer to a client that gave up must not keep the test process alive.
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs).unref());
    if (res.destroyed) return;
    if (!route) return send(res, 404, { 'content-type': 'application/json' }, '{"statusCode":404,"message":"Not found"}');

    const failure = this.failures[route];
    switch (failure?.kind) {
      case 'hang':
        return; // close() ends the connection
      case 'rate-limited':
        return send(
          res,
          429,
          { 'content-type': 'application/json', ...(failure.retryAfter !== undefined ? { 'retry-after': failure.retryAfter } : {}) },
          '{"statusCode":429,"message":"Rate limit is exceeded. Try again later."}',
        );
      case 'status':
        return send(res, failure.status, { 'content-type': 'application/json' }, `{"statusCode":${failure.status},"message":"fake failure"}`);
      case 'malformed':
        return send(res, 200, { 'content-type': 'application/json' }, failure.body ?? this.malformedBody(route));
      case 'oversize':
        return sendOversize(res);
      default: {
        const answer = this.answer(route, req, url);
        return send(res, answer.status, answer.headers ?? {}, answer.body ?? '');
      }
    }
  }
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** A 200 streamed without Content-Length, so the cap on bytes read (not the header) must catch it. */
function sendOversize(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < OVERSIZE_BYTES) {
      if (res.destroyed) return;
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}
