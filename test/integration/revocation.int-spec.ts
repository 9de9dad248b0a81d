import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { backgroundIdle, CSRF, freshIp, query, recordMail, signUp, tokenFromLink } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const JWT_SECRET = 'revocation-test-secret-'.padEnd(48, 'x');

/** Recovering an account locks the intruder out; signing out ends that session's access tokens at once. */
describe('revocation', () => {
  let t: TestApp;
  let mail: ReturnType<typeof recordMail>;

  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET, PUBLIC_URL: 'http://footprint.test' });
    mail = recordMail(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const profile = (bearer: string) => t.http().get('/api/auth/profile').auth(bearer, { type: 'bearer' });

  it('a password reset revokes every API token and access token at once, and the reset email says it will', async () => {
    const user = await signUp(t);
    const made = await t.http().post('/api/auth/tokens').auth(user.accessToken, { type: 'bearer' }).send({ name: 'intruder script' }).expect(201);
    const apiToken: string = made.body.token;
    await profile(apiToken).expect(200);

    await profile(user.accessToken).expect(200); // fills the session check's cache
    await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send({ email: user.email }).expect(202);
    await backgroundIdle(t);
    const email = mail.to(user.email).find((m) => m.subject === 'Reset your Footprint password')!;
    expect(email.text).toContain('revokes all of your API tokens');
    expect(email.html).toContain('revokes all of your API tokens');
    await t.http().post('/api/auth/password-reset/confirm').send({ token: tokenFromLink(email, 'reset-password'), password: 'a-new-password-2' }).expect(204);

    expect((await profile(apiToken)).status).toBe(401);
    expect((await profile(user.accessToken)).status).toBe(401); // at once, the cached check notwithstanding
    const listed = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: 'a-new-password-2' }).expect(200);
    const tokens = await t.http().get('/api/auth/tokens').auth(listed.body.accessToken, { type: 'bearer' }).expect(200);
    expect(tokens.body.tokens).toEqual([]);
  });

  it('sign-out refuses that session\'s access token at once, and leaves other sessions alone', async () => {
    const user = await signUp(t);
    const other = await t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email: user.email, password: user.password }).expect(200);
    await profile(user.accessToken).expect(200); // also fills the session check's cache
    await user.agent.post('/api/auth/logout').set(CSRF).expect(204);
    const after = await profile(user.accessToken);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Please sign in to continue.');
    await profile(other.body.accessToken).expect(200);
  });

  describe('tokens signed with the real key', () => {
    const jwt = new JwtService();

    it('refuses one without exp, and one living longer than ours, but takes a proper one', async () => {
      const user = await signUp(t);
      const [{ family_id: sid }] = await query<{ family_id: string }>(t, `SELECT family_id FROM refresh_tokens WHERE user_id = $1 LIMIT 1`, [user.userId]);
      const sign = (options: Record<string, unknown>, claims: Record<string, unknown> = { typ: 'access', sid }) =>
        jwt.sign(claims, { secret: JWT_SECRET, algorithm: 'HS256', subject: user.userId, ...options });

      expect((await profile(sign({}))).status).toBe(401); // no exp at all
      expect((await profile(sign({ expiresIn: 7 * 24 * 3600 }))).status).toBe(401);
      expect((await profile(sign({ expiresIn: 600 }, { typ: 'access' }))).status).toBe(401); // no session
      expect((await profile(sign({ expiresIn: 600 }, { typ: 'access', sid: randomUUID() }))).status).toBe(401); // not a session of this user
      await profile(sign({ expiresIn: 600 })).expect(200);
    });
  });
});
