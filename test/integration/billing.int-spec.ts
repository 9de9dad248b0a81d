import type { AddressInfo } from 'node:net';
import { BILLING_MESSAGES } from '../../server/src/billing/billing.dto';
import { Clock } from '../../server/src/common/clock/clock.service';
import { FakeHibp } from '../fakes/hibp';
import { FakeStripeApi, TEST_CARDS } from '../fakes/stripe-api';
import { freshEmail, freshIp, PASSWORD, query, signUp, SignedUp } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

/**
 * Plans and payments through the real app and the Stripe API fake: the amount check, the signed
 * webhook (bad signatures, replays, mismatched events), the 30-day period under a controlled clock,
 * renewal, and the scan quota following the plan that applies now.
 */

const DAY = 24 * 3600_000;
const NO_SERVICE = 'http://127.0.0.1:9';

describe('billing with Stripe configured', () => {
  const stripe = new FakeStripeApi();
  // The quota counts complete scans only: an email scan's breach check answers from the fake.
  const hibp = new FakeHibp();
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    await Promise.all([stripe.start(), hibp.start()]);
    t = await createTestApp(
      {
        ...stripe.env,
        STRIPE_JS_URL: 'http://127.0.0.1:9/v3/',
        // Scans in the quota tests must not reach outside services.
        ...hibp.env,
        GRAVATAR_API_URL: NO_SERVICE,
        PWNED_PASSWORDS_URL: NO_SERVICE,
        DNS_SERVERS: '127.0.0.1:9',
        SCAN_CHECK_TIMEOUT_MS: '1000',
        SCAN_TIMEOUT_MS: '1500',
      },
      { logger: logs.logger },
    );
    // Stripe delivers webhooks over HTTP: the app listens for real.
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    stripe.webhookUrl = `http://127.0.0.1:${port}/api/billing/webhook`;
  });
  afterAll(async () => {
    await Promise.all([stripe.stop(), hibp.close()]);
    await t?.close();
  });
  beforeEach(() => stripe.resetBehaviour());
  afterEach(() => jest.restoreAllMocks());

  /** Moves this app's clock (plan periods, the scan quota month), nothing else. */
  const setNow = (date: Date) => jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(date);
  const bearer = (user: SignedUp) => ({ Authorization: `Bearer ${user.accessToken}` });
  const createIntent = (user: SignedUp, body: Record<string, unknown>) =>
    t.http().post('/api/billing/create-payment-intent').set(bearer(user)).send(body);
  const profile = async (user: SignedUp) => (await t.http().get('/api/auth/profile').set(bearer(user)).expect(200)).body;
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

  /** What Stripe.js does in the browser: a card payment method, then the confirmation with the client secret. */
  async function confirmInBrowser(clientSecret: string, card: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const call = async (path: string, form: Record<string, string>) => {
      const res = await fetch(`${stripe.baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stripe.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const method = await call('/v1/payment_methods', { type: 'card', 'card[number]': card, 'card[exp_month]': '12', 'card[exp_year]': '2034' });
    if (method.status !== 200) return method;
    return call(`/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`, { client_secret: clientSecret, payment_method: String(method.body.id) });
  }

  /** Pays for `plan` with the card that succeeds and waits for the webhook to be answered. */
  async function pay(user: SignedUp, plan: 'plus' | 'pro' | 'business', amount: number): Promise<string> {
    const created = await createIntent(user, { plan, amount }).expect(200);
    const before = stripe.deliveries.length;
    const confirmed = await confirmInBrowser(created.body.clientSecret, TEST_CARDS.succeeds);
    expect(confirmed.status).toBe(200);
    await stripe.waitForDeliveries(before + 1);
    expect(stripe.deliveries[before]).toMatchObject({ type: 'payment_intent.succeeded', status: 200 });
    return intentIdOf(created.body.clientSecret);
  }

  it('tells the client that payments work and how to load Stripe.js', async () => {
    const res = await t.http().get('/api/billing/config').expect(200);
    expect(res.body).toEqual({ configured: true, publishableKey: stripe.publishableKey, stripeJsUrl: 'http://127.0.0.1:9/v3/' });
  });

  it("allows Stripe's origins in the CSP of every page while payments are configured", async () => {
    const csp = (await t.http().get('/api/health').expect(200)).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' http://127.0.0.1:9");
    expect(csp).toContain("frame-src 'self' http://127.0.0.1:9");
    expect(csp).toContain(`connect-src 'self' ${stripe.baseUrl}`);
  });

  describe('POST /api/billing/create-payment-intent', () => {
    it('needs a signed-in session', async () => {
      await t.http().post('/api/billing/create-payment-intent').send({ plan: 'plus', amount: 999 }).expect(401);
      const user = await signUp(t);
      const token = await t.http().post('/api/auth/tokens').set(bearer(user)).send({ name: 'script' }).expect(201);
      await t.http().post('/api/billing/create-payment-intent').set({ Authorization: `Bearer ${token.body.token}` }).send({ plan: 'plus', amount: 999 }).expect(403);
    });

    it.each([
      [{ plan: 'plus', amount: 1 }, BILLING_MESSAGES.amountMismatch('Plus', 999)],
      [{ plan: 'business', amount: 999 }, BILLING_MESSAGES.amountMismatch('Business', 4999)],
      [{ plan: 'plus', amount: 9.99 }, BILLING_MESSAGES.amountNotWhole],
      [{ plan: 'plus', amount: '999' }, BILLING_MESSAGES.amountNotWhole],
      [{ plan: 'gold', amount: 999 }, BILLING_MESSAGES.unknownPlan],
      [{ plan: 'free', amount: 0 }, BILLING_MESSAGES.freePlan],
    ])('refuses %j without calling Stripe', async (body, message) => {
      const user = await signUp(t);
      const res = await createIntent(user, body).expect(400);
      expect(res.body.error).toBe(message);
      expect(stripe.requests).toHaveLength(0);
    });

    it('creates the PaymentIntent at the catalogue price with the user and plan in its metadata', async () => {
      const user = await signUp(t);
      const res = await createIntent(user, { plan: 'pro', amount: 1999 }).expect(200);
      expect(res.body).toEqual({ clientSecret: expect.stringMatching(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/) });
      expect(stripe.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/payment_intents',
          key: 'secret',
          idempotencyKey: expect.any(String),
          form: expect.objectContaining({ amount: '1999', currency: 'usd', metadata: { userId: user.userId, plan: 'pro' } }),
        }),
      ]);
      const rows = await query(t, `SELECT user_id, plan_tier, amount_cents, currency, status FROM payment_intents WHERE id = $1`, [
        intentIdOf(res.body.clientSecret),
      ]);
      expect(rows).toEqual([{ user_id: user.userId, plan_tier: 'pro', amount_cents: 1999, currency: 'usd', status: 'created' }]);
      // Creating an intent changes no plan.
      expect((await profile(user)).plan).toEqual({ tier: 'free', expiresAt: null });
    });

    it('answers 502 when Stripe fails, without recording an intent', async () => {
      const user = await signUp(t);
      stripe.createFailure = { status: 500, error: { type: 'api_error', message: 'Something went wrong on Stripe' } };
      const res = await createIntent(user, { plan: 'plus', amount: 999 }).expect(502);
      expect(res.body.error).toBe(BILLING_MESSAGES.providerUnavailable);
      // The SDK retried once, with the same idempotency key (a retry can never create two intents).
      expect(stripe.requests.map((r) => r.idempotencyKey)).toEqual([expect.any(String), stripe.requests[0].idempotencyKey]);
      expect(await query(t, `SELECT id FROM payment_intents WHERE user_id = $1`, [user.userId])).toEqual([]);
    });
  });

  describe('the webhook', () => {
    it('changes the plan for 30 days when Stripe reports the payment succeeded', async () => {
      const user = await signUp(t);
      const t0 = new Date('2031-05-01T10:00:00Z');
      setNow(t0);
      const intentId = await pay(user, 'plus', 999);
      expect((await profile(user)).plan).toEqual({ tier: 'plus', expiresAt: new Date(t0.getTime() + 30 * DAY).toISOString() });
      const [row] = await query(t, `SELECT status, succeeded_at FROM payment_intents WHERE id = $1`, [intentId]);
      expect(row).toEqual({ status: 'succeeded', succeeded_at: t0 });
      const exported = await t.http().get('/api/auth/account/export').set(bearer(user)).expect(200);
      expect(exported.body.payments).toEqual([
        { plan: 'plus', amountCents: 999, currency: 'usd', status: 'succeeded', createdAt: expect.any(String), succeededAt: t0.toISOString() },
      ]);
    });

    it('ignores a replayed event', async () => {
      const user = await signUp(t);
      setNow(new Date('2031-06-01T00:00:00Z'));
      await pay(user, 'pro', 1999);
      const before = await profile(user);
      const events = await query(t, `SELECT count(*)::int AS n FROM stripe_webhook_events`);
      expect(await stripe.replay()).toBe(200);
      expect(await stripe.replay()).toBe(200);
      expect(await profile(user)).toEqual(before);
      expect(await query(t, `SELECT count(*)::int AS n FROM stripe_webhook_events`)).toEqual(events);
    });

    it('applies a payment once even when Stripe sends a second, different event for it', async () => {
      const user = await signUp(t);
      setNow(new Date('2031-06-01T00:00:00Z'));
      const intentId = await pay(user, 'plus', 999);
      const before = await profile(user);
      expect(await stripe.deliver(stripe.eventFor('payment_intent.succeeded', intentId))).toBe(200);
      expect(await profile(user)).toEqual(before);
    });

    it('refuses a bad signature with 400 and changes nothing', async () => {
      const user = await signUp(t);
      const created = await createIntent(user, { plan: 'plus', amount: 999 }).expect(200);
      stripe.badSignatureNext = true;
      await confirmInBrowser(created.body.clientSecret, TEST_CARDS.succeeds);
      const [delivery] = await stripe.waitForDeliveries(1);
      expect(delivery.status).toBe(400);
      expect(JSON.parse(delivery.body).error).toBe(BILLING_MESSAGES.badSignature);
      expect((await profile(user)).plan.tier).toBe('free');

      // Stripe retries with a good signature: now it counts (the refused attempt was not recorded).
      expect(await stripe.replay()).toBe(200);
      expect((await profile(user)).plan.tier).toBe('plus');
    });

    it('refuses a missing signature, a forged one, and an altered body', async () => {
      const user = await signUp(t);
      const created = await createIntent(user, { plan: 'plus', amount: 999 }).expect(200);
      const intentId = intentIdOf(created.body.clientSecret);
      const event = stripe.eventFor('payment_intent.succeeded', intentId, { status: 'succeeded', amount_received: 999 });
      const { payload, signature } = stripe.signed(event);
      const post = () => t.http().post('/api/billing/webhook').set('Content-Type', 'application/json');

      const missing = await post().send(payload).expect(400);
      expect(missing.body.error).toBe(BILLING_MESSAGES.missingSignature);
      await post().set('Stripe-Signature', 't=1,v1=00').send(payload).expect(400);
      await post().set('Stripe-Signature', signature).send(payload.replace('"amount": 999', '"amount": 1')).expect(400);
      // Re-serialised JSON is not what was signed either: the raw bytes count.
      await post().set('Stripe-Signature', signature).send(JSON.stringify(JSON.parse(payload))).expect(400);
      expect((await profile(user)).plan.tier).toBe('free');
      // The exact bytes pass.
      await post().set('Stripe-Signature', signature).send(payload).expect(200, { received: true });
      expect((await profile(user)).plan.tier).toBe('plus');
    });

    it('refuses an oversized body with 413 before verifying anything', async () => {
      const res = await t.http().post('/api/billing/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=00').send(`{"a":"${'x'.repeat(300_000)}"}`);
      expect(res.status).toBe(413);
    });

    it('changes a plan only for the matching user, plan and amount', async () => {
      const payer = await signUp(t);
      const other = await signUp(t);
      const created = await createIntent(payer, { plan: 'plus', amount: 999 }).expect(200);
      const intentId = intentIdOf(created.body.clientSecret);
      const paid = { status: 'succeeded' as const, amount_received: 999 };
      const forged = [
        stripe.eventFor('payment_intent.succeeded', intentId, { ...paid, metadata: { userId: other.userId, plan: 'plus' } }),
        stripe.eventFor('payment_intent.succeeded', intentId, { ...paid, metadata: { userId: payer.userId, plan: 'business' } }),
        stripe.eventFor('payment_intent.succeeded', intentId, { status: 'succeeded', amount: 1, amount_received: 1 }),
        stripe.eventFor('payment_intent.succeeded', intentId, { ...paid, currency: 'eur' }),
        stripe.eventFor('payment_intent.succeeded', intentId, { ...paid, id: 'pi_not_ours' }),
        stripe.eventFor('payment_intent.succeeded', intentId, { status: 'requires_confirmation' }),
      ];
      for (const event of forged) expect(await stripe.deliver(event)).toBe(200);
      expect((await profile(payer)).plan.tier).toBe('free');
      expect((await profile(other)).plan.tier).toBe('free');
      const outcomes = await query<{ outcome: string }>(t, `SELECT outcome FROM stripe_webhook_events WHERE id = ANY($1)`, [forged.map((e) => e.id)]);
      expect(outcomes.map((o) => o.outcome)).toEqual(forged.map(() => 'ignored'));
      expect(logs.lines.some((l) => l.includes('payment event ignored') && l.includes('metadata user differs'))).toBe(true);
    });

    it('marks a declined payment failed and changes no plan', async () => {
      const user = await signUp(t);
      const created = await createIntent(user, { plan: 'plus', amount: 999 }).expect(200);
      const declined = await confirmInBrowser(created.body.clientSecret, TEST_CARDS.declined);
      expect(declined.status).toBe(402);
      expect((declined.body.error as { message: string }).message).toBe('Your card was declined.');
      const [delivery] = await stripe.waitForDeliveries(1);
      expect(delivery).toMatchObject({ type: 'payment_intent.payment_failed', status: 200 });
      const [row] = await query(t, `SELECT status FROM payment_intents WHERE id = $1`, [intentIdOf(created.body.clientSecret)]);
      expect(row.status).toBe('failed');
      expect((await profile(user)).plan.tier).toBe('free');
    });
  });

  describe('the 30-day period (controlled clock)', () => {
    it('ends after 30 days: the plan reads as Free everywhere, with the end date kept', async () => {
      const user = await signUp(t);
      const t0 = new Date('2032-01-10T08:00:00Z');
      setNow(t0);
      await pay(user, 'pro', 1999);
      const end = new Date(t0.getTime() + 30 * DAY);

      setNow(new Date(end.getTime() - 1000));
      expect((await profile(user)).plan).toEqual({ tier: 'pro', expiresAt: end.toISOString() });

      setNow(end);
      expect((await profile(user)).plan).toEqual({ tier: 'free', expiresAt: end.toISOString() });
      // Signing in answers the same plan as the profile.
      const login = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: PASSWORD }).expect(200);
      expect(login.body.user.plan).toEqual({ tier: 'free', expiresAt: end.toISOString() });
      const exported = await t.http().get('/api/auth/account/export').set(bearer(user)).expect(200);
      expect(exported.body.profile.plan).toEqual({ tier: 'free', expiresAt: end.toISOString() });
    });

    it('renews from the current end when paid again while active', async () => {
      const user = await signUp(t);
      const t0 = new Date('2032-03-01T00:00:00Z');
      setNow(t0);
      await pay(user, 'plus', 999);
      setNow(new Date(t0.getTime() + 10 * DAY));
      await pay(user, 'plus', 999);
      expect((await profile(user)).plan).toEqual({ tier: 'plus', expiresAt: new Date(t0.getTime() + 60 * DAY).toISOString() });
    });

    it('starts a new period from the payment once the earlier one has ended', async () => {
      const user = await signUp(t);
      const t0 = new Date('2032-05-01T00:00:00Z');
      setNow(t0);
      await pay(user, 'plus', 999);
      const later = new Date(t0.getTime() + 45 * DAY);
      setNow(later);
      await pay(user, 'plus', 999);
      expect((await profile(user)).plan).toEqual({ tier: 'plus', expiresAt: new Date(later.getTime() + 30 * DAY).toISOString() });
    });
  });

  describe('the scan quota follows the plan that applies now', () => {
    /** Three scans already this month (the Free allowance), written as the scans module stores them. */
    async function useThreeScans(user: SignedUp) {
      for (let i = 0; i < 3; i++) {
        await query(
          t,
          `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, started_at, completed_at)
           VALUES (gen_random_uuid(), $1, 'privacy', 'https://example.com', 'url', 'completed', 90, now(), now())`,
          [user.userId],
        );
      }
    }
    const scan = (user: SignedUp) => t.http().post('/api/scans').set(bearer(user)).send({ input: freshEmail('quota') });

    it('Free: 3, then Plus after paying: 25, then Free again after the period', async () => {
      const user = await signUp(t);
      await useThreeScans(user);
      const usage = await t.http().get('/api/scans/usage').set(bearer(user)).expect(200);
      const now = new Date();
      expect(usage.body).toEqual({
        used: 3,
        limit: 3,
        periodStart: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        periodEnd: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      });
      const refused = await scan(user).expect(429);
      expect(refused.body.error).toContain('all 3 scans of your Free plan');

      const t0 = new Date();
      setNow(t0);
      await pay(user, 'plus', 999);
      expect((await t.http().get('/api/scans/usage').set(bearer(user)).expect(200)).body).toMatchObject({ used: 3, limit: 25 });
      expect((await scan(user)).status).toBe(200);

      // 31 days on: the plan has lapsed (Free's 3 again) and a new quota month has begun.
      setNow(new Date(t0.getTime() + 31 * DAY));
      expect((await t.http().get('/api/scans/usage').set(bearer(user)).expect(200)).body).toMatchObject({ used: 0, limit: 3 });
      for (let i = 0; i < 3; i++) expect((await scan(user)).status).toBe(200);
      const again = await scan(user).expect(429);
      expect(again.body.error).toContain('all 3 scans of your Free plan');
    });

    it('usage needs a signed-in user', async () => {
      await t.http().get('/api/scans/usage').expect(401);
    });
  });

  it("deleting the account deletes its payment records", async () => {
    const user = await signUp(t);
    await pay(user, 'plus', 999);
    await t.http().delete('/api/auth/account').set(bearer(user)).send({ password: PASSWORD }).expect(204);
    expect(await query(t, `SELECT id FROM payment_intents WHERE user_id = $1`, [user.userId])).toEqual([]);
  });
});

describe('billing without Stripe configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says payments are not available, and nothing pretends to succeed', async () => {
    expect((await t.http().get('/api/billing/config').expect(200)).body).toEqual({ configured: false });
    const user = await signUp(t);
    const res = await t.http().post('/api/billing/create-payment-intent').set({ Authorization: `Bearer ${user.accessToken}` }).send({ plan: 'plus', amount: 999 }).expect(503);
    expect(res.body.error).toBe(BILLING_MESSAGES.notConfigured);
    const hook = await t.http().post('/api/billing/webhook').set('Stripe-Signature', 't=1,v1=00').send({ id: 'evt_1' }).expect(503);
    expect(hook.body.error).toBe(BILLING_MESSAGES.notConfigured);
  });

  it('keeps third-party origins out of the CSP', async () => {
    const csp = (await t.http().get('/api/health').expect(200)).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).not.toMatch(/stripe|127\.0\.0\.1/);
  });
});
