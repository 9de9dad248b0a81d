import { setTimeout as sleep } from 'node:timers/promises';
import { backgroundIdle, CSRF, freshEmail, freshIp, PASSWORD, query, recordMail, refreshCookieOf, signUp, tokenFromLink } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const PUBLIC_URL = 'https://footprint.example';

describe('account changes: name, password, sign-in email', () => {
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
  const login = (email: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password });
  const rename = (token: string, body: unknown) => t.http().patch('/api/auth/profile').auth(token, { type: 'bearer' }).send(body as object);
  const changePassword = (token: string, body: unknown) => t.http().post('/api/auth/password').auth(token, { type: 'bearer' }).send(body as object);
  const changeEmail = (token: string, body: unknown) => t.http().post('/api/auth/email').auth(token, { type: 'bearer' }).send(body as object);
  const newApiToken = async (accessToken: string) =>
    (await t.http().post('/api/auth/tokens').auth(accessToken, { type: 'bearer' }).send({ name: 'ci' }).expect(201)).body.token as string;

  describe('name', () => {
    it('sets, trims and removes the display name', async () => {
      const user = await signUp(t);
      expect((await rename(user.accessToken, { displayName: '  Ada  ' }).expect(200)).body.displayName).toBe('Ada');
      expect((await profile(user.accessToken).expect(200)).body.displayName).toBe('Ada');
      expect((await rename(user.accessToken, { displayName: '' }).expect(200)).body.displayName).toBeNull();
      expect((await rename(user.accessToken, { displayName: null }).expect(200)).body.displayName).toBeNull();
    });

    it('refuses a name over 100 characters, unknown fields, no credential and API tokens', async () => {
      const user = await signUp(t);
      expect((await rename(user.accessToken, { displayName: 'x'.repeat(101) }).expect(400)).body.error).toBe(
        'First name must be text of at most 100 characters',
      );
      await rename(user.accessToken, { displayName: 'A', email: 'other@example.com' }).expect(400);
      await t.http().patch('/api/auth/profile').send({ displayName: 'A' }).expect(401);
      const apiToken = await newApiToken(user.accessToken);
      await rename(apiToken, { displayName: 'A' }).expect(403);
    });
  });

  describe('password', () => {
    it('needs the current password and refuses a short new one', async () => {
      const user = await signUp(t);
      expect((await changePassword(user.accessToken, { newPassword: 'brand-new-pass-2' }).expect(400)).body.error).toBe('Please enter your current password');
      expect((await changePassword(user.accessToken, { currentPassword: 'wrong-one-1', newPassword: 'brand-new-pass-2' }).expect(403)).body.error).toBe(
        'The password is incorrect',
      );
      expect((await changePassword(user.accessToken, { currentPassword: PASSWORD, newPassword: '12345' }).expect(400)).body.error).toBe(
        'Password must be at least 6 characters',
      );
      await login(user.email, PASSWORD).expect(200);
    });

    it('sets the new password, keeps this browser signed in with a new session, revokes other sessions and API tokens, and emails the account', async () => {
      const user = await signUp(t);
      const other = await login(user.email, PASSWORD).expect(200);
      const apiToken = await newApiToken(user.accessToken);
      await profile(apiToken).expect(200);
      // Access tokens are refused from the second of the change on: make it a later second than their issue.
      await sleep(1_100 - (Date.now() % 1_000));

      const res = await user.agent
        .post('/api/auth/password')
        .auth(user.accessToken, { type: 'bearer' })
        .send({ currentPassword: PASSWORD, newPassword: 'brand-new-pass-2' })
        .expect(200);
      expect(res.body.user.id).toBe(user.userId);
      const cookie = refreshCookieOf(res);
      expect(cookie).toBeTruthy();
      expect(cookie).not.toBe(user.refresh);

      await profile(res.body.accessToken).expect(200);
      await profile(user.accessToken).expect(401);
      await profile(other.body.accessToken).expect(401);
      await profile(apiToken).expect(401);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${user.refresh}`).expect(401);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${refreshCookieOf(other)}`).expect(401);
      await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${cookie}`).expect(200);

      await login(user.email, PASSWORD).expect(401);
      await login(user.email, 'brand-new-pass-2').expect(200);
      await backgroundIdle(t);
      const notices = mail.to(user.email).filter((m) => m.subject === 'Your Footprint password was changed');
      expect(notices).toHaveLength(1);
      expect(notices[0].text).toContain(`${PUBLIC_URL}/account`);
      expect(notices[0].text).not.toContain('brand-new-pass-2');
    });

    it('tells an account made with Google sign-in (no password) how to set one', async () => {
      const user = await signUp(t);
      await query(t, 'UPDATE users SET password_hash = NULL, google_subject = $2 WHERE id = $1', [user.userId, `google-${user.userId}`]);
      const res = await changePassword(user.accessToken, { currentPassword: 'anything-1', newPassword: 'brand-new-pass-2' }).expect(409);
      expect(res.body.error).toContain('signs in with Google and has no password yet');
      await changeEmail(user.accessToken, { newEmail: freshEmail('g'), currentPassword: 'anything-1' }).expect(409);
      // The name is everyone's to change.
      await rename(user.accessToken, { displayName: 'G' }).expect(200);
    });
  });

  describe('sign-in email', () => {
    it('moves the account to the new address only when its link is opened, and tells the old address', async () => {
      const user = await signUp(t);
      const newEmail = freshEmail('moved');
      const res = await changeEmail(user.accessToken, { newEmail: ` ${newEmail} `, currentPassword: PASSWORD }).expect(202);
      expect(res.body).toEqual({ pendingEmail: newEmail, expiresAt: expect.any(String) });
      // Not yet: the account keeps its address.
      expect((await profile(user.accessToken).expect(200)).body.email).toBe(user.email);
      await login(newEmail, PASSWORD).expect(401);

      const [confirmation] = mail.to(newEmail);
      expect(confirmation.subject).toBe('Confirm your new Footprint sign-in address');
      const token = tokenFromLink(confirmation, 'verify-email');
      const confirmed = await t.http().post('/api/auth/verify-email').send({ token }).expect(200);
      // The page the link opens names the new address.
      expect(confirmed.body).toEqual({ outcome: 'changed', email: newEmail });

      const after = (await profile(user.accessToken).expect(200)).body;
      expect(after).toMatchObject({ email: newEmail, emailVerified: true });
      await login(newEmail, PASSWORD).expect(200);
      await login(user.email, PASSWORD).expect(401);
      await backgroundIdle(t);
      const notice = mail.to(user.email).find((m) => m.subject === 'Your Footprint sign-in address was changed');
      expect(notice?.text).toContain(newEmail);
      // The link works once.
      await t.http().post('/api/auth/verify-email').send({ token }).expect(400);
    });

    it('refuses a wrong password, the same address, a taken address and a bad address', async () => {
      const user = await signUp(t);
      const other = await signUp(t);
      expect((await changeEmail(user.accessToken, { newEmail: freshEmail(), currentPassword: 'wrong-one-1' }).expect(403)).body.error).toBe(
        'The password is incorrect',
      );
      expect((await changeEmail(user.accessToken, { newEmail: user.email.toUpperCase(), currentPassword: PASSWORD }).expect(400)).body.error).toBe(
        'This is already your sign-in email address.',
      );
      expect((await changeEmail(user.accessToken, { newEmail: other.email, currentPassword: PASSWORD }).expect(409)).body.error).toBe(
        'An account with this email already exists',
      );
      expect((await changeEmail(user.accessToken, { newEmail: 'not-an-email', currentPassword: PASSWORD }).expect(400)).body.error).toBe(
        'Please enter a valid email address',
      );
    });

    it('answers 409 when another account took the new address before the link was opened; a newer request replaces the older link', async () => {
      const user = await signUp(t);
      const wanted = freshEmail('wanted');
      await changeEmail(user.accessToken, { newEmail: wanted, currentPassword: PASSWORD }).expect(202);
      const first = tokenFromLink(mail.to(wanted)[0], 'verify-email');
      await changeEmail(user.accessToken, { newEmail: wanted, currentPassword: PASSWORD }).expect(202);
      const second = tokenFromLink(mail.to(wanted)[1], 'verify-email');
      await t.http().post('/api/auth/verify-email').send({ token: first }).expect(400);
      await signUp(t, wanted);
      await t.http().post('/api/auth/verify-email').send({ token: second }).expect(409);
      expect((await profile(user.accessToken).expect(200)).body.email).toBe(user.email);
    });
  });
});
