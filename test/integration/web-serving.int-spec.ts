import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { SITE_ROUTES } from '../../server/src/browser-shared/site-routes.catalogue';
import { CSRF, freshEmail, freshIp, PASSWORD, refreshCookieOf, setCookieHeader } from '../support/auth';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

/** How the server serves the web client: compression, status codes, page metadata, robots and sitemap, the signed-in hint. */

// A stand-in for the built client, with the build's .br and .gz copies beside the script (each
// marked, so a test can tell the build's copy from one compressed on the fly).
const SCRIPT = `console.log(${JSON.stringify('footprint '.repeat(400))});`;
const AS_BROTLI = `/* br */${SCRIPT}`;
const AS_GZIP = `/* gz */${SCRIPT}`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The default description." />
    <title>Default title</title>
    <meta property="csp-nonce" nonce="__CSP_NONCE__">
    <script type="module" src="/assets/app-abc123.js" nonce="__CSP_NONCE__"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Reads a response body as bytes (supertest has undone any Content-Encoding by then). */
const raw = (req: request.Test) =>
  req.buffer(true).parse((res, callback) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  });

describe('serving the web client', () => {
  let t: TestApp;
  let clientDir: string;
  const logs = captureLogs();

  beforeAll(async () => {
    clientDir = await mkdtemp(join(tmpdir(), 'fp-client-'));
    await mkdir(join(clientDir, 'assets'));
    await writeFile(join(clientDir, 'index.html'), INDEX);
    await writeFile(join(clientDir, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(join(clientDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(AS_BROTLI));
    await writeFile(join(clientDir, 'assets', 'app-abc123.js.gz'), gzipSync(AS_GZIP));
    await writeFile(join(clientDir, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
    // The build's manifest: the pricing page's code, a chunk it shares, and the entry it imports.
    await mkdir(join(clientDir, '.vite'));
    await writeFile(
      join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/pages/PricingPage.tsx': { file: 'assets/PricingPage-p1.js', isDynamicEntry: true, imports: ['_initial.js', '_shared-s1.js'] },
        '_shared-s1.js': { file: 'assets/shared-s1.js', imports: ['_initial.js'] },
        '_initial.js': { file: 'assets/app-abc123.js' },
      }),
    );
    t = await createTestApp({ PUBLIC_URL: 'https://footprint.example' }, { clientDir, logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  describe('compression', () => {
    it('sends the build’s brotli copy of a script to a browser that accepts it, gzip to one that accepts only that', async () => {
      const br = await raw(t.http().get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip, deflate, br')).expect(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.body.toString()).toBe(AS_BROTLI);

      const gz = await raw(t.http().get('/assets/app-abc123.js').set('Accept-Encoding', 'gzip')).expect(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body.toString()).toBe(AS_GZIP);

      const plain = await raw(t.http().get('/assets/app-abc123.js').set('Accept-Encoding', 'identity')).expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
    });

    it('compresses the HTML and JSON it makes per response', async () => {
      const html = await t.http().get('/features').set('Accept-Encoding', 'br').expect(200);
      expect(html.headers['content-encoding']).toBe('br');
      expect(html.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(html.text).toContain('<div id="root">');

      const json = await t.http().get('/api/plans').set('Accept-Encoding', 'gzip').expect(200);
      expect(json.headers['content-encoding']).toBe('gzip');
      expect(json.body.plans).toHaveLength(4);
    });

    it('leaves images as they are', async () => {
      const png = await raw(t.http().get('/assets/photo-abc123.png').set('Accept-Encoding', 'br, gzip')).expect(200);
      expect(png.headers['content-encoding']).toBeUndefined();
      expect(png.body.length).toBe(4096);
    });
  });

  describe('pages and status codes', () => {
    it('answers every page of the catalogue 200 with its own title and description, in the HTML', async () => {
      for (const route of SITE_ROUTES) {
        const res = await t.http().get(route.path).expect(200);
        const title = /<title>([^<]*)<\/title>/.exec(res.text)?.[1];
        expect({ path: route.path, title }).toEqual({ path: route.path, title: expect.stringContaining(route.title) });
        expect(res.text).toContain(`<meta name="description" content="${route.description.replace(/'/g, '&#39;')}" />`);
        expect(res.text).not.toContain('__CSP_NONCE__');
      }
      const pricing = await t.http().get('/pricing').expect(200);
      expect(pricing.text).toContain('<title>Pricing · Footprint</title>');
      expect(pricing.text).not.toContain('noindex');
      const dashboard = await t.http().get('/dashboard').expect(200);
      expect(dashboard.text).toContain('<meta name="robots" content="noindex" />');
    });

    it("preloads the page's own code beside the entry script, from the build's manifest (which is not served)", async () => {
      const pricing = await t.http().get('/pricing').expect(200);
      const preloaded = [...pricing.text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(preloaded).toEqual(['/assets/PricingPage-p1.js', '/assets/shared-s1.js']); // not the entry index.html loads
      const features = await t.http().get('/features').expect(200);
      expect(features.text).not.toContain('modulepreload');
      await t.http().get('/.vite/manifest.json').expect(404);
    });

    it('answers unknown paths, /metrics included, 404 with the app’s page (not indexed)', async () => {
      for (const path of ['/metrics', '/no-such-page', '/features/extra', '/wp-login.php']) {
        const res = await t.http().get(path).expect(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<div id="root">');
        expect(res.text).toContain('<title>Page not found · Footprint</title>');
        expect(res.text).toContain('<meta name="robots" content="noindex" />');
      }
      // Unknown API paths stay JSON.
      const api = await t.http().get('/api/metrics').expect(404);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
    });

    it('reads paths as the client router does: trailing slash and case ignored', async () => {
      await t.http().get('/features/').expect(200);
      await t.http().get('/Pricing').expect(200);
    });

    it('never sends the index.html template as it is', async () => {
      const res = await t.http().get('/index.html').expect(301);
      expect(res.headers['location']).toBe('/');
    });
  });

  describe('robots.txt and the sitemap', () => {
    it('keeps crawlers off the API, signed-in pages and emailed-link pages, and names the sitemap', async () => {
      const res = await t.http().get('/robots.txt').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const disallowed = res.text
        .split('\n')
        .filter((line) => line.startsWith('Disallow: '))
        .map((line) => line.slice('Disallow: '.length));
      expect(disallowed).toEqual(
        expect.arrayContaining(['/api/', '/dashboard', '/report', '/account', '/monitoring', '/reset-password', '/verify-email']),
      );
      expect(disallowed).not.toContain('/pricing');
      expect(res.text).toContain('Sitemap: https://footprint.example/sitemap.xml');
    });

    it('lists the public pages on PUBLIC_URL', async () => {
      const res = await t.http().get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const locations = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locations).toEqual(
        ['/', '/features', '/about', '/pricing', '/education', '/privacy', '/terms', '/login', '/signup'].map((p) => `https://footprint.example${p}`),
      );
    });
  });

  describe('the signed-in hint cookie', () => {
    const hintOf = (res: request.Response) =>
      (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('fp_signed_in='));

    it('is set with the refresh cookie (readable by the page, site-wide, same lifetime) and cleared with it', async () => {
      const signup = await t.http().post('/api/auth/signup').set('X-Forwarded-For', freshIp()).send({ email: freshEmail('hint'), password: PASSWORD });
      expect(signup.status).toBe(201);
      const hint = hintOf(signup)!;
      expect(hint).toMatch(/^fp_signed_in=1;/);
      expect(hint).toContain('Path=/;');
      expect(hint).not.toContain('HttpOnly');
      expect(hint).toContain('SameSite=Strict');
      expect(hint).toContain('Secure'); // PUBLIC_URL is https here
      expect(hint).toContain('Max-Age=2592000');
      expect(setCookieHeader(signup)).toContain('Max-Age=2592000');

      // The cookies are Secure (https PUBLIC_URL): sent by hand over the test's plain HTTP.
      const withSession = (path: string, refresh: string) =>
        t.http().post(path).set(CSRF).set('Origin', 'https://footprint.example').set('Cookie', `fp_refresh=${refresh}; fp_signed_in=1`);
      const refreshed = await withSession('/api/auth/refresh', refreshCookieOf(signup)!).expect(200);
      expect(hintOf(refreshed)).toMatch(/^fp_signed_in=1;/);

      const out = await withSession('/api/auth/logout', refreshCookieOf(refreshed)!).expect(204);
      expect(hintOf(out)).toMatch(/^fp_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    });

    it('is cleared when a refresh finds no session', async () => {
      const res = await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', 'fp_refresh=not-a-session; fp_signed_in=1').expect(401);
      expect(hintOf(res)).toMatch(/^fp_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    });
  });

  describe('POST /api/site/client-errors', () => {
    it('logs the report, masked, under the request id the page chose, and answers that id', async () => {
      const res = await t
        .http()
        .post('/api/site/client-errors')
        .set('X-Forwarded-For', freshIp())
        .set('X-Request-Id', 'page-error-1234567')
        .send({ path: '/dashboard', name: 'TypeError', message: 'Cannot read score of alice@example.com at https://x.example/a' })
        .expect(202);
      expect(res.body).toEqual({ requestId: 'page-error-1234567' });
      const line = logs.lines.find((l) => l.includes('page failed to render') && l.includes('page-error-1234567'));
      expect(line).toBeDefined();
      expect(line).toContain('[email]');
      expect(line).toContain('[url]');
      expect(line).not.toContain('alice@example.com');
    });

    it.each([
      [{ path: 'dashboard', name: 'Error', message: 'x' }],
      [{ path: '/reset-password?token=secret', name: 'Error', message: 'x' }],
      [{ path: '/x', name: 'Error', message: 'm'.repeat(501) }],
      [{ path: '/x', name: 'Error' }],
      [{ path: '/x', name: 'Error', message: 'x', extra: 1 }],
    ])('refuses %j with 400', async (body) => {
      await t.http().post('/api/site/client-errors').set('X-Forwarded-For', freshIp()).send(body).expect(400);
    });

    it('answers 429 past 20 reports in ten minutes from one address', async () => {
      const ip = freshIp();
      const send = () => t.http().post('/api/site/client-errors').set('X-Forwarded-For', ip).send({ path: '/', name: 'Error', message: 'x' });
      for (let i = 0; i < 20; i++) await send().expect(202);
      const refused = await send().expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });
});
