import { BrowserUnavailableError, ChromiumLauncher } from '../../server/src/browser-audit/chromium.launcher';
import { loadConfig } from '../../server/src/common/config/app.config';
import { BROWSER_TEST_IDS } from '../../server/src/vocabulary/check.types';
import { TrackingSites } from '../fakes/tracking-sites';
import { query, signUp, SignedUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

// The static fallback: without Chromium the website check still reads the page's HTML and headers,
// says plainly that the scripts were not run, and is 'partial', never plain 'ok'; the browser
// tests say they did not run. The shop page's five behaviours all need its scripts: none is found.
describe('the website check without a browser', () => {
  const sites = new TrackingSites();
  let t: TestApp;
  let user: SignedUp;

  beforeAll(async () => {
    await sites.start();
    t = await createTestApp({ ...sites.env(), BROWSER_EXECUTABLE: '/nonexistent/chromium' });
    user = await signUp(t);
    await query(t, 'UPDATE users SET plan_tier = $1 WHERE id = $2', ['business', user.userId]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await sites.close();
  });

  it("analyses the page without running its scripts, says so, and is not plain 'ok'", async () => {
    const res = await t.http().post('/api/scans').auth(user.accessToken, { type: 'bearer' }).send({ input: sites.url('/shop') }).expect(200);
    const body = res.body as { checks: { id: string; status: string; message?: string }[]; website: { mode: string; fallbackReason: string; tests: unknown[] }; [k: string]: unknown };
    const website = body.checks.find((c) => c.id === 'website')!;
    expect(website.status).toBe('partial');
    expect(website.message).toMatch(/^Analysed without running the page's scripts: Chromium is not available on this server; Security headers: grade /);
    for (const id of BROWSER_TEST_IDS) {
      expect(body.checks.find((c) => c.id === id)).toMatchObject({ id, status: 'unavailable', message: "Not run: Chromium is not available on this server." });
    }
    expect(body.website).toMatchObject({ mode: 'static', fallbackReason: 'Chromium is not available on this server' });
    const types = ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'].flatMap((g) => (body[g] as { details: { type?: string }[] }).details.map((d) => d.type));
    for (const type of ['meta_pixel_events', 'tracker_session_recording', 'canvas_fingerprinting', 'cookie_tracking', 'key_logging']) expect({ type, found: types.includes(type) }).toEqual({ type, found: false });
    // Nothing was queued for a browser that does not exist.
    expect((await query(t, 'SELECT count(*)::int AS n FROM browser_jobs', []))[0]).toEqual({ n: 0 });
  });

  it('reports a Chromium that is there but does not start as unavailable', async () => {
    const launcher = new ChromiumLauncher(loadConfig({ BROWSER_EXECUTABLE: '/bin/false' }));
    expect(await launcher.installed()).toBe(true);
    await expect(launcher.browser()).rejects.toThrow(BrowserUnavailableError);
    await expect(launcher.browser()).rejects.toThrow('Chromium could not be started with its sandbox on this server');
  }, 60_000);
});
