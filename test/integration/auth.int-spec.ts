import request from 'supertest';
import { DataSource } from 'typeorm';
import { hashSecret } from '../../server/src/auth/secret-token.util';
import { REFRESH_REUSE_GRACE_MS, REFRESH_REUSE_GRACE_RENEWALS } from '../../server/src/auth/session.service';
import { CSRF, freshEmail, freshIp, PASSWORD, query, refreshCookieOf, setCookieHeader, signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const ERROR = { statusCode: expect.any(Number), error: expect.any(String), requestId: expect.any(String) };

describe('sign-up, sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://footprint.test:3000' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: object, ip = freshIp()) => t.http().post(path).set('X-Forwarded-For', ip).send(body);
  const withCookie = (value: string) => t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${value}`);
  const profile = (accessToken: string) => t.http().get('/api/auth/profile').auth(accessToken, { type: 'bearer' });
  const tokensOf = async (userId: string) =>
    (
      await query<{ total: number; revoked: number }>(
        t,
        'SELECT count(*)::int AS total, count(*) FILTER (WHERE revoked_at IS NOT NULL)::int AS revoked FROM refresh_tokens WHERE user_id = $1',
        [userId],
      )
    )[0];
  /** Statements of this database waiting for a lock. */
  const lockWaiters = async () =>
    (await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n;

  describe('POST /api/auth/signup', () => {
    it('creates the account, answers 201 with an access token and the user, and sets a 30-day refresh cookie', async () => {
      const email = freshEmail('new');
      const res = await post('/api/auth/signup', { email, password: PASSWORD }).expect(201);
      expect(res.body).toEqual({
        accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        tokenType: 'Bearer',
        expiresIn: 900,
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email,
          displayName: null,
          emailVerified: false,
          plan: { tier: 'free', expiresAt: null },
          onboardingCompleted: false,
        },
      });
      const cookie = setCookieHeader(res)!;
      expect(cookie).toMatch(/^fp_refresh=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('Path=/api/auth');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Max-Age=2592000');
      expect(cookie).not.toContain('Secure'); // PUBLIC_URL is http here
      const [row] = await query<{ password_hash: string }>(t, 'SELECT password_hash FROM users WHERE id = $1', [res.body.user.id]);
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
    });

    it('normalizes the email: trimmed, domain lower-cased, local part kept', async () => {
      const local = `Jane.${Date.now()}`;
      const res = await post('/api/auth/signup', { email: `  ${local}@Example.TEST `, password: PASSWORD }).expect(201);
      expect(res.body.user.email).toBe(`${local}@example.test`);
      // and signs in whatever the case
      await post('/api/auth/login', { email: `${local.toLowerCase()}@EXAMPLE.test`, password: PASSWORD }).expect(200);
    });

    it("refuses a taken address, whatever its case, with 'An account with this email already exists'", async () => {
      const { email } = await signUp(t);
      for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
        const res = await post('/api/auth/signup', { email: variant, password: 'another-1' }).expect(409);
        expect(res.body).toEqual({ ...ERROR, statusCode: 409, error: 'An account with this email already exists' });
      }
    });

    it.each([
      [{}, 'Please fill in all fields'],
      [{ email: '', password: '' }, 'Please fill in all fields'],
      [{ email: '   ', password: PASSWORD }, 'Please fill in all fields'],
      [{ email: 'a@example.test', password: '' }, 'Please fill in all fields'],
      [{ email: 'a@example.test' }, 'Please fill in all fields'],
      [{ email: 'a@example.test', password: '12345' }, 'Password must be at least 6 characters'],
      [{ email: 'a@example.test', password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
      [{ email: 'not-an-email', password: PASSWORD }, 'Please enter a valid email address'],
      [{ email: 'a@b', password: PASSWORD }, 'Please enter a valid email address'],
      [{ email: `${'a'.repeat(250)}@example.test`, password: PASSWORD }, 'Please enter a valid email address'],
      [{ email: 42, password: PASSWORD }, 'Please fill in all fields'],
      [{ email: 'a@example.test', password: PASSWORD, lastName: 'Doe' }, 'property lastName should not exist'],
      [{ email: 'a@example.test', password: PASSWORD, firstName: 'J'.repeat(101) }, 'First name must be text of at most 100 characters'],
      [{ email: 'a@example.test', password: PASSWORD, firstName: 7 }, 'First name must be text of at most 100 characters'],
    ])('answers %j with 400 %j', async (body, message) => {
      const res = await post('/api/auth/signup', body).expect(400);
      expect(res.body).toMatchObject({ ...ERROR, statusCode: 400, error: message });
      expect(setCookieHeader(res)).toBeUndefined();
    });

    it('keeps the first name typed at sign-up as the display name (trimmed; blank is none)', async () => {
      const named = await post('/api/auth/signup', { email: freshEmail('named'), password: PASSWORD, firstName: '  Jane  ' }).expect(201);
      expect(named.body.user.displayName).toBe('Jane');
      const profile = await t.http().get('/api/auth/profile').set('Authorization', `Bearer ${named.body.accessToken}`).expect(200);
      expect(profile.body.displayName).toBe('Jane');
      const blank = await post('/api/auth/signup', { email: freshEmail('blank'), password: PASSWORD, firstName: '   ' }).expect(201);
      expect(blank.body.user.displayName).toBeNull();
    });

    it('accepts a password of exactly 6 and of exactly 256 characters', async () => {
      await post('/api/auth/signup', { email: freshEmail(), password: '123456' }).expect(201);
      await post('/api/auth/signup', { email: freshEmail(), password: 'p'.repeat(256) }).expect(201);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password: 200, token, user, and a browser-session cookie without rememberMe', async () => {
      const { email, userId } = await signUp(t);
      const res = await post('/api/auth/login', { email, password: PASSWORD }).expect(200);
      expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, user: { id: userId, email } });
      const cookie = setCookieHeader(res)!;
      expect(cookie).toMatch(/^fp_refresh=[A-Za-z0-9_-]{43};/);
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      const [row] = await query<{ persistent: boolean; expires_at: Date }>(
        t,
        'SELECT persistent, expires_at FROM refresh_tokens WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
        [userId],
      );
      expect(row.persistent).toBe(false);
      const hours = (new Date(row.expires_at).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });

    it("keeps the cookie 30 days with 'Remember me'", async () => {
      const { email } = await signUp(t);
      const res = await post('/api/auth/login', { email, password: PASSWORD, rememberMe: true }).expect(200);
      expect(setCookieHeader(res)).toContain('Max-Age=2592000');
    });

    it("answers a wrong password and an unknown email alike: 401 'Invalid email or password'", async () => {
      const { email } = await signUp(t);
      const wrong = await post('/api/auth/login', { email, password: 'wrong-password' }).expect(401);
      const unknown = await post('/api/auth/login', { email: freshEmail('nobody'), password: PASSWORD }).expect(401);
      for (const res of [wrong, unknown]) {
        expect(res.body).toEqual({ ...ERROR, statusCode: 401, error: 'Invalid email or password' });
        expect(setCookieHeader(res)).toBeUndefined();
      }
    });

    it.each([
      [{}, 'Please fill in all fields'],
      [{ email: '', password: PASSWORD }, 'Please fill in all fields'],
      [{ email: 'a@example.test', password: '' }, 'Please fill in all fields'],
      [{ email: 'a@example.test', password: PASSWORD, rememberMe: 'yes' }, 'rememberMe must be true or false'],
    ])('answers %j with 400 %j', async (body, message) => {
      const res = await post('/api/auth/login', body).expect(400);
      expect(res.body.error).toBe(message);
    });
  });

  describe('GET /api/auth/profile', () => {
    it('answers the signed-in user', async () => {
      const { accessToken, email, userId } = await signUp(t);
      const res = await t.http().get('/api/auth/profile').auth(accessToken, { type: 'bearer' }).expect(200);
      expect(res.body).toEqual({ id: userId, email, displayName: null, emailVerified: false, plan: { tier: 'free', expiresAt: null }, onboardingCompleted: false });
    });

    it("answers 401 'Please sign in to continue.' without a token", async () => {
      const res = await t.http().get('/api/auth/profile').expect(401);
      expect(res.body).toEqual({ ...ERROR, statusCode: 401, error: 'Please sign in to continue.' });
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('answers a new access token and rotates the cookie', async () => {
      const { agent, userId, refresh } = await signUp(t);
      const res = await agent.post('/api/auth/refresh').set(CSRF).expect(200);
      expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, user: { id: userId } });
      const next = refreshCookieOf(res);
      expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(next).not.toBe(refresh);
      expect(setCookieHeader(res)).toContain('Max-Age=2592000'); // a sign-up session is persistent
      await t.http().get('/api/auth/profile').auth(res.body.accessToken, { type: 'bearer' }).expect(200);
      // the agent now holds the rotated cookie, and it works
      await agent.post('/api/auth/refresh').set(CSRF).expect(200);
    });

    it('keeps a browser-session cookie a session cookie when rotating', async () => {
      const { email } = await signUp(t);
      const agent = request.agent(t.app.getHttpServer());
      await agent.post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password: PASSWORD }).expect(200);
      const res = await agent.post('/api/auth/refresh').set(CSRF).expect(200);
      expect(setCookieHeader(res)).not.toMatch(/Max-Age|Expires/i);
    });

    it('revokes the whole session when a used refresh token comes back after its successor was used (reuse detection)', async () => {
      const { refresh: first, userId } = await signUp(t);
      const second = refreshCookieOf(await withCookie(first).expect(200))!;
      const third = refreshCookieOf(await withCookie(second).expect(200))!;
      // The first token again, though its holder moved on: someone copied it. 401, and the cookie is cleared.
      const reuse = await withCookie(first).expect(401);
      expect(reuse.body.error).toBe('Your session has expired. Please sign in again.');
      expect(setCookieHeader(reuse)).toMatch(/^fp_refresh=;.*Expires=Thu, 01 Jan 1970/);
      // The legitimate holder's newer token is revoked with its family.
      await withCookie(third).expect(401);
      expect(await tokensOf(userId)).toEqual({ total: 3, revoked: 3 });
    });

    it('does not touch other sessions of the same user when one family is revoked', async () => {
      const { email, refresh: first } = await signUp(t);
      const other = await post('/api/auth/login', { email, password: PASSWORD }).expect(200);
      const otherCookie = refreshCookieOf(other)!;
      await withCookie(refreshCookieOf(await withCookie(first).expect(200))!).expect(200);
      await withCookie(first).expect(401);
      await withCookie(otherCookie).expect(200);
    });

    it('refuses a missing, unknown or expired refresh token with 401', async () => {
      const none = await t.http().post('/api/auth/refresh').set(CSRF).expect(401);
      expect(none.body.error).toBe('Your session has expired. Please sign in again.');
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', 'fp_refresh=not-a-real-token').expect(401);
      const { refresh, userId } = await signUp(t);
      await query(t, `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [userId]);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${refresh}`).expect(401);
    });

    it("honours a browser-session token for one day only on the server's side", async () => {
      const { email, userId } = await signUp(t);
      const login = await post('/api/auth/login', { email, password: PASSWORD }).expect(200);
      const cookie = refreshCookieOf(login)!;
      // As if the sign-in happened a day and a minute ago.
      await query(
        t,
        `UPDATE refresh_tokens SET created_at = now() - interval '1 day 1 minute', expires_at = now() - interval '1 minute'
         WHERE user_id = $1 AND persistent = false`,
        [userId],
      );
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${cookie}`).expect(401);
    });
  });

  describe('a refresh whose answer was lost (the browser still holds the used token)', () => {
    /** Refreshes with the token and drops the answer, as a dropped connection would: its cookie never arrives. */
    const refreshAndLoseAnswer = async (token: string) => refreshCookieOf(await withCookie(token).expect(200))!;

    it('renews the used token within the grace while its successor was never used: still signed in; then reuse revokes', async () => {
      const { refresh: first, userId } = await signUp(t);
      await refreshAndLoseAnswer(first);
      const retry = await withCookie(first).expect(200);
      expect(retry.body.user.id).toBe(userId);
      expect(setCookieHeader(retry)).toContain('Max-Age=2592000'); // still the 30-day session
      const renewed = refreshCookieOf(retry)!;
      await profile(retry.body.accessToken).expect(200);
      const next = await withCookie(renewed).expect(200);
      await profile(next.body.accessToken).expect(200);
      // The renewed token was used: the very first token again is a copy. The whole family goes.
      await withCookie(first).expect(401);
      await withCookie(refreshCookieOf(next)!).expect(401);
      await profile(next.body.accessToken).expect(401);
      expect(await tokensOf(userId)).toEqual({ total: 4, revoked: 4 });
    });

    it("refuses the lost answer's token should it turn up after the retry, and revokes the session", async () => {
      const { refresh: first, userId } = await signUp(t);
      const lost = await refreshAndLoseAnswer(first);
      const renewed = refreshCookieOf(await withCookie(first).expect(200))!;
      await withCookie(lost).expect(401);
      await withCookie(renewed).expect(401);
      expect(await tokensOf(userId)).toEqual({ total: 3, revoked: 3 });
    });

    it('revokes the session when the used token comes back after the grace', async () => {
      const { refresh: first, userId } = await signUp(t);
      const lost = await refreshAndLoseAnswer(first);
      await query(t, `UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE user_id = $1 AND used_at IS NOT NULL`, [
        userId,
        REFRESH_REUSE_GRACE_MS / 1000 + 1,
      ]);
      await withCookie(first).expect(401);
      await withCookie(lost).expect(401);
      expect(await tokensOf(userId)).toEqual({ total: 2, revoked: 2 });
    });

    it(`renews ${REFRESH_REUSE_GRACE_RENEWALS} lost answers of one token in a row, and revokes the session at the next`, async () => {
      const { refresh: first, userId } = await signUp(t);
      let latest = await refreshAndLoseAnswer(first);
      for (let i = 0; i < REFRESH_REUSE_GRACE_RENEWALS; i++) latest = await refreshAndLoseAnswer(first);
      await withCookie(first).expect(401);
      await withCookie(latest).expect(401);
      expect(await tokensOf(userId)).toEqual({ total: REFRESH_REUSE_GRACE_RENEWALS + 2, revoked: REFRESH_REUSE_GRACE_RENEWALS + 2 });
    });

    it("keeps a browser session ('Remember me' off) a browser session, and never renews a used token that has expired", async () => {
      const { email, userId } = await signUp(t);
      const login = await post('/api/auth/login', { email, password: PASSWORD }).expect(200);
      const cookie = refreshCookieOf(login)!;
      await refreshAndLoseAnswer(cookie);
      const retry = await withCookie(cookie).expect(200);
      expect(setCookieHeader(retry)).not.toMatch(/Max-Age|Expires/i);
      const [row] = await query<{ days: number }>(
        t,
        `SELECT (extract(epoch FROM expires_at - now()) / 86400)::float8 AS days FROM refresh_tokens
         WHERE user_id = $1 AND persistent = false ORDER BY created_at DESC LIMIT 1`,
        [userId],
      );
      expect(row.days).toBeCloseTo(1, 1);

      const renewed = refreshCookieOf(retry)!;
      await refreshAndLoseAnswer(renewed);
      await query(t, `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashSecret(renewed)]);
      await withCookie(renewed).expect(401);
      await withCookie(cookie).expect(401); // the family is revoked
    });

    it('never revives a session signed out, or ended by a password change, meanwhile', async () => {
      const signedOut = await signUp(t);
      const lost = await refreshAndLoseAnswer(signedOut.refresh);
      await t.http().post('/api/auth/logout').set(CSRF).set('Cookie', `fp_refresh=${signedOut.refresh}`).expect(204);
      await withCookie(signedOut.refresh).expect(401);
      await withCookie(lost).expect(401);

      const changed = await signUp(t);
      await refreshAndLoseAnswer(changed.refresh);
      await t.http().post('/api/auth/password').auth(changed.accessToken, { type: 'bearer' }).send({ currentPassword: PASSWORD, newPassword: 'brand-new-pass-2' }).expect(200);
      await withCookie(changed.refresh).expect(401);
      expect(await tokensOf(signedOut.userId)).toEqual({ total: 2, revoked: 2 });
      expect(await tokensOf(changed.userId)).toEqual({ total: 3, revoked: 2 }); // and the change's new session
    });

    it('renews only one of two retries that arrive at once; the other revokes the session', async () => {
      const { refresh: first, userId } = await signUp(t);
      await refreshAndLoseAnswer(first);
      // Hold the successor's row so that both retries reach the statement that retires it, then let them race.
      const holder = t.app.get(DataSource).createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      let retries: Promise<number[]> | undefined;
      try {
        await holder.query(`SELECT 1 FROM refresh_tokens WHERE user_id = $1 AND predecessor_id IS NOT NULL FOR UPDATE`, [userId]);
        retries = Promise.all([withCookie(first), withCookie(first)].map((r) => r.then((res) => res.status)));
        const deadline = Date.now() + 10_000;
        while ((await lockWaiters()) < 2) {
          if (Date.now() > deadline) throw new Error('the two retries never waited for the held row');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await holder.rollbackTransaction();
        await holder.release();
      }
      expect((await retries).sort()).toEqual([200, 401]);
      const [{ successors }] = await query<{ successors: number }>(
        t,
        `SELECT count(*)::int AS successors FROM refresh_tokens WHERE predecessor_id = (SELECT id FROM refresh_tokens WHERE token_hash = $1)`,
        [hashSecret(first)],
      );
      expect(successors).toBe(2); // the lost answer's token and the one renewal
      expect(await tokensOf(userId)).toEqual({ total: 3, revoked: 3 });
    });
  });

  describe('CSRF protection of the cookie routes', () => {
    it('refuses refresh without the X-Footprint-CSRF header (403) and leaves the session usable', async () => {
      const { agent } = await signUp(t);
      const res = await agent.post('/api/auth/refresh').expect(403);
      expect(res.body.error).toBe('This request was blocked because it may have come from another site.');
      await agent.post('/api/auth/refresh').set('X-Footprint-CSRF', '0').expect(403);
      await agent.post('/api/auth/refresh').set(CSRF).expect(200);
    });

    it('refuses refresh and logout from a foreign Origin (403), and accepts the site origin', async () => {
      const { agent } = await signUp(t);
      await agent.post('/api/auth/refresh').set(CSRF).set('Origin', 'https://evil.example').expect(403);
      await agent.post('/api/auth/refresh').set(CSRF).set('Origin', 'http://footprint.test:3001').expect(403);
      await agent.post('/api/auth/refresh').set(CSRF).set('Origin', 'null').expect(403);
      await agent.post('/api/auth/logout').set(CSRF).set('Origin', 'https://evil.example').expect(403);
      await agent.post('/api/auth/logout').expect(403);
      await agent.post('/api/auth/refresh').set(CSRF).set('Origin', 'http://footprint.test:3000').expect(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session and clears the cookie; its access token, already used, is refused at once', async () => {
      const { agent, refresh, accessToken } = await signUp(t);
      for (let i = 0; i < 2; i++) await t.http().get('/api/auth/profile').set('Authorization', `Bearer ${accessToken}`).expect(200);
      const res = await agent.post('/api/auth/logout').set(CSRF).expect(204);
      expect(setCookieHeader(res)).toMatch(/^fp_refresh=;.*Path=\/api\/auth.*Expires=Thu, 01 Jan 1970/);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${refresh}`).expect(401);
      await t.http().get('/api/auth/profile').set('Authorization', `Bearer ${accessToken}`).expect(401);
    });

    it('answers 204 without a session too', async () => {
      await t.http().post('/api/auth/logout').set(CSRF).expect(204);
    });
  });

  it('documents every auth route in Swagger, with DTOs, errors and the bearer scheme', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    const expected: [string, string, string][] = [
      ['/api/auth/signup', 'post', 'signUp'],
      ['/api/auth/login', 'post', 'logIn'],
      ['/api/auth/refresh', 'post', 'refreshSession'],
      ['/api/auth/logout', 'post', 'logOut'],
      ['/api/auth/profile', 'get', 'getProfile'],
      ['/api/auth/verify-email', 'post', 'verifyEmail'],
      ['/api/auth/verify-email/resend', 'post', 'resendVerificationEmail'],
      ['/api/auth/password-reset/request', 'post', 'requestPasswordReset'],
      ['/api/auth/password-reset/confirm', 'post', 'confirmPasswordReset'],
      ['/api/auth/account', 'delete', 'deleteAccount'],
      ['/api/auth/account/export', 'get', 'exportAccount'],
      ['/api/auth/tokens', 'post', 'createApiToken'],
      ['/api/auth/tokens', 'get', 'listApiTokens'],
      ['/api/auth/tokens/{id}', 'delete', 'revokeApiToken'],
    ];
    for (const [path, method, operationId] of expected) expect({ path, operationId: op(path, method)?.operationId }).toEqual({ path, operationId });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(op('/api/auth/profile', 'get').security).toEqual([{ bearer: [] }]);
    expect(op('/api/auth/tokens', 'post').security).toEqual([{ bearer: [] }]);
    // Public: no credentials needed, and the document says so.
    expect(op('/api/auth/login', 'post').security).toEqual([]);
    expect(op('/api/auth/login', 'post').responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorBodyDto');
    expect(op('/api/auth/signup', 'post').responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/AuthSessionDto');
    expect(op('/api/auth/refresh', 'post').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'X-Footprint-CSRF', required: true })]),
    );
  });
});

describe('the refresh cookie behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://footprint.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const res = await t
      .http()
      .post('/api/auth/signup')
      .set('X-Forwarded-For', freshIp())
      .send({ email: freshEmail(), password: PASSWORD })
      .expect(201);
    expect(setCookieHeader(res)).toMatch(/; Secure/);
    const logout = await t.http().post('/api/auth/logout').set(CSRF).set('Origin', 'https://footprint.example').expect(204);
    expect(setCookieHeader(logout)).toMatch(/; Secure/);
  });
});
