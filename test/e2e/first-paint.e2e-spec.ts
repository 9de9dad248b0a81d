/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import type { Page, Response } from 'playwright-core';
import { SITE_ROUTES } from '../../server/src/browser-shared/site-routes.catalogue';
import { TrackedPage, Viewport } from '../support/browser';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';

/**
 * How pages load (issue 22): layout shift per route at phone and desktop widths, compressed HTML
 * and scripts, the 404 status, no console error for visitors, and axe in dark mode.
 */

jest.setTimeout(60_000);

const suite = useBuiltAppAndBrowser();

const PHONE: Viewport = { width: 390, height: 844 };
const DESKTOP: Viewport = { width: 1280, height: 800 };
const MAX_SHIFT = 0.05;

const PUBLIC_PATHS = SITE_ROUTES.filter((route) => route.access !== 'signed-in').map((route) => route.path);
const SIGNED_IN_PATHS = SITE_ROUTES.filter((route) => route.access === 'signed-in').map((route) => route.path);

/** Sums every layout shift not caused by input, from the first paint on (buffered entries included). */
async function recordLayoutShifts(t: TrackedPage) {
  await t.context.addInitScript(() => {
    const w = window as unknown as { __fpShifts: { value: number; sources: string[] }[] };
    w.__fpShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node as Element | undefined;
          return node?.tagName ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).split(' ')[0]}` : '?';
        });
        w.__fpShifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  // Late content (data, lazily loaded code) has had its chance once the network is quiet; a
  // further moment lets the last render land.
  await page.waitForTimeout(400);
  return page.evaluate(() => {
    const shifts = (window as unknown as { __fpShifts: { value: number; sources: string[] }[] }).__fpShifts;
    return { total: shifts.reduce((sum, s) => sum + s.value, 0), sources: shifts.flatMap((s) => s.sources) };
  });
}

/** Loads each path in turn and records its layout shift, and that it carries its own title (and, if asked, axe's verdict). */
async function shiftsOf(t: TrackedPage, paths: string[], c: Checks, width: number, axe = false) {
  for (const path of paths) {
    await t.goto(path);
    await t.page.locator('h1').first().waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    await t.settle(200);
    const { total, sources } = await layoutShift(t.page);
    if (total > MAX_SHIFT) c.fail(`${path} at ${width} px: layout shift ${total.toFixed(3)} (moved: ${[...new Set(sources)].join(', ')})`);
    const route = SITE_ROUTES.find((r) => r.path === path);
    const title = await t.page.title();
    if (!title.includes(route?.title ?? 'Page not found')) c.fail(`${path}: title '${title}'`);
    if (axe) {
      const page = new Checks(path);
      await checkAxe(t.page, page);
      for (const problem of page.problems) c.fail(`${path}: ${problem}`);
    }
  }
}

describe('layout stability', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`no public page shifts by more than ${MAX_SHIFT} at ${viewport.width} px; each has its title; a visitor asks for no session`, async () => {
      await suite.browser.withPage(suite.app.baseUrl, { viewport }, async (t) => {
        await recordLayoutShifts(t);
        const refreshes: string[] = [];
        t.page.on('request', (request) => {
          if (request.url().includes('/api/auth/refresh')) refreshes.push(request.url());
        });
        const c = new Checks(`layout shift at ${viewport.width} px`);
        await shiftsOf(t, PUBLIC_PATHS, c, viewport.width);
        if (refreshes.length) c.fail(`a visitor's pages sent ${refreshes.length} refresh request(s)`);
        checkClean(t, c);
        await shiftsOf(t, ['/no-such-page'], c, viewport.width); // (its document's 404 is on the console)
        c.done();
      });
    });

    // At desktop width in dark mode, with axe on each page (the public pages' dark check is below).
    const dark = viewport === DESKTOP;
    it(`no signed-in page shifts by more than ${MAX_SHIFT} at ${viewport.width} px${dark ? '; dark mode passes axe' : ''}`, async () => {
      await suite.browser.withPage(suite.app.baseUrl, { viewport, colorScheme: dark ? 'dark' : 'light' }, async (t) => {
        await recordLayoutShifts(t);
        await t.goto('/');
        const status = await t.page.evaluate(async (email) => {
          const res = await fetch('/api/auth/signup', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.97.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
            body: JSON.stringify({ email, password: 'first-paint-pass-1' }),
          });
          return res.status;
        }, `paint.${viewport.width}.${process.pid}.${Date.now()}@example.test`);
        expect(status).toBe(201);
        const c = new Checks(`layout shift signed in at ${viewport.width} px`);
        await shiftsOf(t, SIGNED_IN_PATHS, c, viewport.width, dark);
        // The session survived every reload (each page checked it afresh).
        expect(new URL(t.page.url()).pathname).toBe(SIGNED_IN_PATHS.at(-1));
        checkClean(t, c);
        c.done();
      });
    });
  }
});

