/**
 * Errors that mean "no database connection right now", not "this request is wrong": pg-pool's
 * wait for a free connection ran out, a new connection could not be opened in time, or the
 * server refused or dropped it. They are answered 503 with Retry-After, and background jobs
 * log them and try again at their next turn.
 */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection free within connectionTimeoutMillis
  'Connection terminated due to connection timeout', // pg: connecting took longer than connectionTimeoutMillis
  'Connection terminated unexpectedly',
];
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code ?? (e as { driverError?: { code?: unknown } }).driverError?.code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/**
 * A foreign-key violation on a `…_user_id` constraint: the row's owner is gone. An access check is
 * cached for a few seconds per instance, so a request of an account deleted meanwhile on another
 * instance can reach its insert; that is a signed-out request (401), not a server error.
 */
export function isOwnerGone(err: unknown): boolean {
  const driverError = (err as { driverError?: { code?: unknown; constraint?: unknown } } | undefined)?.driverError;
  return driverError?.code === '23503' && typeof driverError.constraint === 'string' && /_user_id$/.test(driverError.constraint);
}

/** Waits before each retry of retryWhileUnavailable: the pool usually frees up within seconds. */
export const UNAVAILABLE_RETRY_DELAYS_MS = [500, 1_500, 4_000];

/**
 * Runs a background job's database step again while the database is unavailable (a dry pool, a
 * restart), a few times with growing pauses; any other error, or the last one, is thrown. For
 * steps whose loss costs more than waiting: recording a sent email (else it is sent twice), a
 * monitor run's result (else the monitor waits for its lease to end).
 */
export async function retryWhileUnavailable<T>(step: () => Promise<T>, delaysMs: readonly number[] = UNAVAILABLE_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (attempt >= delaysMs.length || !isDatabaseUnavailable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[attempt]));
    }
  }
}
