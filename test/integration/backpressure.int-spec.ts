import { randomUUID } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { SERVICE_BUSY_MESSAGE } from '../../server/src/common/http/service-busy.exception';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { ScanRecoveryService } from '../../server/src/scans/scan-recovery.service';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp } from '../fakes/hibp';
import { freshEmail, freshIp, query, signUp, SignedUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/** Graceful degradation: 503 with Retry-After (never 500) when this instance cannot take the work. */
describe('back-pressure', () => {
  const expectBusy = (res: { status: number; headers: Record<string, string>; body: { error?: string } }) => {
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body.error).toBe(SERVICE_BUSY_MESSAGE);
  };

  describe('a dry database pool', () => {
    let t: TestApp;
    let held: QueryRunner[] = [];

    beforeAll(async () => {
      // The wait is long enough that the set-up's own requests (sign-up, monitor creation) find a
      // connection on a loaded machine: at 300 ms a sign-up once got 503 there.
      t = await createTestApp(
        { DB_POOL_SIZE: '2', MONITOR_TICK_SECONDS: '0', FETCH_ALLOWED_PORTS: '9' },
        { configure: (config) => void (config.database.poolWaitMs = 1500) },
      );
    });
    afterEach(async () => {
      await Promise.all(held.map((r) => r.release()));
      held = [];
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Takes every connection of the app's pool, as a burst of slow requests would. */
    const drainPool = async () => {
      const dataSource = t.app.get(DataSource);
      held = [dataSource.createQueryRunner(), dataSource.createQueryRunner()];
      await Promise.all(held.map((r) => r.connect()));
    };
    const release = async () => {
      await Promise.all(held.map((r) => r.release()));
      held = [];
    };

    it('answers 503 with Retry-After instead of 500, and serves again once a connection is free', async () => {
      const user = await signUp(t);
      await drainPool();
      expectBusy(await t.http().get('/api/dashboard').auth(user.accessToken, { type: 'bearer' }));
      expectBusy(await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: 'wrong-password' }));
      expectBusy(await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: 'https://shop.example.test/' }));
      await release();
      await t.http().get('/api/dashboard').auth(user.accessToken, { type: 'bearer' }).expect(200);
    });

    it('the monitor scheduler carries on after a tick without connections', async () => {
      const user = await signUp(t);
      await query(t, `UPDATE users SET plan_tier = 'plus', email_verified_at = now() WHERE id = $1`, [user.userId]);
      await t.http().post('/api/monitoring').auth(user.accessToken, { type: 'bearer' }).send({ type: 'weekly', targets: { emails: [], handles: ['@dry_pool_person'] } }).expect(201);
      const scheduler = t.app.get(MonitorScheduler);
      await drainPool();
      await expect(scheduler.tick()).rejects.toThrow('timeout exceeded when trying to connect');
      await release();
      const report = await scheduler.tick();
      expect(report.claimed).toBe(1);
      const runs = await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM monitor_runs r JOIN monitors m ON m.id = r.monitor_id WHERE m.user_id = $1 AND r.finished_at IS NOT NULL`, [user.userId]);
      expect(runs[0].n).toBe(1);
    });
  });

  describe('bounded queues', () => {
    const hibp = new FakeHibp();
    const gravatar = new FakeGravatar();
    const dns = new FakeDnsServer();
    let t: TestApp;

    beforeAll(async () => {
      await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
      t = await createTestApp(
        {
          ...hibp.env,
          ...gravatar.env,
          ...dns.env,
          PASSWORD_HASH_WORKERS: '1',
          SCAN_CONCURRENCY: '1',
          SCAN_TIMEOUT_MS: '5000',
          SCAN_CHECK_TIMEOUT_MS: '5000',
        },
        {
          // Queues of one sign-in and no scan, which no setting offers (TUNING).
          configure: (config) => {
            config.passwordHashing = { ...config.passwordHashing, maxQueued: 1, maxWaitMs: 10_000 };
            config.scanAdmission = { ...config.scanAdmission, maxQueued: 0 };
          },
        },
      );
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
    });

    it('refuses sign-ins beyond the password hashing queue with 503, and serves the rest', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 8 }, () => t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: freshEmail('nobody'), password: 'wrong-password' })),
      );
      const statuses = attempts.map((r) => r.status);
      expect(statuses.filter((s) => s !== 401 && s !== 503)).toEqual([]);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2); // the worker's and the queued one
      attempts.filter((r) => r.status === 503).forEach((r) => expectBusy(r));
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    });

    it('refuses a scan beyond the scan queue with 503 before it uses any quota', async () => {
      const user: SignedUp = await signUp(t);
      const slow = freshEmail('slow');
      hibp.delayMs = 1500;
      try {
        const first = t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input: slow });
        const firstDone = first.then((r) => r);
        await new Promise((resolve) => setTimeout(resolve, 400)); // the first scan holds the only turn
        expectBusy(await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input: slow }));
        expect((await firstDone).status).toBe(200);
      } finally {
        hibp.delayMs = 0;
      }
      const usage = await t.http().get('/api/scans/usage').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(usage.body.used).toBe(1);
      await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input: slow }).expect(200);
    });
  });

  describe('scans cut short by a crash', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ SCAN_TIMEOUT_MS: '2000', FETCH_ALLOWED_PORTS: '9' });
    });
    afterAll(async () => {
      await t?.close();
    });

    const runningScan = async (userId: string, startedSecondsAgo: number) => {
      const id = randomUUID();
      await query(
        t,
        `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, started_at) VALUES ($1, $2, 'privacy', 'x@example.test', 'email', 'running', now() - make_interval(secs => $3))`,
        [id, userId, startedSecondsAgo],
      );
      return id;
    };
    const statusOf = async (id: string) => (await query<{ status: string }>(t, `SELECT status FROM scans WHERE id = $1`, [id]))[0].status;

    it('stop counting against the quota once past the scan timeout, and are marked failed', async () => {
      const user = await signUp(t);
      // A Free user's three scans, all left running by a kill -9 a minute ago, and one running now.
      const stale = [await runningScan(user.userId, 60), await runningScan(user.userId, 61), await runningScan(user.userId, 62)];
      const usage = await t.http().get('/api/scans/usage').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(usage.body.used).toBe(0);
      const fresh = await runningScan(user.userId, 0);
      expect((await t.http().get('/api/scans/usage').auth(user.accessToken, { type: 'bearer' }).expect(200)).body.used).toBe(1);
      // Not blocked: two more scans fit in the Free plan's three.
      await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input: 'https://shop.example.test/' }).expect(200);

      await expect(t.app.get(ScanRecoveryService).recover()).resolves.toBe(3);
      for (const id of stale) expect(await statusOf(id)).toBe('failed');
      expect(await statusOf(fresh)).toBe('running');
    });
  });
});
