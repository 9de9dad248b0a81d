import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '../../server/src/common/clock/clock.service';
import { Mailer, MailMessage } from '../../server/src/mail/mail.types';
import { backgroundIdle, CSRF, freshEmail, freshIp, median, PASSWORD, recordMail, refreshCookieOf, signUp, tokenFromLink } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

const TOO_MANY = 'Too many attempts. Please try again later.';

/** The answer to an over-the-limit request: 429, the message, and a Retry-After within the window. */
function expectLimited(res: { status: number; body: { error?: string }; headers: Record<string, string> }, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe(TOO_MANY);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, ip: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  /** The IETF draft's RateLimit-Limit, -Remaining and -Reset of an answer, as numbers. */
  const rateLimitOf = (res: { headers: Record<string, string> }) => ({
    limit: Number(res.headers['ratelimit-limit']),
    remaining: Number(res.headers['ratelimit-remaining']),
    reset: Number(res.headers['ratelimit-reset']),
  });

  it('send RateLimit-Limit, -Remaining and -Reset of the limit closest to running out, 429 included', async () => {
    // The app's clock stands still 100 s into a half hour, where a 10- and a 15-minute window both
    // begin: the 21 attempts cannot straddle a window's end, and every Reset is exact.
    const HALF_HOUR = 30 * 60_000;
    const pinned = new Date(Math.ceil(Date.now() / HALF_HOUR) * HALF_HOUR + 100_000);
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(pinned));
    try {
      const ip = freshIp();
      // First attempt: the per-address limit (10 in 15 minutes) has fewer left than the per-IP one (20 in 10).
      const first = rateLimitOf(await login(freshEmail('count'), 'wrong-password', ip).expect(401));
      expect(first).toEqual({ limit: 10, remaining: 9, reset: 800 });
      // New addresses from the same IP: once fewer than 9 of the IP's 20 are left, the IP's limit is the one shown.
      const seen = [];
      for (let i = 2; i <= 20; i++) seen.push(rateLimitOf(await login(freshEmail('count'), 'wrong-password', ip).expect(401)));
      // Attempt 11: 9 left of either limit, a tie that the later reset (the address's) wins.
      expect(seen[9]).toEqual({ limit: 10, remaining: 9, reset: 800 });
      expect(seen[10]).toEqual({ limit: 20, remaining: 8, reset: 500 }); // attempt 12
      expect(seen[18]).toEqual({ limit: 20, remaining: 0, reset: 500 }); // attempt 20: the last allowed
      const refused = await login(freshEmail('count'), 'wrong-password', ip);
      expectLimited(refused, 600);
      expect(refused.headers['retry-after']).toBe('500');
      expect(rateLimitOf(refused)).toEqual({ limit: 20, remaining: 0, reset: 500 });
    } finally {
      clock.mockRestore();
    }
  });

  it('send no RateLimit headers where no limit applies', async () => {
    const res = await t.http().get('/api/plans').expect(200);
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expect(res.headers['ratelimit-remaining']).toBeUndefined();
  });

  it('allow 20 sign-in attempts per IP in 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login(freshEmail('guess'), 'wrong-password', ip).expect(401);
    expectLimited(await login(freshEmail('guess'), 'wrong-password', ip), 600);
    // Another address is not affected.
    await login(freshEmail('guess'), 'wrong-password', freshIp()).expect(401);
  });

  it('allow 10 sign-in attempts per account email in 15 minutes, from any IPs, even with the right password after', async () => {
    const { email } = await signUp(t);
    for (let i = 0; i < 10; i++) await login(email, 'wrong-password', freshIp()).expect(401);
    expectLimited(await login(email, PASSWORD, freshIp()), 900);
    expectLimited(await login(email.toUpperCase(), PASSWORD, freshIp()), 900);
    // The limit is on attempts for this address, not on unknown addresses alike.
    await login(freshEmail('other'), 'wrong-password', freshIp()).expect(401);
  });

  it('limit an unknown address exactly like a known one (no enumeration through 429s)', async () => {
    const email = freshEmail('nobody');
    for (let i = 0; i < 10; i++) await login(email, 'wrong-password', freshIp()).expect(401);
    expectLimited(await login(email, 'wrong-password', freshIp()), 900);
  });

  it('allow 10 sign-ups per IP per hour', async () => {
    const ip = freshIp();
    const { email } = await signUp(t);
    // Refused sign-ups count as attempts too (a conflict is cheaper to produce than an account).
    for (let i = 0; i < 10; i++) await t.http().post('/api/auth/signup').set('X-Forwarded-For', ip).send({ email, password: PASSWORD }).expect(409);
    const res = await t.http().post('/api/auth/signup').set('X-Forwarded-For', ip).send({ email: freshEmail(), password: PASSWORD });
    expectLimited(res, 3600);
  });

  it('allow 3 reset requests per address and 10 per IP per hour', async () => {
    const reset = (email: string, ip: string) => t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', ip).send({ email });
    const email = freshEmail('reset');
    for (let i = 0; i < 3; i++) await reset(email, freshIp()).expect(202);
    expectLimited(await reset(email, freshIp()), 3600);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await reset(freshEmail('reset'), ip).expect(202);
    expectLimited(await reset(freshEmail('reset'), ip), 3600);
  });

  it('allow 3 verification emails per user per hour', async () => {
    const user = await signUp(t);
    const resend = () => t.http().post('/api/auth/verify-email/resend').auth(user.accessToken, { type: 'bearer' });
    for (let i = 0; i < 3; i++) await resend().expect(200);
    expectLimited(await resend(), 3600);
  });

  it('count in the database, shared across instances, with hashed keys', async () => {
    const { DataSource } = await import('typeorm');
    const rows: { key: string; count: number }[] = await t.app.get(DataSource).query('SELECT key, count FROM rate_limit_counters');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[a-z-]+:[A-Za-z0-9_-]{32}$/);
    expect(JSON.stringify(rows)).not.toMatch(/@example\.test|10\.0\./);
  });
});

