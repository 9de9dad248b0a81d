import type { SourceFailureStatus, SourceResult } from './source.types';

/** The most an outside service may send us; HIBP's whole breach catalogue is well under this. */
export const MAX_SOURCE_BODY_BYTES = 5 * 1024 * 1024;

/** The spec's words for a 429 from an outside service. */
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded. Please try again later.';

export interface SourceRequest {
  /** The service's name as people know it, used in messages: "Have I Been Pwned". */
  service: string;
  url: string;
  userAgent: string;
  /** Aborts when the caller's time is up: the request then ends as `timed_out`. */
  signal: AbortSignal;
  headers?: Record<string, string>;
  maxBytes?: number;
}

/** An answer of any status, with its body read (up to the cap) as text. */
export interface SourceResponse {
  status: number;
  headers: Headers;
  text: string;
}

type Failure = Extract<SourceResult<never>, { status: SourceFailureStatus }>;

export const failure = (status: SourceFailureStatus, message: string, retryAfterSeconds?: number): Failure =>
  retryAfterSeconds === undefined ? { status, message } : { status, message, retryAfterSeconds };

/**
 * GET through Node's fetch with our User-Agent, the caller's signal and a size cap. Never throws:
 * a network failure, an abort or an oversized body come back as a non-ok result whose message
 * names the service only (never the URL, which can hold an email address or a hash prefix).
 */
export async function sourceGet(request: SourceRequest): Promise<SourceResult<SourceResponse>> {
  const { service, signal } = request;
  if (signal.aborted) return timedOut(service);
  let res: Response;
  try {
    res = await fetch(request.url, {
      method: 'GET',
      headers: { ...request.headers, 'user-agent': request.userAgent },
      signal,
      // A redirect would carry our API key elsewhere: treat one as an unexpected answer.
      redirect: 'manual',
    });
  } catch {
    return signal.aborted ? timedOut(service) : failure('unavailable', `Could not reach ${service}`);
  }
  const body = await readCapped(res, request.maxBytes ?? MAX_SOURCE_BODY_BYTES);
  if (body === 'too-large') return failure('unavailable', `${service} answered with a response that is too large`);
  if (body === 'interrupted') {
    return signal.aborted ? timedOut(service) : failure('unavailable', `${service} stopped answering mid-response`);
  }
  return { status: 'ok', data: { status: res.status, headers: res.headers, text: body } };
}

/** Parses a JSON body; anything unparsable is the service's fault, reported as unavailable. */
export function parseJson(service: string, text: string): SourceResult<unknown> {
  try {
    return { status: 'ok', data: JSON.parse(text) as unknown };
  } catch {
    return malformed(service);
  }
}

export const malformed = (service: string): Failure => failure('unavailable', `${service} answered with a malformed response`);

/**
 * What a status other than the expected ones means: 429 rate limited (with Retry-After), 401 the
 * key was refused, 403 refused, anything else an API error. `keyHint` names the setting to check.
 */
export function statusFailure(service: string, res: SourceResponse, keyHint: string): Failure {
  switch (res.status) {
    case 429:
      return failure('rate_limited', RATE_LIMIT_MESSAGE, retryAfterSeconds(res.headers.get('retry-after')));
    case 401:
      return failure('not_configured', `${service} refused the API key (${keyHint})`);
    case 403:
      return failure('unavailable', `${service} refused the request`);
    default:
      return failure('unavailable', `API error: ${res.status}`);
  }
}

/** Retry-After as delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or nonsense. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  // An HTTP date names its weekday and month; Date.parse alone would also take "-5" as a year.
  const at = /[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now) / 1000)), 86_400);
}

const timedOut = (service: string): Failure => failure('timed_out', `${service} did not answer in time`);

async function readCapped(res: Response, maxBytes: number): Promise<string | 'too-large' | 'interrupted'> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return 'too-large';
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'interrupted';
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A fetched list document, or the server's word that our copy (by ETag) is current. */
export type ListDocumentDownload = { notModified: true } | { notModified: false; text: string; etag: string | null };

/**
 * Downloads a JSON list an operator configured (not user input) with our User-Agent, a size cap and
 * the stored copy's ETag (a 304 then says it is current). Never throws.
 */
export async function downloadListDocument(
  request: Pick<SourceRequest, 'service' | 'url' | 'userAgent' | 'signal' | 'maxBytes'>,
  etag: string | null,
): Promise<SourceResult<ListDocumentDownload>> {
  const res = await sourceGet({ ...request, headers: { accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) } });
  if (res.status !== 'ok') return res;
  const { status, headers, text } = res.data;
  if (status === 304 && etag) return { status: 'ok', data: { notModified: true } };
  if (status !== 200) return failure('unavailable', `${request.service} answered with HTTP ${status}`);
  return { status: 'ok', data: { notModified: false, text, etag: headers.get('etag') } };
}
