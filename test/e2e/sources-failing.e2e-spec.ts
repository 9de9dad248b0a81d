import type { Locator, Page } from 'playwright-core';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { FakeUsernameSites } from '../fakes/username-sites';
import { FakeXposedOrNot } from '../fakes/xposedornot';
import type { TrackedPage } from '../support/browser';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';

/**
 * Every outside source failing at once (both breach services and Gravatar answer 503, the DNS
 * server SERVFAIL, the username site list 500, the website refuses connections): each kind of
 * input shows an incomplete result (or a plainly grey sample), never a coloured score, never
 * "Excellent" or "Good", with what could not be checked and a way to try again.
 */

jest.setTimeout(90_000);

const EMAIL = `ada.unchecked@footprint-failing.example`;
const hibp = new FakeHibp();
const xon = new FakeXposedOrNot();
const gravatar = new FakeGravatar();
const dns = new FakeDnsServer();
const usernames = new FakeUsernameSites();
let closedPort = 0;

function failEverything() {
  hibp.failures.breachedaccount = { kind: 'status', status: 503 };
  hibp.failures.breaches = { kind: 'status', status: 503 };
  for (const route of ['breach-analytics', 'breaches', 'check-email'] as const) xon.failures[route] = { kind: 'status', status: 503 };
  gravatar.failures.profile = { kind: 'status', status: 503 };
  dns.mode = 'servfail';
  usernames.listStatus = 500;
}

beforeAll(async () => {
  await Promise.all([hibp.start(), xon.start(), gravatar.start(), dns.start(), usernames.start()]);
  // A port nothing listens on: the website check cannot fetch the page.
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  hibp.setBreaches(EMAIL, [sampleBreach()]);
  failEverything();
});
afterAll(async () => {
  await Promise.all([hibp.close(), xon.close(), gravatar.close(), dns.close(), usernames.close()]);
});
const suite = useBuiltAppAndBrowser(() => ({
  ...hibp.env,
  ...xon.env,
  ...gravatar.env,
  ...dns.env,
  USERNAME_SITE_LIST_URL: usernames.listUrl,
  USERNAME_BUILTIN_SITES: 'false',
  BROWSER_AUDIT: 'false',
  FETCH_ALLOWED_PORTS: `${closedPort}`,
  FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
  FETCH_HOSTS: 'down.footprint-failing.example=127.0.0.1',
  SCAN_CHECK_TIMEOUT_MS: '3000',
}));

