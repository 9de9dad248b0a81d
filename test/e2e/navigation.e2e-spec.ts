/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import type { Locator, Page } from 'playwright-core';
import { MOBILE } from '../support/browser';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { checkClean, Checks, checkNoHorizontalOverflow } from '../support/checks';

/** The shared header, footer and mobile menu in a real browser against the built app. */

jest.setTimeout(30_000);

const suite = useBuiltAppAndBrowser();

const PUBLIC_ROUTES = ['/', '/features', '/about', '/pricing', '/education', '/privacy', '/terms', '/login', '/signup'];

const header = (page: Page) => page.getByRole('banner');
const main = (page: Page) => page.getByRole('main');

/** Marks the current document so a test can tell a client-side navigation from a full load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __fpSameDocument?: boolean }).__fpSameDocument = true));
}
async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __fpSameDocument?: boolean }).__fpSameDocument === true);
}

describe('header (desktop)', () => {
  const destinations: Array<{ link: string; path: string; content: (page: Page) => Locator }> = [
    { link: 'Features', path: '/features', content: (p) => main(p).getByTestId('billing-note') },
    { link: 'Education', path: '/education', content: (p) => main(p).getByRole('tab', { name: 'Privacy Basics', exact: true }) },
    { link: 'About', path: '/about', content: (p) => main(p).getByText('By the Numbers') },
  ];

  it('links Features, Education and About navigate client-side', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/');
      await markDocument(t.page);
      const c = new Checks('header navigation');
      for (const d of destinations) {
        await c.that(`header link '${d.link}'`, async () => {
          const link = header(t.page).getByRole('link', { name: d.link, exact: true });
          await link.click({ timeout: 3_000 });
          await t.page.waitForURL((url) => url.pathname === d.path, { timeout: 3_000 });
          await d.content(t.page).first().waitFor({ timeout: 5_000 });
          if (!(await isSameDocument(t.page))) return 'the page was reloaded (not a client-side navigation)';
        });
      }
      await c.that("header link 'Home' goes back to /", async () => {
        await header(t.page).getByRole('link', { name: 'Home', exact: true }).click({ timeout: 3_000 });
        await t.page.waitForURL((url) => url.pathname === '/', { timeout: 3_000 });
      });
      await c.that("signed-out header shows 'Protect My Privacy' to /login", async () => {
        const cta = header(t.page).getByRole('link', { name: 'Protect My Privacy', exact: true });
        await cta.waitFor({ timeout: 2_000 });
        const href = await cta.getAttribute('href');
        return href === '/login' ? undefined : `href is ${href}`;
      });
      checkClean(t, c);
      c.done();
    });
  });

  it('becomes opaque (data-scrolled) once the page scrolls more than 20 px', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/');
      const banner = header(t.page);
      await banner.waitFor();
      expect(await banner.getAttribute('data-scrolled')).toBe('false');
      await t.page.evaluate(() => window.scrollTo(0, 300));
      await t.page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-scrolled') === 'true', undefined, {
        timeout: 3_000,
      });
      await t.page.evaluate(() => window.scrollTo(0, 0));
      await t.page.waitForFunction(() => document.querySelector('header')?.getAttribute('data-scrolled') === 'false', undefined, {
        timeout: 3_000,
      });
      t.expectClean();
    });
  });
});

describe('footer', () => {
  it('links to /features, /pricing and /about', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/');
      const footer = t.page.getByRole('contentinfo');
      await footer.waitFor();
      const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(expect.arrayContaining(['/features', '/pricing', '/about']));
      t.expectClean();
    });
  });
});

describe('mobile (360 x 740)', () => {
  it('no public page overflows horizontally', async () => {
    await suite.browser.withPage(suite.app.baseUrl, { viewport: MOBILE }, async (t) => {
      const c = new Checks('mobile overflow');
      for (const path of PUBLIC_ROUTES) {
        await t.goto(path);
        await t.page.locator('h1').first().waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
        const route = new Checks(path);
        await checkNoHorizontalOverflow(t.page, route, MOBILE.width);
        for (const p of route.problems) c.fail(`${path}: ${p}`);
      }
      checkClean(t, c);
      c.done();
    });
  });

  it('the menu offers Home, Features, About (not Education) and Protect My Privacy; choosing one navigates and closes it', async () => {
    await suite.browser.withPage(suite.app.baseUrl, { viewport: MOBILE }, async (t) => {
      await t.goto('/');
      const open = t.page.getByRole('button', { name: 'Open menu', exact: true });
      const controls = await open.getAttribute('aria-controls');
      await open.click();
      // A disclosure (aria-controls) or a menu/dialog widget: either is fine.
      const menu = (controls ? t.page.locator(`[id="${controls}"]`) : t.page.getByRole('menu').or(t.page.getByRole('dialog')))
        .filter({ visible: true })
        .first();
      await menu.waitFor({ timeout: 3_000 });
      const item = (name: string) =>
        menu
          .getByRole('menuitem', { name, exact: true })
          .or(menu.getByRole('link', { name, exact: true }))
          .or(menu.getByRole('button', { name, exact: true }));

      const c = new Checks('mobile menu');
      for (const name of ['Home', 'Features', 'About', 'Protect My Privacy']) await c.visible(item(name), `menu item '${name}'`);
      await c.that("no 'Education' in the menu", async () =>
        (await menu.getByText('Education', { exact: true }).count()) === 0 ? undefined : 'Education is listed',
      );
      c.done();

      await markDocument(t.page);
      await item('Features').first().click();
      await t.page.waitForURL((url) => url.pathname === '/features', { timeout: 3_000 });
      await main(t.page).getByTestId('billing-note').waitFor({ timeout: 5_000 });
      expect(await isSameDocument(t.page)).toBe(true);
      await menu.waitFor({ state: 'detached', timeout: 3_000 }).catch(() => {
        throw new Error('the mobile menu is still open after choosing Features');
      });
      await t.page.getByRole('button', { name: 'Open menu', exact: true }).waitFor({ timeout: 1_000 });
      t.expectClean();
    });
  });
});
