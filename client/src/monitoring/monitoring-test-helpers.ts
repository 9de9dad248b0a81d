import type { Monitor, MonitorList } from './monitor-types';

const DAY = 24 * 3600_000;

export function monitor(overrides: Partial<Monitor> = {}): Monitor {
  return {
    id: 'm-1',
    type: 'weekly',
    kind: 'identity',
    active: true,
    nextRunAt: new Date(Date.now() + 7 * DAY).toISOString(),
    createdAt: new Date().toISOString(),
    targets: { emails: ['alice@example.com'], handles: [], websites: [], domains: [] },
    pendingEmails: [],
    website: null,
    domain: null,
    lastRuns: [],
    ...overrides,
  };
}

export function monitorList(monitors: Monitor[], limit: number): MonitorList {
  return { monitors, activeCount: monitors.filter((m) => m.active).length, limit, total: monitors.length, page: 1, pageSize: 100 };
}

export type Answer = { status: number; body?: unknown } | 'network-error';

/**
 * A fetch double keyed by "METHOD /path": each route answers a status and JSON body (or fails like
 * a dropped connection). Records every request with its parsed JSON body.
 */
export function fakeFetch(routes: Record<string, () => Answer>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const text = await request.text();
    calls.push({ key, body: text ? JSON.parse(text) : undefined });
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    const answer = route();
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, count: (key: string) => calls.filter((c) => c.key === key).length };
}
