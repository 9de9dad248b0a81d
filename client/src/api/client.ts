import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import { retryAfterSeconds, withWait } from './retry-after';

let accessToken: string | undefined;
/** A sign-out is under way (see whileSessionEnds). */
let sessionEnding = false;
let refresher: (() => Promise<string | undefined>) | undefined;

/** The access token lives in memory only (never in storage); the auth context sets it. */
export function setAccessToken(token: string | undefined) {
  accessToken = token;
  if (token !== undefined) sessionEnding = false;
}

/**
 * The auth context registers how to get a fresh access token (its single-flight refresh); a
 * request answered 401 is then retried once with the new token.
 */
export function setSessionRefresher(fn: (() => Promise<string | undefined>) | undefined) {
  refresher = fn;
}

/**
 * For the one call that cannot go through `api` (the image upload: XMLHttpRequest, for its upload
 * progress): the current access token, and a fresh one after a 401 (the same single-flight refresh).
 */
export function currentAccessToken(): string | undefined {
  return accessToken;
}
export function refreshAccessToken(): Promise<string | undefined> {
  return refresher ? refresher() : Promise.resolve(undefined);
}

/** Cookie-authenticated routes: they need the CSRF header and never trigger a refresh themselves. */
const CSRF_PATHS = new Set(['/api/auth/refresh', '/api/auth/logout']);
/** Calls whose 401 means "wrong credentials" or "no session", not "the access token expired". */
const NO_RETRY_PATHS = new Set([...CSRF_PATHS, '/api/auth/login', '/api/auth/signup']);

/** Requests sent with the access token that have not answered yet: sign-out waits for them. */
const unanswered = new Set<Promise<void>>();

/**
 * Resolves once every request sent with the session's access token has answered, or after
 * `limitMs`. Signing out first ends the session on the server, so a call still on its way (an
 * analytics event, a save) would otherwise be refused with 401 and lost.
 */
export async function authenticatedRequestsSettled(limitMs = 2_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (unanswered.size > 0 && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadline - Date.now())));
    await Promise.race([Promise.all(unanswered), timeout]);
    clearTimeout(timer);
  }
}

/**
 * Runs a sign-out. From its start until the signed-out screen is up (sessionEndedOnScreen), calls
 * of the signed-in screen are answered 401 here instead of being sent: the server ends the
 * session's access tokens at once, so it would refuse them, and a page of the old screen that
 * mounts late (a lazily loaded route) would log the refusals as errors. A failed sign-out
 * changes nothing.
 */
export async function whileSessionEnds<T>(signOut: () => Promise<T>): Promise<T> {
  sessionEnding = true;
  try {
    return await signOut();
  } catch (err) {
    sessionEnding = false;
    throw err;
  }
}

/** The signed-out screen is committed: calls go out again (the auth context calls this). */
export function sessionEndedOnScreen() {
  sessionEnding = false;
}

const signedOutAnswer = () =>
  new Response(JSON.stringify({ statusCode: 401, error: 'Please sign in to continue.', requestId: '' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

/** Sends `input`, counting it among the unanswered authenticated requests while it is out. */
function fetchWithRefresh(input: Request): Promise<Response> {
  if (sessionEnding && !CSRF_PATHS.has(new URL(input.url, 'http://localhost').pathname)) return Promise.resolve(signedOutAnswer());
  if (!input.headers.has('Authorization')) return sendWithRefresh(input);
  const response = sendWithRefresh(input);
  const answered = response.then(
    () => undefined,
    () => undefined,
  );
  unanswered.add(answered);
  void answered.then(() => unanswered.delete(answered));
  return response;
}

/** fetch with one retry after a token refresh when an authenticated call answers 401. */
async function sendWithRefresh(input: Request): Promise<Response> {
  const path = new URL(input.url, 'http://localhost').pathname;
  const retryable = refresher && !NO_RETRY_PATHS.has(path);
  const spare = retryable ? input.clone() : undefined;
  const response = await globalThis.fetch(input);
  if (response.status !== 401 || !spare || !refresher) return response;
  const token = await refresher();
  if (!token) return response;
  spare.headers.set('Authorization', `Bearer ${token}`);
  return globalThis.fetch(spare);
}

/** The one API client: every call goes through it, typed by the generated OpenAPI schema. */
export const api = createClient<paths>({ baseUrl: '', fetch: fetchWithRefresh });

const bearer: Middleware = {
  onRequest({ request }) {
    if (accessToken && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${accessToken}`);
    }
    return request;
  },
};

/** The server refuses refresh and logout without this header (a cross-site form cannot set it). */
const csrf: Middleware = {
  onRequest({ request, schemaPath }) {
    if (CSRF_PATHS.has(schemaPath)) request.headers.set('X-Footprint-CSRF', '1');
    return request;
  },
};
/** A 429's message says how long to wait (its Retry-After), wherever the client shows it. */
const waitInMessage: Middleware = {
  async onResponse({ response }) {
    if (response.status !== 429) return undefined;
    const seconds = retryAfterSeconds(response.headers.get('Retry-After'));
    if (seconds === undefined) return undefined;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (!body || typeof body !== 'object' || !('error' in body) || typeof body.error !== 'string') return undefined;
    return new Response(JSON.stringify({ ...body, error: withWait(body.error, seconds) }), { status: response.status, statusText: response.statusText, headers: response.headers });
  },
};
api.use(bearer, csrf, waitInMessage);

/** The message an API error body carries, or the fallback the spec gives for that call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string' && error.error) {
    return error.error;
  }
  return fallback;
}
