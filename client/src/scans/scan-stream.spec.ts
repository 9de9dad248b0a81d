/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { readSse, runScan, SCAN_FAILED_MESSAGE, ScanError, scanErrorMessage, ScanQueued, type SseMessage } from './scan-stream';
import { check, chunks, controllableSse, emailResult, jsonResponse, recordingFetch, sseEvent, sseForResult, sseResponse, startedEvent } from './scan-test-helpers';
import type { CheckReport, ScanStarted } from './scan-types';

/** A response body delivering these byte pieces one by one. */
function bodyOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

/** Every event readSse makes of the text, delivered as UTF-8 cut into the given string pieces. */
async function parse(pieces: string[]): Promise<SseMessage[]> {
  const encoder = new TextEncoder();
  const events: SseMessage[] = [];
  for await (const event of readSse(bodyOf(pieces.map((piece) => encoder.encode(piece))))) events.push(event);
  return events;
}

const SAMPLE =
  '\uFEFF: keep-alive comment\r\n' +
  'event: started\r\n' +
  'data: {"a":1}\r\n' +
  '\r\n' +
  'data: line one\r' +
  'data:line two\r' +
  'data\r' +
  'id: 7\r' +
  '\r' +
  ':another comment\n' +
  'event: check\n' +
  'retry: 1000\n' +
  'unknown: field\n' +
  'data:  two spaces keep one\n' +
  '\n' +
  'event: lonely-event-without-data\n' +
  '\n' +
  'data: after\n' +
  '\n' +
  'data: never closed by a blank line\n';

const EXPECTED: SseMessage[] = [
  { event: 'started', data: '{"a":1}' },
  { event: 'message', data: 'line one\nline two\n' },
  { event: 'check', data: ' two spaces keep one' },
  { event: 'message', data: 'after' },
];

