/**
 * Runs a privacy scan with live progress: POST /api/scans answered as server-sent events.
 * EventSource cannot POST, so the stream is read through the API client and parsed here.
 */
import { createParser } from 'eventsource-parser';
import { api } from '../api/client';
import type { AnalysisResult, CheckReport, ScanStarted } from './scan-types';

/** The widget's error, for every failure the server did not explain. */
export const SCAN_FAILED_MESSAGE = 'Analysis failed. Please try again.';

/** One dispatched server-sent event. */
export interface SseMessage {
  event: string;
  data: string;
}

/**
 * Reads a byte stream as server-sent events (UTF-8, multi-byte characters split across chunks
 * included), parsed by eventsource-parser. An event not closed by a blank line when the stream
 * ends is discarded, as the format says.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parsed: SseMessage[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => parsed.push({ event: event || 'message', data }) });
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      yield* parsed.splice(0);
    }
    finished = true;
    parser.feed(decoder.decode());
    yield* parsed.splice(0);
  } finally {
    // Stopped early (a result arrived, an error, the caller left): let the connection go.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

/** What the server streams: `started`, one `check` per check as it finishes, then `result`, `queued` or `error`. */
export type ScanStreamEvent =
  | { type: 'started'; data: ScanStarted }
  | { type: 'check'; data: CheckReport }
  | { type: 'result'; data: AnalysisResult }
  | { type: 'queued'; data: QueuedScan }
  | { type: 'error'; data: { statusCode: number; error: string } };

/** A signed-in person's email scan stored to run later (POST /api/scans answered 202). */
export interface QueuedScan {
  scanId: string;
  status: 'queued';
  input: string;
  expectedBy: string;
  emailWhenDone: boolean;
  message: string;
}

/** Thrown by runScan when the scan was queued instead of run: not a failure, the scan runs later. */
export class ScanQueued extends Error {
  constructor(readonly queued: QueuedScan) {
    super(queued.message);
    this.name = 'ScanQueued';
  }
}

function isQueued(value: unknown): value is QueuedScan {
  if (!value || typeof value !== 'object') return false;
  const { status, scanId, expectedBy, message } = value as QueuedScan;
  return status === 'queued' && typeof scanId === 'string' && typeof expectedBy === 'string' && typeof message === 'string';
}

/** A scan that failed, with the message to show as is. */
export class ScanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanError';
  }
}

/**
 * The message for a refused scan: the server's own words for invalid input (400) and the rate
 * limit or monthly quota (429), the spec's generic message for anything else.
 */
export function scanErrorMessage(status: number, body: unknown): string {
  if ((status === 400 || status === 429) && body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error.trim()) return error;
  }
  return SCAN_FAILED_MESSAGE;
}

/** Turns a raw server-sent event into a typed one; undefined for events this client does not know. */
export function toScanEvent(message: SseMessage): ScanStreamEvent | undefined {
  const known = ['started', 'check', 'result', 'queued', 'error'];
  if (!known.includes(message.event)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    throw new ScanError(SCAN_FAILED_MESSAGE);
  }
  if (!data || typeof data !== 'object') throw new ScanError(SCAN_FAILED_MESSAGE);
  return { type: message.event, data } as ScanStreamEvent;
}

export interface ScanProgress {
  onStarted?(started: ScanStarted): void;
  onCheck?(check: CheckReport): void;
}

function isResult(value: unknown): value is AnalysisResult {
  if (!value || typeof value !== 'object') return false;
  const { privacyScore, coverage } = value as AnalysisResult;
  // An incomplete result has no score (null), never a missing one.
  return (typeof privacyScore === 'number' || privacyScore === null) && !!coverage && typeof coverage.complete === 'boolean';
}

/**
 * Runs a scan of the (trimmed) input and resolves to its result, reporting progress as it comes.
 * Rejects with a ScanError carrying the message to show, a ScanQueued when the server stored the
 * scan to run later, or with the abort reason when `signal` was aborted (callers that abort ignore it).
 */
export async function runScan(input: string, { signal, ...progress }: ScanProgress & { signal?: AbortSignal } = {}): Promise<AnalysisResult> {
  try {
    return await scan(input.trim(), progress, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    if (err instanceof ScanError || err instanceof ScanQueued) throw err;
    throw new ScanError(SCAN_FAILED_MESSAGE); // network failure, a cut stream
  }
}

async function scan(input: string, progress: ScanProgress, signal: AbortSignal | undefined): Promise<AnalysisResult> {
  const { data: body, error, response } = await api.POST('/api/scans', {
    body: { input },
    headers: { Accept: 'text/event-stream' },
    parseAs: 'stream',
    signal,
  });
  if (!response.ok) throw new ScanError(scanErrorMessage(response.status, error));
  if (!body) throw new ScanError(SCAN_FAILED_MESSAGE);
  // 202: the breach sources are at their limit and the scan was stored to run later (JSON; a stream says it in a `queued` event).
  if (response.status === 202) {
    const queued: unknown = JSON.parse(await new Response(body).text());
    if (!isQueued(queued)) throw new ScanError(SCAN_FAILED_MESSAGE);
    throw new ScanQueued(queued);
  }

  // A server (or proxy) that answers with the plain JSON result instead of a stream is fine too.
  if (!(response.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    const result: unknown = JSON.parse(await new Response(body).text());
    if (!isResult(result)) throw new ScanError(SCAN_FAILED_MESSAGE);
    return result;
  }

  for await (const message of readSse(body)) {
    const event = toScanEvent(message);
    if (!event) continue;
    switch (event.type) {
      case 'started':
        progress.onStarted?.(event.data);
        break;
      case 'check':
        progress.onCheck?.(event.data);
        break;
      case 'result':
        if (!isResult(event.data)) throw new ScanError(SCAN_FAILED_MESSAGE);
        return event.data;
      // The breach sources reached their limit while the scan ran: the server stored it to run later.
      case 'queued':
        if (!isQueued(event.data)) throw new ScanError(SCAN_FAILED_MESSAGE);
        throw new ScanQueued(event.data);
      case 'error':
        throw new ScanError(scanErrorMessage(event.data.statusCode, event.data));
    }
  }
  throw new ScanError(SCAN_FAILED_MESSAGE); // the stream ended without a result
}
