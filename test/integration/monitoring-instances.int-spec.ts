import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { baselineKey, findingKey } from '../../server/src/monitoring/monitor-changes.rules';
import type { BreachDetail } from '../../server/src/vocabulary/finding.types';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeHibp, northwindBreach, sampleBreach } from '../fakes/hibp';
import { SmtpSink } from '../fakes/smtp-sink';
import { FakeWebsites, plainPage, STRONG_SITE_HEADERS } from '../fakes/websites';
import { AppProcess, startAppProcess } from '../support/app-process';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const BUILT = existsSync(join(__dirname, '..', '..', 'dist', 'server', 'main.js'));
// CI always builds first (npm test), so there a missing build is a failure, never a quiet skip.
if (!BUILT && process.env.CI) throw new Error('monitoring-instances: dist/server/main.js is missing; npm test builds it before Jest runs');
const describeBuilt = BUILT ? describe : describe.skip;
if (!BUILT) console.warn('monitoring-instances tests skipped: the server is not built (run npm run build)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, describe: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${describe()}`);
    await sleep(100);
  }
}

/** Monitors seeded straight into the shared database: business users with one weekly, due monitor on their own verified address. */
async function seed(db: Client, count: number, knownKeys: (email: string) => string[] = () => []): Promise<{ userId: string; monitorId: string; email: string }[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: randomUUID(),
    monitorId: randomUUID(),
    email: `inst-${i}-${randomUUID().slice(0, 8)}@example.test`,
  }));
  const due = new Date(Date.now() - 60_000);
  await db.query(
    `INSERT INTO users (id, email, email_verified_at, plan_tier) SELECT unnest($1::uuid[]), unnest($2::text[]), now(), 'business'`,
    [rows.map((r) => r.userId), rows.map((r) => r.email)],
  );
  await db.query(
    `INSERT INTO monitors (id, user_id, type, active, next_run_at, scheduled_at) SELECT unnest($1::uuid[]), unnest($2::uuid[]), 'weekly', true, $3, $3`,
    [rows.map((r) => r.monitorId), rows.map((r) => r.userId), due],
  );
  await db.query(
    `INSERT INTO monitor_targets (id, monitor_id, kind, value, position, verified_at)
     SELECT gen_random_uuid(), unnest($1::uuid[]), 'email', unnest($2::text[]), 0, now()`,
    [rows.map((r) => r.monitorId), rows.map((r) => r.email)],
  );
  for (const row of rows) {
    const keys = knownKeys(row.email);
    if (keys.length > 0) {
      await db.query(`INSERT INTO monitor_known_items (monitor_id, item_key, first_seen_at) SELECT $1, unnest($2::text[]), now()`, [row.monitorId, keys]);
    }
  }
  return rows;
}

/**
 * Website and domain monitors seeded the same way: one weekly, due monitor each, the website a page
 * of the fake sites, the domain proven by its TXT record (in the DNS fake) and verified for HIBP's key.
 */
async function seedWatches(db: Client, count: number, site: FakeWebsites, dns: FakeDnsServer, hibp: FakeHibp): Promise<{ monitorId: string; kind: string; value: string }[]> {
  const rows = Array.from({ length: 2 * count }, (_, i) => {
    const kind = i % 2 === 0 ? 'website' : 'domain';
    const n = Math.floor(i / 2);
    return { userId: randomUUID(), monitorId: randomUUID(), kind, value: kind === 'website' ? site.url('https', `/shop-${n}`) : `inst-${n}.example`, email: `watch-${i}-${randomUUID().slice(0, 8)}@example.test` };
  });
  for (const row of rows) {
    if (row.kind === 'website') site.route(new URL(row.value).pathname, { headers: STRONG_SITE_HEADERS, body: plainPage('Shop') });
    else {
      dns.set(row.value, { TXT: [[`footprint-verification=${row.monitorId}`]] });
      hibp.setDomain(row.value, { aliases: { alice: ['LanternMarket'] } });
    }
  }
  const due = new Date(Date.now() - 60_000);
  await db.query(`INSERT INTO users (id, email, email_verified_at, plan_tier) SELECT unnest($1::uuid[]), unnest($2::text[]), now(), 'business'`, [rows.map((r) => r.userId), rows.map((r) => r.email)]);
  await db.query(
    `INSERT INTO monitors (id, user_id, type, kind, active, next_run_at, scheduled_at) SELECT unnest($1::uuid[]), unnest($2::uuid[]), 'weekly', unnest($3::text[]), true, $4, $4`,
    [rows.map((r) => r.monitorId), rows.map((r) => r.userId), rows.map((r) => r.kind), due],
  );
  await db.query(
    `INSERT INTO monitor_targets (id, monitor_id, kind, value, position, verified_at, challenge, verified_by)
     SELECT gen_random_uuid(), m, k, v, 0, now(), CASE WHEN k = 'domain' THEN 'footprint-verification=' || m::text END, CASE WHEN k = 'domain' THEN 'dns' END
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS t(m, k, v)`,
    [rows.map((r) => r.monitorId), rows.map((r) => r.kind), rows.map((r) => r.value)],
  );
  return rows;
}

