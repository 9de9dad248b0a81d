import { Clock } from '../../server/src/common/clock/clock.service';
import { loadConfig } from '../../server/src/common/config/app.config';
import { BreachCatalogueService } from '../../server/src/scans/breach-catalogue/breach-catalogue.service';
import { XPOSEDORNOT_OFF_MESSAGE, XposedOrNotSource } from '../../server/src/scans/sources/xposedornot.source';
import type { BreachDetail } from '../../server/src/vocabulary/finding.types';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { FakeXposedOrNot, sampleXonBreach } from '../fakes/xposedornot';
import { CSRF, freshEmail, freshIp, PASSWORD, query, signUp, SignedUp } from '../support/auth';
import { modelScore } from '../support/score-model';
import { createTestApp, TestApp } from '../support/test-app';

const never = () => new AbortController().signal;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CheckJson {
  id: string;
  status: string;
  durationMs: number;
  message?: string;
  retryAfterSeconds?: number;
  sources?: { id: string; status: string; message?: string; retryAfterSeconds?: number; cached?: boolean }[];
  answers?: { answered: number; asked: number; required: number };
}
const breachCheck = (body: { checks: CheckJson[] }) => body.checks.find((c) => c.id === 'breaches')!;
const details = (body: { breaches: { details: BreachDetail[] } }) => body.breaches.details;