describe('what the server sends', () => {
  it('compresses the HTML and the entry script, answers unknown paths 404, and a visitor sees no console error', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const responses: Response[] = [];
      t.page.on('response', (response) => responses.push(response));
      await t.goto('/');
      const html = responses.find((r) => r.request().resourceType() === 'document')!;
      expect(html.status()).toBe(200);
      expect(html.headers()['content-encoding']).toBe('br');
      const entry = await t.page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src);
      const script = responses.find((r) => r.url() === entry)!;
      expect(script).toBeDefined();
      expect(script.headers()['content-encoding']).toBe('br');
      expect(script.headers()['vary']).toMatch(/Accept-Encoding/i);
      // A visitor's page asks for no session it does not have.
      expect(responses.filter((r) => r.url().includes('/api/auth/refresh'))).toHaveLength(0);
      t.expectClean();

      const missing = await t.page.goto(`${suite.app.baseUrl}/metrics`, { waitUntil: 'load' });
      expect(missing?.status()).toBe(404);
      await t.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 5_000 });
      expect(await t.page.title()).toBe('Page not found · Footprint');
      // Chromium reports the document's own 404 on the console; nothing else may be there.
      expect(t.consoleErrors.filter((e) => !(/status of 404/.test(e) && e.includes('/metrics')))).toEqual([]);
    });
  });
});

/** The landing page's initial JavaScript as sent with brotli (issue 22): React, the router and the shell, without Chakra's runtime. */
const LANDING_JS_BUDGET_BYTES = 90 * 1024;
/**
 * Every other public page's: the landing page's and the page's own code, still without Chakra's
 * runtime (they are drawn with the build's classes: theme/shell-styles.ts). Lighthouse's simulated
 * phone paints them about as late as this much code takes to fetch and run.
 */
const PUBLIC_PAGE_JS_BUDGET_BYTES = 105 * 1024;
// The emailed-link pages (reset, verification) too: people open them from a phone's mail app.
const PUBLIC_ROUTES = SITE_ROUTES.filter((route) => route.access !== 'signed-in').map((route) => route.path);

/** The scripts a page's HTML loads before the app runs (the entry script and its preloads), each as sent. */
async function initialScripts(t: TrackedPage, path: string): Promise<{ url: string; encoding?: string; bytes: number }[]> {
  const responses: Response[] = [];
  const record = (response: Response) => responses.push(response);
  t.page.on('response', record);
  try {
    await t.goto(path);
    await t.page.locator('h1').first().waitFor();
    // The app adds preloads of its own later, for code it loads on demand: only the HTML's count.
    const html = await responses.find((r) => r.request().resourceType() === 'document')!.text();
    const urls = [...html.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map(
      (m) => new URL(m[1], suite.app.baseUrl).href,
    );
    const scripts = [];
    for (const url of urls) {
      const response = responses.find((r) => r.url() === url);
      scripts.push({ url, encoding: response?.headers()['content-encoding'], bytes: response ? (await response.request().sizes()).responseBodySize : NaN });
    }
    return scripts;
  } finally {
    t.page.off('response', record);
  }
}

describe('the public pages’ first download', () => {
  it(`sends at most ${LANDING_JS_BUDGET_BYTES / 1024} KB of JavaScript (brotli) for the landing page and ${PUBLIC_PAGE_JS_BUDGET_BYTES / 1024} KB for every other public page before the first render, without Chakra's runtime`, async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('initial JavaScript');
      for (const path of PUBLIC_ROUTES) {
        const scripts = await initialScripts(t, path);
        if (scripts.length === 0) c.fail(`${path}: no script in the HTML`);
        // (the build compresses files of 1 KB and more: client/vite.config.mts)
        for (const { url, encoding, bytes } of scripts) if (encoding !== 'br' && bytes >= 1024) c.fail(`${path}: ${url} sent with '${encoding}', not brotli`);
        const sent = scripts.reduce((sum, s) => sum + s.bytes, 0);
        const budget = path === '/' ? LANDING_JS_BUDGET_BYTES : PUBLIC_PAGE_JS_BUDGET_BYTES;
        if (!(sent <= budget)) c.fail(`${path}: ${(sent / 1024).toFixed(1)} KB of JavaScript before the first render (budget ${budget / 1024} KB)`);
        // Chakra's runtime (and whatever Chakra component a page uses below the fold) comes after the first render.
        const chakra = scripts.filter((s) => /\/assets\/chakra-/.test(s.url));
        if (chakra.length) c.fail(`${path}: Chakra's runtime among the first scripts (${chakra.map((s) => s.url).join(', ')})`);
      }
      checkClean(t, c);
      c.done();
    });
  });
});

