/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import type { Locator, Page } from 'playwright-core';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { checkAxe, checkClean, Checks, checkSingleH1, checkStyled } from '../support/checks';

/**
 * The public site in a real browser against the built app: every public route's
 * key content, one h1, no serious accessibility violation, nothing loaded from outside, no console
 * error or CSP violation, styles applied (Emotion's, where a page has Chakra components, with the
 * response's nonce). Run `npm run build` first.
 */

jest.setTimeout(30_000);

const suite = useBuiltAppAndBrowser();

const main = (page: Page) => page.getByRole('main');

/** A control that may be rendered as a button or as a link styled as one. */
const control = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('button', { name, exact: typeof name === 'string' }).or(scope.getByRole('link', { name, exact: typeof name === 'string' }));

type ContentCheck = (page: Page, checks: Checks) => Promise<void>;

const routes: Array<{ path: string; content: ContentCheck }> = [
  {
    path: '/',
    async content(page, c) {
      const m = main(page);
      await c.visible(control(m, 'Protect My Privacy'), "hero 'Protect My Privacy'");
      await c.visible(control(m, 'Try Free Scan'), "hero 'Try Free Scan'");
      await c.visible(control(m, 'Get Started Now'), "call to action 'Get Started Now'");
      for (const title of ['Data Breaches', 'Oversharing Detection', 'Location Privacy', 'Metadata Analysis']) {
        await c.visible(m.getByText(title, { exact: true }), `feature card '${title}'`);
      }
      await c.that("'Protect My Privacy' and 'Get Started Now' go to /login", async () => {
        const bad: string[] = [];
        for (const name of ['Protect My Privacy', 'Get Started Now']) {
          const link = m.getByRole('link', { name, exact: true });
          if ((await link.count()) === 0) continue; // a button navigating by script is checked elsewhere
          const href = await link.first().getAttribute('href');
          if (href !== '/login') bad.push(`${name} -> ${href}`);
        }
        return bad.join(', ') || undefined;
      });
      await c.that('a try-now section (#try-now) exists', async () =>
        (await page.locator('#try-now').count()) === 1 ? undefined : 'missing',
      );
    },
  },
  {
    path: '/features',
    async content(page, c) {
      const m = main(page);
      for (const plan of ['Free', 'Plus', 'Pro', 'Business']) {
        await c.visible(m.getByRole('heading', { name: plan, exact: true }), `plan card '${plan}'`);
      }
      await c.visible(m.getByText(/dark web/i), 'feature card about dark web scanning');
      await c.that('plan buttons link to /pricing', async () =>
        (await m.locator('a[href="/pricing"]').count()) >= 1 ? undefined : 'no link to /pricing in the page',
      );
      // No annual prices that cannot be bought: each paid plan is one payment for 30 days.
      await c.visible(m.getByTestId('billing-note'), 'the note that one payment covers 30 days');
      await c.notVisible(m.getByText('Save 20%'), "no 'Save 20%'");
    },
  },
  {
    path: '/about',
    async content(page, c) {
      const m = main(page);
      await c.visible(m.getByText(/mission/i), 'mission text');
      await c.visible(m.getByText('By the Numbers'), "'By the Numbers'");
      await c.visible(m.getByText('Coming Soon'), "'Coming Soon' resource cards");
      await c.visible(m.getByRole('region', { name: 'Credits' }).getByRole('link', { name: 'WhatsMyName' }), "the credit to WhatsMyName's site list, with its link");
    },
  },
  {
    path: '/pricing',
    async content(page, c) {
      const m = main(page);
      for (const plan of ['Free', 'Plus', 'Pro', 'Business']) {
        await c.visible(m.getByRole('heading', { name: plan, exact: true }), `plan card '${plan}'`);
      }
      await c.visible(m.getByText('Most Popular'), "'Most Popular' on Plus");
      for (const claim of ['Self-hostable: runs on your own server', 'Checks run live against named sources', 'No trackers on this site']) {
        await c.visible(m.getByText(claim, { exact: true }), `claim '${claim}'`);
      }
    },
  },
  {
    path: '/education',
    async content(page, c) {
      const m = main(page);
      const tabs = ['Privacy Basics', 'Social Media Privacy', 'Security Best Practices', 'Data Protection'];
      let allTabs = true;
      for (const name of tabs) allTabs = (await c.visible(m.getByRole('tab', { name, exact: true }), `tab '${name}'`)) && allTabs;
      await c.visible(m.getByText(/additional resources/i), 'additional resources block');
      if (!allTabs) return;
      const panelText = async () => (await m.getByRole('tabpanel').filter({ visible: true }).first().innerText()).trim();
      const levels = async (what: string) =>
        c.that(`${what} labels its tips beginner/intermediate/advanced`, async () => {
          const text = (await panelText()).toLowerCase();
          const missing = ['beginner', 'intermediate', 'advanced'].filter((l) => !text.includes(l));
          return missing.length ? `missing ${missing.join(', ')}` : undefined;
        });
      await levels("tab 'Privacy Basics'");
      const before = await panelText().catch(() => '');
      await m.getByRole('tab', { name: 'Security Best Practices', exact: true }).click();
      await c.that("switching to 'Security Best Practices' selects it", async () =>
        (await m.getByRole('tab', { name: 'Security Best Practices', exact: true }).getAttribute('aria-selected')) === 'true'
          ? undefined
          : 'aria-selected is not true',
      );
      await c.that('switching tabs shows other tips', async () => {
        const deadline = Date.now() + 2_000;
        while (Date.now() < deadline) {
          const after = await panelText().catch(() => '');
          if (after && after !== before) return undefined;
          await page.waitForTimeout(100);
        }
        return 'the visible tab panel did not change';
      });
      await levels("tab 'Security Best Practices'");
    },
  },
  {
    path: '/privacy',
    async content(page, c) {
      const m = main(page);
      await c.visible(m.getByText(/30 days/), 'retention of 30 days (free)');
      await c.visible(m.getByText(/90 days/), 'retention of 90 days (paid)');
      await c.that('no unfilled {email} placeholder', async () =>
        (await m.innerText()).includes('{email}') ? 'the text shows {email}' : undefined,
      );
    },
  },
  {
    path: '/terms',
    async content(page, c) {
      const m = main(page);
      await c.visible(m.getByText(/30[- ]day(s['’]?)? notice/i), '30-day notice for pricing changes');
    },
  },
  {
    path: '/login',
    async content(page, c) {
      const m = main(page);
      await c.visible(m.getByRole('button', { name: 'Sign In', exact: true }), "'Sign In' button");
      await c.visible(m.getByRole('button', { name: 'Sign in with Google', exact: true }), "'Sign in with Google' button");
      await c.visible(m.getByText('Forgot your password?', { exact: true }), "'Forgot your password?'");
      await c.visible(m.getByRole('checkbox', { name: 'Remember me' }), "'Remember me' checkbox");
      await c.that('email field has type=email', async () => {
        const email = m.getByLabel(/email/i).and(m.locator('input'));
        if ((await email.count()) === 0) return 'no input labelled Email';
        const type = await email.first().getAttribute('type');
        return type === 'email' ? undefined : `type is ${type}`;
      });
      await c.that('password field with a show/hide toggle', async () => {
        const password = m.locator('input[type="password"]');
        if ((await password.count()) !== 1) return `${await password.count()} password inputs`;
        const toggle = m.getByRole('button', { name: /show password|hide password|show|toggle/i });
        if ((await toggle.count()) === 0) return 'no show/hide button';
        await toggle.first().click();
        return (await m.locator('input[type="password"]').count()) === 0 ? undefined : 'toggle did not reveal the password';
      });
      await c.that('links to /signup', async () => ((await m.locator('a[href="/signup"]').count()) ? undefined : 'no link'));
    },
  },
  {
    path: '/signup',
    async content(page, c) {
      const m = main(page);
      const create = m.getByRole('button', { name: 'Create Account', exact: true });
      await c.visible(m.getByRole('button', { name: 'Sign up with Google', exact: true }), "'Sign up with Google' button");
      await c.that('links to /login', async () => ((await m.locator('a[href="/login"]').count()) ? undefined : 'no link'));
      if (!(await c.visible(create, "'Create Account' button"))) return;
      await c.that("'Create Account' is disabled until the terms are ticked", async () =>
        (await create.isDisabled()) ? undefined : 'enabled with the terms box unticked',
      );
      const terms = m.getByRole('checkbox', { name: /terms/i });
      if (!(await c.visible(terms, 'terms checkbox (labelled with "terms")'))) return;
      await tick(terms);
      await c.that("'Create Account' is enabled once the terms are ticked", async () =>
        (await create.isEnabled()) ? undefined : 'still disabled',
      );
    },
  },
];

/** Ticks a (possibly visually hidden, Chakra) checkbox the way a user would. */
async function tick(box: Locator) {
  if (await box.isChecked()) return;
  await box.check({ timeout: 1_500 }).catch(async () => {
    await box.dispatchEvent('click');
  });
}

describe('public pages', () => {
  for (const route of routes) {
    it(`${route.path} renders its key content, accessibly, with no outside request, console error or CSP violation`, async () => {
      await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
        await t.goto(route.path);
        const c = new Checks(route.path);
        await t.page.locator('h1').first().waitFor({ state: 'attached', timeout: 5_000 }).catch(() => undefined);
        await route.content(t.page, c);
        await checkSingleH1(t.page, c);
        await checkStyled(t.page, c);
        await checkAxe(t.page, c);
        checkClean(t, c);
        c.done();
      });
    });
  }
});

describe('landing page', () => {
  it("'Try Free Scan' scrolls to the try-now section", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/');
      const tryNow = t.page.locator('#try-now');
      await tryNow.waitFor({ state: 'attached', timeout: 5_000 });
      expect(await inViewport(t.page, '#try-now')).toBe(false); // below the fold at first
      await control(main(t.page), 'Try Free Scan').first().click();
      await t.page.waitForFunction(
        () => {
          const box = document.getElementById('try-now')?.getBoundingClientRect();
          return !!box && box.top < window.innerHeight && box.bottom > 0 && window.scrollY > 0;
        },
        undefined,
        { timeout: 3_000 },
      );
      t.expectClean();
    });
  });
});