describe('no user enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  // Medians of interleaved samples must lie within 40% of each other (a generous margin: a
  // difference worth exploiting, such as skipping the password hash, is several times larger).
  const SAMPLES = 12;
  const withinMargin = (a: number, b: number, floorMs = 0) =>
    Math.abs(a - b) <= Math.max(0.4 * Math.max(a, b), floorMs);

  it('sign-in: a wrong password and an unknown email get the same answer in similar time', async () => {
    const accounts = [await signUp(t), await signUp(t)];
    const timed = async (email: string) => {
      const began = performance.now();
      const res = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password: 'wrong-password' });
      return { ms: performance.now() - began, status: res.status, body: { ...res.body, requestId: undefined } };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const a = await timed(accounts[i % 2].email);
      const b = await timed(freshEmail('nobody'));
      expect(a.status).toBe(401);
      expect(b).toMatchObject({ status: a.status, body: a.body });
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const [k, u] = [median(known), median(unknown)];
    // Both paths really verify a password hash (tens of milliseconds), not just look up a row.
    expect(Math.min(k, u)).toBeGreaterThan(20);
    expect({ known: k, unknown: u, within: withinMargin(k, u) }).toEqual({ known: k, unknown: u, within: true });
  });

  it('password reset: a known and an unknown email get the same answer in similar time, even with slow mail', async () => {
    // A slow mail server must not show which addresses have an account.
    const mailer = t.app.get(Mailer);
    const sent: MailMessage[] = [];
    jest.spyOn(mailer, 'send').mockImplementation(async (m: MailMessage) => {
      await sleep(150);
      sent.push(m);
    });
    const accounts = [await signUp(t), await signUp(t), await signUp(t), await signUp(t)];
    await backgroundIdle(t);
    sent.length = 0;
    const timed = async (email: string) => {
      const began = performance.now();
      const res = await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email });
      const ms = performance.now() - began;
      await backgroundIdle(t); // keep one sample's background work out of the next one's time
      return { ms, status: res.status, body: res.body };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const a = await timed(accounts[i % 4].email);
      const b = await timed(freshEmail('nobody'));
      expect(a.status).toBe(202);
      expect(b).toMatchObject({ status: a.status, body: a.body });
      known.push(a.ms);
      unknown.push(b.ms);
    }
    expect(sent).toHaveLength(SAMPLES); // the known ones did get their email
    const [k, u] = [median(known), median(unknown)];
    // These answers take a few milliseconds, where scheduling noise alone can be 40%: allow 20 ms
    // absolute, still far below the 150 ms a mail sent before answering would add.
    expect({ known: k, unknown: u, within: withinMargin(k, u, 20) }).toEqual({ known: k, unknown: u, within: true });
    jest.restoreAllMocks();
  });
});

