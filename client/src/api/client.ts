import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';

/** The one API client: every call goes through it, typed by the generated OpenAPI schema. */
export const api = createClient<paths>({ baseUrl: '' });

let accessToken: string | undefined;

/** The access token lives in memory only (never in storage); the auth context sets it. */
export function setAccessToken(token: string | undefined) {
  accessToken = token;
}

const bearer: Middleware = {
  onRequest({ request }) {
    if (accessToken && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${accessToken}`);
    }
    return request;
  },
};
api.use(bearer);

/** The message an API error body carries, or the fallback the spec gives for that call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'error' in error && typeof error.error === 'string' && error.error) {
    return error.error;
  }
  return fallback;
}
