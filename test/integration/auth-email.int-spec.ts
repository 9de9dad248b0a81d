import { setTimeout as sleep } from 'node:timers/promises';
import { backgroundIdle, CSRF, freshEmail, freshIp, PASSWORD, query, recordMail, signUp, tokenFromLink } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const PUBLIC_URL = 'https://footprint.example';

describe('email verification and password reset', () => {
  let t: TestApp;
  let mail: ReturnType<typeof recordMail>;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    mail = recordMail(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const profile = (token: string) => t.http().get('/api/auth/profile').auth(token, { type: 'bearer' });
  const verify = (token: unknown) => t.http().post('/api/auth/verify-email').send({ token });
  const requestReset = (email: string, ip = freshIp()) =>
    t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', ip).send({ email });
  const confirmReset = (token: unknown, password: unknown) => t.http().post('/api/auth/password-reset/confirm').send({ token, password });
  const login = (email: string, password: string) =>
    t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password });

  describe('verification', () => {
    it('sends a link to PUBLIC_URL/verify-email at sign-up, in text and HTML, that verifies the address once', async () => {
      const user = await signUp(t);
      await backgroundIdle(t);
      const messages = mail.to(user.email);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      expect(message.subject).toBe('Confirm your email address for Footprint');
      const token = tokenFromLink(message, 'verify-email');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(message.text).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
      expect(message.html).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
      // Stored hashed only.
      const rows = await query<{ token_hash: string; purpose: string }>(t, 'SELECT token_hash, purpose FROM email_tokens WHERE user_id = $1', [
        user.userId,
      ]);
      expect(rows).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), purpose: 'verify' }]);
      expect(rows[0].token_hash).not.toContain(token);

      expect((await profile(user.accessToken).expect(200)).body.emailVerified).toBe(false);
      expect((await verify(token).expect(200)).body).toEqual({ outcome: 'verified' });
      expect((await profile(user.accessToken).expect(200)).body.emailVerified).toBe(true);
      const again = await verify(token).expect(400);
      expect(again.body.error).toBe('This verification link is invalid or has expired.');
    });

    it.each([['garbage'], [''], [undefined], [42], ['x'.repeat(300)]])('refuses the token %j with 400', async (token) => {
      const res = await verify(token).expect(400);
      expect(res.body.error).toBe('This verification link is invalid or has expired.');
    });

    it('refuses an expired link', async () => {
      const user = await signUp(t);
      await backgroundIdle(t);
      const token = tokenFromLink(mail.to(user.email)[0], 'verify-email');
      await query(t, `UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
      await verify(token).expect(400);
    });

    it('resends a new link on request (the old one stops working), and answers 409 once verified', async () => {
      const user = await signUp(t);
      await backgroundIdle(t);
      const first = tokenFromLink(mail.to(user.email)[0], 'verify-email');
      const answer = await t.http().post('/api/auth/verify-email/resend').auth(user.accessToken, { type: 'bearer' }).expect(200);
      // The test app has no SMTP_URL: the answer must not claim the email went out.
      expect(answer.body).toEqual({
        emailSent: false,
        message: expect.stringMatching(/^This server does not send email yet, so no verification email was sent\. .*write to \S+@\S+\.$/),
      });
      const sent = mail.to(user.email);
      expect(sent).toHaveLength(2);
      const second = tokenFromLink(sent[1], 'verify-email');
      expect(second).not.toBe(first);
      await verify(first).expect(400);
      await verify(second).expect(200);
      const res = await t.http().post('/api/auth/verify-email/resend').auth(user.accessToken, { type: 'bearer' }).expect(409);
      expect(res.body.error).toBe('Your email address is already verified.');
    });

    it('needs a signed-in user to resend', async () => {
      await t.http().post('/api/auth/verify-email/resend').expect(401);
    });
  });

  describe('password reset', () => {
    // The test app has no SMTP_URL: the answer says so, the same for every address.
    const ACCEPTED = {
      status: 'accepted',
      emailSent: false,
      message: 'This server does not send email yet, so no reset link was sent. The person who runs it can make the link for you: write to privacy@footprint.example.',
    };

    it('answers 202 the same for a known and an unknown address; only the known one gets an email', async () => {
      const user = await signUp(t);
      const unknown = freshEmail('nobody');
      const known = await requestReset(user.email).expect(202);
      const other = await requestReset(unknown).expect(202);
      expect(known.body).toEqual(ACCEPTED);
      expect(other.body).toEqual(ACCEPTED);
      await backgroundIdle(t);
      expect(mail.to(unknown)).toEqual([]);
      const resets = mail.to(user.email).filter((m) => m.subject === 'Reset your Footprint password');
      expect(resets).toHaveLength(1);
      const token = tokenFromLink(resets[0], 'reset-password');
      expect(resets[0].text).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
      expect(resets[0].html).toContain(`${PUBLIC_URL}/reset-password?token=${token}`);
    });

    it('finds the account whatever the case of the address', async () => {
      const user = await signUp(t);
      await requestReset(` ${user.email.toUpperCase()} `).expect(202);
      await backgroundIdle(t);
      expect(mail.to(user.email).filter((m) => m.subject === 'Reset your Footprint password')).toHaveLength(1);
    });

    it('sets the new password with a single-use link and signs every session out', async () => {
      const user = await signUp(t);
      const otherSession = await login(user.email, PASSWORD).expect(200);
      // Access tokens issued before the reset stop working; make sure the reset is in a later second.
      await sleep(1_100 - (Date.now() % 1_000));
      await requestReset(user.email).expect(202);
      await backgroundIdle(t);
      const token = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');

      await confirmReset(token, 'brand-new-pass-2').expect(204);
      const reuse = await confirmReset(token, 'brand-new-pass-3').expect(400);
      expect(reuse.body.error).toBe('This password reset link is invalid or has expired.');

      expect((await login(user.email, PASSWORD).expect(401)).body.error).toBe('Invalid email or password');
      const fresh = await login(user.email, 'brand-new-pass-2').expect(200);
      // Every earlier session is gone: refresh cookies and access tokens alike.
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${user.refresh}`).expect(401);
      await profile(user.accessToken).expect(401);
      await profile(otherSession.body.accessToken).expect(401);
      // The new one works, and the reset proved the address.
      expect((await profile(fresh.body.accessToken).expect(200)).body.emailVerified).toBe(true);
    });

    it('refuses a link older than one hour', async () => {
      const user = await signUp(t);
      await requestReset(user.email).expect(202);
      await backgroundIdle(t);
      const token = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');
      const [row] = await query<{ minutes: number }>(
        t,
        `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM email_tokens WHERE user_id = $1 AND purpose = 'reset'`,
        [user.userId],
      );
      expect(row.minutes).toBe(60);
      await query(t, `UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset'`, [
        user.userId,
      ]);
      await confirmReset(token, 'brand-new-pass-2').expect(400);
      await login(user.email, PASSWORD).expect(200);
    });

    it('makes an earlier link useless when a new one is requested', async () => {
      const user = await signUp(t);
      await requestReset(user.email).expect(202);
      await backgroundIdle(t);
      const first = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');
      await requestReset(user.email).expect(202);
      await backgroundIdle(t);
      const second = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');
      await confirmReset(first, 'brand-new-pass-2').expect(400);
      await confirmReset(second, 'brand-new-pass-2').expect(204);
    });

    it('does not accept a verification link as a reset link, nor the other way round', async () => {
      const user = await signUp(t);
      await backgroundIdle(t);
      const verifyToken = tokenFromLink(mail.to(user.email)[0], 'verify-email');
      await confirmReset(verifyToken, 'brand-new-pass-2').expect(400);
      await requestReset(user.email).expect(202);
      await backgroundIdle(t);
      const resetToken = tokenFromLink(mail.to(user.email).at(-1)!, 'reset-password');
      await verify(resetToken).expect(400);
      await verify(verifyToken).expect(200);
      await confirmReset(resetToken, 'brand-new-pass-2').expect(204);
    });

    it.each([
      [{ token: 'x', password: '12345' }, 'Password must be at least 6 characters'],
      [{ token: 'x', password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
      [{ token: 'x', password: '' }, 'Please fill in all fields'],
      [{ password: 'long-enough-1' }, 'This password reset link is invalid or has expired.'],
      [{ token: 'unknown-token', password: 'long-enough-1' }, 'This password reset link is invalid or has expired.'],
    ])('answers confirm %j with 400 %j', async (body, message) => {
      const res = await t.http().post('/api/auth/password-reset/confirm').send(body).expect(400);
      expect(res.body.error).toBe(message);
    });

    it.each([
      [{}, 'Please fill in all fields'],
      [{ email: '' }, 'Please fill in all fields'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    ])('answers request %j with 400 %j', async (body, message) => {
      const res = await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', freshIp()).send(body).expect(400);
      expect(res.body.error).toBe(message);
    });
  });
});
