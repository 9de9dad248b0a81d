import { SCAN_INPUT_MESSAGES } from '../../server/src/browser-shared/scan-input.rules';
import { breachDetail } from '../../server/src/scans/analysis/email-breaches.analyzer';
import { findingCost } from '../../server/src/scans/analysis/scoring.rules';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { awayFromWindowEdge, freshEmail, freshIp, query, signUp, SignedUp } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';
import { eventsOf, eventStreamText } from '../support/event-stream';

/** POST /api/scans and the history routes, end to end against the fakes of every outside service. */
describe('scans API', () => {
  const hibp = new FakeHibp();
  const gravatar = new FakeGravatar();
  const dns = new FakeDnsServer();
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
    t = await createTestApp(
      {
        ...hibp.env,
        ...gravatar.env,
        ...dns.env,
        SCAN_CHECK_TIMEOUT_MS: '1500',
        SCAN_TIMEOUT_MS: '1500',
        VISITOR_SCANS_PER_HOUR: '5',
        // The website check must not reach real sites: URLs on ports 80/443 are refused before any lookup.
        FETCH_ALLOWED_PORTS: '9',
      },
      { logger: logs.logger },
    );
    // One scan before the tests: the first one pays for cold code, pools and handshakes, which on a
    // busy machine can eat the 1.5 s scan budget above and leave the first test's checks unfinished.
    await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: 'warm-up@example.net' });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  });
  beforeEach(async () => {
    hibp.resetBehaviour();
    gravatar.resetBehaviour();
    dns.resetBehaviour();
    // A 429 holds HIBP's queue for every later scan (as it should): each test starts with it open.
    await query(t, 'DELETE FROM outbound_request_queues');
  });

  const visitorScan = (input: unknown, ip = freshIp()) => t.http().post('/api/scans').set('X-Forwarded-For', ip).send({ input });
  /** A visitor's scan as server-sent events: the body is the whole stream as text. */
  const streamedScan = (input: string) =>
    t
      .http()
      .post('/api/scans')
      .set('X-Forwarded-For', freshIp())
      .set('Accept', 'text/event-stream')
      // A browser would accept compression; the stream must come uncompressed anyway.
      .set('Accept-Encoding', 'br, gzip')
      .send({ input })
      .buffer(true)
      .parse(eventStreamText)
      .expect(200);
  const userScan = (user: SignedUp, input: string) => t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input });
  const setPlan = (user: SignedUp, tier: string) => query(t, `UPDATE users SET plan_tier = $1 WHERE id = $2`, [tier, user.userId]);
  const storedScans = async (user: SignedUp) => Number((await query<{ n: string }>(t, `SELECT count(*) AS n FROM scans WHERE user_id = $1`, [user.userId]))[0].n);

  const exposedBreaches = () => [
    sampleBreach(),
    sampleBreach({ Name: 'QuietClub', Title: 'Quiet Club', Domain: 'quietclub.example', IsSensitive: true, DataClasses: ['Email addresses', 'Sexual orientations'] }),
  ];
  /**
   * What exposedAddress()'s findings cost by docs/SCORING.md, on the scan's day (the breaches' age
   * factor depends on it): its two breaches; the Gravatar profile (low, 2), name (medium, 5) and
   * place (medium, 5) when Gravatar answered; the custom domain (0) and its missing DMARC (medium,
   * 5: a custom domain's administrator can fix it). Every exposedAddress() adds another `v=spf1
   * -all` to the shared fake zone: from the second on, the domain has several SPF records (spf_weak,
   * low, 2), the metadata finding beyond those two.
   */
  const exposedCost = (body: { startedAt: string; metadata: { count: number } }, gravatarAnswered: boolean) => {
    const at = new Date(body.startedAt);
    const breaches = exposedBreaches().reduce((sum, breach) => sum + findingCost({ group: 'breaches', detail: breachDetail(breach) }, { at }).points, 0);
    return breaches + (gravatarAnswered ? 2 + 5 + 5 : 0) + 5 + 2 * (body.metadata.count - 2);
  };

  /** An address with two breaches (one sensitive), a public Gravatar profile and a domain without DMARC. */
  function exposedAddress(): string {
    const email = freshEmail('exposed');
    hibp.setBreaches(email, exposedBreaches());
    gravatar.addProfile(email, { display_name: 'Jane Example', location: 'Lisbon, Portugal' });
    dns.set('example.test', { MX: [{ exchange: 'mx.example.test', priority: 10 }], TXT: [['v=spf1 -all']] });
    return email;
  }

  describe('input validation (the spec\'s messages, one implementation with the client)', () => {
    it.each([
      [{}, SCAN_INPUT_MESSAGES.empty],
      [{ input: '' }, SCAN_INPUT_MESSAGES.empty],
      [{ input: '   ' }, SCAN_INPUT_MESSAGES.empty],
      [{ input: 'not a thing' }, SCAN_INPUT_MESSAGES.invalid],
      [{ input: 'javascript:alert(1)' }, SCAN_INPUT_MESSAGES.invalid],
      [{ input: `${'a'.repeat(2100)}.com` /* over the length limit */ }, SCAN_INPUT_MESSAGES.invalid],
      [{ input: 42 }, SCAN_INPUT_MESSAGES.empty],
    ])('%# → 400', async (body, message) => {
      const res = await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send(body).expect(400);
      expect(res.body.error).toBe(message);
    });

    it('refuses unknown fields', async () => {
      const res = await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: 'a@b.co', extra: 1 }).expect(400);
      expect(res.body.error).toMatch(/extra/);
    });

    it('answers 401 to a bad token instead of treating the caller as a visitor', async () => {
      await t.http().post('/api/scans').set('Authorization', 'Bearer not-a-token').send({ input: 'a@b.co' }).expect(401);
    });
  });

  describe('a visitor', () => {
    it('gets a real result with counts and summaries, no details, nothing stored', async () => {
      const email = exposedAddress();
      const res = await visitorScan(`  ${email.toUpperCase()}  `).expect(200);
      const body = res.body;
      expect(body).toMatchObject({ input: email, inputType: 'email', mode: 'real', detailsIncluded: false });
      expect(body.breaches).toMatchObject({ count: 2, details: [], hiddenSensitive: 1 });
      expect(body.locationData.count).toBe(1);
      expect(body.locationData.details).toEqual([]);
      expect(body.scanId).toBeUndefined();
      const statuses = Object.fromEntries(body.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
      expect(statuses).toEqual({ breaches: 'ok', gravatar: 'ok', 'email-dns': 'ok', 'email-provider': 'ok' });
      // The score is the documented model's (docs/SCORING.md), the sensitive breach included.
      expect(body.privacyScore).toBe(100 - exposedCost(body, true));
      // In 2026: 100 − 9 (passwords, 5 years: ×0.6) − 7 (a sensitive profile, high 12 × 0.6) − 12 (Gravatar) − 5 (no DMARC) = 67.
      // Visitors learn what cost the most by group only.
      expect(body.topCosts).toEqual([
        { group: 'breaches', type: 'breach', label: 'A data breach', risk: 'critical', points: expect.any(Number) },
        { group: 'breaches', type: 'breach', label: 'A data breach', risk: 'high', points: expect.any(Number) },
        expect.objectContaining({ label: expect.not.stringMatching(/Jane|Lisbon/) }),
      ]);
      expect(body.recommendations.length).toBeGreaterThan(0);
      // The breach lookup asked for the full records with the configured key.
      const lookup = hibp.requestsTo('breachedaccount').at(-1)!;
      expect(lookup.query.truncateResponse).toBe('false');
      expect(lookup.headers['hibp-api-key']).toBe(hibp.apiKey);
      expect(Number((await query<{ n: string }>(t, 'SELECT count(*) AS n FROM scans'))[0].n)).toBe(0);
    });

    it('a clean address is a clean, real result — not a demo', async () => {
      dns.set('clean.test', {
        MX: [{ exchange: 'mx.clean.test', priority: 10 }],
        TXT: [['v=spf1 mx -all']],
      });
      dns.set('_dmarc.clean.test', { TXT: [['v=DMARC1; p=reject']] });
      const res = await visitorScan('nobody@clean.test').expect(200);
      expect(res.body.mode).toBe('real');
      expect(res.body.breaches.count).toBe(0);
      expect(res.body.locationData.count).toBe(0);
    });

    it('is rate-limited per IP with the spec\'s message', async () => {
      await awayFromWindowEdge(3600);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) await visitorScan('https://example.test', ip).expect(200);
      const res = await visitorScan('https://example.test', ip).expect(429);
      expect(res.body.error).toBe('Rate limit exceeded. Please try again later.');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await visitorScan('https://example.test').expect(200); // another address is not affected
    });
  });

  describe('every source status reaches the result and the score leaves it out', () => {
    it('429 with Retry-After → rate_limited; until it has passed, a scan is refused at once', async () => {
      const email = exposedAddress();
      hibp.failures.breachedaccount = { kind: 'rate-limited', retryAfter: '2' };
      const res = await visitorScan(email).expect(200);
      const check = res.body.checks.find((c: { id: string }) => c.id === 'breaches');
      expect(check).toMatchObject({ status: 'rate_limited', retryAfterSeconds: 2, findings: 0 });
      expect(res.body.breaches.count).toBe(0);
      expect(res.body.breaches.summary).toMatch(/not checked/i);

      // HIBP asked for 2 s: the next scan is refused before it takes a scan slot or the visitor's
      // allowance (issue 38), HIBP is not asked again, and the answer says how long is left.
      hibp.failures.breachedaccount = undefined;
      const next = await visitorScan(email).expect(429);
      expect(hibp.requestsTo('breachedaccount')).toHaveLength(1);
      expect(Number(next.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(2);
      expect(JSON.stringify(next.body)).toMatch(/try again in/i);

      // Once the wait is over, the breach check runs again.
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      const after = await visitorScan(email).expect(200);
      expect(after.body.checks.find((c: { id: string }) => c.id === 'breaches')).toMatchObject({ status: 'ok' });
    });

    it('401 → not_configured; malformed → unavailable; a hang → timed_out, all in one scan', async () => {
      const email = exposedAddress();
      hibp.failures.breachedaccount = { kind: 'status', status: 401 };
      gravatar.failures.profile = { kind: 'malformed' };
      dns.mode = 'drop';
      const res = await visitorScan(email).expect(200);
      const statuses = Object.fromEntries(res.body.checks.map((c: { id: string; status: string }) => [c.id, c.status]));
      expect(statuses).toEqual({ breaches: 'not_configured', gravatar: 'unavailable', 'email-dns': 'timed_out', 'email-provider': 'ok' });
      expect(res.body.mode).toBe('real');
    });

    it('runs the checks in parallel: every source is asked before the first one answers', async () => {
      const email = exposedAddress();
      hibp.failures.breachedaccount = { kind: 'hang' };
      gravatar.failures.profile = { kind: 'hang' };
      dns.mode = 'drop';
      const res = await visitorScan(email).expect(200);
      // With one scan-wide deadline equal to a check's, a sequential pipeline would never reach the later sources.
      expect(hibp.requestsTo('breachedaccount')).toHaveLength(1);
      expect(gravatar.requestsTo('profile')).toHaveLength(1);
      expect(dns.queries.length).toBeGreaterThan(0);
      expect(res.body.checks.filter((c: { status: string }) => c.status === 'timed_out')).toHaveLength(3);
    });
  });

  describe('a signed-in user', () => {
    it('sees details with evidence, except someone else\'s sensitive breaches; the scan is stored', async () => {
      const user = await signUp(t);
      const email = exposedAddress();
      const res = await userScan(user, email).expect(200);
      expect(res.body.detailsIncluded).toBe(true);
      expect(res.body.breaches.count).toBe(2);
      expect(res.body.breaches.hiddenSensitive).toBe(1);
      expect(res.body.breaches.details).toHaveLength(1);
      const [breach] = res.body.breaches.details;
      expect(breach).toMatchObject({ kind: 'breach', name: 'LanternMarket', isSensitive: false, source: expect.any(String) });
      expect(breach.evidence.summary).toMatch(/Lantern Market/);
      expect(res.body.locationData.details[0]).toMatchObject({ kind: 'risk', value: 'Lisbon, Portugal' });
      expect(res.body.scanId).toEqual(expect.any(String));

      const list = await t.http().get('/api/scans').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      expect(list.body.items[0]).toMatchObject({
        id: res.body.scanId,
        scanType: 'privacy',
        input: email,
        status: 'completed',
        score: res.body.privacyScore,
        findings: { breaches: 2 },
      });
      const record = await t.http().get(`/api/scans/${res.body.scanId}`).auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(record.body.result.breaches.details).toHaveLength(1);
    });

    it('sees their own sensitive breaches once their address is verified', async () => {
      const user = await signUp(t);
      hibp.setBreaches(user.email, [sampleBreach({ Name: 'QuietClub', Title: 'Quiet Club', IsSensitive: true })]);
      const before = await userScan(user, user.email).expect(200);
      expect(before.body.breaches).toMatchObject({ count: 1, hiddenSensitive: 1, details: [] });
      await query(t, `UPDATE users SET email_verified_at = now() WHERE id = $1`, [user.userId]);
      const after = await userScan(user, user.email).expect(200);
      expect(after.body.breaches).toMatchObject({ count: 1, hiddenSensitive: 0 });
      expect(after.body.breaches.details[0]).toMatchObject({ name: 'QuietClub', isSensitive: true });
    });

    it('cannot read another user\'s scans (404), and a malformed id is a 404 too', async () => {
      const owner = await signUp(t);
      const other = await signUp(t);
      const res = await userScan(owner, freshEmail('owned')).expect(200);
      expect(res.body.scanId).toEqual(expect.any(String));
      await t.http().get(`/api/scans/${res.body.scanId}`).auth(owner.accessToken, { type: 'bearer' }).expect(200);
      await t.http().get(`/api/scans/${res.body.scanId}`).auth(other.accessToken, { type: 'bearer' }).expect(404);
      await t.http().get('/api/scans/not-a-uuid').auth(owner.accessToken, { type: 'bearer' }).expect(404);
      const list = await t.http().get('/api/scans').auth(other.accessToken, { type: 'bearer' }).expect(200);
      expect(list.body.total).toBe(0);
      await t.http().get('/api/scans').expect(401);
    });

    it('pages the history newest first and validates the page parameters', async () => {
      const user = await signUp(t);
      await setPlan(user, 'plus');
      const inputs = [freshEmail('one'), freshEmail('two'), freshEmail('three')];
      for (const input of inputs) await userScan(user, input).expect(200);
      const page = await t.http().get('/api/scans?page=2&pageSize=2').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(page.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(page.body.items.map((s: { input: string }) => s.input)).toEqual([inputs[0]]);
      await t.http().get('/api/scans?pageSize=101').auth(user.accessToken, { type: 'bearer' }).expect(400);
      await t.http().get('/api/scans?page=0').auth(user.accessToken, { type: 'bearer' }).expect(400);
    });

    it('is held to the plan\'s monthly scans, even by parallel requests; demo results neither count nor are stored', async () => {
      const user = await signUp(t); // free: 3 scans a month
      const demo = await userScan(user, '@someone_new').expect(200);
      expect(demo.body.mode).toBe('demo');
      expect(demo.body.scanId).toBeUndefined();
      expect(await storedScans(user)).toBe(0);

      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => userScan(user, freshEmail(`site${i}`))));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0].body.error).toBe(
        'You have used all 3 scans of your Free plan this month. Upgrade your plan for more scans, or wait until next month.',
      );
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      expect(await storedScans(user)).toBe(3);
      // RateLimit-* give the monthly allowance: 3, what each accepted scan left of it, the seconds to the next month.
      const accepted = answers.filter((r) => r.status === 200);
      expect(accepted.map((r) => r.headers['ratelimit-remaining']).sort()).toEqual(['0', '1', '2']);
      for (const r of [...accepted, ...refused]) {
        expect(r.headers['ratelimit-limit']).toBe('3');
        expect(Number(r.headers['ratelimit-reset'])).toBeLessThanOrEqual(31 * 86_400);
      }
      expect(refused.map((r) => r.headers['ratelimit-remaining'])).toEqual(['0', '0', '0']);
      expect(refused[0].headers['ratelimit-reset']).toBe(refused[0].headers['retry-after']);

      await setPlan(user, 'plus');
      await userScan(user, freshEmail('more')).expect(200);
    });

    it('finds their scans in the account export, and deleting the account deletes them', async () => {
      const user = await signUp(t);
      const email = freshEmail('export');
      const res = await userScan(user, email).expect(200);
      const exported = await t.http().get('/api/auth/account/export').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(exported.body.scans).toEqual([expect.objectContaining({ id: res.body.scanId, input: email, result: expect.objectContaining({ mode: 'real' }) })]);
      await user.agent.delete('/api/auth/account').auth(user.accessToken, { type: 'bearer' }).send({ password: user.password }).expect(204);
      expect(await storedScans(user)).toBe(0);
    });

    it('can scan with a personal API token', async () => {
      const user = await signUp(t);
      const created = await t.http().post('/api/auth/tokens').auth(user.accessToken, { type: 'bearer' }).send({ name: 'script' }).expect(201);
      const res = await t.http().post('/api/scans').auth(created.body.token, { type: 'bearer' }).send({ input: freshEmail('token') }).expect(200);
      expect(res.body.scanId).toEqual(expect.any(String));
      expect(await storedScans(user)).toBe(1);
    });
  });

  describe('coverage: a result never overstates', () => {
    const storedCount = async (user: SignedUp) => Number((await query<{ n: string }>(t, `SELECT count(*) AS n FROM scans WHERE user_id = $1`, [user.userId]))[0].n);
    const usage = async (user: SignedUp) => (await t.http().get('/api/scans/usage').auth(user.accessToken, { type: 'bearer' }).expect(200)).body.used;

    it('says which checks ran; a complete result is scored from them and stored', async () => {
      const email = exposedAddress();
      gravatar.failures.profile = { kind: 'status', status: 500 };
      const res = await visitorScan(email).expect(200);
      expect(res.body.coverage).toEqual({
        complete: true,
        mainCheck: 'breaches',
        checksRun: 3,
        checksTotal: 4,
        unchecked: [{ id: 'gravatar', label: 'Public Gravatar profile', status: 'unavailable', message: expect.any(String) }],
        partial: [],
        retryable: true,
      });
      // The profile's name and place were not seen: not counted, not scored, and their groups say so.
      expect(res.body.locationData).toMatchObject({ count: 0, checked: 'none', summary: expect.stringMatching(/^Not checked: the Gravatar profile lookup is unavailable/) });
      expect(res.body.privacyScore).toBe(100 - exposedCost(res.body, false));
    });

    it.each([
      ['HIBP answers 500', () => (hibp.failures.breachedaccount = { kind: 'status', status: 500 }), 'unavailable', true],
      ['HIBP refuses the key', () => (hibp.failures.breachedaccount = { kind: 'status', status: 401 }), 'not_configured', false],
    ])('an email whose breach check did not run (%s) is incomplete: no score, not stored, no quota used', async (_what, fail, status, retryable) => {
      const user = await signUp(t);
      const email = exposedAddress();
      fail();
      const before = await usage(user);
      const res = await userScan(user, email).expect(200);
      expect(res.body).toMatchObject({ mode: 'real', privacyScore: null, coverage: { complete: false, mainCheck: 'breaches', retryable } });
      expect(res.body.coverage.unchecked).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'breaches', status })]));
      expect(res.body.breaches).toMatchObject({ count: 0, checked: 'none' });
      // What did run still shows (the Gravatar profile), but nothing is kept or counted.
      expect(res.body.locationData.count).toBe(1);
      expect(res.body.scanId).toBeUndefined();
      expect(await storedCount(user)).toBe(0);
      expect(await usage(user)).toBe(before);
      const dashboard = await t.http().get('/api/dashboard').auth(user.accessToken, { type: 'bearer' }).expect(200);
      expect(dashboard.body).toMatchObject({ totalScans: 0, averagePrivacyScore: null });
    });

    // A short Retry-After: until it passes every email scan of this app is refused at once (429), so each test waits it out.
    const sourcesRateLimited = () => (hibp.failures.breachedaccount = { kind: 'rate-limited', retryAfter: '1' });
    const sourcesTurnBack = () => new Promise((resolve) => setTimeout(resolve, 1_200));

    it("an email whose breach sources are at their limit: a visitor's result is incomplete, with no score, not stored", async () => {
      sourcesRateLimited();
      try {
        const res = await visitorScan(exposedAddress()).expect(200);
        expect(res.body).toMatchObject({ mode: 'real', privacyScore: null, coverage: { complete: false, mainCheck: 'breaches', retryable: true } });
        expect(res.body.coverage.unchecked).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'breaches', status: 'rate_limited' })]));
        expect(res.body.scanId).toBeUndefined();
      } finally {
        await sourcesTurnBack();
      }
    });

    it("a signed-in person's check that meets the limit mid-run is queued instead (202): stored queued, no score", async () => {
      const user = await signUp(t);
      sourcesRateLimited();
      try {
        const res = await userScan(user, exposedAddress()).expect(202);
        expect(res.body).toMatchObject({ status: 'queued', inputType: 'email', scanId: expect.any(String), expectedBy: expect.any(String) });
        expect(await query(t, 'SELECT status, score FROM scans WHERE id = $1', [res.body.scanId])).toEqual([{ status: 'queued', score: null }]);
      } finally {
        await sourcesTurnBack();
      }
    });

    it('a website whose page could not be fetched is incomplete, not "100 Excellent"', async () => {
      const res = await visitorScan('https://unreachable.example').expect(200);
      expect(res.body.checks.find((c: { id: string }) => c.id === 'website')).toMatchObject({ status: 'not_applicable' });
      expect(res.body).toMatchObject({ mode: 'real', privacyScore: null, coverage: { complete: false, mainCheck: 'website' } });
      for (const group of ['personalInfo', 'locationData', 'socialMedia'] as const) expect(res.body[group]).toMatchObject({ count: 0, checked: 'none' });
    });

    it('a handle whose footprint could not be taken is incomplete too, and says so in a demo', async () => {
      const res = await visitorScan('@nobody_checked').expect(200);
      expect(res.body).toMatchObject({ mode: 'demo', coverage: { complete: false, mainCheck: 'username', checksRun: 0, checksTotal: 1 } });
      for (const group of ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'] as const) expect(res.body[group].checked).toBe('none');
    });

    it('the SSE result carries the coverage too', async () => {
      hibp.failures.breachedaccount = { kind: 'status', status: 503 };
      const res = await streamedScan(exposedAddress());
      const result = JSON.parse(/event: result\ndata: (.+)/.exec(String(res.body))?.[1] ?? 'null');
      expect(result).toMatchObject({ privacyScore: null, coverage: { complete: false } });
    });
  });

  describe('email DNS through the API: only confirmed answers become findings', () => {
    const dnsCheck = (body: { checks: { id: string }[] }) => body.checks.find((c) => c.id === 'email-dns');

    it.each([
      ['SERVFAIL', () => (dns.mode = 'servfail'), 'unavailable'],
      ['REFUSED', () => (dns.mode = 'refused'), 'unavailable'],
      ['SERVFAIL for DMARC only', () => dns.fail('_dmarc.example.test', 'servfail'), 'unavailable'],
      ['no answer', () => (dns.mode = 'drop'), 'timed_out'],
    ])('a resolver failure (%s) makes the check %s and adds no finding', async (_what, fail, status) => {
      const email = exposedAddress();
      fail();
      const res = await visitorScan(email).expect(200);
      expect(dnsCheck(res.body)).toMatchObject({ status, findings: 0 });
      expect(res.body.metadata.summary).toMatch(/the DNS lookup (is unavailable|timed out)/);
      // Only the provider check fed metadata: the domain's own records are not guessed.
      expect(res.body.metadata).toMatchObject({ count: 1, checked: 'some' });
    });

    it('a major provider is never "may not exist", even from a resolver that says NXDOMAIN to everything', async () => {
      dns.mode = 'nxdomain';
      const res = await visitorScan('someone.fresh@gmail.com').expect(200);
      expect(dnsCheck(res.body)).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/gmail\.com does not exist, which is not true of Gmail/) });
      const details = JSON.stringify(res.body);
      expect(details).not.toMatch(/does not exist in DNS|stays registered/);
    });

    it('a confirmed NXDOMAIN for an unknown domain is a finding, with the answer as evidence', async () => {
      const user = await signUp(t);
      const res = await userScan(user, 'someone@no-such-domain.test').expect(200);
      expect(dnsCheck(res.body)).toMatchObject({ status: 'ok', findings: 1 });
      expect(res.body.metadata.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'no_mx_record', evidence: expect.objectContaining({ observed: 'no-such-domain.test: NXDOMAIN' }) })]),
      );
    });
  });

  describe('the demo', () => {
    it('is used only when no check could run, labelled, deterministic, and says which checks did not run', async () => {
      const first = await visitorScan('@privacy_fan').expect(200);
      const second = await visitorScan('@privacy_fan').expect(200);
      expect(first.body.mode).toBe('demo');
      expect(second.body.privacyScore).toBe(first.body.privacyScore);
      expect(first.body.checks).toEqual([expect.objectContaining({ id: 'username', status: 'unavailable' })]);
    });
  });

  describe('streaming progress', () => {
    it('sends started, one check event per check as it finishes, then the result', async () => {
      const email = exposedAddress();
      hibp.delayMs = 200;
      const res = await streamedScan(email);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      // Not compressed: each event must reach the browser as it is written.
      expect(res.headers['content-encoding']).toBeUndefined();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the events' data is checked field by field below
      const events = eventsOf(res.body) as { event?: string; data: any }[];
      expect(events[0]).toMatchObject({ event: 'started', data: { input: email, inputType: 'email' } });
      expect(events[0].data.checks.map((c: { id: string }) => c.id)).toEqual(['breaches', 'gravatar', 'email-dns', 'email-provider']);
      const checks = events.filter((e) => e.event === 'check');
      expect(checks).toHaveLength(4);
      // The slow breach service finishes last.
      expect(checks.at(-1)?.data.id).toBe('breaches');
      expect(events.at(-1)).toMatchObject({ event: 'result', data: { mode: 'real', breaches: { count: 2 } } });
    });

    it('refuses before streaming: a quota error is a plain JSON 429', async () => {
      const user = await signUp(t);
      await query(
        t,
        `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, started_at)
         SELECT gen_random_uuid(), $1, 'privacy', 'https://x.example/', 'url', 'completed', now() FROM generate_series(1, 3)`,
        [user.userId],
      );
      const res = await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).set('Accept', 'text/event-stream').send({ input: 'https://y.example' });
      expect(res.status).toBe(429);
      expect(res.headers['content-type']).toMatch(/json/);
    });
  });

  describe('logs', () => {
    it('never contain a scanned input (checked after every other test here has run)', async () => {
      const email = exposedAddress();
      await visitorScan(email).expect(200);
      expect(logs.lines.length).toBeGreaterThan(10);
      expect(logs.lines.some((line) => /exposed\.\d+|@example\.test|@clean\.test|privacy_fan|someone_new/.test(line))).toBe(false);
    });
  });
});