describe('the landing page’s first download', () => {
  it('on a phone, loads the scan widget (and Chakra) only as the reader scrolls towards it, without moving the page', async () => {
    await suite.browser.withPage(suite.app.baseUrl, { viewport: PHONE }, async (t) => {
      await recordLayoutShifts(t);
      const scripts: string[] = [];
      t.page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await t.goto('/');
      await t.page.locator('h1').first().waitFor();
      expect(scripts.filter((path) => /\/assets\/chakra-/.test(path))).toEqual([]);

      const slot = t.page.locator('#try-now .sh-try-now-widget');
      const placeholderHeight = await slot.evaluate((e) => e.getBoundingClientRect().height);

      await t.page.locator('#try-now').scrollIntoViewIfNeeded();
      await t.page.getByRole('heading', { name: 'Start Your Privacy Audit' }).waitFor({ timeout: 10_000 });
      expect(scripts.some((path) => /\/assets\/chakra-/.test(path))).toBe(true);
      const c = new Checks('the scan widget on a phone');
      // The placeholder is as high as the widget (theme/shell-styles.ts, 'sh-widget-skeleton').
      const widgetHeight = await slot.evaluate((e) => e.getBoundingClientRect().height);
      if (widgetHeight !== placeholderHeight) c.fail(`the widget is ${widgetHeight} px high, its placeholder ${placeholderHeight} px`);
      const { total, sources } = await layoutShift(t.page);
      if (total > MAX_SHIFT) c.fail(`layout shift ${total.toFixed(3)} (moved: ${[...new Set(sources)].join(', ')})`);
      checkClean(t, c);
      c.done();
    });
  });
});

describe('dark mode', () => {
  // Every public page with axe: about 40 s on a quiet 2-core machine, more beside the rest of the run.
  it('follows the system, and axe finds nothing serious on the public pages', async () => {
    await suite.browser.withPage(suite.app.baseUrl, { colorScheme: 'dark' }, async (t) => {
      const c = new Checks('dark mode');
      // Every public page: all are drawn with the build's classes, whose dark colours are Chakra's tokens.
      for (const path of PUBLIC_ROUTES) {
        await t.goto(path);
        await t.page.locator('h1').first().waitFor({ timeout: 5_000 });
        const dark = await t.page.evaluate(() => document.documentElement.classList.contains('dark'));
        if (!dark) c.fail(`${path}: not dark`);
        const route = new Checks(path);
        await checkAxe(t.page, route);
        for (const problem of route.problems) c.fail(`${path}: ${problem}`);
      }
      checkClean(t, c);
      c.done();
    });
  }, 150_000);

  it('the header toggle switches to light and the browser remembers it', async () => {
    await suite.browser.withPage(suite.app.baseUrl, { colorScheme: 'dark' }, async (t) => {
      await t.goto('/');
      const background = () => t.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const darkBackground = await background();
      await t.page.getByRole('banner').getByRole('button', { name: 'Switch to light mode' }).first().click();
      expect(await t.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect(await background()).not.toBe(darkBackground);
      await t.goto('/pricing');
      expect(await t.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      const c = new Checks('light after toggle');
      await checkAxe(t.page, c);
      checkClean(t, c);
      c.done();
    });
  });
});