/** The XposedOrNot client against its fake: the real protocol, every status mapped. */
describe('XposedOrNot source', () => {
  const xon = new FakeXposedOrNot();
  let source: XposedOrNotSource;

  beforeAll(async () => {
    await xon.start();
    source = new XposedOrNotSource(loadConfig({ NODE_ENV: 'test', ...xon.env }));
    xon.catalogue = [
      sampleXonBreach(),
      sampleXonBreach({ breachID: 'Tidepool', domain: 'tidepool.example', breachedDate: '2019-02-01T00:00:00', exposedData: ['Usernames'], verified: false }),
    ];
  });
  afterAll(() => xon.close());
  beforeEach(() => xon.resetBehaviour());

  it("answers an address's breaches with their details, and its pastes, from one breach-analytics request", async () => {
    xon.setExposure('jane@example.test', ['LanternMarket', 'Tidepool'], [{ pasteId: 'Pb-9X2', xposed_date: '2020', xposed_records: 310 }]);
    const answer = await source.breachAnalytics('Jane@Example.test', never());
    expect(answer).toEqual({
      status: 'ok',
      data: {
        breaches: [
          expect.objectContaining({
            source: 'xposedornot',
            name: 'LanternMarket',
            title: 'LanternMarket',
            domain: 'lanternmarket.example',
            breachDate: '2021',
            pwnCount: 48213,
            dataClasses: ['Email addresses', 'Passwords', 'Names'],
            isVerified: true,
            addedDate: '2021-06-01T10:00:00+00:00',
          }),
          expect.objectContaining({ name: 'Tidepool', breachDate: '2019', isVerified: false, dataClasses: ['Usernames'] }),
        ],
        pasteCount: 1,
        pastes: [{ id: 'Pb-9X2', date: '2020', recordCount: 310 }],
      },
    });
    expect(xon.requestsTo('breach-analytics')).toHaveLength(1);
    expect(xon.requestsTo('breach-analytics')[0]).toMatchObject({ query: { email: 'Jane@Example.test' }, headers: { 'user-agent': expect.stringMatching(/^Footprint\//) } });
  });

  it('reads "nothing known" and 404 as no breaches', async () => {
    await expect(source.breachAnalytics('nobody@example.test', never())).resolves.toEqual({ status: 'ok', data: { breaches: [], pasteCount: 0, pastes: [] } });
    xon.failures['breach-analytics'] = { kind: 'status', status: 500 };
    await expect(source.breachAnalytics('nobody@example.test', never())).resolves.toEqual({ status: 'unavailable', message: 'API error: 500' });
    xon.failures['breach-analytics'] = undefined;
    // XposedOrNot answers 404 for an address it will not look up (malformed, or hidden by its owner).
    await expect(source.breachAnalytics('not-an-address', never())).resolves.toEqual({ status: 'ok', data: { breaches: [], pasteCount: 0, pastes: [] } });
  });

  it("maps 429 to rate limited with XposedOrNot's Retry-After, from the header or else its JSON body", async () => {
    xon.limits = { perSecond: 1, perHour: 1000, perDay: 1000 };
    try {
      await source.breachAnalytics('a@example.test', never());
      const limited = await source.breachAnalytics('a@example.test', never());
      expect(limited).toEqual({ status: 'rate_limited', message: 'Rate limit exceeded. Please try again later.', retryAfterSeconds: 1 });
    } finally {
      xon.limits = { perSecond: 1000, perHour: 100_000, perDay: 100_000 };
    }
    // A 429 without the header (requests XposedOrNot drops for repeat offenders) falls back to a minute.
    xon.failures['breach-analytics'] = { kind: 'rate-limited' };
    await expect(source.breachAnalytics('a@example.test', never())).resolves.toMatchObject({ status: 'rate_limited', retryAfterSeconds: 60 });
  });

  it('refuses a malformed answer whole, and reports a hang as timed out', async () => {
    xon.failures['breach-analytics'] = { kind: 'malformed' };
    await expect(source.breachAnalytics('a@example.test', never())).resolves.toEqual({ status: 'unavailable', message: 'XposedOrNot answered with a malformed response' });
    xon.failures.breaches = { kind: 'malformed' };
    await expect(source.breaches(never())).resolves.toEqual({ status: 'unavailable', message: 'XposedOrNot answered with a malformed response' });
    xon.failures['breach-analytics'] = { kind: 'hang' };
    await expect(source.breachAnalytics('a@example.test', AbortSignal.timeout(200))).resolves.toEqual({ status: 'timed_out', message: 'XposedOrNot did not answer in time' });
  });

  it('reads the catalogue, and asks nothing at all when switched off', async () => {
    const catalogue = await source.breaches(never());
    expect(catalogue.status === 'ok' && catalogue.data.map((b) => [b.name, b.breachDate, b.isSensitive])).toEqual([
      ['LanternMarket', '2021-03-14', false],
      ['Tidepool', '2019-02-01', false],
    ]);
    const off = new XposedOrNotSource(loadConfig({ NODE_ENV: 'test', ...xon.env, XPOSEDORNOT_ENABLED: 'false' }));
    xon.resetBehaviour();
    await expect(off.breachAnalytics('a@example.test', never())).resolves.toEqual({ status: 'not_configured', message: XPOSEDORNOT_OFF_MESSAGE });
    await expect(off.breaches(never())).resolves.toMatchObject({ status: 'not_configured' });
    expect(xon.requests).toHaveLength(0);
  });
});

/** The breaches check with both sources: merged, cached, queued, shared by every instance. */
describe('email breaches from two sources', () => {
  const hibp = new FakeHibp();
  const xon = new FakeXposedOrNot();
  let t: TestApp;
  /** How far the app's clock runs ahead of the real one (the cache's expiry follows it). */
  let ahead = 0;

  const lantern = sampleBreach();
  const quiet = sampleBreach({ Name: 'QuietClub', Title: 'Quiet Club', Domain: 'quietclub.example', IsSensitive: true, DataClasses: ['Email addresses', 'Sexual orientations'] });

  beforeAll(async () => {
    await Promise.all([hibp.start(), xon.start()]);
    t = await createTestApp({ ...hibp.env, ...xon.env, BREACH_CACHE_TTL_SECONDS: '600', SCAN_CHECK_TIMEOUT_MS: '3000', SCAN_TIMEOUT_MS: '4000', FETCH_ALLOWED_PORTS: '9' });
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + ahead));
    hibp.catalogue = [lantern, quiet];
    xon.catalogue = [
      sampleXonBreach(),
      sampleXonBreach({ breachID: 'Tidepool', domain: 'tidepool.example', breachedDate: '2019-02-01T00:00:00', exposedData: ['Usernames', 'Email addresses'] }),
      sampleXonBreach({ breachID: 'HushForum', domain: 'hushforum.example', breachedDate: '2018-05-05T00:00:00', sensitive: true }),
    ];
    const catalogue = t.app.get(BreachCatalogueService);
    await catalogue.refresh('hibp');
    await catalogue.refresh('xposedornot');
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), xon.close()]);
  });
  beforeEach(async () => {
    hibp.resetBehaviour();
    xon.resetBehaviour();
    ahead = 0;
    await query(t, 'DELETE FROM outbound_request_queues');
  });

  const visitorScan = (input: string) => t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input });
  const userScan = (user: SignedUp, input: string) => t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input });

  it('merges: a breach both report is one entry with both sources; one only XposedOrNot knows is shown with it (HIBP disagreeing)', async () => {
    const user = await signUp(t);
    const email = freshEmail('merged');
    hibp.setBreaches(email, [lantern]);
    xon.setExposure(email, ['LanternMarket', 'Tidepool']);
    const res = await userScan(user, email).expect(200);
    expect(res.body.breaches.count).toBe(2);
    expect(details(res.body).map((d) => [d.name, d.sources, d.breachDate, d.source])).toEqual([
      ['LanternMarket', ['hibp', 'xposedornot'], '2021-03-14', 'Have I Been Pwned and XposedOrNot'],
      // XposedOrNot's answer gives the year; its catalogue the day.
      ['Tidepool', ['xposedornot'], '2019-02-01', 'XposedOrNot'],
    ]);
    // HIBP's fields win where both know the breach.
    expect(details(res.body)[0]).toMatchObject({ title: 'Lantern Market', description: lantern.Description, sourceNames: { hibp: 'LanternMarket', xposedornot: 'LanternMarket' } });
    expect(details(res.body)[1].evidence.summary).toBe(
      'XposedOrNot lists this address in the Tidepool breach of 2019-02-01 (48,213 accounts); Have I Been Pwned, also asked, does not',
    );
    expect(breachCheck(res.body)).toMatchObject({
      status: 'ok',
      sources: [
        { id: 'hibp', status: 'ok' },
        { id: 'xposedornot', status: 'ok' },
      ],
    });
    expect(breachCheck(res.body).message).toBeUndefined();
    // The score counts each breach once: the model over the two entries shown (docs/SCORING.md).
    expect(res.body.privacyScore).toBe(modelScore(res.body));
    expect(res.body.privacyScore).toBeLessThan(100);
  });

  it('answers with the source that ran when the other fails, and says which one did not', async () => {
    const email = freshEmail('half');
    hibp.setBreaches(email, [lantern]);
    xon.setExposure(email, ['Tidepool']);
    hibp.failures.breachedaccount = { kind: 'status', status: 503 };
    const res = await visitorScan(email).expect(200);
    expect(res.body.mode).toBe('real');
    expect(res.body.breaches.count).toBe(1);
    const check = breachCheck(res.body);
    // One of two sources is short of the 80% rule: the breach found is shown, but no score or verdict.
    expect(check.status).toBe('partial');
    expect(check.message).toBe(
      'Only 1 of 2 sources gave a usable answer (2 needed for a verdict), so this result gives no score. Checked with XposedOrNot only: Have I Been Pwned: API error: 503',
    );
    expect(check.answers).toEqual({ answered: 1, asked: 2, required: 2 });
    expect(res.body.privacyScore).toBeNull();
    expect(res.body.coverage).toMatchObject({ complete: false, retryable: true });
    expect(check.sources).toEqual([
      { id: 'hibp', name: 'Have I Been Pwned', status: 'unavailable', message: 'API error: 503' },
      { id: 'xposedornot', name: 'XposedOrNot', status: 'ok' },
    ]);

    // Both failing: the check did not run, and says why for each.
    xon.failures['breach-analytics'] = { kind: 'status', status: 500 };
    const none = await visitorScan(freshEmail('none')).expect(200);
    expect(breachCheck(none.body)).toMatchObject({ status: 'unavailable', message: 'Have I Been Pwned: API error: 503; XposedOrNot: API error: 500' });
    expect(none.body.breaches.count).toBe(0);
  });

  it('pastes and sensitive breaches: the count for everyone, which ones only for the verified owner', async () => {
    const owner = await signUp(t);
    xon.setExposure(owner.email, ['LanternMarket', 'HushForum'], [
      { pasteId: 'Pb-1', xposed_date: '2020', xposed_records: 12 },
      { pasteId: 'Pb-2', xposed_date: '2022', xposed_records: 400 },
    ]);
    const visitor = await visitorScan(owner.email).expect(200);
    expect(visitor.body.pastes).toEqual({ count: 2, details: [], detailsHidden: true, sources: ['xposedornot'], summary: 'Found in 2 pastes (which ones only its verified owner sees)' });
    // XposedOrNot's catalogue marks HushForum sensitive: gated like HIBP's sensitive breaches.
    expect(visitor.body.breaches).toMatchObject({ count: 2, hiddenSensitive: 1 });

    const unverified = await userScan(owner, owner.email).expect(200);
    expect(unverified.body.pastes).toMatchObject({ count: 2, details: [], detailsHidden: true });
    await query(t, `UPDATE users SET email_verified_at = now() WHERE id = $1`, [owner.userId]);
    const verified = await userScan(owner, owner.email).expect(200);
    expect(verified.body.pastes).toMatchObject({ count: 2, detailsHidden: false, summary: 'Found in 2 pastes' });
    expect(verified.body.pastes.details).toEqual([
      { source: 'xposedornot', id: 'Pb-1', date: '2020', recordCount: 12, evidence: { summary: 'XposedOrNot lists this address in paste Pb-1 (2020)' } },
      { source: 'xposedornot', id: 'Pb-2', date: '2022', recordCount: 400, evidence: { summary: 'XposedOrNot lists this address in paste Pb-2 (2022)' } },
    ]);
    expect(verified.body.breaches).toMatchObject({ count: 2, hiddenSensitive: 0 });
    expect(details(verified.body).map((d) => [d.name, d.isSensitive])).toEqual([
      ['LanternMarket', false],
      ['HushForum', true],
    ]);
  });

  it('caches each answer per address under a keyed hash (never the address) until it expires', async () => {
    const email = freshEmail('cached');
    hibp.setBreaches(email, [lantern]);
    xon.setExposure(email, ['LanternMarket']);
    await visitorScan(email).expect(200);
    const again = await visitorScan(email.toUpperCase()).expect(200);
    expect(hibp.requestsTo('breachedaccount')).toHaveLength(1);
    expect(xon.requestsTo('breach-analytics')).toHaveLength(1);
    expect(breachCheck(again.body).sources?.map((s) => s.cached)).toEqual([true, true]);
    expect(again.body.breaches.count).toBe(1);

    // Nothing stored names the address, not even its plain hash.
    const rows = await query<{ lookup_key: string; answer: Buffer }>(t, 'SELECT lookup_key, answer FROM breach_lookup_cache');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.lookup_key).not.toContain(email.split('@')[0]);
      expect(row.answer.toString('latin1')).not.toContain('LanternMarket');
      expect(row.answer.toString('latin1')).not.toContain(email);
    }

    // Past BREACH_CACHE_TTL_SECONDS the sources are asked again.
    ahead = 601_000;
    const later = await visitorScan(email).expect(200);
    expect(hibp.requestsTo('breachedaccount')).toHaveLength(2);
    expect(xon.requestsTo('breach-analytics')).toHaveLength(2);
    expect(breachCheck(later.body).sources?.every((s) => !s.cached)).toBe(true);
  });

  it('the report lists each breach once per address with its sources, as the merged catalogue describes it now', async () => {
    const user = await signUp(t);
    hibp.setBreaches(user.email, [lantern]);
    xon.setExposure(user.email, ['LanternMarket', 'Tidepool']);
    await userScan(user, user.email).expect(200);
    // Since the scan, XposedOrNot corrected Tidepool's count and data classes.
    const corrected = xon.catalogue.map((b) => (b.breachID === 'Tidepool' ? { ...b, exposedRecords: 99_000, exposedData: ['Usernames', 'Email addresses', 'Passwords'] } : b));
    xon.catalogue = corrected;
    await t.app.get(BreachCatalogueService).refresh('xposedornot');
    const report = await t.http().get('/api/reports/me').auth(user.accessToken, { type: 'bearer' }).expect(200);
    expect(report.body.detailedFindings.breachExposures).toEqual([
      expect.objectContaining({ name: 'LanternMarket', sources: ['hibp', 'xposedornot'], source: 'Have I Been Pwned and XposedOrNot', breachDate: '2021-03-14' }),
      expect.objectContaining({
        name: 'Tidepool',
        sources: ['xposedornot'],
        source: 'XposedOrNot',
        breachDate: '2019-02-01',
        pwnCount: 99_000,
        dataClasses: ['Usernames', 'Email addresses', 'Passwords'],
      }),
    ]);
  });

  it('the website check finds breaches of the site in both catalogues, merged', async () => {
    const res = await visitorScan('https://www.tidepool.example/').expect(200);
    const check = res.body.checks.find((c: CheckJson) => c.id === 'website-breaches');
    expect(check).toMatchObject({ status: 'ok', sources: [{ id: 'hibp', status: 'ok' }, { id: 'xposedornot', status: 'ok' }] });
    expect(res.body.breaches.count).toBe(1);
  });

  it('deleting the account deletes the cached answers its scans and monitors used, and those of its own address', async () => {
    const user = await signUp(t);
    const scanned = freshEmail('someone');
    hibp.setBreaches(user.email, [lantern]);
    await userScan(user, user.email).expect(200);
    await userScan(user, scanned).expect(200);
    // A visitor's scan of another address stays cached.
    const other = freshEmail('other');
    await visitorScan(other).expect(200);
    const count = async () => (await query<{ n: number }>(t, 'SELECT count(*)::int AS n FROM breach_lookup_cache'))[0].n;
    const readers = async () => (await query<{ n: number }>(t, 'SELECT count(*)::int AS n FROM breach_lookup_cache_readers WHERE user_id = $1', [user.userId]))[0].n;
    const before = await count();
    expect(await readers()).toBe(2); // one per address (both sources' answers share its key)

    await t.http().delete('/api/auth/account').auth(user.accessToken, { type: 'bearer' }).set(CSRF).send({ password: PASSWORD }).expect(204);
    expect(await count()).toBe(before - 4); // two addresses, two sources each
    expect(await readers()).toBe(0);
    // The visitor's address is still answered from the cache.
    hibp.resetBehaviour();
    await visitorScan(other).expect(200);
    expect(hibp.requestsTo('breachedaccount')).toHaveLength(0);
  });
});

