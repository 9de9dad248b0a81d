import { Clock } from '../../server/src/common/clock/clock.service';
import { MailService } from '../../server/src/mail/mail.service';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { QueuedScanRunner } from '../../server/src/monitoring/queued-scan-runner.service';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { SmtpSink } from '../fakes/smtp-sink';
import { FakeXposedOrNot, sampleXonBreach } from '../fakes/xposedornot';
import { freshEmail, freshIp, query, signUp } from '../support/auth';
import { eventsOf, eventStreamText } from '../support/event-stream';
import { createTestApp, TestApp } from '../support/test-app';

const DAY = 24 * 3600_000;

/** Monitors on the merged breach answer: a new breach from either source alerts, one breach seen by both alerts once. */
describe('monitors with two breach sources', () => {
  const hibp = new FakeHibp();
  const xon = new FakeXposedOrNot();
  const sink = new SmtpSink();
  let t: TestApp;
  let now: Date;

  beforeAll(async () => {
    await Promise.all([hibp.start(), xon.start(), sink.start()]);
    t = await createTestApp({
      ...hibp.env,
      ...xon.env,
      SMTP_URL: sink.url,
      GRAVATAR_ENABLED: 'false',
      EMAIL_DNS_ENABLED: 'false',
      MONITOR_TICK_SECONDS: '0',
      PUBLIC_URL: 'https://footprint.test',
    });
    now = new Date('2031-03-02T10:00:00.000Z');
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    xon.catalogue = [
      sampleXonBreach(),
      sampleXonBreach({ breachID: 'HarborHub', domain: 'harborhub.example', breachedDate: '2024-01-01T00:00:00' }),
      sampleXonBreach({ breachID: 'Tidepool', domain: 'tidepool.example', breachedDate: '2019-02-01T00:00:00' }),
    ];
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), xon.close(), sink.stop()]);
  });

  const tick = () => t.app.get(MonitorScheduler).tick();
  const alertsTo = (address: string) => sink.messages.filter((m) => m.to.includes(address) && m.subject.startsWith('Footprint monitor:'));

  it('a breach both report is one alert; one only XposedOrNot reports is an alert; HIBP catching up later is none', async () => {
    const u = await signUp(t, freshEmail('two-sources'));
    const email = u.email.toLowerCase();
    await query(t, `UPDATE users SET plan_tier = 'business', email_verified_at = now() WHERE id = $1`, [u.userId]);
    hibp.setBreaches(email, [sampleBreach()]);
    xon.setExposure(email, ['LanternMarket']);
    const id = (await t.http().post('/api/monitoring').auth(u.accessToken, { type: 'bearer' }).send({ type: 'weekly', targets: { emails: [email], handles: [] } }).expect(201))
      .body.monitor.id;
    const runs = async () =>
      ((await t.http().get('/api/monitoring').auth(u.accessToken, { type: 'bearer' })).body.monitors as { id: string; lastRuns: { summary: string }[] }[])
        .find((m) => m.id === id)!
        .lastRuns.map((r) => r.summary);

    await tick();
    // Both sources' starting points; the breach both know counts once.
    expect(await runs()).toEqual(['First check: 1 finding recorded as the starting point']);

    now = new Date(now.getTime() + 7 * DAY + 60_000);
    hibp.setBreaches(email, [sampleBreach(), sampleBreach({ Name: 'HarborHub', Title: 'Harbor Hub', Domain: 'harborhub.example', BreachDate: '2024-01-01' })]);
    xon.setExposure(email, ['LanternMarket', 'HarborHub', 'Tidepool']);
    await tick();
    await t.app.get(MailService).whenIdle();
    expect((await runs())[0]).toBe('2 new breaches');
    const [alert] = alertsTo(email);
    expect(alertsTo(email)).toHaveLength(1);
    expect(alert.subject).toBe('Footprint monitor: 2 new breaches');
    expect(alert.text).toContain('Harbor Hub');
    expect(alert.text).toContain('Tidepool');
    const notices = (await t.http().get('/api/monitoring/notices').auth(u.accessToken, { type: 'bearer' })).body.notices;
    expect(notices[0].items.map((i: { title: string }) => i.title)).toEqual(['Harbor Hub', 'Tidepool']);

    // HIBP now lists Tidepool too: the same breach, no new alert.
    now = new Date(now.getTime() + 7 * DAY + 60_000);
    hibp.setBreaches(email, [
      sampleBreach(),
      sampleBreach({ Name: 'HarborHub', Title: 'Harbor Hub', Domain: 'harborhub.example', BreachDate: '2024-01-01' }),
      sampleBreach({ Name: 'Tidepool', Title: 'Tidepool', Domain: 'tidepool.example', BreachDate: '2019-02-01' }),
    ]);
    await tick();
    await t.app.get(MailService).whenIdle();
    expect((await runs())[0]).toBe('No changes');
    expect(alertsTo(email)).toHaveLength(1);
    // Each run asked both sources (a week later the cached answers had expired).
    expect(hibp.requestsTo('breachedaccount')).toHaveLength(3);
    expect(xon.requestsTo('breach-analytics')).toHaveLength(3);
  });

  /**
   * Issue 38, point 4c: a signed-in person's email scan that meets the breach sources at their limit
   * is queued (202), and the runner finishes it once they allow: the stored scan, a notice and an
   * email. The same app as the monitors above (both sources, a mail sink, the clock held).
   */
  describe('queued breach checks', () => {
    const tick = () => t.app.get(QueuedScanRunner).tick();
    const as = (token: string) => ({ get: (path: string) => t.http().get(path).auth(token, { type: 'bearer' }) });
    /** XposedOrNot answers one visitor's lookup 429 for a second: every instance holds back that long. */
    async function sourcesBusy(): Promise<void> {
      xon.failures['breach-analytics'] = { kind: 'rate-limited', retryAfter: '1' };
      const limited = await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: freshEmail('visitor') }).expect(200);
      // HIBP answered, XposedOrNot did not: a partial answer, below the coverage rule (both).
      expect(limited.body.checks.find((c: { id: string }) => c.id === 'breaches').sources).toContainEqual(expect.objectContaining({ id: 'xposedornot', status: 'rate_limited' }));
      xon.failures['breach-analytics'] = undefined;
    }
    async function queue(token: string, email: string): Promise<{ scanId: string; expectedBy: string; emailWhenDone: boolean; message: string }> {
      const res = await t.http().post('/api/scans').auth(token, { type: 'bearer' }).set('Accept', 'text/event-stream').send({ input: email }).expect(202);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      return res.body;
    }
    /** Past the source's second and the queued scans' expected time. */
    async function later(): Promise<void> {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      now = new Date(now.getTime() + 5 * 60_000);
    }

    it('queued, shown to its owner only, then completed by the runner with a notice and an email; it counts once', async () => {
      const u = await signUp(t, freshEmail('queued'));
      const other = await signUp(t, freshEmail('other'));
      const email = freshEmail('looked-up');
      hibp.setBreaches(email, [sampleBreach()]);
      xon.setExposure(email, ['LanternMarket']);
      await sourcesBusy();
      // A visitor is still refused, with the wait.
      await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: email }).expect(429);

      const queued = await queue(u.accessToken, email);
      expect(queued).toMatchObject({ status: 'queued', input: email, inputType: 'email', emailWhenDone: true });
      expect(Date.parse(queued.expectedBy) - now.getTime()).toBeGreaterThanOrEqual(60_000);
      expect(queued.message).toMatch(/queued and will run by about \d\d:\d\d UTC.*and we will email you\.$/);
      const stored = await as(u.accessToken).get(`/api/scans/${queued.scanId}`).expect(200);
      expect(stored.body).toMatchObject({ status: 'queued', expectedBy: queued.expectedBy, result: null, completedAt: null });
      expect((await as(u.accessToken).get('/api/scans').expect(200)).body.items[0]).toMatchObject({ id: queued.scanId, status: 'queued' });
      await as(other.accessToken).get(`/api/scans/${queued.scanId}`).expect(404);
      expect((await as(u.accessToken).get('/api/scans/usage').expect(200)).body.used).toBe(1);

      // Not due yet (and the sources still busy): nothing runs, nothing is asked.
      const asked = xon.requestsTo('breach-analytics').length;
      expect(await tick()).toEqual({ completed: 0, requeued: 0, failed: 0 });
      expect(xon.requestsTo('breach-analytics')).toHaveLength(asked);

      await later();
      expect(await tick()).toEqual({ completed: 1, requeued: 0, failed: 0 });
      const done = (await as(u.accessToken).get(`/api/scans/${queued.scanId}`).expect(200)).body;
      expect(done).toMatchObject({ status: 'completed', expectedBy: null, score: expect.any(Number) });
      expect(done.result).toMatchObject({ scanId: queued.scanId, mode: 'real', coverage: { complete: true } });
      expect(done.result.breaches.count).toBe(1);
      expect((await as(u.accessToken).get('/api/scans/usage').expect(200)).body.used).toBe(1);

      const notices = (await as(u.accessToken).get('/api/monitoring/notices').expect(200)).body.notices;
      expect(notices).toEqual([
        expect.objectContaining({ monitorId: null, scanId: queued.scanId, summary: `Your queued check of ${email} is done`, items: [expect.objectContaining({ kind: 'queued_scan', target: email })] }),
      ]);
      expect((await as(other.accessToken).get('/api/monitoring/notices').expect(200)).body.notices).toEqual([]);
      // The account export has it too.
      expect((await as(u.accessToken).get('/api/auth/account/export').expect(200)).body.scanNotices).toEqual([expect.objectContaining({ scanId: queued.scanId, dismissedAt: null })]);
      await t.app.get(MailService).whenIdle();
      const mails = sink.messages.filter((m) => m.to.includes(u.email.toLowerCase()) && m.subject === 'Your Footprint check is done');
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(`https://footprint.test/history?scan=${queued.scanId}`);
      expect(mails[0].text).toContain('1 breach found');
    });

    it('a scan that meets the limit mid-run (the first 429 after it started) is queued too, as JSON (202) and as a stream, and the runner completes it', async () => {
      const u = await signUp(t, freshEmail('queued-mid-run'));
      const [first, second] = [freshEmail('mid-run'), freshEmail('mid-run')];
      for (const email of [first, second]) {
        hibp.setBreaches(email, [sampleBreach()]);
        xon.setExposure(email, ['LanternMarket']);
      }
      // Nothing is known to be busy when the scans start: XposedOrNot's 429 comes during the run.
      xon.failures['breach-analytics'] = { kind: 'rate-limited', retryAfter: '1' };
      let streamed: { event?: string; data: unknown }[];
      let queued: { scanId: string; expectedBy: string; status: string };
      try {
        queued = (await t.http().post('/api/scans').auth(u.accessToken, { type: 'bearer' }).send({ input: first }).expect(202)).body;
        await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the 429's second: the next scan starts, then meets it
        const res = await t
          .http()
          .post('/api/scans')
          .auth(u.accessToken, { type: 'bearer' })
          .set('Accept', 'text/event-stream')
          .send({ input: second })
          .buffer(true)
          .parse(eventStreamText)
          .expect(200);
        streamed = eventsOf(res.body);
      } finally {
        xon.failures['breach-analytics'] = undefined;
      }
      expect(queued).toMatchObject({ status: 'queued', input: first, emailWhenDone: true });
      expect(Date.parse(queued.expectedBy) - now.getTime()).toBeGreaterThanOrEqual(60_000);
      expect(streamed.map((e) => e.event)).toEqual(['started', ...streamed.slice(1, -1).map(() => 'check'), 'queued']);
      const streamedQueued = streamed[streamed.length - 1].data as { scanId: string };
      expect(streamedQueued).toMatchObject({ status: 'queued', input: second });
      for (const id of [queued.scanId, streamedQueued.scanId]) expect((await as(u.accessToken).get(`/api/scans/${id}`).expect(200)).body).toMatchObject({ status: 'queued', result: null });
      // Each holds one monthly scan while it waits, and counts once when done.
      expect((await as(u.accessToken).get('/api/scans/usage').expect(200)).body.used).toBe(2);

      await later();
      expect(await tick()).toEqual({ completed: 2, requeued: 0, failed: 0 });
      for (const id of [queued.scanId, streamedQueued.scanId]) {
        expect((await as(u.accessToken).get(`/api/scans/${id}`).expect(200)).body).toMatchObject({ status: 'completed', result: { mode: 'real', coverage: { complete: true } } });
      }
      expect((await as(u.accessToken).get('/api/scans/usage').expect(200)).body.used).toBe(2);
      const notices = (await as(u.accessToken).get('/api/monitoring/notices').expect(200)).body.notices as { scanId: string }[];
      expect(notices.map((n) => n.scanId).sort()).toEqual([queued.scanId, streamedQueued.scanId].sort());
      await t.app.get(MailService).whenIdle();
      expect(sink.messages.filter((m) => m.to.includes(u.email.toLowerCase()) && m.subject === 'Your Footprint check is done')).toHaveLength(2);
    });

    it('a queued scan that finally cannot complete is failed honestly: its notice and email say so, and it uses no quota', async () => {
      const u = await signUp(t, freshEmail('queued-fails'));
      const email = freshEmail('looked-up');
      await sourcesBusy();
      const queued = await queue(u.accessToken, email);
      await later();
      xon.failures['breach-analytics'] = { kind: 'status', status: 500 };
      try {
        expect(await tick()).toEqual({ completed: 0, requeued: 0, failed: 1 });
      } finally {
        xon.failures['breach-analytics'] = undefined;
      }
      expect((await as(u.accessToken).get(`/api/scans/${queued.scanId}`).expect(200)).body).toMatchObject({ status: 'failed', result: null });
      expect((await as(u.accessToken).get('/api/scans/usage').expect(200)).body.used).toBe(0);
      const [notice] = (await as(u.accessToken).get('/api/monitoring/notices').expect(200)).body.notices;
      expect(notice).toMatchObject({ scanId: queued.scanId, summary: `Your queued check of ${email} could not be completed` });
      expect(notice.items[0].title).toMatch(/^Not completed: /);
      await t.app.get(MailService).whenIdle();
      expect(sink.messages.filter((m) => m.to.includes(u.email.toLowerCase()) && m.subject === 'Your Footprint check could not be completed')).toHaveLength(1);
    });
  });
});
