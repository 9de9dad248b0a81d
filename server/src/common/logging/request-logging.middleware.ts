import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

// A caller-supplied id is kept only when it is short and plain, so it cannot smuggle data into logs.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

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
    // Only the method and the path: query strings can hold emails or tokens.
    serializers: {
      req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
        id: req.id,
        method: req.method,
        path: (req.originalUrl ?? req.url).split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    wrapSerializers: false,
    quietReqLogger: true,
    autoLogging: { ignore: (req) => req.url === '/api/health' },
  });
}