/** A queue longer than a scan can wait: refused at once, with when a turn comes free. */
describe('a long queue', () => {
  const xon = new FakeXposedOrNot();
  beforeAll(() => xon.start());
  afterAll(() => xon.close());

  it('reports rate limited with a realistic Retry-After when the queue is longer than the scan can wait', async () => {
    // One lookup a second and a check budget of 3 s (of which the turn may take 2.25 s): of five
    // scans at once, the first three get a turn, the others are refused at once.
    const limited = await createTestApp({ ...xon.env, XPOSEDORNOT_RATE_LIMITS: '1/second', SCAN_CHECK_TIMEOUT_MS: '3000', SCAN_TIMEOUT_MS: '4000' });
    try {
      const scan = () => limited.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: freshEmail('queued') });
      const checks = (await Promise.all(Array.from({ length: 5 }, scan))).map((r) => breachCheck(r.body));
      const ok = checks.filter((c) => c.status === 'ok');
      const refused = checks.filter((c) => c.status === 'rate_limited');
      // A check that got its turn has what is left of its budget for the request (750 ms here); on a
      // busy machine that may run out, an honest "timed out" that says nothing about the queue.
      const timedOut = checks.filter((c) => c.status === 'timed_out');
      // Nothing hung in the queue: every check ended within its budget, with a turn or refused, and
      // every one that timed out had its turn (its request reached the source).
      expect(ok.length + refused.length + timedOut.length).toBe(5);
      expect(xon.requestsTo('breach-analytics')).toHaveLength(ok.length + timedOut.length);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.length + timedOut.length).toBeGreaterThanOrEqual(2);
      expect(refused.length).toBeGreaterThanOrEqual(2);
      // A turn that would come too late is not waited for: refused at once, long before the 2.25 s a
      // turn may take. (A turn given in time may still be refused at its hour, before the deadline,
      // if the requests before it went out late.)
      expect(Math.min(...refused.map((c) => c.durationMs))).toBeLessThan(2_000);
      for (const check of refused) expect(check.durationMs).toBeLessThan(3_000);
      // Retry-After is when a turn comes free: past the turns already given, within a few seconds (a
      // turn given back by a scan that could not use it in time comes free sooner).
      for (const check of refused) {
        expect(check.message).toMatch(/too many lookups queued/);
        expect(check.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(check.retryAfterSeconds).toBeLessThanOrEqual(5);
      }
      // One a second leaves, as measured where they arrive (after any delay on the way) never more than two.
      expect(xon.busiestWindow('breach-analytics', 1_000)).toBeLessThanOrEqual(2);
      // And it is realistic: once that time has passed, a scan gets its turn.
      await sleep(Math.max(...refused.map((c) => c.retryAfterSeconds ?? 0)) * 1000);
      expect(breachCheck((await scan()).body).status).toBe('ok');
    } finally {
      await limited.close();
    }
    // A bound on a hang (the app's start on a busy machine included), not a target.
  }, 90_000);
});

