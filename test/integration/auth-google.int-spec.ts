import request from 'supertest';
import { FakeOidcProvider } from '../fakes/oidc-provider';
import { CSRF, freshEmail, PASSWORD, query, refreshCookieOf, setCookieHeader, signUp } from '../support/auth';
import { captureLogs, CapturedLogs, createTestApp, TestApp } from '../support/test-app';

const PUBLIC_URL = 'http://footprint.test:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

interface Started {
  /** The fp_oidc cookie value. */
  browser: string;
  /** The provider's authorization URL the app redirected to. */
  authorizeUrl: URL;
}

interface Finished {
  status: number;
  headers: Record<string, string>;
  html: string;
  /** The fp_refresh cookie the callback set, if any. */
  refresh?: string;
  setCookies: string[];
}

const cookieValue = (res: request.Response, name: string) => {
  const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const match = cookies.map((c) => new RegExp(`^${name}=([^;]*)`).exec(c)).find(Boolean);
  return match ? decodeURIComponent(match[1]) : undefined;
};
const messageOf = (html: string) => /data-message="([^"]*)"/.exec(html)?.[1].replace(/&#39;/g, "'");
const okOf = (html: string) => /data-ok="(true|false)"/.exec(html)?.[1] === 'true';

describe('Google sign-in (OpenID Connect against the fake provider)', () => {
  let fake: FakeOidcProvider;
  let t: TestApp;
  let logs: CapturedLogs;
  let subCounter = 0;

  beforeAll(async () => {
    fake = await new FakeOidcProvider().start();
    logs = captureLogs();
    t = await createTestApp({ PUBLIC_URL, ...fake.env }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });
  beforeEach(() => {
    subCounter += 1;
    fake.reset({ sub: `sub-${process.pid}-${subCounter}-${Date.now()}`, email: freshEmail('google'), emailVerified: true, name: 'Gina Google' });
  });

  async function start(remember = false): Promise<Started> {
    const res = await t.http().get(`/api/auth/google/start?remember=${remember}`).expect(302);
    const browser = cookieValue(res, 'fp_oidc');
    if (!browser) throw new Error('no fp_oidc cookie');
    return { browser, authorizeUrl: new URL(res.headers.location as string) };
  }

  /** The browser at the provider: follows its redirect and answers the callback's path and query. */
  async function authorize(started: Started): Promise<string> {
    const res = await fetch(started.authorizeUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    return `${back.pathname}${back.search}`;
  }

  async function callback(pathAndQuery: string, browser?: string): Promise<Finished> {
    const req = t.http().get(pathAndQuery);
    if (browser !== undefined) req.set('Cookie', `fp_oidc=${browser}`);
    const res = await req;
    return {
      status: res.status,
      headers: res.headers as Record<string, string>,
      html: res.text,
      refresh: refreshCookieOf(res) || undefined,
      setCookies: (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [],
    };
  }

  async function signInWithGoogle(remember = false): Promise<Finished> {
    const started = await start(remember);
    return callback(await authorize(started), started.browser);
  }

  function refreshWith(refresh: string) {
    return t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', `fp_refresh=${refresh}`);
  }

  function expectFailure(done: Finished, message: string, status = 400) {
    expect({ status: done.status, ok: okOf(done.html), message: messageOf(done.html), refresh: done.refresh }).toEqual({
      status,
      ok: false,
      message,
      refresh: undefined,
    });
  }

  describe('GET /api/auth/google/status', () => {
    it('says Google sign-in is configured', async () => {
      await t.http().get('/api/auth/google/status').expect(200, { configured: true });
    });
  });

  describe('GET /api/auth/google/start', () => {
    it('redirects to the authorization endpoint with code flow, PKCE S256, state, nonce and the callback', async () => {
      const res = await t.http().get('/api/auth/google/start?remember=true').expect(302);
      const url = new URL(res.headers.location as string);
      expect(`${url.origin}${url.pathname}`).toBe(`${fake.issuer}/authorize`);
      const q = Object.fromEntries(url.searchParams);
      expect(q).toEqual({
        response_type: 'code',
        client_id: fake.clientId,
        redirect_uri: CALLBACK,
        scope: 'openid email profile',
        state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      expect(q.state).not.toBe(q.nonce);
      const cookie = ((res.headers['set-cookie'] as unknown as string[]) ?? []).find((c) => c.startsWith('fp_oidc='))!;
      expect(cookie).toContain('Path=/api/auth/google');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Max-Age=600');
      // Only hashes of the state and browser secret are stored.
      const rows = await query<{ state_hash: string }>(t, 'SELECT state_hash FROM oidc_login_attempts');
      expect(rows.map((r) => r.state_hash)).not.toContain(q.state);
    });

    it('discovers the provider once and reuses the cached document', async () => {
      const before = fake.discoveryRequests;
      await start();
      await start();
      expect(fake.discoveryRequests).toBe(before);
    });
  });

  describe('the callback', () => {
    it('creates a verified account without a password on the first sign-in, and signs it in', async () => {
      const done = await signInWithGoogle();
      expect(done.status).toBe(200);
      expect(okOf(done.html)).toBe(true);
      expect(done.html).toContain('<script src="/api/auth/google/popup.js" defer></script>');
      // The app's CSP (no inline script), and an opener policy that keeps the popup's opener.
      expect(done.headers['content-security-policy']).toContain("script-src 'self'");
      expect(done.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(done.headers['cache-control']).toBe('no-store');
      expect(done.html).not.toMatch(/<script>(?!<\/script>)/);
      expect(done.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const refreshCookie = done.setCookies.find((c) => c.startsWith('fp_refresh='))!;
      expect(refreshCookie).toContain('Path=/api/auth');
      expect(refreshCookie).toContain('SameSite=Strict');
      expect(refreshCookie).not.toContain('Max-Age'); // no 'remember me': a browser-session cookie
      expect(done.setCookies.find((c) => c.startsWith('fp_oidc='))).toMatch(/Expires=Thu, 01 Jan 1970/);

      const session = await refreshWith(done.refresh!).expect(200);
      expect(session.body.user).toEqual({
        id: expect.any(String),
        email: fake.identity.email,
        displayName: 'Gina Google',
        emailVerified: true,
        plan: { tier: 'free', expiresAt: null },
        onboardingCompleted: false,
      });
      const [row] = await query<{ password_hash: string | null; google_subject: string }>(
        t,
        'SELECT password_hash, google_subject FROM users WHERE id = $1',
        [session.body.user.id],
      );
      expect(row).toEqual({ password_hash: null, google_subject: fake.identity.sub });
      // Token exchange used PKCE and client_secret_post.
      const exchange = fake.tokenRequests[fake.tokenRequests.length - 1];
      expect(exchange.status).toBe(200);
      expect(exchange.params).toMatchObject({
        grant_type: 'authorization_code',
        client_id: fake.clientId,
        redirect_uri: CALLBACK,
        code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
    });

    it("with 'remember me' the refresh cookie lasts 30 days", async () => {
      const done = await signInWithGoogle(true);
      expect(done.setCookies.find((c) => c.startsWith('fp_refresh='))).toContain('Max-Age=2592000');
    });

    it('signs a later sign-in into the same account', async () => {
      const first = await signInWithGoogle();
      const firstUser = (await refreshWith(first.refresh!).expect(200)).body.user;
      const second = await signInWithGoogle();
      const secondUser = (await refreshWith(second.refresh!).expect(200)).body.user;
      expect(secondUser.id).toBe(firstUser.id);
      const [{ count }] = await query<{ count: string }>(t, 'SELECT count(*) FROM users WHERE google_subject = $1', [fake.identity.sub]);
      expect(count).toBe('1');
    });

    it('links the Google identity to an existing password account with the same email, keeping its password', async () => {
      const account = await signUp(t);
      await query(t, 'UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
      fake.identity = { ...fake.identity, email: account.email.toUpperCase().replace(/@.*/, (d) => d.toLowerCase()) };
      const done = await signInWithGoogle();
      expect(okOf(done.html)).toBe(true);
      expect((await refreshWith(done.refresh!).expect(200)).body.user.id).toBe(account.userId);
      // The password still works.
      await t.http().post('/api/auth/login').set('X-Forwarded-For', '10.250.0.1').send({ email: account.email, password: PASSWORD }).expect(200);
    });

    it('linking to an account whose email nobody verified marks it verified, removes its password and ends its sessions', async () => {
      const squatter = await signUp(t);
      fake.identity = { ...fake.identity, email: squatter.email };
      const done = await signInWithGoogle();
      const user = (await refreshWith(done.refresh!).expect(200)).body.user;
      expect(user).toMatchObject({ id: squatter.userId, emailVerified: true });
      await refreshWith(squatter.refresh).expect(401);
      await t.http().post('/api/auth/login').set('X-Forwarded-For', '10.250.0.2').send({ email: squatter.email, password: PASSWORD }).expect(401);
    });

    it('refuses a Google account whose email is not verified', async () => {
      fake.identity = { ...fake.identity, emailVerified: false };
      const done = await signInWithGoogle();
      expectFailure(done, 'Your Google account has no verified email address.');
      const rows = await query(t, 'SELECT id FROM users WHERE google_subject = $1', [fake.identity.sub]);
      expect(rows).toEqual([]);
    });

    it('reports a refused consent (error=access_denied)', async () => {
      fake.deny = true;
      const started = await start();
      const back = await authorize(started);
      expect(back).toContain('error=access_denied');
      expectFailure(await callback(back, started.browser), 'Google sign-in was cancelled.');
    });

    it('refuses a state it did not issue', async () => {
      const started = await start();
      const back = (await authorize(started)).replace(/state=[^&]+/, 'state=forged-state-value');
      expectFailure(await callback(back, started.browser), 'This Google sign-in has expired or was already used. Please try again.');
    });

    it('refuses a callback without the browser cookie of the sign-in (another browser)', async () => {
      const started = await start();
      const back = await authorize(started);
      expectFailure(await callback(back), 'This Google sign-in has expired or was already used. Please try again.');
      expectFailure(await callback(back, 'x'.repeat(43)), 'This Google sign-in has expired or was already used. Please try again.');
    });

    it('accepts a state once: a replayed callback fails', async () => {
      const started = await start();
      const back = await authorize(started);
      const first = await callback(back, started.browser);
      expect(okOf(first.html)).toBe(true);
      expectFailure(await callback(back, started.browser), 'This Google sign-in has expired or was already used. Please try again.');
    });

    it('refuses an expired sign-in', async () => {
      const started = await start();
      const back = await authorize(started);
      await query(t, "UPDATE oidc_login_attempts SET expires_at = now() - interval '1 second'");
      expectFailure(await callback(back, started.browser), 'This Google sign-in has expired or was already used. Please try again.');
    });

    it("fails when the code was issued for another sign-in (the provider's PKCE check refuses our verifier)", async () => {
      const victim = await start();
      const attacker = await start();
      const victimBack = new URL(await authorize(victim), PUBLIC_URL);
      const attackerBack = new URL(await authorize(attacker), PUBLIC_URL);
      // The attacker's code injected into the victim's callback (with the victim's state).
      victimBack.searchParams.set('code', attackerBack.searchParams.get('code')!);
      const done = await callback(`${victimBack.pathname}${victimBack.search}`, victim.browser);
      expectFailure(done, 'Google did not confirm the sign-in. Please try again.');
      expect(fake.tokenRequests[fake.tokenRequests.length - 1]).toMatchObject({ status: 400, error: 'invalid_grant' });
    });

    it.each([
      ['wrong-nonce', 'wrong nonce'],
      ['wrong-aud', 'wrong audience'],
      ['wrong-iss', 'wrong issuer'],
      ['expired', 'expired'],
      ['future-iat', 'issued in the future'],
      ['bad-signature', 'bad signature'],
      ['unknown-kid', 'unknown key id'],
      ['alg-none', 'algorithm none not allowed'],
      ['alg-hs256', 'algorithm HS256 not allowed'],
    ] as const)('refuses an ID token with %s, creating no account and no session', async (misbehaviour, reason) => {
      fake.misbehave = misbehaviour;
      const done = await signInWithGoogle();
      expectFailure(done, "Google's answer could not be verified. Please try again.");
      const rows = await query(t, 'SELECT id FROM users WHERE google_subject = $1', [fake.identity.sub]);
      expect(rows).toEqual([]);
      expect(logs.lines.some((l) => l.includes(`reason=id_token:${reason}`))).toBe(true);
    });

    it('logs failures and sign-ins without emails, codes or tokens', async () => {
      fake.identity = { ...fake.identity, emailVerified: false };
      await signInWithGoogle();
      fake.reset();
      const done = await signInWithGoogle();
      const all = logs.lines.join('\n');
      expect(all).toContain('google sign-in failed');
      expect(all).not.toContain(fake.identity.email!);
      const secrets = fake.tokenRequests.flatMap((r) => [r.params.code, r.params.code_verifier]).filter(Boolean);
      secrets.push(done.refresh!, fake.clientSecret);
      expect(secrets.filter((secret) => all.includes(secret))).toEqual([]);
    });
  });

  it('serves the popup script as a same-origin JavaScript file', async () => {
    const res = await t.http().get('/api/auth/google/popup.js').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.text).toContain("postMessage(result, window.location.origin)");
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, GOOGLE_CLIENT_ID: 'only-the-id' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says so on the status route, at start and at the callback, and signs no one in', async () => {
    await t.http().get('/api/auth/google/status').expect(200, { configured: false });
    const started = await t.http().get('/api/auth/google/start').expect(503);
    expect(messageOf(started.text)).toBe('Google sign-in is not configured on this server.');
    expect(setCookieHeader(started)).toBeUndefined();
    const back = await t.http().get('/api/auth/google/callback?code=x&state=y').expect(503);
    expect(messageOf(back.text)).toBe('Google sign-in is not configured on this server.');
    expect(refreshCookieOf(back)).toBeUndefined();
  });
});

describe('Google sign-in when the provider is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on (the fake, stopped).
    const fake = await new FakeOidcProvider().start();
    const env = fake.env;
    await fake.stop();
    t = await createTestApp({ PUBLIC_URL, ...env });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the popup page with a clear message', async () => {
    const res = await t.http().get('/api/auth/google/start').expect(503);
    expect(messageOf(res.text)).toBe('Google sign-in is unavailable right now. Please try again later.');
  });
});
