import { BackgroundTasks } from '../../server/src/auth/background-tasks.service';
import { Clock } from '../../server/src/common/clock/clock.service';
import { MailService } from '../../server/src/mail/mail.service';
import { MONITOR_MESSAGES } from '../../server/src/monitoring/monitoring.types';
import { TARGET_MESSAGES } from '../../server/src/monitoring/monitor-targets.rules';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { RUN_MESSAGES } from '../../server/src/monitoring/monitor-runner.service';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { SmtpSink } from '../fakes/smtp-sink';
import { freshEmail, query, signUp, SignedUp } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

const DAY = 24 * 3600_000;

/** The monitoring API and its scheduler, with a controllable clock, the HIBP and Gravatar fakes and an SMTP sink. */
describe('monitoring', () => {
  const hibp = new FakeHibp();
  const gravatar = new FakeGravatar();
  const sink = new SmtpSink();
  const logs = captureLogs();
  let t: TestApp;
  let now: Date;

  beforeAll(async () => {
    await Promise.all([hibp.start(), gravatar.start(), sink.start()]);
    t = await createTestApp(
      {
        ...hibp.env,
        ...gravatar.env,
        SMTP_URL: sink.url,
        DNS_SERVERS: '127.0.0.1:9',
        SCAN_CHECK_TIMEOUT_MS: '1500',
        SCAN_TIMEOUT_MS: '1500',
        // The tests tick by hand.
        MONITOR_TICK_SECONDS: '0',
        MONITOR_BATCH_SIZE: '100',
        PUBLIC_URL: 'https://footprint.test',
      },
      { logger: logs.logger },
    );
    now = new Date('2031-01-05T10:00:00.000Z');
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), gravatar.close(), sink.stop()]);
  });
  beforeEach(() => {
    hibp.resetBehaviour();
    gravatar.resetBehaviour();
  });

  const auth = (user: SignedUp) => ({ Authorization: `Bearer ${user.accessToken}` });
  const list = (user: SignedUp) => t.http().get('/api/monitoring').set(auth(user));
  const create = (user: SignedUp, body: unknown) => t.http().post('/api/monitoring').set(auth(user)).send(body as object);
  const update = (user: SignedUp, id: string, active: unknown) => t.http().put(`/api/monitoring/${id}`).set(auth(user)).send({ active });
  const remove = (user: SignedUp, id: string) => t.http().delete(`/api/monitoring/${id}`).set(auth(user));
  const notices = (user: SignedUp) => t.http().get('/api/monitoring/notices').set(auth(user));
  const tick = () => t.app.get(MonitorScheduler).tick();
  // Mail started in the background (the sign-up's confirmation) and every delivery under way.
  const mailIdle = async () => {
    await t.app.get(BackgroundTasks).idle();
    await t.app.get(MailService).whenIdle();
  };

  async function user(plan: 'free' | 'plus' | 'pro' | 'business', verified = true): Promise<SignedUp> {
    const u = await signUp(t, freshEmail('mon'));
    await query(t, `UPDATE users SET plan_tier = $1, email_verified_at = $2 WHERE id = $3`, [plan, verified ? new Date() : null, u.userId]);
    return u;
  }
  const weekly = (emails: string[], handles: string[] = []) => ({ type: 'weekly', targets: { emails, handles } });
  const alertsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address) && m.subject.startsWith('Footprint monitor:'));

  describe('the API', () => {
    it('needs a signed-in user', async () => {
      await t.http().get('/api/monitoring').expect(401);
      await t.http().post('/api/monitoring').send(weekly(['a@b.co'])).expect(401);
    });

    it('free plan: limit 0, creating answers the spec\'s limit text', async () => {
      const u = await user('free');
      expect((await list(u).expect(200)).body).toEqual({ monitors: [], activeCount: 0, limit: 0, total: 0, page: 1, pageSize: 20 });
      const res = await create(u, weekly([u.email])).expect(403);
      expect(res.body.error).toBe(MONITOR_MESSAGES.atLimit);
      expect(res.body.error).toBe("You've reached your plan limit. Upgrade to create more monitors.");
    });

    it('creates, lists, pauses, activates within the limit and deletes (plus: 1 active)', async () => {
      const u = await user('plus');
      // The sign-up's own confirmation mail goes out in the background: let it land first.
      await mailIdle();
      const mailsTo = () => sink.messages.filter((m) => m.to.includes(u.email.toLowerCase())).length;
      const mailsBefore = mailsTo();
      const created = await create(u, {
        type: 'monthly',
        targets: { emails: ['  ', ` ${u.email.toUpperCase()} `, u.email], handles: ['@Jane_Doe', ' @jane_doe ', '', 'https://www.instagram.com/jane.doe/'] },
      }).expect(201);
      const monitor = created.body.monitor;
      expect(monitor).toEqual({
        id: expect.any(String),
        type: 'monthly',
        kind: 'identity',
        active: true,
        nextRunAt: now.toISOString(),
        createdAt: now.toISOString(),
        targets: { emails: [u.email.toLowerCase()], handles: ['@jane_doe', 'https://www.instagram.com/jane.doe/'], websites: [], domains: [] },
        pendingEmails: [],
        website: null,
        domain: null,
        lastRuns: [],
      });
      // The account's own verified address needs no link.
      await mailIdle();
      expect(mailsTo()).toBe(mailsBefore);

      const listed = (await list(u).expect(200)).body;
      expect(listed).toEqual({ monitors: [monitor], activeCount: 1, limit: 1, total: 1, page: 1, pageSize: 20 });

      const second = await create(u, weekly([u.email])).expect(403);
      expect(second.body.error).toBe(MONITOR_MESSAGES.atLimit);

      const paused = await update(u, monitor.id, false).expect(200);
      expect(paused.body.monitor).toMatchObject({ id: monitor.id, active: false });
      const other = (await create(u, weekly([u.email])).expect(201)).body.monitor;
      const refused = await update(u, monitor.id, true).expect(403);
      expect(refused.body.error).toBe(MONITOR_MESSAGES.atLimit);
      expect((await list(u)).body.activeCount).toBe(1);

      await remove(u, other.id).expect(204);
      const activated = await update(u, monitor.id, true).expect(200);
      expect(activated.body.monitor.active).toBe(true);
      await remove(u, monitor.id).expect(204);
      await remove(u, monitor.id).expect(404);
      expect((await list(u)).body).toEqual({ monitors: [], activeCount: 0, limit: 1, total: 0, page: 1, pageSize: 20 });
    });

    it('lists monitors and notices a page at a time, newest first, with the totals', async () => {
      const u = await user('business');
      const ids: string[] = [];
      for (const handle of ['@one', '@two', '@three']) {
        ids.push((await create(u, weekly([], [handle])).expect(201)).body.monitor.id);
        now = new Date(now.getTime() + 1000);
      }
      await update(u, ids[0], false).expect(200);
      const page = (path: string, q: string) => t.http().get(`${path}${q}`).set(auth(u)).expect(200);
      const first = (await page('/api/monitoring', '?pageSize=2')).body;
      expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2, activeCount: 2, limit: 25 });
      expect(first.monitors.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
      const second = (await page('/api/monitoring', '?page=2&pageSize=2')).body;
      expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, activeCount: 2 });
      expect(second.monitors.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
      await t.http().get('/api/monitoring?pageSize=101').set(auth(u)).expect(400);

      for (let i = 0; i < 3; i++) {
        await query(
          t,
          `INSERT INTO monitor_notices (id, monitor_id, user_id, created_at, summary, items) VALUES (gen_random_uuid(), $1, $2, $3, $4, '[]')`,
          [ids[1], u.userId, new Date(now.getTime() + i * 1000), `notice ${i}`],
        );
      }
      const firstNotices = (await page('/api/monitoring/notices', '?pageSize=2')).body;
      expect(firstNotices).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(firstNotices.notices.map((n: { summary: string }) => n.summary)).toEqual(['notice 2', 'notice 1']);
      const lastNotices = (await page('/api/monitoring/notices', '?page=2&pageSize=2')).body;
      expect(lastNotices.notices.map((n: { summary: string }) => n.summary)).toEqual(['notice 0']);
      expect((await page('/api/monitoring/notices', '')).body).toMatchObject({ total: 3, pageSize: 20 });
      for (const id of ids) await remove(u, id).expect(204);
    });

    it('is owner-only: another user\'s monitor is 404 "Monitor not found"', async () => {
      const owner = await user('pro');
      const stranger = await user('pro');
      const id = (await create(owner, weekly([owner.email])).expect(201)).body.monitor.id;
      for (const res of [await update(stranger, id, false), await remove(stranger, id), await update(stranger, 'not-a-uuid', true)]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Monitor not found');
      }
      expect((await list(stranger)).body.monitors).toEqual([]);
      expect((await list(owner)).body.monitors.map((m: { active: boolean }) => m.active)).toEqual([true]);
    });

    it.each([
      [{ type: 'weekly', targets: { emails: [], handles: [] } }, MONITOR_MESSAGES.noTargets],
      [{ type: 'weekly', targets: { emails: ['  ', ''], handles: [' '] } }, 'Please add at least one email or handle to monitor'],
      [{ type: 'weekly', targets: { emails: ['not-an-email'], handles: [] } }, TARGET_MESSAGES.invalidEmail('not-an-email')],
      [{ type: 'weekly', targets: { emails: [], handles: ['jane doe'] } }, TARGET_MESSAGES.invalidHandle('jane doe')],
      [{ type: 'weekly', targets: { emails: [], handles: ['https://example.com/jane'] } }, TARGET_MESSAGES.invalidHandle('https://example.com/jane')],
      [{ type: 'weekly', targets: { emails: [], handles: ['@jane@example.com'] } }, TARGET_MESSAGES.invalidHandle('@jane@example.com')],
      [{ type: 'weekly', targets: { emails: Array.from({ length: 11 }, (_, i) => `a${i}@example.com`), handles: [] } }, TARGET_MESSAGES.tooManyEmails],
      [{ type: 'daily', targets: { emails: ['a@example.com'], handles: [] } }, MONITOR_MESSAGES.invalidType],
      [{ type: 'weekly' }, MONITOR_MESSAGES.targetsRequired],
      [{ type: 'weekly', targets: { emails: 'a@example.com', handles: [] } }, `targets.${MONITOR_MESSAGES.emailsList}`],
      [{ type: 'weekly', targets: { emails: [], handles: [42] } }, `targets.${MONITOR_MESSAGES.handlesList}`],
    ])('refuses invalid targets (%#) with a clear message', async (body, message) => {
      const u = await user('business');
      const res = await create(u, body).expect(400);
      expect(res.body.error).toBe(message);
      expect((await list(u)).body.monitors).toEqual([]);
    });

    it('refuses an update without a boolean', async () => {
      const u = await user('plus');
      const id = (await create(u, weekly([u.email])).expect(201)).body.monitor.id;
      expect((await update(u, id, 'yes').expect(400)).body.error).toBe(MONITOR_MESSAGES.activeRequired);
    });

    it('parallel creates never overshoot the plan limit (pro: 5)', async () => {
      const u = await user('pro');
      const answers = await Promise.all(Array.from({ length: 12 }, () => create(u, weekly([u.email]))));
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(403)]);
      const [{ n }] = await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM monitors WHERE user_id = $1 AND active`, [u.userId]);
      expect(n).toBe(5);
    });

    it('a lapsed paid plan counts as Free', async () => {
      const u = await user('pro');
      await query(t, `UPDATE users SET plan_expires_at = $1 WHERE id = $2`, [new Date(now.getTime() - DAY), u.userId]);
      expect((await list(u)).body.limit).toBe(0);
      expect((await create(u, weekly([u.email])).expect(403)).body.error).toBe(MONITOR_MESSAGES.atLimit);
    });
  });

  describe('addresses that are not the account\'s own', () => {
    it('are monitored only after their owner clicks the emailed link', async () => {
      const u = await user('plus');
      const other = freshEmail('someone-else').toLowerCase();
      hibp.setBreaches(other, [sampleBreach()]);
      const monitor = (await create(u, weekly([u.email, other])).expect(201)).body.monitor;
      expect(monitor.targets.emails).toEqual([u.email.toLowerCase(), other]);
      expect(monitor.pendingEmails).toEqual([other]);

      const mail = await sink.waitFor((m) => m.to.includes(other));
      expect(mail.subject).toBe('Confirm that Footprint may monitor this address');
      const token = /https:\/\/footprint\.test\/monitoring\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      expect(token).toBeDefined();
      // The token is stored only as its hash.
      const stored = await query<{ token_hash: string }>(t, `SELECT token_hash FROM monitor_targets WHERE value = $1`, [other]);
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0].token_hash).not.toContain(token!);

      // Not scanned while pending.
      hibp.requests.length = 0;
      await tick();
      const looked = hibp.requestsTo('breachedaccount').map((r) => decodeURIComponent(r.path.split('/').pop()!));
      expect(looked).toContain(u.email.toLowerCase());
      expect(looked).not.toContain(other);

      const wrong = await t.http().post('/api/monitoring/verify-email').send({ token: 'x'.repeat(43) }).expect(400);
      expect(wrong.body.error).toBe('This verification link is invalid or has expired.');
      // Signed out is fine: the click may come from another device.
      const ok = await t.http().post('/api/monitoring/verify-email').send({ token }).expect(200);
      expect(ok.body).toEqual({ email: other });
      const again = await t.http().post('/api/monitoring/verify-email').send({ token }).expect(400);
      expect(again.body.error).toBe(MONITOR_MESSAGES.invalidLink);
      expect((await list(u)).body.monitors[0].pendingEmails).toEqual([]);

      // The address joins at once: the monitor is due again, and the next tick looks it up.
      const due = (await list(u)).body.monitors[0];
      expect(new Date(due.nextRunAt).getTime()).toBeLessThanOrEqual(now.getTime());
      hibp.requests.length = 0;
      await tick();
      expect(hibp.requestsTo('breachedaccount').map((r) => decodeURIComponent(r.path.split('/').pop()!))).toContain(other);

      // Verified once, trusted on the user's later monitors too.
      await update(u, monitor.id, false).expect(200);
      const later = (await create(u, weekly([other])).expect(201)).body.monitor;
      expect(later.pendingEmails).toEqual([]);
    });

    it('an expired link is refused', async () => {
      const u = await user('plus');
      const other = freshEmail('late').toLowerCase();
      await create(u, weekly([other])).expect(201);
      const mail = await sink.waitFor((m) => m.to.includes(other));
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1];
      const saved = now;
      now = new Date(now.getTime() + 8 * DAY);
      try {
        const res = await t.http().post('/api/monitoring/verify-email').send({ token }).expect(400);
        expect(res.body.error).toBe(MONITOR_MESSAGES.invalidLink);
      } finally {
        now = saved;
      }
    });

    it('a new link can be sent; it replaces the old one, for the owner only', async () => {
      const u = await user('plus');
      const other = freshEmail('resend').toLowerCase();
      const id = (await create(u, weekly([u.email, other])).expect(201)).body.monitor.id;
      const first = /verify-email\?token=([A-Za-z0-9_-]+)/.exec((await sink.waitFor((m) => m.to.includes(other))).text ?? '')![1];

      const stranger = await user('plus');
      const foreign = await t.http().post(`/api/monitoring/${id}/verification-emails`).set(auth(stranger)).expect(404);
      expect(foreign.body.error).toBe(MONITOR_MESSAGES.notFound);
      await t.http().post(`/api/monitoring/not-a-uuid/verification-emails`).set(auth(u)).expect(404);
      await t.http().post(`/api/monitoring/${id}/verification-emails`).expect(401);

      const mailsBefore = sink.messages.filter((m) => m.to.includes(other)).length;
      const resent = await t.http().post(`/api/monitoring/${id}/verification-emails`).set(auth(u)).expect(200);
      expect(resent.body.monitor.pendingEmails).toEqual([other]);
      const second = await sink.waitFor((m) => m.to.includes(other) && !(m.text ?? '').includes(first));
      expect(sink.messages.filter((m) => m.to.includes(other)).length).toBe(mailsBefore + 1);
      // Only the address that awaits verification was written to, not the account's own.
      expect(sink.messages.filter((m) => m.to.includes(u.email.toLowerCase()) && m.subject === second.subject)).toHaveLength(0);
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(second.text ?? '')![1];
      expect(token).not.toBe(first);

      expect((await t.http().post('/api/monitoring/verify-email').send({ token: first }).expect(400)).body.error).toBe(MONITOR_MESSAGES.invalidLink);
      await t.http().post('/api/monitoring/verify-email').send({ token }).expect(200);
      const done = await t.http().post(`/api/monitoring/${id}/verification-emails`).set(auth(u)).expect(400);
      expect(done.body.error).toBe(MONITOR_MESSAGES.nothingPending);
    });
  });

  describe('the scheduler', () => {
    /** A business user with one weekly monitor on their own address, and the monitor's id. */
    async function monitored(breaches = [sampleBreach()]): Promise<{ u: SignedUp; id: string; email: string }> {
      const u = await user('business');
      const email = u.email.toLowerCase();
      hibp.setBreaches(email, breaches);
      const id = (await create(u, weekly([email])).expect(201)).body.monitor.id;
      return { u, id, email };
    }
    const monitorOf = async (u: SignedUp, id: string) => (await list(u)).body.monitors.find((m: { id: string }) => m.id === id);

    it('runs due monitors on a tick: the first run records a starting point and alerts nothing', async () => {
      const { u, id, email } = await monitored();
      const created = now;
      const report = await tick();
      expect(report.claimed).toBeGreaterThanOrEqual(1);
      await mailIdle();
      const m = await monitorOf(u, id);
      expect(m.lastRuns).toHaveLength(1);
      expect(m.lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 0, summary: 'First check: 1 finding recorded as the starting point' });
      expect(m.nextRunAt).toBe(new Date(created.getTime() + 7 * DAY).toISOString());
      expect((await notices(u)).body.notices).toEqual([]);
      expect(alertsTo(email)).toHaveLength(0);
      // The scan is in the history, outside the monthly quota.
      const usage = await t.http().get('/api/scans/usage').set(auth(u)).expect(200);
      expect(usage.body.used).toBe(0);
      const history = await t.http().get('/api/scans').set(auth(u)).expect(200);
      expect(history.body.items.map((s: { input: string }) => s.input)).toEqual([email]);
      // Not due again until next week.
      await tick();
      expect((await monitorOf(u, id)).lastRuns).toHaveLength(1);
    });

    it('a first run whose main check cannot run is no run: no starting point, nothing stored, retried', async () => {
      const { u, id, email } = await monitored();
      hibp.failures.breachedaccount = { kind: 'status', status: 503 };
      await tick();
      const m = await monitorOf(u, id);
      expect(m.lastRuns).toHaveLength(1);
      expect(m.lastRuns[0]).toMatchObject({ status: 'failed', newItems: 0, summary: expect.stringMatching(/^"Data breaches.*" could not run \(unavailable\); the monitor will try again\.$/) });
      expect(m.nextRunAt).toBe(new Date(now.getTime() + 5 * 60_000).toISOString());
      // Nothing kept: no starting point and no scan in the history.
      expect(await query(t, `SELECT item_key FROM monitor_known_items WHERE monitor_id = $1`, [id])).toEqual([]);
      expect((await t.http().get('/api/scans').set(auth(u)).expect(200)).body.total).toBe(0);

      // Once the breach check answers, the run records its starting point as a first run does.
      delete hibp.failures.breachedaccount;
      now = new Date(now.getTime() + 5 * 60_000);
      await tick();
      expect((await monitorOf(u, id)).lastRuns[0]).toMatchObject({ status: 'succeeded', summary: 'First check: 1 finding recorded as the starting point' });
      expect(alertsTo(email)).toHaveLength(0);
    });

    it('a new breach gives one notice and one email; nothing new gives none', async () => {
      const { u, id, email } = await monitored();
      await tick();
      const next = new Date((await monitorOf(u, id)).nextRunAt);

      now = new Date(next.getTime() + 60_000);
      hibp.setBreaches(email, [
        sampleBreach(),
        sampleBreach({ Name: 'HarborHub', Title: 'Harbor <b>Hub</b>', Domain: 'harborhub.example', DataClasses: ['Email addresses', 'Passwords'] }),
      ]);
      await tick();
      await mailIdle();
      const m = await monitorOf(u, id);
      expect(m.lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 1, summary: '1 new breach' });
      // The schedule keeps its rhythm: a week after the scheduled time, not after the run.
      expect(m.nextRunAt).toBe(new Date(next.getTime() + 7 * DAY).toISOString());

      const listed = (await notices(u).expect(200)).body.notices;
      expect(listed).toEqual([
        {
          id: expect.any(String),
          monitorId: id,
          scanId: null,
          createdAt: now.toISOString(),
          summary: '1 new breach',
          items: [{ kind: 'breach', target: email, title: 'Harbor <b>Hub</b>', recommendation: expect.stringMatching(/\w/) }],
        },
      ]);
      const alerts = alertsTo(email);
      expect(alerts).toHaveLength(1);
      expect(alerts[0].subject).toBe('Footprint monitor: 1 new breach');
      expect(alerts[0].text).toContain('New breach for');
      expect(alerts[0].text).toContain('Harbor <b>Hub</b>');
      expect(alerts[0].text).toContain('What to do:');
      expect(alerts[0].text).toContain('https://footprint.test/monitoring');
      expect(alerts[0].html).toContain('Harbor &lt;b&gt;Hub&lt;/b&gt;');
      expect(alerts[0].html).not.toContain('<b>Hub</b>');
      const events = await query<{ parameters: Record<string, unknown> }>(t, `SELECT parameters FROM analytics_events WHERE user_id = $1 AND event = 'email_sent'`, [u.userId]);
      expect(events.map((e) => e.parameters)).toEqual([{ email_type: 'monitor_alert', recipient: 'account' }]);
      expect(JSON.stringify(events)).not.toContain('@');

      // Next week, nothing new: no notice, no email.
      now = new Date(next.getTime() + 7 * DAY + 60_000);
      await tick();
      await mailIdle();
      expect((await monitorOf(u, id)).lastRuns.map((r: { summary: string }) => r.summary)).toEqual(['No changes', '1 new breach', 'First check: 1 finding recorded as the starting point']);
      expect((await notices(u)).body.notices).toHaveLength(1);
      expect(alertsTo(email)).toHaveLength(1);

      // Dismissing hides the notice; unknown and other users' notices are 404.
      const noticeId = listed[0].id;
      const stranger = await user('plus');
      const foreign = await t.http().post(`/api/monitoring/notices/${noticeId}/dismiss`).set(auth(stranger)).expect(404);
      expect(foreign.body.error).toBe(MONITOR_MESSAGES.noticeNotFound);
      await t.http().post(`/api/monitoring/notices/${noticeId}/dismiss`).set(auth(u)).expect(204);
      await t.http().post(`/api/monitoring/notices/${noticeId}/dismiss`).set(auth(u)).expect(204);
      expect((await notices(u)).body.notices).toEqual([]);
    });

    it('a failed run is recorded and retried after 5 min, 30 min, 2 h, then at the next regular time', async () => {
      const { u, id, email } = await monitored();
      await tick();
      const scheduled = new Date((await monitorOf(u, id)).nextRunAt);
      hibp.failures.breachedaccount = { kind: 'status', status: 503 };

      now = new Date(scheduled.getTime() + 1_000);
      const expected = [5 * 60_000, 30 * 60_000, 2 * 3600_000];
      for (const delay of expected) {
        await tick();
        const m = await monitorOf(u, id);
        expect(m.lastRuns[0].status).toBe('failed');
        expect(m.lastRuns[0].summary).toMatch(/could not run/);
        expect(m.nextRunAt).toBe(new Date(now.getTime() + delay).toISOString());
        now = new Date(now.getTime() + delay);
      }
      await tick();
      const gaveUp = await monitorOf(u, id);
      expect(gaveUp.lastRuns.filter((r: { status: string }) => r.status === 'failed')).toHaveLength(4);
      expect(gaveUp.nextRunAt).toBe(new Date(scheduled.getTime() + 7 * DAY).toISOString());
      const attempts = await query<{ attempt: number }>(t, `SELECT attempt FROM monitor_runs WHERE monitor_id = $1 ORDER BY started_at`, [id]);
      expect(attempts.map((a) => a.attempt)).toEqual([1, 1, 2, 3, 4]);

      // HIBP answers again, with a new breach: reported once.
      delete hibp.failures.breachedaccount;
      hibp.setBreaches(email, [sampleBreach(), sampleBreach({ Name: 'Quillnote', Title: 'Quillnote', Domain: 'quillnote.example' })]);
      now = new Date(scheduled.getTime() + 7 * DAY);
      await tick();
      await mailIdle();
      expect((await monitorOf(u, id)).lastRuns[0]).toMatchObject({ status: 'succeeded', newItems: 1 });
      expect(alertsTo(email)).toHaveLength(1);
    });

    it('a paused monitor does not run; a monitor whose plan lapsed is paused', async () => {
      const { u, id } = await monitored();
      await update(u, id, false).expect(200);
      await tick();
      expect((await monitorOf(u, id)).lastRuns).toEqual([]);

      await update(u, id, true).expect(200);
      await query(t, `UPDATE users SET plan_expires_at = $1 WHERE id = $2`, [new Date(now.getTime() - 1000), u.userId]);
      await tick();
      const m = await monitorOf(u, id);
      expect(m.active).toBe(false);
      expect(m.lastRuns[0]).toMatchObject({ status: 'failed', summary: RUN_MESSAGES.planEnded });
    });

    it('a plan that shrank keeps only its limit of the oldest monitors running', async () => {
      const u = await user('pro');
      const email = u.email.toLowerCase();
      const ids: string[] = [];
      for (const handle of ['@shrink_a', '@shrink_b', '@shrink_c']) {
        ids.push((await create(u, weekly([email], [handle])).expect(201)).body.monitor.id);
        now = new Date(now.getTime() + 1_000);
      }
      await query(t, `UPDATE users SET plan_tier = 'plus' WHERE id = $1`, [u.userId]);
      await tick();
      const monitors = (await list(u)).body.monitors as { id: string; active: boolean; lastRuns: { summary: string }[] }[];
      const byId = new Map(monitors.map((m) => [m.id, m]));
      expect(ids.map((id) => byId.get(id)!.active)).toEqual([true, false, false]);
      expect(byId.get(ids[1])!.lastRuns[0].summary).toBe(RUN_MESSAGES.overLimit(1));
      expect((await list(u)).body.activeCount).toBe(1);
    });

    it('a run that keeps crashing the server is given up on for the period instead of looping', async () => {
      const { u, id } = await monitored();
      await tick();
      const scheduled = new Date((await monitorOf(u, id)).nextRunAt);
      // What a crash leaves: a 'running' run and an expired lease, RETRY_DELAYS_MS.length times over.
      await query(t, `UPDATE monitors SET failed_attempts = 3, next_run_at = $2, lease_until = $2, lease_token = gen_random_uuid() WHERE id = $1`, [id, scheduled]);
      await query(t, `INSERT INTO monitor_runs (id, monitor_id, started_at, status, attempt, new_items, summary) VALUES (gen_random_uuid(), $1, $2, 'running', 3, 0, '')`, [id, scheduled]);
      now = new Date(scheduled.getTime() + 60_000);
      hibp.requests.length = 0;
      await tick();
      const m = await monitorOf(u, id);
      const looked = hibp.requestsTo('breachedaccount').map((r) => decodeURIComponent(r.path.split('/').pop()!));
      expect(looked).not.toContain(u.email.toLowerCase());
      expect(m.lastRuns.slice(0, 2).map((r: { status: string; summary: string }) => [r.status, r.summary])).toEqual([
        ['failed', RUN_MESSAGES.givenUp],
        ['failed', expect.stringMatching(/interrupted/)],
      ]);
      expect(m.nextRunAt).toBe(new Date(scheduled.getTime() + 7 * DAY).toISOString());
      const [row] = await query<{ failed_attempts: number }>(t, `SELECT failed_attempts FROM monitors WHERE id = $1`, [id]);
      expect(row.failed_attempts).toBe(0);
    });

    it('a monitor whose addresses all await verification runs without scanning anything', async () => {
      const u = await user('plus');
      const other = freshEmail('pending').toLowerCase();
      const id = (await create(u, weekly([other])).expect(201)).body.monitor.id;
      hibp.requests.length = 0;
      await tick();
      expect(hibp.requestsTo('breachedaccount')).toHaveLength(0);
      expect((await monitorOf(u, id)).lastRuns[0]).toMatchObject({ status: 'waiting', summary: RUN_MESSAGES.nothingVerified });
    });
  });

  describe('the account', () => {
    it('exports monitors with runs and notices, and deletes them with the account', async () => {
      const u = await user('plus');
      const email = u.email.toLowerCase();
      hibp.setBreaches(email, [sampleBreach()]);
      const id = (await create(u, weekly([email])).expect(201)).body.monitor.id;
      await tick();
      const exported = (await t.http().get('/api/auth/account/export').set(auth(u)).expect(200)).body;
      expect(exported.monitors).toEqual([
        // Known: the breach, the starting points of the breaches and Gravatar checks, and of HIBP's pastes.
        expect.objectContaining({ id, type: 'weekly', targets: { emails: [email], handles: [], websites: [], domains: [] }, runs: [expect.objectContaining({ status: 'succeeded' })], notices: [], knownItems: 4 }),
      ]);

      await u.agent.delete('/api/auth/account').set(auth(u)).send({ password: u.password }).expect(204);
      for (const table of ['monitors', 'monitor_targets', 'monitor_runs', 'monitor_known_items']) {
        const column = table === 'monitors' ? 'id' : 'monitor_id';
        const [{ n }] = await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [id]);
        expect(n).toBe(0);
      }
    });

    it('never logs monitored addresses', () => {
      const text = logs.lines.join('\n');
      expect(text).toContain('monitor created');
      expect(text).not.toMatch(/[a-z0-9.-]+@example\.test/i);
    });
  });
});