async function inViewport(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    return !!box && box.top < window.innerHeight && box.bottom > 0;
  }, selector);
}

describe('access rules and deep links', () => {
  it.each(['/dashboard', '/history', '/report', '/account', '/monitoring', '/requests'])('%s redirects to /login when signed out', async (path) => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto(path);
      await t.page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
      await main(t.page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ timeout: 5_000 });
      t.expectClean();
    });
  });

  it('a deep link to /education loads the app', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const res = await t.page.goto(`${suite.app.baseUrl}/education`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      await main(t.page).getByRole('tab', { name: 'Privacy Basics', exact: true }).waitFor({ timeout: 5_000 });
      t.expectClean();
    });
  });

  it("an unknown route answers 404 and shows 'Page not found'", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const res = await t.page.goto(`${suite.app.baseUrl}/no-such-page`, { waitUntil: 'load' });
      expect(res?.status()).toBe(404);
      await t.page.getByText('Page not found').first().waitFor({ timeout: 5_000 });
      expect(await t.page.locator('h1').count()).toBe(1);
      // Chromium logs the document's own 404; nothing else may be on the console.
      expect(t.consoleErrors.filter((e) => !(/status of 404/.test(e) && e.includes('/no-such-page')))).toEqual([]);
      expect(t.externalRequests).toEqual([]);
      expect(t.cspViolations).toEqual([]);
    });
  });

  it('an unknown API path answers a JSON 404', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const res = await t.page.request.get(`${suite.app.baseUrl}/api/unknown`);
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ statusCode: 404 });
    });
  });
});

