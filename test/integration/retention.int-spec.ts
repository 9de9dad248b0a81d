import { randomUUID } from 'node:crypto';
import { CronExpression, SchedulerRegistry } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { Clock } from '../../server/src/common/clock/clock.service';
import { AnalyticsRetentionService } from '../../server/src/analytics/analytics-retention.service';
import { ScanRetentionService } from '../../server/src/scans/scan-retention.service';
import { query, signUp, SignedUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The retention jobs against a real database under a controlled clock: each module deletes its own
 * expired rows. Scans: 30 days on the free plan, 90 on paid plans (the plan that applies at the
 * run), stale running scans marked failed. Analytics events: after 90 days. Batches, and one run
 * at a time.
 */

const NOW = new Date('2026-06-15T12:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const before = (ms: number) => new Date(NOW.getTime() - ms);

describe('retention jobs', () => {
  let t: TestApp;
  let retention: ScanRetentionService;
  let analyticsRetention: AnalyticsRetentionService;

  beforeAll(async () => {
    t = await createTestApp();
    retention = t.app.get(ScanRetentionService);
    analyticsRetention = t.app.get(AnalyticsRetentionService);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(NOW);
    // Each test starts from an empty history (the users stay; their rows are per test).
    await query(t, 'DELETE FROM scans');
    await query(t, 'DELETE FROM analytics_events');
  });
  afterEach(() => jest.restoreAllMocks());

  const setPlan = (user: SignedUp, tier: string, expiresAt: Date | null) =>
    query(t, 'UPDATE users SET plan_tier = $1, plan_expires_at = $2 WHERE id = $3', [tier, expiresAt, user.userId]);

  async function scan(user: SignedUp, startedAt: Date, status = 'completed'): Promise<string> {
    const id = randomUUID();
    await query(
      t,
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, finding_counts, result, started_at, completed_at)
       VALUES ($1, $2, 'privacy', 'someone@example.com', 'email', $3, $4, NULL, $5, $6, $7)`,
      [id, user.userId, status, status === 'completed' ? 80 : null, status === 'completed' ? '{"privacyScore":80}' : null, startedAt, status === 'running' ? null : startedAt],
    );
    return id;
  }

  async function event(user: SignedUp, occurredAt: Date): Promise<string> {
    const id = randomUUID();
    await query(t, `INSERT INTO analytics_events (id, user_id, event, parameters, occurred_at) VALUES ($1, $2, 'page_view', '{}', $3)`, [id, user.userId, occurredAt]);
    return id;
  }

  const scanIds = async () => (await query<{ id: string }>(t, 'SELECT id FROM scans ORDER BY id')).map((r) => r.id);
  const eventIds = async () => (await query<{ id: string }>(t, 'SELECT id FROM analytics_events ORDER BY id')).map((r) => r.id);
  const statusOf = async (id: string) => (await query<{ status: string; completed_at: Date | null }>(t, 'SELECT status, completed_at FROM scans WHERE id = $1', [id]))[0];

  it('are both scheduled hourly', () => {
    // Registered in every environment; in tests and without a database a firing returns at once.
    const hourly = [...t.app.get(SchedulerRegistry).getCronJobs().values()].filter((job) => String(job.cronTime.source) === CronExpression.EVERY_HOUR);
    expect(hourly.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps 30 days on the free plan and 90 on paid plans, by the plan that applies at the run', async () => {
    const [free, paid, lapsed] = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    await setPlan(free, 'free', null);
    await setPlan(paid, 'plus', new Date(NOW.getTime() + 10 * DAY));
    // Paid for Pro once, but the period ended yesterday: Free applies.
    await setPlan(lapsed, 'pro', before(DAY));

    const kept = [
      await scan(free, before(30 * DAY)), // exactly 30 days: still inside
      await scan(free, before(29 * DAY)),
      await scan(free, before(2 * DAY), 'failed'),
      await scan(paid, before(31 * DAY)),
      await scan(paid, before(90 * DAY)),
      await scan(lapsed, before(29 * DAY)),
    ];
    const deleted = [
      await scan(free, before(30 * DAY + 1)),
      await scan(free, before(45 * DAY), 'failed'),
      await scan(paid, before(90 * DAY + 1)),
      await scan(paid, before(200 * DAY)),
      await scan(lapsed, before(31 * DAY)),
    ];

    const outcome = await retention.run();
    expect(outcome).toEqual({ staleScansFailed: 0, scansDeleted: deleted.length });
    expect(await scanIds()).toEqual([...kept].sort());

    // A month later the paid period has ended too: that account now keeps 30 days.
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(NOW.getTime() + 11 * DAY));
    const second = await retention.run();
    // Now 41, 40, 42, 101 and 40 days old: free's two, paid's two and lapsed's one go; free's failed one (13 days) stays.
    expect(second?.scansDeleted).toBe(5);
    expect(await scanIds()).toEqual([kept[2]]);
  });

  it('marks scans running for over an hour as failed, and leaves recent ones running', async () => {
    const user = await signUp(t);
    const stale = await scan(user, before(61 * MINUTE), 'running');
    const fresh = await scan(user, before(59 * MINUTE), 'running');
    const outcome = await retention.run();
    expect(outcome?.staleScansFailed).toBe(1);
    expect(await statusOf(stale)).toEqual({ status: 'failed', completed_at: NOW });
    expect(await statusOf(fresh)).toEqual({ status: 'running', completed_at: null });
    // Not deleted: the history shows it ended.
    expect(await scanIds()).toEqual([stale, fresh].sort());
  });

  it('deletes analytics events after 90 days, whatever the plan', async () => {
    const [free, paid] = await Promise.all([signUp(t), signUp(t)]);
    await setPlan(paid, 'business', null);
    const kept = [await event(free, before(90 * DAY)), await event(paid, before(89 * DAY)), await event(paid, before(MINUTE))];
    await event(free, before(90 * DAY + 1));
    await event(paid, before(400 * DAY));
    const outcome = await analyticsRetention.run();
    expect(outcome).toEqual({ analyticsEventsDeleted: 2 });
    expect(await eventIds()).toEqual([...kept].sort());
    // Scan retention leaves events alone, and the other way round.
    const scanKept = await scan(free, before(10 * DAY));
    expect(await retention.run()).toEqual({ staleScansFailed: 0, scansDeleted: 0 });
    expect(await eventIds()).toEqual([...kept].sort());
    expect(await analyticsRetention.run()).toEqual({ analyticsEventsDeleted: 0 });
    expect(await scanIds()).toEqual([scanKept]);
  });

  it("deletes only the old rows of each user, in batches, and touches nothing else", async () => {
    const [heavy, neighbour] = await Promise.all([signUp(t), signUp(t)]);
    await setPlan(heavy, 'free', null);
    await setPlan(neighbour, 'free', null);
    // More old rows than one batch holds.
    await query(
      t,
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, started_at, completed_at)
       SELECT gen_random_uuid(), $1, 'image', 'photo-' || n || '.jpg', 'image', 'completed', 20, $2::timestamptz - n * interval '1 minute', $2::timestamptz
         FROM generate_series(1, 1234) AS n`,
      [heavy.userId, before(40 * DAY)],
    );
    const heavyRecent = await scan(heavy, before(DAY));
    const neighbourRecent = await scan(neighbour, before(10 * DAY));
    const users = Number((await query<{ n: string }>(t, 'SELECT count(*) AS n FROM users'))[0].n);

    const outcome = await retention.run();
    expect(outcome?.scansDeleted).toBe(1234);
    expect(await scanIds()).toEqual([heavyRecent, neighbourRecent].sort());
    expect(Number((await query<{ n: string }>(t, 'SELECT count(*) AS n FROM users'))[0].n)).toBe(users);
  });

  it('runs once at a time: another holder of its lock makes it skip', async () => {
    const user = await signUp(t);
    const old = await scan(user, before(100 * DAY));
    const other = t.app.get(DataSource).createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('footprint:scan-retention'))`);
      expect(await retention.run()).toBeUndefined();
      expect(await scanIds()).toEqual([old]);
      // The analytics job has a lock of its own.
      expect(await analyticsRetention.run()).toEqual({ analyticsEventsDeleted: 0 });
      await other.query(`SELECT pg_advisory_unlock(hashtext('footprint:scan-retention'))`);
    } finally {
      await other.release();
    }
    expect((await retention.run())?.scansDeleted).toBe(1);
    expect(await scanIds()).toEqual([]);
  });

  it('two calls in one process share one run', async () => {
    const user = await signUp(t);
    await scan(user, before(100 * DAY));
    const [a, b] = await Promise.all([retention.run(), retention.run()]);
    expect(a).toBe(b);
    expect(a?.scansDeleted).toBe(1);
  });
});
