import type { Page } from 'playwright-core';
import { TrackingSites } from '../fakes/tracking-sites';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';

/**
 * The rendered website audit in the widget, in a real browser against the built app, whose own
 * Chromium loads the fixture shop (test/fakes/tracking-sites.ts) through its SSRF proxy: the
 * browser tests appear as check lines while the scan runs, and the result shows what a visitor's
 * browser sees, Global Privacy Control included.
 */
jest.setTimeout(90_000);

const sites = new TrackingSites();
beforeAll(async () => {
  await sites.start();
}, 30_000);
afterAll(async () => {
  await sites.close();
});
const suite = useBuiltAppAndBrowser(() => ({ ...sites.env(), VISITOR_SCANS_PER_HOUR: '1000' }));

const main = (page: Page) => page.getByRole('main');

describe('the website audit in the widget', () => {
  it('a visitor scans a shop: browser tests as check lines, then what the browser saw and Global Privacy Control', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('website audit');
      await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.77.0.1' });
      await t.goto('/');
      const tryNow = main(t.page).locator('#try-now');
      await tryNow.getByRole('textbox', { name: 'Email address, website URL or social media handle' }).fill(sites.url('/shop'));
      await tryNow.getByRole('button', { name: 'Start Scan' }).click();
      const progress = tryNow.getByRole('region', { name: 'Checks in progress' });
      await c.visible(progress.getByText('Canvas fingerprinting (the page run in a browser): checking…'), 'a browser test listed while running', 5_000);

      await tryNow.getByRole('heading', { name: /^Results for https:\/\/shop\.test/ }).waitFor({ timeout: 40_000 });
      const audit = tryNow.getByTestId('website-audit');
      await c.visible(audit.getByText(/We loaded https?:\/\/shop\.test:\d+\/shop in a real browser \(Chromium\)/), 'rendered in Chromium');
      for (const test of ['canvas-fingerprinting', 'session-recording', 'key-logging', 'meta-pixel']) {
        await c.that(`${test} found`, async () => {
          const outcome = await audit.locator(`[data-test="${test}"]`).getAttribute('data-outcome');
          return outcome === 'found' ? undefined : `outcome ${outcome}`;
        });
      }
      await c.visible(audit.getByText(/^Email address typed into "Email" sent to rec\.keylog-recorder\.example \(.*base64/), 'the key logging evidence');
      const gpc = tryNow.getByTestId('gpc-outcome');
      await c.visible(gpc.getByText('Not honoured'), 'GPC not honoured');
      await c.visible(gpc.getByText('Hotjar'), 'Hotjar still loads with GPC on');
      const checks = tryNow.getByRole('region', { name: 'Checks run for this scan' });
      await c.visible(checks.getByText(/^Global Privacy Control \(a second visit saying "do not sell or share"\): checked, \d+ findings$/), 'the GPC check line');
      await c.visible(checks.getByText(/^Not honoured: with Global Privacy Control on/), 'the GPC line says what happened');
      await checkAxe(t.page, c);
      checkClean(t, c);
      c.done();
    });
  });
});