describe('signup form validation', () => {
  const field = (page: Page, label: RegExp) => main(page).getByLabel(label).and(page.locator('input'));

  it("submitting an empty form toasts 'Please fill in all fields'", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/signup');
      await tick(main(t.page).getByRole('checkbox', { name: /terms/i }));
      await main(t.page).getByRole('button', { name: 'Create Account', exact: true }).click();
      await t.page.getByText('Please fill in all fields').first().waitFor({ timeout: 3_000 });
      expect(new URL(t.page.url()).pathname).toBe('/signup');
      t.expectClean();
    });
  });

  it("mismatched passwords toast 'Passwords do not match'", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/signup');
      await field(t.page, /first name/i).fill('Ada');
      await field(t.page, /last name/i).fill('Lovelace');
      await field(t.page, /email/i).fill('ada@example.com');
      await field(t.page, /^password\s*\*?$/i).fill('Correct-Horse-9-Battery');
      await field(t.page, /^confirm password\s*\*?$/i).fill('Correct-Horse-9-Batterz');
      await tick(main(t.page).getByRole('checkbox', { name: /terms/i }));
      await main(t.page).getByRole('button', { name: 'Create Account', exact: true }).click();
      await t.page.getByText('Passwords do not match').first().waitFor({ timeout: 3_000 });
      expect(new URL(t.page.url()).pathname).toBe('/signup');
      t.expectClean();
    });
  });
});