describe('logs of the account flows', () => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never contain an email, a password or a token, but do record failures with a reason', async () => {
    const mail = recordMail(t);
    const secrets: string[] = [];
    const user = await signUp(t, freshEmail('Logged.Person'), 'Sup3r-Secret-Passw0rd');
    secrets.push(user.email, user.email.split('@')[0], user.password, user.accessToken, user.refresh);
    const unknown = freshEmail('Unknown.Person');
    secrets.push(unknown, unknown.split('@')[0]);

    const login = (email: string, password: string) =>
      t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password });
    await login(user.email, 'Wrong-Passw0rd-Typed').expect(401);
    secrets.push('Wrong-Passw0rd-Typed');
    await login(unknown, 'Another-Passw0rd-Typed').expect(401);
    secrets.push('Another-Passw0rd-Typed');
    const ok = await login(user.email, user.password).expect(200);
    secrets.push(ok.body.accessToken);

    const refreshed = await user.agent.post('/api/auth/refresh').set(CSRF).expect(200);
    secrets.push(refreshed.body.accessToken, refreshCookieOf(refreshed)!);
    // The used token again at once, as after a lost answer: renewed, and the agent's token retired.
    const renewed = await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${user.refresh}`).expect(200);
    secrets.push(renewed.body.accessToken, refreshCookieOf(renewed)!);
    await user.agent.post('/api/auth/refresh').set(CSRF).expect(401); // reuse of the retired token

    await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(202);
    await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email: unknown }).expect(202);
    await backgroundIdle(t);
    const verifyToken = tokenFromLink(mail.to(user.email)[0], 'verify-email');
    const resetToken = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');
    secrets.push(verifyToken, resetToken);
    await t.http().post(`/api/auth/verify-email?token=${verifyToken}`).send({ token: verifyToken }).expect(200);
    await t.http().post('/api/auth/password-reset/confirm').send({ token: resetToken, password: 'N3w-Secret-Passw0rd' }).expect(204);
    secrets.push('N3w-Secret-Passw0rd');

    const fresh = await login(user.email, 'N3w-Secret-Passw0rd').expect(200);
    const apiToken = await t.http().post('/api/auth/tokens').auth(fresh.body.accessToken, { type: 'bearer' }).send({ name: 'logged' }).expect(201);
    secrets.push(apiToken.body.token);
    await t.http().get('/api/auth/profile').auth(apiToken.body.token, { type: 'bearer' }).expect(200);
    await t.http().get('/api/auth/profile').auth(`${apiToken.body.token}x`, { type: 'bearer' }).expect(401);

    const all = logs.lines.join('\n');
    expect(all.length).toBeGreaterThan(0);
    for (const secret of secrets) expect({ secret, found: all.toLowerCase().includes(secret.toLowerCase()) }).toEqual({ secret, found: false });
    // Failures are there, by reason and user id.
    expect(all).toContain(`sign-in failed: reason=wrong_password userId=${user.userId}`);
    expect(all).toContain('sign-in failed: reason=unknown_email');
    expect(all).toContain(`used refresh token presented again within the grace; renewed, its unused successor retired: userId=${user.userId}`);
    expect(all).toContain(`refresh token reuse detected; session revoked: userId=${user.userId}`);
    expect(all).toContain(`password reset; every session and API token revoked: userId=${user.userId}`);
  });
});
