import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf } from './request-logging.middleware';

/**
 * The request id of the request being served, for log lines written by services (through Nest's
 * Logger) far from the request object. Only the id is kept: it is ours or a short plain token the
 * client sent (request-logging.middleware.ts), never personal data.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** Middleware that opens the request's context; mount it right after requestLogging (which assigns the id). */
export function requestContext() {
  return (req: IncomingMessage, _res: ServerResponse, next: () => void) => context.run({ requestId: requestIdOf(req) }, next);
}

/** The current request's id, or undefined outside a request (start-up, scheduled jobs). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId || undefined;
}
