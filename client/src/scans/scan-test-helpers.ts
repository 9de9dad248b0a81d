/**
 * Test helpers for the scan specs: results shaped like the server's, and responses as the server
 * sends them (server-sent events cut into chunks, JSON errors), for mocking globalThis.fetch.
 */
import type { AnalysisResult, BreachDetail, CheckReport, FindingGroupResult, ScanStarted } from './scan-types';

const emptyGroup = (summary: string): FindingGroupResult => ({ count: 0, checked: 'all', details: [], summary });

export function check(overrides: Partial<CheckReport> & Pick<CheckReport, 'id'>): CheckReport {
  return { label: overrides.id, status: 'ok', findings: 0, durationMs: 100, ...overrides };
}

type BreachFacts = Pick<BreachDetail, 'name' | 'domain' | 'breachDate' | 'addedDate' | 'modifiedDate' | 'pwnCount' | 'description' | 'dataClasses' | 'evidence'>;

/** A verified, non-sensitive HIBP breach as the server details it, titled by its name and rated high. */
function hibpBreach(facts: BreachFacts): BreachDetail {
  return {
    kind: 'breach',
    title: facts.name,
    ...facts,
    isVerified: true,
    isFabricated: false,
    isSensitive: false,
    isRetired: false,
    isSpamList: false,
    source: 'Have I Been Pwned',
    sources: ['hibp'],
    sourceNames: { hibp: facts.name },
    risk: 'high',
  };
}

/** A real result for an email with two breaches and one personal-info finding, details included. */
export function emailResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return {
    input: 'alice@example.com',
    inputType: 'email',
    privacyScore: 65,
    mode: 'real',
    coverage: {
      complete: true,
      mainCheck: 'breaches',
      checksRun: 2,
      checksTotal: 3,
      unchecked: [{ id: 'email-dns', label: 'Email domain DNS', status: 'timed_out', message: 'The DNS lookup took too long.' }],
      partial: [],
      retryable: true,
    },
    breaches: {
      count: 2,
      checked: 'all',
      hiddenSensitive: 0,
      summary: 'This address appears in 2 known data breaches.',
      details: [
        hibpBreach({
          name: 'Adobe',
          domain: 'adobe.com',
          breachDate: '2013-10-04',
          addedDate: '2013-12-04T00:00:00Z',
          modifiedDate: '2022-05-15T23:52:49Z',
          pwnCount: 152445165,
          description:
            'In October 2013, 153 million <a href="https://example.test/adobe" target="_blank">Adobe</a> accounts were breached &amp; exposed.<script>alert(1)</script>',
          dataClasses: ['Email addresses', 'Password hints', 'Passwords', 'Usernames'],
          evidence: { summary: 'HIBP lists this address in the Adobe breach (2013-10-04)', url: 'https://haveibeenpwned.com/PwnedWebsites#Adobe' },
        }),
        hibpBreach({
          name: 'Dropbox',
          domain: 'dropbox.com',
          breachDate: '2012-07-01',
          addedDate: '2016-08-31T00:19:19Z',
          modifiedDate: '2016-08-31T00:19:19Z',
          pwnCount: 68648009,
          description: 'In mid-2012, Dropbox suffered a data breach.',
          dataClasses: ['Email addresses', 'Passwords'],
          evidence: { summary: 'HIBP lists this address in the Dropbox breach (2012-07-01)' },
        }),
      ],
    },
    personalInfo: {
      count: 1,
      checked: 'all',
      summary: 'Your Gravatar profile shows your name publicly.',
      details: [
        {
          kind: 'risk',
          type: 'gravatar_name_public',
          value: 'Alice Example',
          source: 'Gravatar',
          risk: 'medium',
          evidence: { summary: 'The public Gravatar profile lists the display name', observed: 'display_name: Alice Example', url: 'https://gravatar.com/alice' },
        },
      ],
    },
    locationData: emptyGroup('No location exposure found.'),
    metadata: emptyGroup('No metadata risks found.'),
    socialMedia: emptyGroup('No social media risks found.'),
    recommendations: [
      { category: 'Passwords', action: 'Change the passwords of the breached accounts and use a password manager.', priority: 'critical' },
      { category: 'Profiles', action: 'Hide your real name on your Gravatar profile.', priority: 'medium' },
    ],
    checks: [
      check({ id: 'breaches', label: 'Data breaches', findings: 2 }),
      check({ id: 'gravatar', label: 'Gravatar profile', findings: 1 }),
      check({ id: 'email-dns', label: 'Email domain DNS', status: 'timed_out', message: 'The DNS lookup took too long.' }),
    ],
    detailsIncluded: true,
    startedAt: '2026-01-01T10:00:00.000Z',
    completedAt: '2026-01-01T10:00:01.000Z',
    scanId: 'scan-1',
    ...overrides,
  };
}

/** The same result as a visitor receives it: counts and summaries, no details. */
export function visitorResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  const full = emailResult();
  const strip = <G extends FindingGroupResult>(group: G): G => ({ ...group, details: [] });
  return {
    ...full,
    breaches: strip(full.breaches),
    personalInfo: strip(full.personalInfo),
    locationData: strip(full.locationData),
    metadata: strip(full.metadata),
    socialMedia: strip(full.socialMedia),
    detailsIncluded: false,
    scanId: undefined,
    ...overrides,
  };
}

export function startedEvent(result: AnalysisResult): ScanStarted {
  return { input: result.input, inputType: result.inputType, checks: result.checks.map(({ id, label }) => ({ id, label })) };
}

export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The whole stream the server sends for a scan that ends with `result`. */
export function sseForResult(result: AnalysisResult): string {
  return [sseEvent('started', startedEvent(result)), ...result.checks.map((c) => sseEvent('check', c)), sseEvent('result', result)].join('');
}

/** Cuts text into pieces of `size` characters (a stream's chunks). */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/**
 * A streaming response whose chunks are released by the test: `push` enqueues one, `end` closes.
 * It errors with the abort reason when the request's signal aborts, as a real fetch body does.
 */
export function controllableSse(signal?: AbortSignal) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => controller.error(signal.reason));
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    push(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    end() {
      controller.close();
    },
  };
}

/** A complete SSE response, sent in chunks of `size` characters. */
export function sseResponse(text: string, size = 7): Response {
  const encoder = new TextEncoder();
  const pieces = chunks(text, size);
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const piece of pieces) c.enqueue(encoder.encode(piece));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** A stand-in for globalThis.fetch that records each request in `requests` and answers with `answer`. */
export function recordingFetch(requests: Request[], answer: (request: Request) => Response | Promise<Response>): typeof fetch {
  return jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request);
    return answer(request);
  }) as typeof fetch;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
