import { JwtService } from '@nestjs/jwt';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../server/src/bootstrap';
import { ApiTokenRepository } from '../../server/src/auth/api-token.repository';
import { Clock } from '../../server/src/common/clock/clock.service';
import { loadConfig } from '../../server/src/common/config/app.config';
import { freshEmail, freshIp, PASSWORD, query, signUp } from '../support/auth';
import { createTestDatabase } from '../support/test-database';
import { createTestApp, TestApp } from '../support/test-app';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const jwt = new JwtService();
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('access tokens (JWT_SECRET configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET: SECRET });
  });
  afterAll(async () => {
    await t?.close();
  });

  const profile = (token: string) => t.http().get('/api/auth/profile').set('Authorization', `Bearer ${token}`);

  it('are HS256 JWTs with sub and typ access, valid 15 minutes, signed with JWT_SECRET', async () => {
    const { accessToken, userId } = await signUp(t);
    const [header, payload] = accessToken.split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({ sub: userId, sid: expect.stringMatching(/^[0-9a-f-]{36}$/), typ: 'access', iat: expect.any(Number), exp: expect.any(Number) });
    expect(payload.exp - payload.iat).toBe(900);
    expect(jwt.verify(accessToken, { secret: SECRET, algorithms: ['HS256'] })).toMatchObject({ sub: userId });
    await profile(accessToken).expect(200);
    // Nothing was generated: the configured key is used.
    expect(await query(t, 'SELECT name FROM app_secrets')).toEqual([]);
  });

  describe('tampered or unusable tokens are refused with 401', () => {
    let userId: string;
    let valid: string;
    /** The user's real session: each case below is wrong in one way only. */
    let sid: string;
    beforeAll(async () => {
      ({ userId, accessToken: valid } = await signUp(t));
      [{ sid }] = await query<{ sid: string }>(t, 'SELECT family_id AS sid FROM refresh_tokens WHERE user_id = $1', [userId]);
    });

    it('accepts a token forged with the right key (the control case)', async () => {
      await profile(jwt.sign({ typ: 'access', sid }, { secret: SECRET, subject: userId, expiresIn: 60 })).expect(200);
    });

    it('alg none', async () => {
      const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: userId, sid, typ: 'access', iat: now(), exp: now() + 600 })}.`;
      const res = await profile(unsigned).expect(401);
      expect(res.body.error).toBe('Please sign in to continue.');
    });

    it('a wrong key', async () => {
      await profile(jwt.sign({ typ: 'access', sid }, { secret: 'another-secret-that-is-long-enough-000000', subject: userId, expiresIn: 60 })).expect(401);
    });

    it('another HMAC algorithm with the right key (algorithms are pinned to HS256)', async () => {
      await profile(jwt.sign({ typ: 'access', sid }, { secret: SECRET, subject: userId, algorithm: 'HS512', expiresIn: 60 })).expect(401);
    });

    it('an expired token', async () => {
      await profile(jwt.sign({ typ: 'access', sid, iat: now() - 1000, exp: now() - 10 }, { secret: SECRET, subject: userId })).expect(401);
    });

    it('a changed payload with the old signature', async () => {
      const [header, , signature] = valid.split('.');
      const forged = `${header}.${b64url({ sub: userId, sid, typ: 'access', iat: now(), exp: now() + 86_400 * 365 })}.${signature}`;
      await profile(forged).expect(401);
    });

    it('a token of another type, without a type, or without a proper subject', async () => {
      await profile(jwt.sign({ typ: 'refresh', sid }, { secret: SECRET, subject: userId, expiresIn: 60 })).expect(401);
      await profile(jwt.sign({ sid }, { secret: SECRET, subject: userId, expiresIn: 60 })).expect(401);
      await profile(jwt.sign({ typ: 'access', sid }, { secret: SECRET, subject: "' OR 1=1 --", expiresIn: 60 })).expect(401);
      await profile(jwt.sign({ typ: 'access', sid }, { secret: SECRET, expiresIn: 60 })).expect(401);
    });

    it('garbage and malformed Authorization headers', async () => {
      await profile('not.a.jwt').expect(401);
      await t.http().get('/api/auth/profile').set('Authorization', valid).expect(401); // no "Bearer"
      await t.http().get('/api/auth/profile').set('Authorization', `Basic ${valid}`).expect(401);
    });

    it('the token of a deleted user', async () => {
      const gone = await signUp(t);
      await profile(gone.accessToken).expect(200);
      await t.http().delete('/api/auth/account').auth(gone.accessToken, { type: 'bearer' }).send({ password: PASSWORD }).expect(204);
      await profile(gone.accessToken).expect(401);
    });
  });
});

describe('the generated access-token key (JWT_SECRET unset)', () => {
  it('is created once in app_secrets, shared by every instance and kept across restarts', async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url });
    const start = async () => {
      const app = await createApp(config, pino({ level: 'silent' }));
      await app.init();
      return app;
    };
    const [a, b] = await Promise.all([start(), start()]);
    try {
      const signup = await request(a.getHttpServer())
        .post('/api/auth/signup')
        .set('X-Forwarded-For', freshIp())
        .send({ email: freshEmail(), password: PASSWORD })
        .expect(201);
      const token: string = signup.body.accessToken;
      // The other instance accepts it.
      await request(b.getHttpServer()).get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(200);
      const { DataSource } = await import('typeorm');
      const rows: { name: string; value: string }[] = await a.get(DataSource).query('SELECT name, value FROM app_secrets');
      expect(rows).toEqual([{ name: 'jwt-hs256', value: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/) }]);
      expect(jwt.verify(token, { secret: rows[0].value, algorithms: ['HS256'] })).toMatchObject({ typ: 'access' });
      await a.close();
      await b.close();
      // A restarted instance still accepts it.
      const c = await start();
      try {
        await request(c.getHttpServer()).get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(200);
      } finally {
        await c.close();
      }
    } finally {
      await a.close().catch(() => undefined);
      await b.close().catch(() => undefined);
      await database.drop();
    }
  });
});

describe('personal API tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (accessToken: string, name: unknown, fields: object = {}) =>
    t.http().post('/api/auth/tokens').auth(accessToken, { type: 'bearer' }).send({ name, ...fields });

  it('creates a token shown once, lists it without the secret, authenticates with it and revokes it', async () => {
    const owner = await signUp(t);
    const created = await create(owner.accessToken, '  Nightly export  ').expect(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Nightly export',
      prefix: expect.stringMatching(/^[0-9a-f]{8}$/),
      token: expect.stringMatching(/^fp_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/),
      scope: 'read-write',
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
    });
    const { token, id, prefix } = created.body;
    expect(token.startsWith(`fp_${prefix}_`)).toBe(true);

    // Stored only as a SHA-256 hash.
    const stored = await query<{ token_hash: string }>(t, 'SELECT token_hash FROM api_tokens WHERE id = $1', [id]);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await query(t, 'SELECT * FROM api_tokens'))).not.toContain(token.slice(12));

    const list = await t.http().get('/api/auth/tokens').auth(owner.accessToken, { type: 'bearer' }).expect(200);
    expect(list.body).toEqual({
      tokens: [{ id, name: 'Nightly export', prefix, scope: 'read-write', createdAt: created.body.createdAt, expiresAt: null, lastUsedAt: null }],
      total: 1,
      page: 1,
      pageSize: 20,
    });

    // The same guard accepts it as a Bearer credential.
    const me = await t.http().get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(200);
    expect(me.body.id).toBe(owner.userId);
    const used = await t.http().get('/api/auth/tokens').auth(token, { type: 'bearer' }).expect(200);
    const lastUsedAt = used.body.tokens[0].lastUsedAt;
    expect(Date.now() - Date.parse(lastUsedAt)).toBeLessThan(10_000);
    // Used again within the minute: last_used_at is not rewritten.
    await t.http().get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(200);
    const again = await t.http().get('/api/auth/tokens').auth(owner.accessToken, { type: 'bearer' }).expect(200);
    expect(again.body.tokens[0].lastUsedAt).toBe(lastUsedAt);
    // A minute later it is.
    await query(t, `UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [id]);
    await t.http().get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(200);
    const later = await query<{ last_used_at: Date }>(t, 'SELECT last_used_at FROM api_tokens WHERE id = $1', [id]);
    expect(Date.now() - new Date(later[0].last_used_at).getTime()).toBeLessThan(10_000);

    await t.http().delete(`/api/auth/tokens/${id}`).auth(owner.accessToken, { type: 'bearer' }).expect(204);
    await t.http().get('/api/auth/profile').auth(token, { type: 'bearer' }).expect(401);
    const after = await t.http().get('/api/auth/tokens').auth(owner.accessToken, { type: 'bearer' }).expect(200);
    expect(after.body.tokens).toEqual([]);
    // Revoking twice: it is no longer there.
    await t.http().delete(`/api/auth/tokens/${id}`).auth(owner.accessToken, { type: 'bearer' }).expect(404);
  });

  it("answers 404 for another user's token, which keeps working", async () => {
    const alice = await signUp(t);
    const mallory = await signUp(t);
    const { body } = await create(alice.accessToken, 'alice').expect(201);
    const res = await t.http().delete(`/api/auth/tokens/${body.id}`).auth(mallory.accessToken, { type: 'bearer' }).expect(404);
    expect(res.body.error).toBe('API token not found');
    const malloryList = await t.http().get('/api/auth/tokens').auth(mallory.accessToken, { type: 'bearer' }).expect(200);
    expect(malloryList.body.tokens).toEqual([]);
    await t.http().get('/api/auth/profile').auth(body.token, { type: 'bearer' }).expect(200);
    await t.http().delete('/api/auth/tokens/not-a-uuid').auth(alice.accessToken, { type: 'bearer' }).expect(404);
  });

  it('refuses unknown, altered and malformed API tokens with 401', async () => {
    const owner = await signUp(t);
    const { body } = await create(owner.accessToken, 'x').expect(201);
    const token: string = body.token;
    const flip = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [flip, `fp_00000000_${'A'.repeat(43)}`, 'fp_', `${token}x`, token.replace('fp_', 'fq_')]) {
      await t.http().get('/api/auth/profile').auth(bad, { type: 'bearer' }).expect(401);
    }
  });

  it('does not let an API token create or revoke tokens or delete the account (403)', async () => {
    const owner = await signUp(t);
    const { body } = await create(owner.accessToken, 'integration').expect(201);
    const viaToken = await create(body.token, 'another').expect(403);
    expect(viaToken.body.error).toBe('This action needs a signed-in session: API tokens cannot be used for it.');
    await t.http().delete(`/api/auth/tokens/${body.id}`).auth(body.token, { type: 'bearer' }).expect(403);
    await t.http().delete('/api/auth/account').auth(body.token, { type: 'bearer' }).send({ password: PASSWORD }).expect(403);
    await t.http().get('/api/auth/profile').auth(body.token, { type: 'bearer' }).expect(200);
  });

  it('validates the name and caps the number of active tokens at 25', async () => {
    const owner = await signUp(t);
    expect((await create(owner.accessToken, '').expect(400)).body.error).toBe('Please enter a name for the token');
    expect((await create(owner.accessToken, '   ').expect(400)).body.error).toBe('Please enter a name for the token');
    expect((await create(owner.accessToken, undefined).expect(400)).body.error).toBe('Please enter a name for the token');
    expect((await create(owner.accessToken, 'n'.repeat(101)).expect(400)).body.error).toBe(
      'The token name must be at most 100 characters',
    );
    for (let i = 0; i < 25; i++) await create(owner.accessToken, `t${i}`).expect(201);
    const res = await create(owner.accessToken, 'one too many').expect(409);
    expect(res.body.error).toBe('You have reached the limit of 25 active API tokens. Revoke one to create another.');
  });

  it('lists the tokens a page at a time, newest first, with the total', async () => {
    const owner = await signUp(t);
    for (const name of ['first', 'second', 'third']) await create(owner.accessToken, name).expect(201);
    const list = (q: string) => t.http().get(`/api/auth/tokens${q}`).auth(owner.accessToken, { type: 'bearer' });
    const first = await list('?pageSize=2').expect(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.tokens.map((tk: { name: string }) => tk.name)).toEqual(['third', 'second']);
    const second = await list('?page=2&pageSize=2').expect(200);
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.body.tokens.map((tk: { name: string }) => tk.name)).toEqual(['first']);
    expect((await list('?page=3&pageSize=2').expect(200)).body).toMatchObject({ tokens: [], total: 3 });
    expect((await list('?pageSize=0').expect(400)).body.error).toBe('pageSize must be a whole number from 1 to 100');
    expect((await list('?page=abc').expect(400)).body.error).toBe('page must be a whole number from 1');
  });

  describe('scope and expiry', () => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const MONITOR = '00000000-0000-4000-8000-000000000000';

    it('a read-only token reads but is refused any write with 403, before the route runs', async () => {
      const owner = await signUp(t);
      const { body } = await create(owner.accessToken, 'dashboards', { scope: 'read-only' }).expect(201);
      expect(body).toMatchObject({ scope: 'read-only', expiresAt: null });
      await t.http().get('/api/auth/profile').set(bearer(body.token)).expect(200);
      await t.http().get('/api/monitoring').set(bearer(body.token)).expect(200);
      await t.http().get('/api/scans').set(bearer(body.token)).expect(200);
      const refused = [
        await t.http().put(`/api/monitoring/${MONITOR}`).set(bearer(body.token)).send({ active: false }),
        await t.http().post('/api/monitoring').set(bearer(body.token)).send({ type: 'weekly', targets: { emails: [], handles: ['someone'] } }),
        // Open to visitors, but a read-only credential that is sent is still read-only.
        await t.http().post('/api/scans').set(bearer(body.token)).send({ input: 'example.com' }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('This API token is read-only: it can only be used to read (GET requests).');
      }
      // A read-write token reaches the route: the unknown monitor is a 404, not a 403.
      const rw = await create(owner.accessToken, 'script').expect(201);
      await t.http().put(`/api/monitoring/${MONITOR}`).set(bearer(rw.body.token)).send({ active: false }).expect(404);
      expect(await query(t, 'SELECT count(*)::int AS n FROM monitors WHERE user_id = $1', [owner.userId])).toEqual([{ n: 0 }]);
    });

    it('an expiring token works until its expiry, then answers 401, leaves the list and no longer counts', async () => {
      const owner = await signUp(t);
      const { body } = await create(owner.accessToken, 'one week', { expiresInDays: 7 }).expect(201);
      const expiresAt = Date.parse(body.expiresAt);
      expect(Math.abs(expiresAt - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
      await t.http().get('/api/auth/profile').set(bearer(body.token)).expect(200);

      const clock = t.app.get(Clock);
      const spy = jest.spyOn(clock, 'now').mockReturnValue(new Date(expiresAt + 1000));
      try {
        const res = await t.http().get('/api/auth/profile').set(bearer(body.token)).expect(401);
        expect(res.body.error).toBe('This API token has expired. Create a new one on your account page.');
        const list = await t.http().get('/api/auth/tokens').auth(owner.accessToken, { type: 'bearer' }).expect(200);
        expect(list.body).toMatchObject({ tokens: [], total: 0 });
        // Not among the 25 active tokens an account may hold.
        expect(await t.app.get(ApiTokenRepository).countActiveOfUser(owner.userId, clock.now())).toBe(0);
      } finally {
        spy.mockRestore();
      }
      // The stored row shows when, and it is still there for the account export.
      const [row] = await query<{ expires_at: Date; scope: string }>(t, 'SELECT expires_at, scope FROM api_tokens WHERE id = $1', [body.id]);
      expect(row).toEqual({ expires_at: new Date(body.expiresAt), scope: 'read-write' });
    });

    it('validates the scope and the expiry', async () => {
      const owner = await signUp(t);
      const send = (fields: object) => create(owner.accessToken, 'x', fields);
      expect((await send({ scope: 'admin' }).expect(400)).body.error).toBe("scope must be 'read-write' or 'read-only'");
      for (const expiresInDays of [0, 366, 1.5, 'soon', -1]) {
        expect((await send({ expiresInDays }).expect(400)).body.error).toBe('expiresInDays must be a whole number from 1 to 365');
      }
      await send({ expiresInDays: null }).expect(201);
      await send({ expiresInDays: 365, scope: 'read-only' }).expect(201);
      expect(await query(t, 'SELECT count(*)::int AS n FROM api_tokens WHERE user_id = $1', [owner.userId])).toEqual([{ n: 2 }]);
    });
  });

  it('needs authentication for every token route', async () => {
    await t.http().get('/api/auth/tokens').expect(401);
    await t.http().post('/api/auth/tokens').send({ name: 'x' }).expect(401);
    await t.http().delete('/api/auth/tokens/00000000-0000-4000-8000-000000000000').expect(401);
  });
});