/** Several built app processes on ONE PostgreSQL database, each with its own scheduler. */
describeBuilt('monitors across app instances', () => {
  const hibp = new FakeHibp();
  const sink = new SmtpSink();
  const dns = new FakeDnsServer();
  const sites = new FakeWebsites();
  let database: TestDatabase;
  let db: Client;
  const apps: AppProcess[] = [];

  const env = (extra: Record<string, string>) => ({
    ...hibp.env,
    SMTP_URL: sink.url,
    LOG_LEVEL: 'info',
    MONITOR_TICK_SECONDS: '1',
    ...extra,
  });
  /** Starts an instance on the shared database (one after another: the first runs the migrations). */
  async function instance(extra: Record<string, string>): Promise<AppProcess> {
    const app = await startAppProcess(env(extra), { database });
    apps.push(app);
    return app;
  }
  const claimedBy = (app: AppProcess) =>
    [...app.output().stdout.matchAll(/monitor tick: (\d+) claimed/g)].reduce((sum, m) => sum + Number(m[1]), 0);

  beforeAll(async () => {
    await Promise.all([hibp.start(), sink.start(), dns.start(), sites.start()]);
    hibp.catalogue = [sampleBreach(), northwindBreach()];
  });
  afterAll(async () => {
    await Promise.all([hibp.close(), sink.stop(), dns.close(), sites.close()]);
  });
  beforeEach(async () => {
    hibp.resetBehaviour();
    dns.resetBehaviour();
    sink.messages.length = 0;
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.stop().catch(() => undefined)));
    await db?.end();
    await database?.drop();
  });

  it('two instances share 200 due monitors: each runs exactly once', async () => {
    const a = await instance({ MONITOR_BATCH_SIZE: '20', MONITOR_CONCURRENCY: '4' });
    const b = await instance({ MONITOR_BATCH_SIZE: '20', MONITOR_CONCURRENCY: '4' });
    const seeded = await seed(db, 200);
    for (const row of seeded) hibp.setBreaches(row.email, [sampleBreach()]);
    // Each lookup takes a little while, so one instance cannot drain the lot before the other's
    // first tick (a full batch is followed by another at once): both instances must share the work.
    hibp.delayMs = 100;

    await until(
      'all 200 runs',
      async () => {
        const [{ done, running }] = (
          await db.query(`SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done, count(*) FILTER (WHERE status = 'running')::int AS running FROM monitor_runs`)
        ).rows;
        return done >= 200 && running === 0 ? true : undefined;
      },
      40_000,
      () => `\n--- a ---\n${a.output().stderr}\n--- b ---\n${b.output().stderr}`,
    );
    // Give a late duplicate the chance to show itself.
    await sleep(1_500);

    const perMonitor = (await db.query(`SELECT monitor_id, count(*)::int AS runs, min(status) AS status FROM monitor_runs GROUP BY monitor_id`)).rows;
    expect(perMonitor).toHaveLength(200);
    expect(perMonitor.every((r) => r.runs === 1 && r.status === 'succeeded')).toBe(true);
    // Each target was scanned once: one HIBP lookup and one stored scan per monitor.
    expect(hibp.requestsTo('breachedaccount')).toHaveLength(200);
    expect((await db.query(`SELECT count(*)::int AS n FROM scans WHERE monitor_id IS NOT NULL`)).rows[0].n).toBe(200);
    // Both instances did part of the work, and no monitor was claimed twice.
    const [byA, byB] = [claimedBy(a), claimedBy(b)];
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(200);
    const [{ leased }] = (await db.query(`SELECT count(*)::int AS leased FROM monitors WHERE lease_token IS NOT NULL`)).rows;
    expect(leased).toBe(0);
  }, 90_000);

  it('two instances share due website and domain monitors too: each runs exactly once, and a new breach of a domain alerts once', async () => {
    const WATCHES = 25; // of each kind
    const watchEnv = {
      ...dns.env,
      MONITOR_BATCH_SIZE: '10',
      MONITOR_CONCURRENCY: '4',
      // The page read without a browser keeps the test lean: what is claimed and run once is the same.
      BROWSER_AUDIT: 'false',
      // Room for a loaded machine: a check that timed out would fail (and retry) its run.
      SCAN_CHECK_TIMEOUT_MS: '15000',
      SCAN_TIMEOUT_MS: '20000',
      FETCH_HOSTS: Array.from({ length: WATCHES }, (_, n) => `inst-${n}.example=127.0.0.1`).join(','),
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
      FETCH_ALLOWED_PORTS: `80,443,${sites.portNumber}`,
      DOMAIN_VERIFICATION_FILE_URL: `https://{domain}:${sites.portNumber}/.well-known/footprint-verification.txt`,
    };
    const a = await instance(watchEnv);
    const b = await instance(watchEnv);
    const seeded = await seedWatches(db, WATCHES, sites, dns, hibp);
    // As above: slow enough domain searches that the other instance's first tick finds work left
    // (without it, on a fast machine one instance drained all 50 in under a second: stop 32's CI).
    hibp.delayMs = 250;
    const finished = (n: number) => async () => {
      const [{ done, running }] = (
        await db.query(`SELECT count(*) FILTER (WHERE status <> 'running')::int AS done, count(*) FILTER (WHERE status = 'running')::int AS running FROM monitor_runs`)
      ).rows;
      return done >= n && running === 0 ? true : undefined;
    };
    const logs = () => `\n--- a ---\n${a.output().stderr}\n--- b ---\n${b.output().stderr}`;
    await until('every first run', finished(2 * WATCHES), 60_000, logs);
    await sleep(1_500);
    const perMonitor = (await db.query(`SELECT r.monitor_id, m.kind, count(*)::int AS runs, min(r.status) AS status FROM monitor_runs r JOIN monitors m ON m.id = r.monitor_id GROUP BY 1, 2`)).rows;
    expect(perMonitor).toHaveLength(2 * WATCHES);
    // A website read without its scripts is a partial run; a domain's first search its starting point.
    expect(perMonitor.filter((r) => r.runs !== 1)).toEqual([]);
    expect(perMonitor.filter((r) => r.kind === 'website' && r.status !== 'partial')).toEqual([]);
    expect(perMonitor.filter((r) => r.kind === 'domain' && r.status !== 'succeeded')).toEqual([]);
    expect(hibp.requestsTo('breacheddomain')).toHaveLength(WATCHES);
    expect(claimedBy(a)).toBeGreaterThan(0);
    expect(claimedBy(b)).toBeGreaterThan(0);
    hibp.delayMs = 0;

    // One more round, with a new breach for every domain: one notice and one email each.
    for (const row of seeded) if (row.kind === 'domain') hibp.setDomain(row.value, { aliases: { alice: ['LanternMarket'], bob: ['NorthwindForum'] } });
    await db.query(`UPDATE monitors SET next_run_at = now() - interval '1 minute', scheduled_at = now() - interval '1 minute'`);
    await until('every second run', finished(4 * WATCHES), 60_000, logs);
    await sleep(1_500);
    expect((await db.query(`SELECT count(*)::int AS n FROM monitor_runs`)).rows[0].n).toBe(4 * WATCHES);
    const notices = (await db.query(`SELECT monitor_id, count(*)::int AS n FROM monitor_notices GROUP BY 1`)).rows;
    expect(notices).toHaveLength(WATCHES);
    expect(notices.every((r) => r.n === 1)).toBe(true);
    expect((await db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE subject = 'Footprint monitor: 1 new breach of your domain'`)).rows[0].n).toBe(WATCHES);
  }, 150_000);

  it("a killed instance's monitor runs again after the lease and alerts once; its reserved scans are failed within seconds and use no quota", async () => {
    const LEASE_SECONDS = 4;
    // Long check time limits: the hanging lookup must still be running when the instance dies.
    const slow = { MONITOR_LEASE_SECONDS: String(LEASE_SECONDS), SCAN_CHECK_TIMEOUT_MS: '20000', SCAN_TIMEOUT_MS: '20000' };
    const first = await instance(slow);
    // The monitor already knows one breach; HIBP now lists a second one: new, so the run alerts.
    const known = sampleBreach();
    const fresh = sampleBreach({ Name: 'OrchardPost', Title: 'Orchard Post', Domain: 'orchardpost.example' });
    const asFinding = (b: typeof known) => ({ group: 'breaches' as const, detail: { kind: 'breach', name: b.Name } as BreachDetail });
    hibp.delayMs = 30_000; // the first instance's lookup hangs: it is mid-run when killed
    const [row] = await seed(db, 1, (email) => [baselineKey('email', email, 'breaches'), findingKey('email', email, asFinding(known))]);
    hibp.setBreaches(row.email, [known, fresh]);

    await until('the first instance to be mid-run', async () => (hibp.requestsTo('breachedaccount').length > 0 ? true : undefined), 10_000);

    // A Free user (3 scans a month) has all three scans running on the first instance, their
    // breach lookups hanging: the quota is used up while they run.
    const signup = await fetch(`${first.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `crash-${randomUUID().slice(0, 8)}@example.test`, password: 'crash-password-1' }),
    });
    expect(signup.status).toBe(201);
    const { accessToken } = (await signup.json()) as { accessToken: string };
    const scan = (base: string, input: string) =>
      fetch(`${base}/api/scans`, { method: 'POST', headers: { 'Content-Type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ input }) });
    const cut = [0, 1, 2].map((i) => scan(first.baseUrl, `hang-${i}@example.test`).then((r) => r.status, () => 'cut'));
    const running = async () => (await db.query(`SELECT id, instance_id, status, failure_reason FROM scans WHERE input LIKE 'hang-%' ORDER BY input`)).rows;
    await until('three running scans', async () => ((await running()).filter((r) => r.status === 'running').length === 3 ? true : undefined), 10_000);
    expect((await scan(first.baseUrl, 'fourth@example.test')).status).toBe(429);
    const [{ id: firstInstance }] = (await db.query(`SELECT id FROM instances`)).rows;
    expect((await running()).map((r) => r.instance_id)).toEqual([firstInstance, firstInstance, firstInstance]);

    await first.kill();
    const killedAt = Date.now();
    expect(await Promise.all(cut)).toEqual(['cut', 'cut', 'cut']);
    hibp.delayMs = 0;
    const second = await instance(slow);
    const secondReadyMs = Date.now() - killedAt;

    const runs = await until(
      'the second run',
      async () => {
        const rows = (await db.query(`SELECT status, summary, started_at FROM monitor_runs WHERE monitor_id = $1 ORDER BY started_at`, [row.monitorId])).rows;
        return rows.some((r) => r.status === 'succeeded') ? rows : undefined;
      },
      20_000,
      () => `\n${second.output().stderr}`,
    );
    expect(runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
    expect(runs[0].summary).toMatch(/interrupted/);
    expect(runs[1].summary).toBe('1 new breach');
    // The second instance waited for the lease: it claimed no earlier than the lease's end.
    expect(new Date(runs[1].started_at).getTime() - new Date(runs[0].started_at).getTime()).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 50);

    const alert = await sink.waitFor((m) => m.to.includes(row.email) && m.subject.startsWith('Footprint monitor:'), 10_000);
    expect(alert.subject).toBe('Footprint monitor: 1 new breach');
    expect(alert.text).toContain('Orchard Post');
    await sleep(2_500); // a few more ticks: nothing else may arrive
    expect(sink.messages.filter((m) => m.to.includes(row.email))).toHaveLength(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM monitor_notices WHERE monitor_id = $1`, [row.monitorId])).rows[0].n).toBe(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1`, [row.email])).rows[0].n).toBe(1);

    // The second instance took the silent first for dead: its row is gone and its scans failed with
    // the reason, long before the time-based backstop (SCAN_TIMEOUT_MS + 30 s = 50 s here).
    const failed = await until('the dead instance\'s scans to be failed', async () => ((await running()).every((r) => r.status === 'failed') ? await running() : undefined), 45_000);
    // The figure (docs/OPERATIONS.md), printed, not asserted: the scans' completed_at is the moment the second instance failed them.
    const [{ at }] = (await db.query(`SELECT max(completed_at) AS at FROM scans WHERE input LIKE 'hang-%'`)).rows as { at: Date }[];
    console.log(`kill -9 → its 3 running scans failed (quota released) after ${at.getTime() - killedAt} ms; the second instance was ready ${secondReadyMs} ms after the kill`);
    expect(failed.map((r) => r.failure_reason)).toEqual(Array(3).fill(expect.stringMatching(/^The server handling this scan stopped before it finished/)));
    expect((await db.query(`SELECT id FROM instances WHERE id = $1`, [firstInstance])).rows).toHaveLength(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM instances`)).rows[0].n).toBe(1);
    expect(second.output().stdout).toMatch(/taken for dead: 1; their running scans marked failed: 3/);
    // The quota counts none of them: the user scans again at once, and the history says why.
    expect((await scan(second.baseUrl, 'again@example.test')).status).toBe(200);
    const history = (await (await fetch(`${second.baseUrl}/api/scans`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as { items: { input: string; status: string; failureReason: string | null }[] };
    expect(history.items.filter((i) => i.input.startsWith('hang-')).map((i) => [i.status, i.failureReason])).toEqual(Array(3).fill(['failed', expect.stringContaining('did not count against your monthly scans')]));
  }, 120_000);
});