describe('readSse', () => {
  it('parses comments, CRLF/CR/LF line ends, multi-line data, ids, a BOM, and ignores data-less and unfinished events', async () => {
    expect(await parse([SAMPLE])).toEqual(EXPECTED);
  });

  it('gives the same events wherever the text is cut, even between CR and LF', async () => {
    for (let cut = 1; cut < SAMPLE.length; cut++) {
      expect({ cut, events: await parse([SAMPLE.slice(0, cut), SAMPLE.slice(cut)]) }).toEqual({ cut, events: EXPECTED });
    }
    for (const size of [1, 2, 3, 5, 11]) {
      expect({ size, events: await parse(chunks(SAMPLE, size)) }).toEqual({ size, events: EXPECTED });
    }
  });

  it('treats a CR at the end of one chunk and an LF at the start of the next as one line end', async () => {
    expect(await parse(['data: x\r', '\n', '\r', '\ndata: y\n\n'])).toEqual([
      { event: 'message', data: 'x' },
      { event: 'message', data: 'y' },
    ]);
  });

  it('decodes UTF-8 characters split across byte chunks', async () => {
    const bytes = new TextEncoder().encode('data: Zoë 🦶\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const byte of bytes) c.enqueue(Uint8Array.of(byte));
        c.close();
      },
    });
    const events: SseMessage[] = [];
    for await (const event of readSse(body)) events.push(event);
    expect(events).toEqual([{ event: 'message', data: 'Zoë 🦶' }]);
  });

  it('cancels the stream when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('data: one\n\ndata: two\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readSse(body)) {
      expect(event.data).toBe('one');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('scanErrorMessage', () => {
  it("shows the server's words for 400 and 429, the spec's message for anything else", () => {
    expect(scanErrorMessage(400, { statusCode: 400, error: 'Please enter a handle, URL, or email address' })).toBe(
      'Please enter a handle, URL, or email address',
    );
    expect(scanErrorMessage(429, { error: 'You have used all 3 scans of your plan this month.' })).toBe(
      'You have used all 3 scans of your plan this month.',
    );
    expect(scanErrorMessage(500, { error: 'Internal server error' })).toBe(SCAN_FAILED_MESSAGE);
    expect(scanErrorMessage(429, 'not json')).toBe(SCAN_FAILED_MESSAGE);
    expect(scanErrorMessage(400, { error: '' })).toBe(SCAN_FAILED_MESSAGE);
  });
});

describe('runScan', () => {
  let requests: Request[];
  let answer: (request: Request) => Response | Promise<Response>;

  beforeEach(() => {
    requests = [];
    globalThis.fetch = recordingFetch(requests, (request) => answer(request));
  });

  it('POSTs the trimmed input asking for a stream, reports progress in order and resolves to the result', async () => {
    const result = emailResult();
    answer = () => sseResponse(`: hello\n\n${sseForResult(result)}`, 13);
    const seen: string[] = [];
    const resolved = await runScan('  alice@example.com  ', {
      onStarted: (s: ScanStarted) => seen.push(`started:${s.checks.map((c) => c.id).join(',')}`),
      onCheck: (c: CheckReport) => seen.push(`check:${c.id}:${c.status}`),
    });

    expect(resolved).toEqual(result);
    expect(seen).toEqual(['started:breaches,gravatar,email-dns', 'check:breaches:ok', 'check:gravatar:ok', 'check:email-dns:timed_out']);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/scans');
    expect(request.headers.get('Accept')).toBe('text/event-stream');
    expect(await request.json()).toEqual({ input: 'alice@example.com' });
  });

  it('accepts a plain JSON result too', async () => {
    const result = emailResult();
    answer = () => jsonResponse(200, result);
    await expect(runScan('alice@example.com')).resolves.toEqual(result);
  });

  it.each([
    [400, 'Please enter a valid email address, website URL, or social media handle (e.g., @username)'],
    [429, 'Too many scans from this address. Please try again in a few minutes.'],
    [429, 'You have used all 3 scans of your Free plan this month. Upgrade for more.'],
  ])("rejects a %i with the server's error text", async (status, error) => {
    answer = () => jsonResponse(status, { statusCode: status, error, requestId: 'r-1' });
    await expect(runScan('alice@example.com')).rejects.toEqual(new ScanError(error));
  });

  it.each([
    ['a 500', () => jsonResponse(500, { statusCode: 500, error: 'Internal server error', requestId: 'r' })],
    ['a 502 without a JSON body', () => new Response('Bad gateway', { status: 502 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a stream that ends without a result', () => sseResponse(sseEvent('started', startedEvent(emailResult())))],
    ['a result that is not JSON', () => sseResponse('event: result\ndata: {oops\n\n')],
    ['a result without a score', () => sseResponse(sseEvent('result', { input: 'x' }))],
    ['an error event of a 500', () => sseResponse(sseEvent('error', { statusCode: 500, error: 'boom' }))],
  ])('rejects %s with the spec message', async (_what, respond) => {
    answer = respond;
    await expect(runScan('alice@example.com')).rejects.toEqual(new ScanError(SCAN_FAILED_MESSAGE));
  });

  it("shows an in-stream 429 error's own text", async () => {
    answer = () =>
      sseResponse(sseEvent('started', startedEvent(emailResult())) + sseEvent('error', { statusCode: 429, error: 'Slow down, please.' }));
    await expect(runScan('alice@example.com')).rejects.toEqual(new ScanError('Slow down, please.'));
  });

  it('rejects with ScanQueued when the stream ends in a `queued` event (the breach sources reached their limit mid-run)', async () => {
    const queued = { scanId: 'scan-9', status: 'queued', input: 'alice@example.com', expectedBy: '2026-12-02T08:00:00.000Z', emailWhenDone: true, message: 'Your check is queued.' };
    answer = () => sseResponse(sseEvent('started', startedEvent(emailResult())) + sseEvent('queued', queued));
    await expect(runScan('alice@example.com')).rejects.toEqual(new ScanQueued(queued as ConstructorParameters<typeof ScanQueued>[0]));
  });

  it('ignores events it does not know', async () => {
    const result = emailResult();
    answer = () => sseResponse(sseEvent('ping', { t: 1 }) + sseEvent('result', result));
    await expect(runScan('alice@example.com')).resolves.toEqual(result);
  });

  it('stops when aborted and rejects with the abort reason, not a ScanError', async () => {
    let stream!: ReturnType<typeof controllableSse>;
    answer = (request) => {
      stream = controllableSse(request.signal);
      return stream.response;
    };
    const controller = new AbortController();
    const checks: string[] = [];
    const running = runScan('alice@example.com', { signal: controller.signal, onCheck: (c) => checks.push(c.id) });
    await new Promise((r) => setTimeout(r, 10));
    stream.push(sseEvent('check', check({ id: 'breaches' })));
    await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    const outcome = await running.catch((err: unknown) => err);
    expect(outcome).not.toBeInstanceOf(ScanError);
    expect((outcome as Error).name).toBe('AbortError');
    expect(checks).toEqual(['breaches']);
  });
});
