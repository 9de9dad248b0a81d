import fs from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/test-app';

describe('the app on a real PostgreSQL', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    // A tiny stand-in for the built client, so serving rules are tested without a Vite build.
    clientDir = await mkdtemp(join(tmpdir(), 'fp-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(
      join(clientDir, 'index.html'),
      '<html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"></head><body><div id="root"></div></body></html>',
    );
    await writeFile(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A client file under api/: API paths must never be answered from, or looked up in, the client's files.
    await mkdir(join(clientDir, 'api'));
    await writeFile(join(clientDir, 'api', 'health'), 'a file, not the health check');
    // On an empty database: the app migrates it as it starts (other suites' apps start on a migrated copy).
    t = await createTestApp({}, { clientDir, emptyDatabase: true });
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('reports health and readiness', async () => {
    await t.http().get('/api/health').expect(200, { status: 'ok' });
    await t.http().get('/api/ready').expect(200, { status: 'ready', database: 'up' });
  });

  it('has run the migrations into a migrations table', async () => {
    const { DataSource } = await import('typeorm');
    const ds = t.app.get(DataSource);
    const rows: { name: string }[] = await ds.query(`SELECT to_regclass('public.migrations')::text AS name`);
    expect(rows[0].name).toBe('migrations');
  });

  it("never looks up API paths among the client's files", async () => {
    const stat = jest.spyOn(fs, 'stat');
    try {
      await t.http().get('/api/health').expect(200, { status: 'ok' });
      expect(stat.mock.calls.filter(([path]) => String(path).startsWith(clientDir))).toEqual([]);
      // The same lookup still serves the client's own files.
      await t.http().get('/index.html').expect(301);
      await t.http().get('/assets/app-abc123.js').expect(200);
    } finally {
      stat.mockRestore();
    }
  });

  it('answers unknown API paths with a JSON 404 that does not echo the path', async () => {
    const res = await t.http().get('/api/no-such-thing?email=someone@example.com').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not found', requestId: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain('someone');
  });

  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await t.http().post('/api/plans').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.http().post('/api/plans').set('Content-Type', 'application/json').send(`{"a":"${'x'.repeat(200_000)}"}`);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Request too large');
  });

  it('gives every response a request id, keeping a safe caller-supplied one', async () => {
    const own = await t.http().get('/api/health').set('X-Request-Id', 'trace-12345678').expect(200);
    expect(own.headers['x-request-id']).toBe('trace-12345678');
    const hostile = await t.http().get('/api/health').set('X-Request-Id', 'has spaces <and> tags').expect(200);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a nonce-based CSP that allows no inline script', async () => {
    const res = await t.http().get('/').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.text).toContain(`nonce="${nonce}"`);
    expect(res.text).not.toContain('__CSP_NONCE__');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const again = await t.http().get('/').expect(200);
    expect(again.headers['content-security-policy']).not.toEqual(csp);
  });

  it('serves the client for deep links and hashed assets with long caching', async () => {
    const deep = await t.http().get('/education').expect(200);
    expect(deep.text).toContain('<div id="root">');
    expect(deep.headers['cache-control']).toBe('no-store');
    const asset = await t.http().get('/assets/app-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    await t.http().get('/assets/missing.js').expect(404);
  });

  it('with API_DOCS_UI=false serves no Swagger UI, and /api/docs leads to the document instead', async () => {
    const noUi = await createTestApp({ API_DOCS_UI: 'false' }, { clientDir });
    try {
      const res = await noUi.http().get('/api/docs').expect(302);
      expect(res.headers.location).toBe('/api/docs-json');
      const followed = await noUi.http().get('/api/docs').redirects(1).expect(200);
      expect(followed.body.info.title).toBe('Footprint API');
      expect(followed.text).not.toContain('swagger-ui');
    } finally {
      await noUi.close();
    }
  });

  it('documents the API with Swagger', async () => {
    const doc = await t.http().get('/api/docs-json').expect(200);
    expect(doc.body.info.title).toBe('Footprint API');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/ready', '/api/plans', '/api/site']));
    const ui = await t.http().get('/api/docs').redirects(1).expect(200);
    expect(ui.text).toContain('swagger');
    // The running server names its own PUBLIC_URL; public operations say so; the versioning policy is in the description.
    expect(doc.body.servers).toEqual([{ url: t.config.publicUrl.replace(/\/+$/, ''), description: expect.any(String) }]);
    expect(doc.body.paths['/api/health'].get.security).toEqual([]);
    expect(doc.body.paths['/api/auth/profile'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.body.info.description).toContain('breaking change');
  });

  it('serves the site facts and the plan catalogue', async () => {
    const site = await t.http().get('/api/site').expect(200);
    expect(site.body).toEqual({ name: 'Footprint', contactEmail: 'privacy@footprint.example', version: expect.any(String), outsideServices: expect.any(Array), sendsEmail: false });
    // Every outside service that can receive personal data is named, with what it sends and whether this server uses it.
    const services = site.body.outsideServices as { id: string; sends: string; enabled: boolean; control: string }[];
    expect(services.map((s) => s.id)).toEqual(['hibp', 'xposedornot', 'pwned-passwords', 'gravatar', 'dns', 'websites', 'username-sites', 'google', 'stripe', 'smtp']);
    expect(services.every((s) => s.sends.length > 0 && s.control.length > 0)).toBe(true);
    // This test app has no HIBP key, XposedOrNot off (the tests' default), no Google, Stripe or SMTP.
    expect(Object.fromEntries(services.map((s) => [s.id, s.enabled]))).toMatchObject({ hibp: false, xposedornot: false, 'pwned-passwords': true, google: false, stripe: false, smtp: false });
    const plans = await t.http().get('/api/plans').expect(200);
    expect(plans.body.plans.map((p: { tier: string; priceCents: number }) => [p.tier, p.priceCents])).toEqual([
      ['free', 0],
      ['plus', 999],
      ['pro', 1999],
      ['business', 4999],
    ]);
  });

  // Last: it takes the database away from this app.
  it('answers /api/ready with 503 when the database is unreachable, while /api/health stays up', async () => {
    const { DataSource } = await import('typeorm');
    await t.app.get(DataSource).destroy();
    await t.http().get('/api/ready').expect(503, { status: 'unavailable', database: 'down' });
    await t.http().get('/api/health').expect(200);
  });
});
