import request from 'supertest';
import { AnalyticsService } from '../../server/src/analytics/analytics.service';
import { OPERATOR_TOKEN_MESSAGE } from '../../server/src/common/security/operator-token.guard';
import { Clock } from '../../server/src/common/clock/clock.service';
import { awayFromWindowEdge, CSRF, PASSWORD, query, signUp, SignedUp } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

/** First-party analytics (track, server-side record, the operators' daily counts) and the sticky A/B variants. */

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef';

describe('analytics and A/B tests', () => {
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_TOKEN }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  const setNow = (date: Date) => jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(date);
  const track = (user: SignedUp | undefined, body: unknown) => {
    const req = t.http().post('/api/analytics/track');
    return (user ? req.set('Authorization', `Bearer ${user.accessToken}`) : req).send(body as object);
  };
  const eventsOf = (user: SignedUp) =>
    query<{ event: string; parameters: Record<string, unknown> }>(t, `SELECT event, parameters FROM analytics_events WHERE user_id = $1 ORDER BY occurred_at`, [user.userId]);
  const daily = (path: string, token: string | null = OPERATOR_TOKEN) => {
    const req = t.http().get(`/api/analytics/daily${path}`);
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  describe('POST /api/analytics/track', () => {
    it('is for signed-in users only', async () => {
      const res = await track(undefined, { event: 'page_view', parameters: {} }).expect(401);
      expect(res.body.error).toBe('Please sign in to continue.');
    });

    it('stores the event under the token\'s user, keeping only allowed parameters, URLs without their query', async () => {
      const user = await signUp(t);
      const other = await signUp(t);
      await track(user, {
        event: 'scan_completed',
        parameters: {
          userId: other.userId,
          timestamp: '2025-02-03T04:05:06.000Z',
          userAgent: 'Mozilla/5.0 Test',
          url: 'http://localhost:3000/dashboard?tab=scan#x',
          referrer: '',
          scan_type: 'privacy',
          input_type: 'email',
          scan_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
          privacy_score: 85,
          processing_time: 1520,
        },
      }).expect(204);
      expect(await eventsOf(user)).toEqual([
        {
          event: 'scan_completed',
          parameters: {
            timestamp: '2025-02-03T04:05:06.000Z',
            userAgent: 'Mozilla/5.0 Test',
            url: 'http://localhost:3000/dashboard',
            scan_type: 'privacy',
            input_type: 'email',
            scan_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
            privacy_score: 85,
            processing_time: 1520,
          },
        },
      ]);
      expect(await eventsOf(other)).toEqual([]);
    });

    it.each([
      ['an unknown event', { event: 'purchase' }, 'event must be one of page_view, scan_started, scan_completed, upsell_viewed, upsell_clicked, upgrade_started, upgrade_success, monitor_created, email_sent, error_occurred'],
      ['an unknown parameter', { event: 'page_view', parameters: { email: 'jane@example.com' } }, "Unknown parameter 'email' for event 'page_view'"],
      ['a value outside its list', { event: 'upsell_viewed', parameters: { plan: 'gold' } }, "Parameter 'plan' must be one of free, plus, pro, business"],
      ['an oversized error message', { event: 'error_occurred', parameters: { error_message: 'x'.repeat(501) } }, "Parameter 'error_message' must be at most 500 characters"],
      ['an oversized user agent', { event: 'page_view', parameters: { userAgent: 'u'.repeat(10_000) } }, "Parameter 'userAgent' must be at most 512 characters"],
      ['parameters that are not an object', { event: 'page_view', parameters: 'everything' }, 'parameters must be an object'],
      ['an unknown field', { event: 'page_view', extra: 1 }, 'property extra should not exist'],
    ])('refuses %s with 400', async (_what, body, message) => {
      const user = await signUp(t);
      const res = await track(user, body).expect(400);
      expect(res.body.error).toBe(message);
      expect(await eventsOf(user)).toEqual([]);
    });

    it('limits each user to 120 events a minute', async () => {
      await awayFromWindowEdge(60, 20_000);
      const user = await signUp(t);
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await track(user, { event: 'page_view' })).status);
      expect(statuses.filter((s) => s === 204)).toHaveLength(120);
      expect(statuses.at(-1)).toBe(429);
      // Another user is not affected.
      await track(await signUp(t), { event: 'page_view' }).expect(204);
    });
  });

  describe('AnalyticsService.record (server-side events)', () => {
    it('stores an email_sent event with the recipient as a kind', async () => {
      const user = await signUp(t);
      await t.app.get(AnalyticsService).record(user.userId, 'email_sent', { email_type: 'monitor_alert', recipient: 'account' });
      expect(await eventsOf(user)).toEqual([{ event: 'email_sent', parameters: { email_type: 'monitor_alert', recipient: 'account' } }]);
    });

    it('never stores an address, and never throws at its caller', async () => {
      const user = await signUp(t);
      await expect(
        t.app.get(AnalyticsService).record(user.userId, 'email_sent', { email_type: 'monitor_alert', recipient: user.email }),
      ).resolves.toBeUndefined();
      expect(await eventsOf(user)).toEqual([]);
      expect(logs.lines.some((l) => l.includes('analytics event not recorded: event=email_sent'))).toBe(true);
      expect(logs.lines.some((l) => l.includes(user.email))).toBe(false);
    });
  });

  describe('GET /api/analytics/daily (operators)', () => {
    it('needs the operator token, compared exactly', async () => {
      const user = await signUp(t);
      for (const token of [null, 'wrong', `${OPERATOR_TOKEN}x`, OPERATOR_TOKEN.slice(0, -1), user.accessToken]) {
        const res = await daily('', token).expect(401);
        expect(res.body.error).toBe(OPERATOR_TOKEN_MESSAGE);
      }
    });

    it('counts events per UTC day and name, every day of the range included', async () => {
      const [a, b] = [await signUp(t), await signUp(t)];
      setNow(new Date('2031-01-01T23:59:00Z'));
      await track(a, { event: 'page_view' }).expect(204);
      await track(b, { event: 'page_view' }).expect(204);
      await track(a, { event: 'upgrade_success', parameters: { from_plan: 'free', to_plan: 'plus', amount: 999 } }).expect(204);
      setNow(new Date('2031-01-03T00:00:01Z'));
      await track(b, { event: 'scan_completed', parameters: { privacy_score: 40 } }).expect(204);
      jest.restoreAllMocks();

      const res = await daily('?from=2031-01-01&to=2031-01-03').expect(200);
      const zero = Object.fromEntries(Object.keys(res.body.totals).map((k) => [k, 0]));
      expect(Object.keys(zero)).toHaveLength(10);
      expect(res.body).toEqual({
        from: '2031-01-01',
        to: '2031-01-03',
        days: [
          { date: '2031-01-01', counts: { ...zero, page_view: 2, upgrade_success: 1 } },
          { date: '2031-01-02', counts: zero },
          { date: '2031-01-03', counts: { ...zero, scan_completed: 1 } },
        ],
        totals: { ...zero, page_view: 2, upgrade_success: 1, scan_completed: 1 },
      });
    });

    it('defaults to the last 30 days and refuses bad ranges', async () => {
      setNow(new Date('2031-03-15T12:00:00Z'));
      const res = await daily('').expect(200);
      expect(res.body.from).toBe('2031-02-14');
      expect(res.body.to).toBe('2031-03-15');
      expect(res.body.days).toHaveLength(30);
      for (const bad of ['?from=2031-13-01', '?from=yesterday', '?from=2031-03-10&to=2031-03-01', '?from=2029-01-01&to=2031-01-01']) {
        await daily(bad).expect(400);
      }
    });
  });

  describe('GET and POST /api/analytics/ab-test/{testName}', () => {
    const abGet = (agent: ReturnType<typeof request.agent> | ReturnType<TestApp['http']>, user?: SignedUp) => {
      const req = agent.get('/api/analytics/ab-test/pricing_test');
      return user ? req.set('Authorization', `Bearer ${user.accessToken}`) : req;
    };

    it('gives a user the same variant every time', async () => {
      const user = await signUp(t);
      const first = (await abGet(t.http(), user).expect(200)).body.variant;
      expect(['A', 'B', 'C']).toContain(first);
      for (let i = 0; i < 5; i++) expect((await abGet(t.http(), user).expect(200)).body).toEqual({ variant: first });
    });

    it('gives a visitor a random, HttpOnly cookie and the same variant on every visit with it', async () => {
      const agent = request.agent(t.app.getHttpServer());
      const first = await abGet(agent).expect(200);
      const cookie = (first.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('fp_visitor='));
      expect(cookie).toMatch(/^fp_visitor=[A-Za-z0-9_-]{22}; Max-Age=15552000; Path=\/api\/analytics\/ab-test; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      for (let i = 0; i < 5; i++) {
        const again = await abGet(agent).expect(200);
        expect(again.body).toEqual(first.body);
        expect(again.headers['set-cookie']).toBeUndefined();
      }
      // Only a hash of the cookie is stored.
      const id = /^fp_visitor=([^;]+)/.exec(cookie!)![1];
      expect(await query(t, `SELECT subject FROM ab_test_assignments WHERE subject LIKE $1`, [`%${id}%`])).toEqual([]);
    });

    it('draws variants at random across visitors', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 30; i++) seen.add((await abGet(t.http()).expect(200)).body.variant);
      expect(seen.size).toBeGreaterThan(1);
      for (const variant of seen) expect(['A', 'B', 'C']).toContain(variant);
    });

    it('keeps the variant a visitor saw once they sign in', async () => {
      const agent = request.agent(t.app.getHttpServer());
      const seen = (await abGet(agent).expect(200)).body.variant;
      const user = await signUp(t);
      expect((await abGet(agent, user).expect(200)).body.variant).toBe(seen);
      expect((await abGet(t.http(), user).expect(200)).body.variant).toBe(seen);
    });

    it('answers 404 for an unknown test', async () => {
      const res = await t.http().get('/api/analytics/ab-test/homepage_test').expect(404);
      expect(res.body.error).toBe('Unknown A/B test');
      await t.http().post('/api/analytics/ab-test/homepage_test').set(CSRF).send({ variant: 'A' }).expect(404);
    });

    it("records the client's own choice, which then sticks", async () => {
      const user = await signUp(t);
      const res = await t.http().post('/api/analytics/ab-test/pricing_test').set(CSRF).set('Authorization', `Bearer ${user.accessToken}`).send({ variant: 'C' }).expect(200);
      expect(res.body).toEqual({ variant: 'C' });
      expect((await abGet(t.http(), user).expect(200)).body).toEqual({ variant: 'C' });
      expect(await query(t, `SELECT variant, chosen_by FROM ab_test_assignments WHERE user_id = $1`, [user.userId])).toEqual([{ variant: 'C', chosen_by: 'client' }]);

      const agent = request.agent(t.app.getHttpServer());
      await agent.post('/api/analytics/ab-test/pricing_test').set(CSRF).send({ variant: 'B' }).expect(200);
      expect((await abGet(agent).expect(200)).body).toEqual({ variant: 'B' });
    });

    it('refuses an unknown variant, and a POST without the CSRF header', async () => {
      const res = await t.http().post('/api/analytics/ab-test/pricing_test').set(CSRF).send({ variant: 'D' }).expect(400);
      expect(res.body.error).toBe('variant must be one of A, B, C');
      await t.http().post('/api/analytics/ab-test/pricing_test').send({ variant: 'A' }).expect(403);
    });
  });

  it('the account export includes the events and the variants', async () => {
    const user = await signUp(t);
    await track(user, { event: 'upsell_viewed', parameters: { location: 'footer_slot', plan: 'free' } }).expect(204);
    const { variant } = (await assignVariant(user)).body;
    const exported = await t.http().get('/api/auth/account/export').set('Authorization', `Bearer ${user.accessToken}`).expect(200);
    expect(exported.body.analyticsEvents).toEqual([{ event: 'upsell_viewed', parameters: { location: 'footer_slot', plan: 'free' }, occurredAt: expect.any(String) }]);
    expect(exported.body.abTests).toEqual([{ testName: 'pricing_test', variant, assignedAt: expect.any(String) }]);
  });

  it("deleting the account deletes its analytics events and A/B assignments", async () => {
    const user = await signUp(t);
    await track(user, { event: 'page_view' }).expect(204);
    await assignVariant(user);
    await t.http().delete('/api/auth/account').set('Authorization', `Bearer ${user.accessToken}`).send({ password: PASSWORD }).expect(204);
    expect(await query(t, `SELECT id FROM analytics_events WHERE user_id = $1`, [user.userId])).toEqual([]);
    expect(await query(t, `SELECT subject FROM ab_test_assignments WHERE user_id = $1`, [user.userId])).toEqual([]);
  });

  function assignVariant(user: SignedUp) {
    return t.http().get('/api/analytics/ab-test/pricing_test').set('Authorization', `Bearer ${user.accessToken}`).expect(200);
  }
});

describe('the operators\' endpoint without OPERATOR_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does not exist', async () => {
    await t.http().get('/api/analytics/daily').expect(404);
    await t.http().get('/api/analytics/daily').set('Authorization', 'Bearer anything-at-all-anything-at-all-x').expect(404);
  });
});
