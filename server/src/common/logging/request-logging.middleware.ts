import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

// A caller-supplied id is kept only when it is short and plain, so it cannot smuggle data into logs.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Paths whose segments are secret-ish (a password's hash prefix) are logged as their route
 * template, so the value never reaches a log line.
 */
const TEMPLATED_PATHS: { pattern: RegExp; template: string }[] = [
  // Anything below the route, so a malformed request (extra segments, a 404) is covered too.
  { pattern: /^\/+api\/+passwords\/+range\/./i, template: '/api/passwords/range/{prefix}' },
];

/** The path as it may be logged: without the query string, secret segments replaced. */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  return TEMPLATED_PATHS.find(({ pattern }) => pattern.test(path))?.template ?? path;
}

export function requestIdOf(req: IncomingMessage): string {
  return String((req as IncomingMessage & { id?: unknown }).id ?? '');
}

/** Assigns each request an id (echoed as X-Request-Id) and writes one JSON line when it ends. */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // Only the method and the path: query strings can hold emails or tokens (see loggablePath).
    serializers: {
      req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.originalUrl ?? req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/api/health' },
  });
}