/** Two instances on one database share each source's queue: together they never exceed its rate. */
describe('the request queue across instances', () => {
  const xon = new FakeXposedOrNot();
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    await xon.start();
    // XposedOrNot's fake enforces 2 a second as its server does; we ask for at most 1 a second.
    xon.limits = { perSecond: 2, perHour: 1000, perDay: 1000 };
    const env = { ...xon.env, XPOSEDORNOT_RATE_LIMITS: '1/second', SCAN_CHECK_TIMEOUT_MS: '8000', SCAN_TIMEOUT_MS: '9000', VISITOR_SCANS_PER_HOUR: '100' };
    first = await createTestApp(env);
    second = await createTestApp(env, { database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await xon.close();
  });

  it('spaces the lookups of both instances by the shared queue: none is refused by the source', async () => {
    const scan = (app: TestApp) => app.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: freshEmail('shared') });
    const results = await Promise.all([scan(first), scan(second), scan(first), scan(second), scan(first), scan(second)]);
    expect(results.map((r) => breachCheck(r.body).status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(xon.requestsTo('breach-analytics')).toHaveLength(6);
    expect(xon.rateLimited).toBe(0);
    // We send one a second; where they arrive (after any delay on the way) never more than the source's two.
    expect(xon.busiestWindow('breach-analytics', 1_000)).toBeLessThanOrEqual(2);
  });

  it('a 429 holds back both instances for the time the source asked', async () => {
    xon.resetBehaviour();
    xon.failures['breach-analytics'] = { kind: 'rate-limited', retryAfter: '30' };
    const scan = (app: TestApp) => app.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: freshEmail('held') });
    expect(breachCheck((await scan(first)).body)).toMatchObject({ status: 'rate_limited', retryAfterSeconds: 30 });
    xon.failures['breach-analytics'] = undefined;
    const held = breachCheck((await scan(second)).body);
    expect(held.status).toBe('rate_limited');
    expect(held.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(xon.requestsTo('breach-analytics')).toHaveLength(1);
  });
});
