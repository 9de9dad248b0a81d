import { backgroundIdle, CSRF, freshIp, PASSWORD, query, recordMail, signUp, tokenFromLink } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

describe('account export and deletion', () => {
  let t: TestApp;
  let mail: ReturnType<typeof recordMail>;
  beforeAll(async () => {
    t = await createTestApp();
    mail = recordMail(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const withoutSecret = ({ token: _token, ...rest }: { token: string }) => rest;

  /** A user with a bit of everything: two sessions, an API token (and a revoked one), emailed links. */
  async function busyUser() {
    const user = await signUp(t);
    const second = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: PASSWORD, rememberMe: true }).expect(200);
    const kept = await t.http().post('/api/auth/tokens').set(bearer(user.accessToken)).send({ name: 'kept' }).expect(201);
    const revoked = await t.http().post('/api/auth/tokens').set(bearer(user.accessToken)).send({ name: 'revoked' }).expect(201);
    await t.http().delete(`/api/auth/tokens/${revoked.body.id}`).set(bearer(user.accessToken)).expect(204);
    await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(202);
    await backgroundIdle(t);
    return { ...user, secondSession: second.body.accessToken as string, apiToken: kept.body, revokedToken: revoked.body };
  }

  describe('POST /api/auth/profile/onboarding', () => {
    it('stores the tour as done for the user, in every session and browser, once; needs a credential', async () => {
      const user = await signUp(t);
      expect((await t.http().get('/api/auth/profile').set(bearer(user.accessToken)).expect(200)).body.onboardingCompleted).toBe(false);
      const done = await t.http().post('/api/auth/profile/onboarding').set(bearer(user.accessToken)).expect(200);
      expect(done.body).toMatchObject({ id: user.userId, onboardingCompleted: true });
      const [first] = await query<{ onboarding_completed_at: Date }>(t, 'SELECT onboarding_completed_at FROM users WHERE id = $1', [user.userId]);
      expect(first.onboarding_completed_at).toBeInstanceOf(Date);
      // A new sign-in (another browser) sees it; repeating it keeps the first time.
      const again = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
      expect(again.body.user.onboardingCompleted).toBe(true);
      await t.http().post('/api/auth/profile/onboarding').set(bearer(again.body.accessToken)).expect(200);
      const [second] = await query<{ onboarding_completed_at: Date }>(t, 'SELECT onboarding_completed_at FROM users WHERE id = $1', [user.userId]);
      expect(second.onboarding_completed_at.getTime()).toBe(first.onboarding_completed_at.getTime());
      await t.http().post('/api/auth/profile/onboarding').expect(401);
    });
  });

  describe('GET /api/auth/account/export', () => {
    it("answers everything kept about the account as a JSON download, without secrets or hashes", async () => {
      const user = await busyUser();
      const res = await t.http().get('/api/auth/account/export').set(bearer(user.accessToken)).expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="footprint-account.json"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        exportedAt: expect.any(String),
        profile: {
          id: user.userId,
          email: user.email,
          displayName: null,
          emailVerifiedAt: null,
          onboardingCompletedAt: null,
          hasPassword: true,
          plan: { tier: 'free', expiresAt: null },
          createdAt: expect.any(String),
        },
        // Ended tokens are part of the history too (issue 39); these two are still active.
        sessions: [
          { lastRefreshedAt: expect.any(String), expiresAt: expect.any(String), persistent: true, endedAt: null, active: true },
          { lastRefreshedAt: expect.any(String), expiresAt: expect.any(String), persistent: true, endedAt: null, active: true },
        ],
        emailLinks: [
          { purpose: 'reset', newEmail: null, createdAt: expect.any(String), expiresAt: expect.any(String), usedAt: null },
          { purpose: 'verify', newEmail: null, createdAt: expect.any(String), expiresAt: expect.any(String), usedAt: null },
        ],
        apiTokens: [
          { ...withoutSecret(user.revokedToken), revokedAt: expect.any(String) },
          { ...withoutSecret(user.apiToken), revokedAt: null },
        ],
        scans: [], // scans.int-spec.ts checks a user's scans appear here
        payments: [], // billing.int-spec.ts and analytics.int-spec.ts check these sections
        analyticsEvents: [],
        abTests: [],
        monitors: [], // monitoring.int-spec.ts checks this section
        rightsRequests: [], // rights-requests.int-spec.ts checks this section
        scanNotices: [], // monitoring-breach-sources.int-spec.ts checks this section (a queued scan's notice)
        breachAnswers: [], // account-coverage.int-spec.ts checks this section (no breach lookup here)
        // The verification and reset emails, without their bodies (they hold the links).
        mails: expect.any(Array),
      });
      expect(res.body.mails).toHaveLength(2);
      for (const m of res.body.mails as { subject: unknown; createdAt: unknown; sentAt: unknown }[]) {
        expect(Object.keys(m).sort()).toEqual(['createdAt', 'sentAt', 'subject']);
        expect(typeof m.subject).toBe('string');
      }
      const text = JSON.stringify(res.body);
      const hashes = await query<{ h: string }>(
        t,
        `SELECT token_hash AS h FROM refresh_tokens WHERE user_id = $1
         UNION ALL SELECT token_hash FROM email_tokens WHERE user_id = $1
         UNION ALL SELECT token_hash FROM api_tokens WHERE user_id = $1
         UNION ALL SELECT password_hash FROM users WHERE id = $1`,
        [user.userId],
      );
      expect(hashes.length).toBeGreaterThanOrEqual(7);
      for (const { h } of hashes) expect(text).not.toContain(h);
      for (const secret of [user.apiToken.token, user.refresh, tokenFromLink(mail.to(user.email)[0], 'verify-email')]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toContain('scrypt');
    });

    it('works with an API token too', async () => {
      const user = await busyUser();
      const res = await t.http().get('/api/auth/account/export').set(bearer(user.apiToken.token)).expect(200);
      expect(res.body.profile.id).toBe(user.userId);
    });
  });

  describe('DELETE /api/auth/account', () => {
    it('deletes the user and everything of it, and signs every credential out', async () => {
      const user = await busyUser();
      const other = await busyUser();
      const counts = async (userId: string) =>
        (
          await query<Record<string, number>>(
            t,
            `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
                    (SELECT count(*)::int FROM refresh_tokens WHERE user_id = $1) AS refresh_tokens,
                    (SELECT count(*)::int FROM email_tokens WHERE user_id = $1) AS email_tokens,
                    (SELECT count(*)::int FROM api_tokens WHERE user_id = $1) AS api_tokens`,
            [userId],
          )
        )[0];
      expect(await counts(user.userId)).toEqual({ users: 1, refresh_tokens: 2, email_tokens: 2, api_tokens: 2 });
      const outbox = async (email: string) =>
        (await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM outbox_messages WHERE lower(recipient) = lower($1)`, [email]))[0].n;
      expect(await outbox(user.email)).toBe(2); // the verification and the reset email
      const othersMail = await outbox(other.email);
      expect(othersMail).toBe(2);

      const res = await user.agent.delete('/api/auth/account').set(bearer(user.accessToken)).send({ password: PASSWORD }).expect(204);
      expect(res.headers['set-cookie']?.[0]).toMatch(/^fp_refresh=;.*Expires=Thu, 01 Jan 1970/);
      expect(await counts(user.userId)).toEqual({ users: 0, refresh_tokens: 0, email_tokens: 0, api_tokens: 0 });
      expect(await outbox(user.email.toUpperCase())).toBe(0);
      expect(await outbox(other.email)).toBe(othersMail);
      // Every table with a user_id column is covered: nothing of the user anywhere.
      const tables = await query<{ table_name: string }>(
        t,
        `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'user_id'`,
      );
      for (const { table_name } of tables) {
        const [row] = await query<{ n: number }>(t, `SELECT count(*)::int AS n FROM "${table_name}" WHERE user_id = $1`, [user.userId]);
        expect({ table_name, n: row.n }).toEqual({ table_name, n: 0 });
      }

      await t.http().get('/api/auth/profile').set(bearer(user.accessToken)).expect(401);
      await t.http().get('/api/auth/profile').set(bearer(user.secondSession)).expect(401);
      await t.http().get('/api/auth/profile').set(bearer(user.apiToken.token)).expect(401);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${user.refresh}`).expect(401);
      await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: PASSWORD }).expect(401);
      // The address is free again.
      await t.http().post('/api/auth/signup').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: PASSWORD }).expect(201);
      // Nobody else was touched.
      expect(await counts(other.userId)).toEqual({ users: 1, refresh_tokens: 2, email_tokens: 2, api_tokens: 2 });
    });

    it('requires the current password of a password account', async () => {
      const user = await signUp(t);
      const missing = await t.http().delete('/api/auth/account').set(bearer(user.accessToken)).send({}).expect(400);
      expect(missing.body.error).toBe('Please enter your current password');
      const wrong = await t.http().delete('/api/auth/account').set(bearer(user.accessToken)).send({ password: 'not-it-1' }).expect(403);
      expect(wrong.body.error).toBe('The password is incorrect');
      await t.http().get('/api/auth/profile').set(bearer(user.accessToken)).expect(200);
    });

    it('deletes an account without a password (a later Google account) without asking for one', async () => {
      const user = await signUp(t);
      await query(t, 'UPDATE users SET password_hash = NULL WHERE id = $1', [user.userId]);
      await t.http().delete('/api/auth/account').set(bearer(user.accessToken)).expect(204);
      expect(await query(t, 'SELECT id FROM users WHERE id = $1', [user.userId])).toEqual([]);
    });

    it('limits password attempts to 10 an hour', async () => {
      const user = await signUp(t);
      for (let i = 0; i < 10; i++) {
        await t.http().delete('/api/auth/account').set(bearer(user.accessToken)).send({ password: `guess-${i}` }).expect(403);
      }
      const res = await t.http().delete('/api/auth/account').set(bearer(user.accessToken)).send({ password: PASSWORD }).expect(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('needs a signed-in user', async () => {
      await t.http().delete('/api/auth/account').send({ password: PASSWORD }).expect(401);
    });
  });
});
