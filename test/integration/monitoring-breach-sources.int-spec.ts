import { Clock } from '../../server/src/common/clock/clock.service';
import { MailService } from '../../server/src/mail/mail.service';
import { MonitorScheduler } from '../../server/src/monitoring/monitor-scheduler.service';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { SmtpSink } from '../fakes/smtp-sink';
import { FakeXposedOrNot, sampleXonBreach } from '../fakes/xposedornot';
import { freshEmail, query, signUp } from '../support/auth';
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
});