let counter = 0;
async function freshIp(t: TrackedPage) {
  counter += 1;
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.91.${process.pid % 250}.${counter}` });
}

const main = (page: Page) => page.getByRole('main');
const scanBox = (scope: Locator) => scope.getByRole('textbox', { name: 'Email address, website URL or social media handle' });

/** Nothing reassuring: no coloured score, no verdict words, no green zero. */
async function checkNothingReassuring(scope: Locator, c: Checks, what: string) {
  await c.that(`${what}: no coloured score circle`, async () => {
    const tone = await scope.getByTestId('result-score').getAttribute('data-tone');
    if (tone !== 'none' && tone !== 'gray') return `the score circle is ${tone}`;
  });
  await c.that(`${what}: no Excellent or Good`, async () => {
    const text = await scope.innerText();
    if (/\bExcellent\b|\bGood\b/.test(text)) return 'a verdict is shown';
  });
  await c.that(`${what}: no green zero on a card`, async () => {
    const clean = await scope.locator('[data-count="clean"]').count();
    if (clean > 0) return `${clean} cards show a green 0`;
  });
}

describe('every outside source failing', () => {
  it('an email: incomplete, no score, what was not checked, and Try again once the sources answer', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('email, every source failing');
      await t.goto('/');
      const tryNow = main(t.page).locator('#try-now');
      await scanBox(tryNow).fill(EMAIL);
      await tryNow.getByRole('button', { name: 'Start Scan' }).click();
      await tryNow.getByRole('heading', { name: `Results for ${EMAIL}` }).waitFor({ timeout: 20_000 });

      await c.visible(tryNow.getByText('Incomplete', { exact: true }), "'Incomplete' badge");
      await c.notVisible(tryNow.getByText('Real Analysis', { exact: true }), "no 'Real Analysis' badge");
      await c.visible(tryNow.getByRole('img', { name: 'No privacy score: the main check could not run' }), 'no score');
      await checkNothingReassuring(tryNow, c, 'email');
      const notice = tryNow.getByTestId('incomplete-notice');
      await c.visible(notice.getByText(/^Data breaches .* could not run, so we cannot say how exposed this is/), 'which main check did not run');
      await c.visible(notice.getByText(/^Public Gravatar profile: unavailable, not checked/), 'Gravatar listed as not checked');
      await c.visible(notice.getByText(/^Email domain security \(MX, SPF, DMARC\): unavailable, not checked/), 'the DNS check listed as not checked');
      const breaches = tryNow.locator('[data-group="breaches"]');
      await c.that("the Data Breaches card reads 'Not checked' in grey, without a count", async () => {
        const count = breaches.locator('[data-count]');
        const [text, tone] = [await count.innerText(), await count.getAttribute('data-count')];
        if (text !== 'Not checked' || tone !== 'not-checked') return `${JSON.stringify(text)} (${tone})`;
        const colour = await count.evaluate((el) => getComputedStyle(el).color);
        const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
        if (g > r + 40 && g > b + 40) return `green text: ${colour}`;
      });
      await checkAxe(t.page, c);

      // The services come back: Try again runs the same input and now gives a real, scored result.
      // Both breach sources: with two asked, the result is complete only when both answer (docs/COVERAGE.md).
      hibp.resetBehaviour();
      xon.resetBehaviour();
      await notice.getByRole('button', { name: 'Try again' }).click();
      await c.visible(tryNow.getByText('Real Analysis', { exact: true }), "'Real Analysis' after trying again", 20_000);
      await c.visible(tryNow.getByRole('img', { name: /^Privacy score \d+ out of 100/ }), 'a score once the breach check ran');
      await c.notVisible(tryNow.getByTestId('incomplete-notice'), 'no incomplete notice');
      failEverything();
      checkClean(t, c);
      c.done();
    });
  });

  it('a website, an @handle and a profile URL: incomplete or a grey sample, never a coloured score', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('website, handle and profile URL, every source failing');
      await t.goto('/');
      const tryNow = main(t.page).locator('#try-now');
      const inputs: [string, string][] = [
        [`http://down.footprint-failing.example:${closedPort}/`, 'website'],
        ['@ada_unchecked', 'handle'],
        ['https://www.instagram.com/ada_unchecked/', 'profile URL'],
      ];
      for (const [input, what] of inputs) {
        await scanBox(tryNow).fill(input);
        await tryNow.getByRole('button', { name: 'Start Scan' }).click();
        await tryNow.getByRole('heading', { name: /^Results for / }).waitFor({ timeout: 20_000 });
        await c.visible(tryNow.getByTestId('incomplete-notice'), `${what}: says what could not be checked`);
        await c.notVisible(tryNow.getByText('Real Analysis', { exact: true }), `${what}: no 'Real Analysis' badge`);
        await checkNothingReassuring(tryNow, c, what);
        if (what === 'handle') {
          await c.visible(tryNow.getByText('Demo Analysis', { exact: true }), 'handle: the sample is labelled');
          // A sample gives no number (issue 38): the no-score circle, beside the labelled sample findings.
          await c.visible(tryNow.getByRole('img', { name: 'No privacy score: the main check could not run' }), 'handle: no score beside the sample');
        }
        await tryNow.getByRole('button', { name: 'Scan Another' }).click();
        await tryNow.getByRole('heading', { name: 'Start Your Privacy Audit' }).waitFor();
      }
      checkClean(t, c);
      c.done();
    });
  });
});
