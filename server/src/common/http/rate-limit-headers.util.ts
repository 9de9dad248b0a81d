import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (IETF draft "RateLimit header fields
 * for HTTP", the three-field form): on every answer of a route whose rate limits were consulted,
 * success or 429, describing the limit closest to running out. Services count hits deep in the
 * call (RateLimiter); this per-request store lets them reach the response without passing it down.
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
} as const;

interface RequestState {
  res: ServerResponse;
  /** The tightest limit reported so far in this request. */
  reported?: { remaining: number; reset: number };
}

const requests = new AsyncLocalStorage<RequestState>();

/** Middleware that opens the per-request store; mount it before the routes. */
export function rateLimitHeaders() {
  return (_req: Request, res: Response, next: NextFunction) => requests.run({ res }, next);
}

/**
 * Tells the current response about one limit just consulted: `limit` hits per window, `remaining`
 * of them left, the window ending in `resetSeconds`. The limit with the fewest hits left wins (on a
 * tie, the one that resets later). Outside a request, or once headers are sent, it does nothing.
 */
export function reportRateLimit(limit: number, remaining: number, resetSeconds: number): void {
  const state = requests.getStore();
  if (!state || state.res.headersSent) return;
  const left = Math.max(0, remaining);
  const reset = Math.max(0, Math.ceil(resetSeconds));
  const current = state.reported;
  if (current && (current.remaining < left || (current.remaining === left && current.reset > reset))) return;
  state.reported = { remaining: left, reset };
  state.res.setHeader(RATE_LIMIT_HEADERS.limit, String(limit));
  state.res.setHeader(RATE_LIMIT_HEADERS.remaining, String(left));
  state.res.setHeader(RATE_LIMIT_HEADERS.reset, String(reset));
}
