import { checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { signUpInBrowser } from '../support/signup-page';

/**
 * The app opened at another address than PUBLIC_URL (here http://127.0.0.1:PORT, while PUBLIC_URL
 * names another host, as with a LAN address or localhost vs 127.0.0.1): the refresh call is
 * same-origin, so the session survives a reload. Signing out then ends the access token at once.
 */

jest.setTimeout(60_000);

const suite = useBuiltAppAndBrowser({ PUBLIC_URL: 'http://footprint.localhost:8080' });

describe('the app at an address other than PUBLIC_URL', () => {
  it('signs in at http://127.0.0.1:PORT, stays signed in across a reload, and sign-out ends the access token', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('another origin');
      const email = `origin.${process.pid}.${Date.now()}@example.test`;
      await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.88.${process.pid % 250}.1` });
      const signedUp = t.page.waitForResponse((res) => res.url().endsWith('/api/auth/signup') && res.status() === 201);
      await signUpInBrowser(t, { email, password: 'origin-pass-1', lastName: 'Origin' });
      const { accessToken } = (await (await signedUp).json()) as { accessToken: string };

      // The refresh is sent once the app has started, which under load can be after 'load' and a settle.
      const refreshed = t.page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh'), { timeout: 15_000 }).catch(() => undefined);
      await t.page.reload();
      const refresh = await refreshed;
      await t.settle();
      await c.that('the reload refreshed the session (200, not 403)', async () => (refresh?.status() === 200 ? undefined : `refresh answered ${refresh?.status() ?? 'nothing'}`));
      await c.that('reload stays signed in on /dashboard', async () => {
        const path = new URL(t.page.url()).pathname;
        return path === '/dashboard' ? undefined : `now at ${path}`;
      });
      await c.visible(t.page.getByRole('banner').getByRole('button', { name: 'Sign Out' }), 'Sign Out after reload');

      const before = await fetch(`${suite.app.baseUrl}/api/auth/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
      await c.that('the first access token works while signed in', async () => (before.status === 200 ? undefined : `answered ${before.status}`));
      await t.page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
      await t.page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
      await t.settle();
      const after = await fetch(`${suite.app.baseUrl}/api/auth/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });
      await c.that('after sign-out the same access token is refused', async () => (after.status === 401 ? undefined : `answered ${after.status}`));
      checkClean(t, c);
      c.done();
    });
  });
});
