import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createServer } from 'node:net';
import { Mailer } from '../../server/src/mail/mail.types';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { OPERATOR_TOKEN_MESSAGE } from '../../server/src/common/security/operator-token.guard';
import { freshIp, query } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const TOKEN = 'metrics-operator-token-0123456789abcdef';
const NO_SERVICE = 'http://127.0.0.1:9';

/** Sample lines of the exposition text: name{labels} value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

const families = (text: string) => [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({
      OPERATOR_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
      // Claims would change the monitor counts under the test's feet.
      MONITOR_TICK_SECONDS: '0',
      HIBP_API_URL: NO_SERVICE,
      GRAVATAR_API_URL: NO_SERVICE,
      PWNED_PASSWORDS_URL: NO_SERVICE,
      DNS_SERVERS: '127.0.0.1:9',
      FETCH_ALLOWED_PORTS: '9',
      SCAN_CHECK_TIMEOUT_MS: '1500',
      SCAN_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = () => t.http().get('/api/metrics').auth(TOKEN, { type: 'bearer' });

  it('needs the operator token', async () => {
    for (const res of [await t.http().get('/api/metrics'), await t.http().get('/api/metrics').auth('x'.repeat(40), { type: 'bearer' })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(expect.objectContaining({ statusCode: 401, error: OPERATOR_TOKEN_MESSAGE }));
    }
  });

  it('answers the Prometheus text format, not the web client', async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain('<html');
    expect(() => samples(res.text)).not.toThrow();
  });

  it('exposes HTTP, scan, mail, monitor, database pool and process metrics', async () => {
    // Something to count in each: a scan, an unsent email, a monitor due ten minutes ago.
    const input = `https://metrics-${randomUUID().slice(0, 8)}.example.test/`;
    expect((await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input })).status).toBe(200);
    await t.app.get(Mailer).send({ to: 'metrics.person@example.test', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const userId = randomUUID();
    await query(t, `INSERT INTO users (id, email, email_verified_at, plan_tier) VALUES ($1, $2, now(), 'business')`, [userId, `m-${userId}@example.test`]);
    await query(t, `INSERT INTO monitors (id, user_id, type, active, next_run_at, scheduled_at) VALUES ($1, $2, 'weekly', true, now() - interval '10 minutes', now() - interval '10 minutes')`, [randomUUID(), userId]);
    await t.http().get(`/api/scans/${randomUUID()}`);

    const res = await scrape();
    const all = samples(res.text);
    const value = (name: string, labels: Record<string, string> = {}) =>
      all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).map((s) => s.value);

    expect(families(res.text)).toEqual(
      expect.arrayContaining([
        'footprint_http_request_duration_seconds histogram',
        'footprint_scan_duration_seconds histogram',
        'footprint_scan_check_duration_seconds histogram',
        'footprint_mail_outbox_messages gauge',
        'footprint_mail_delivery_attempts_total counter',
        'footprint_monitors gauge',
        'footprint_monitor_scheduler_lag_seconds gauge',
        'footprint_monitor_runs_total counter',
        'footprint_db_pool_connections gauge',
        'footprint_db_pool_waiting_requests gauge',
        'footprint_db_pool_max_connections gauge',
        'footprint_queue_tasks gauge',
        'footprint_browser_jobs_queued gauge',
        'footprint_browser_contexts_running gauge',
        'footprint_browser_jobs_total counter',
        'footprint_browser_jobs_shared_total counter',
        'footprint_browser_scan_outcomes_total counter',
        'footprint_queue_refused_total counter',
        'process_cpu_user_seconds_total counter',
        'process_resident_memory_bytes gauge',
        'nodejs_eventloop_lag_seconds gauge',
        'nodejs_heap_size_used_bytes gauge',
      ]),
    );

    // Routes as templates, never ids; the scan by its input kind, each check by id and status.
    expect(value('footprint_http_request_duration_seconds_count', { method: 'POST', route: '/api/scans', status: '200' })).toEqual([1]);
    expect(value('footprint_http_request_duration_seconds_count', { method: 'GET', route: '/api/scans/:id', status: '401' })).toEqual([1]);
    expect(value('footprint_scan_duration_seconds_count', { input: 'url' })).toEqual([1]);
    expect(value('footprint_scan_check_duration_seconds_count', { check: 'url-input', status: 'ok' })).toEqual([1]);
    expect(res.text).not.toContain('metrics-'); // the scanned input is nowhere
    expect(res.text).not.toContain('metrics.person');

    expect(value('footprint_mail_outbox_messages', { state: 'pending' })).toEqual([1]);
    expect(value('footprint_mail_outbox_messages', { state: 'failed' })).toEqual([0]);
    expect(value('footprint_monitors', { state: 'due' })).toEqual([1]);
    expect(value('footprint_monitors', { state: 'overdue' })).toEqual([1]);
    expect(value('footprint_monitors', { state: 'running' })).toEqual([0]);
    const [lag] = value('footprint_monitor_scheduler_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(595);
    expect(lag).toBeLessThan(700);

    // The per-instance work queues: no scan running or waiting between requests. (The password
    // hash queue may still be busy with the hash it makes at start.)
    expect(value('footprint_queue_tasks', { queue: 'scans', state: 'running' })).toEqual([0]);
    expect(value('footprint_queue_tasks', { queue: 'scans', state: 'queued' })).toEqual([0]);
    expect(value('footprint_queue_refused_total', { queue: 'scans' })).toEqual([0]);
    expect(value('footprint_queue_tasks', { queue: 'password-hash', state: 'queued' })).toEqual([expect.any(Number)]);

    expect(value('footprint_browser_jobs_queued')).toEqual([0]);
    expect(value('footprint_browser_contexts_running')).toEqual([0]);
    expect(value('footprint_browser_scan_outcomes_total', { outcome: 'refused_full_queue' })).toEqual([0]);

    expect(value('footprint_db_pool_max_connections')).toEqual([10]);
    // Counted before the scrape's own queries: an idle app has nothing waiting.
    expect(value('footprint_db_pool_waiting_requests')).toEqual([0]);
    const [inUse] = value('footprint_db_pool_connections', { state: 'in_use' });
    expect(inUse).toBeGreaterThanOrEqual(0);
  });

  it('has every metric that the example dashboard and alert rules in docs/monitoring use', async () => {
    const docs = join(__dirname, '..', '..', 'docs', 'monitoring');
    const dashboard = JSON.parse(readFileSync(join(docs, 'grafana-dashboard.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const alerts = parse(readFileSync(join(docs, 'alerts.yml'), 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const expressions = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...alerts.groups.flatMap((g) => g.rules.map((r) => r.expr))];
    const used = new Set(expressions.flatMap((e) => [...e.matchAll(/\b((?:footprint|nodejs|process)_[a-z0-9_]+)\b/g)].map((m) => m[1].replace(/_(bucket|count|sum)$/, ''))));
    expect(used.size).toBeGreaterThan(10);
    // The last tick appears once this instance's scheduler has ticked.
    expect((await scrape()).text).not.toMatch(/^footprint_monitor_scheduler_last_tick_timestamp_seconds /m);
    await t.app.get(MonitorScheduler).tick();
    const text = (await scrape()).text;
    expect(text).toMatch(/^footprint_monitor_scheduler_last_tick_timestamp_seconds \d{10}/m);
    const exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
    expect([...used].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('counts a request the web client answers, and an unknown API path, without their paths', async () => {
    await t.http().get('/some/deep/link');
    await t.http().get(`/api/no-such-route-${randomUUID()}`);
    const text = (await scrape()).text;
    expect(text).toMatch(/footprint_http_request_duration_seconds_count\{method="GET",route="\(client\)",status="\d{3}"\} [1-9]/);
    expect(text).toMatch(/footprint_http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status="404"\} [1-9]/);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('deep/link');
  });

  it('serves the same on METRICS_PORT, on 127.0.0.1, without a token', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('# TYPE footprint_monitors gauge');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/scans`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('GET /api/metrics without OPERATOR_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist (404), token or not', async () => {
    expect((await t.http().get('/api/metrics')).status).toBe(404);
    expect((await t.http().get('/api/metrics').auth(TOKEN, { type: 'bearer' })).status).toBe(404);
  });
});
