/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { northwindBreach, sampleBreach } from '../fakes/hibp';
import type { TrackedPage } from '../support/browser';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppWithScanFakes } from '../support/scan-fakes';
import { signUpInBrowser } from '../support/signup-page';

/**
 * The privacy audit widget and the password exposure check in a real browser, against the built
 * app pointed at the HIBP, Gravatar and DNS fakes: visitor on the landing page, signed-in user on
 * the dashboard, the password check on the education page.
 */

jest.setTimeout(90_000);

const DOMAIN = 'footprint-e2e.example';
const BREACHED = `ada.breached@${DOMAIN}`;
const LANTERN = sampleBreach();
// HIBP descriptions hold HTML: the widget shows them as plain text.
const NORTHWIND = northwindBreach({
  Description: 'The invented <a href="https://northwindforum.example">Northwind Forum</a> leaked &quot;profile&quot; data.',
});
const BREACHED_PASSWORD = 'lantern-market-2021';
const BREACHED_PASSWORD_COUNT = 5321;

const { hibp, suite } = useBuiltAppWithScanFakes({
  email: BREACHED,
  domain: DOMAIN,
  breaches: [LANTERN, NORTHWIND],
  displayName: 'Ada Breached',
  location: 'Lisbon, Portugal',
});
beforeAll(() => {
  hibp.addPassword(BREACHED_PASSWORD, BREACHED_PASSWORD_COUNT);
});

let counter = 0;
/** A fresh client IP per test (the app trusts X-Forwarded-For from loopback), so rate limits stay apart. */
async function freshIp(t: TrackedPage) {
  counter += 1;
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.88.${process.pid % 250}.${counter}` });
}

const main = (page: Page) => page.getByRole('main');
const scanBox = (scope: Locator) => scope.getByRole('textbox', { name: 'Email address, website URL or social media handle' });
const card = (scope: Locator, title: string) => scope.locator('[data-group]').filter({ has: scope.page().getByRole('heading', { name: title, exact: true }) });

/** The score circle's number and colour agree with the spec (80+ green, 60–79 yellow, else red). */
async function checkScoreCircle(scope: Locator, c: Checks) {
  await c.that('score circle coloured by the spec', async () => {
    const circle = scope.getByRole('img', { name: /^Privacy score \d+ out of 100/ });
    const name = (await circle.getAttribute('aria-label')) ?? '';
    const score = Number(/Privacy score (\d+)/.exec(name)?.[1]);
    const expected = score >= 80 ? 'green' : score >= 60 ? 'yellow' : 'red';
    const tone = await circle.getAttribute('data-tone');
    if (tone !== expected) return `score ${score} is ${tone}, expected ${expected}`;
    const colours = await circle.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    if (colours[0] === colours[1]) return `unreadable: ${colours.join(' on ')}`;
  });
}

const signUp = (t: TrackedPage, email: string) => signUpInBrowser(t, { email, password: 'scan-pass-12', lastName: 'Scanner' });

describe('privacy audit widget', () => {
  it('a visitor scans an email with breaches on the landing page: live checks, score, counts, no details, sign-up prompt, Scan Another', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('visitor scan');
      // Slow breach answers, so the live check list can be seen filling in.
      hibp.delayMs = 1_500;
      await t.goto('/');
      const m = main(t.page);
      const tryNow = m.locator('#try-now');

      await m.getByRole('button', { name: 'Try Free Scan' }).click();
      await c.that("'Try Free Scan' puts the cursor in the scan box", async () => {
        await t.page.waitForFunction(() => document.activeElement?.id === 'try-now-input', undefined, { timeout: 10_000 });
      });

      await scanBox(tryNow).fill('not an email');
      await c.visible(tryNow.getByText('Please enter a valid email address, website URL, or social media handle (e.g., @username)'), 'invalid-input message');
      await c.that("'Start Scan' disabled for invalid input", async () =>
        (await tryNow.getByRole('button', { name: 'Start Scan' }).isDisabled()) ? undefined : 'enabled',
      );

      await scanBox(tryNow).fill(BREACHED);
      await tryNow.getByRole('button', { name: 'Start Scan' }).click();
      await c.visible(tryNow.getByRole('button', { name: 'Scanning...' }), "'Scanning...' button");
      await c.that('scan box disabled while scanning', async () => ((await scanBox(tryNow).isDisabled()) ? undefined : 'enabled'));
      await c.visible(tryNow.getByText('Scanning for privacy risks...'), 'spinner text');
      await c.visible(tryNow.getByText('This may take a few seconds'), 'spinner sub-text');
      const progress = tryNow.getByRole('region', { name: 'Checks in progress' });
      await c.visible(progress.getByText('Data breaches (Have I Been Pwned): checking…'), 'the breach check listed as running');
      await c.visible(progress.getByText(/^Email provider: checked/), 'a finished check shown before the scan ends', 1_400);

      await tryNow.getByRole('heading', { name: `Results for ${BREACHED}` }).waitFor({ timeout: 15_000 });
      await c.visible(tryNow.getByText('Real Analysis', { exact: true }), "'Real Analysis' badge");
      await checkScoreCircle(tryNow, c);
      await c.that('Data Breaches card counts 2', async () => {
        const text = await card(tryNow, 'Data Breaches').innerText();
        if (!/\b2\s*found/.test(text.replace(/\n/g, ' '))) return JSON.stringify(text);
      });
      await c.that('Personal Information card counts the public Gravatar fields', async () => {
        const text = (await card(tryNow, 'Personal Information').innerText()).replace(/\n/g, ' ');
        if (!/\b[1-9]\d*\s*found/.test(text)) return JSON.stringify(text);
      });
      for (const title of ['Location Data', 'Metadata Risks', 'Social Media Risks']) {
        await c.visible(card(tryNow, title), `card '${title}'`);
      }
      await c.notVisible(tryNow.getByRole('button', { name: /^Show details for / }), 'no detail buttons for visitors');
      await c.notVisible(tryNow.getByText('Lantern Market'), 'no breach names for visitors');
      await c.visible(tryNow.getByRole('heading', { name: 'Get More Detailed Results' }), "'Get More Detailed Results'");
      await c.visible(tryNow.getByText('Data breaches (Have I Been Pwned): checked, 2 findings'), 'check status list in the results');
      await c.visible(tryNow.getByRole('heading', { name: 'Privacy Recommendations' }), "'Privacy Recommendations'");
      await c.that('at least one recommendation with category, priority and action', async () => {
        const items = await tryNow.getByRole('heading', { name: 'Privacy Recommendations' }).locator('xpath=..').locator('li').count();
        if (items === 0) return 'none';
      });
      await checkAxe(t.page, c);

      await tryNow.getByRole('button', { name: 'Scan Another' }).click();
      await c.visible(tryNow.getByRole('heading', { name: 'Start Your Privacy Audit' }), "'Scan Another' back to the input view");
      await c.that("'Scan Another' clears the input", async () => {
        const value = await scanBox(tryNow).inputValue();
        return value === '' ? undefined : `value ${JSON.stringify(value)}`;
      });
      await c.notVisible(tryNow.getByText('Real Analysis', { exact: true }), 'result gone after Scan Another');

      hibp.delayMs = 0;
      await scanBox(tryNow).fill(BREACHED);
      await scanBox(tryNow).press('Enter');
      await tryNow.getByRole('link', { name: 'Sign Up Free' }).click({ timeout: 15_000 });
      await c.that("'Sign Up Free' goes to /signup", async () => {
        await t.page.waitForURL((url) => url.pathname === '/signup', { timeout: 5_000 });
      });
      checkClean(t, c);
      c.done();
    });
  });

  it('a signed-in user scans on the dashboard and expands breach details with evidence and source', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('signed-in scan');
      hibp.delayMs = 0;
      await signUp(t, `scanner.${process.pid}.${Date.now()}@example.test`);
      const m = main(t.page);
      await m.getByRole('tab', { name: 'New Privacy Scan' }).click();
      const panel = m.getByRole('tabpanel', { name: 'New Privacy Scan' });
      await scanBox(panel).fill(BREACHED);
      await panel.getByRole('button', { name: 'Check My Privacy' }).click();
      await panel.getByRole('heading', { name: `Results for ${BREACHED}` }).waitFor({ timeout: 15_000 });
      await c.visible(panel.getByText('Real Analysis', { exact: true }), "'Real Analysis' badge");
      await c.notVisible(panel.getByRole('heading', { name: 'Get More Detailed Results' }), 'no sign-up prompt when signed in');

      await panel.getByRole('button', { name: 'Show details for Data Breaches' }).click();
      const breaches = card(panel, 'Data Breaches');
      const lantern = breaches.getByRole('listitem').filter({ hasText: 'Lantern Market' });
      await c.visible(lantern, 'the Lantern Market breach');
      await c.visible(lantern.getByText('Breached 14 March 2021 · 48,213 accounts'), 'breach date and accounts');
      await c.visible(lantern.getByText('In March 2021 the invented online store Lantern Market exposed its customer database.'), 'description as text');
      await c.visible(lantern.getByText(/^Evidence:/), 'evidence');
      await c.visible(lantern.getByText('Data exposed: Email addresses, Passwords, Names').first(), 'data classes');
      await c.visible(lantern.getByText(/Source: Have I Been Pwned/), 'source');
      await c.that('the public record link is https', async () => {
        const href = await lantern.getByRole('link', { name: 'View the public record' }).getAttribute('href');
        return href?.startsWith('https://') ? undefined : `href ${href}`;
      });
      const northwind = breaches.getByRole('listitem').filter({ hasText: 'Northwind Forum' });
      await c.visible(northwind.getByText('The invented Northwind Forum leaked "profile" data.'), 'HTML description shown as plain text');
      await c.that('no HTML from the description is rendered', async () => {
        const links = await northwind.locator('a[href="https://northwindforum.example"]').count();
        return links === 0 ? undefined : 'the description link was rendered';
      });
      await checkAxe(t.page, c);

      await panel.getByRole('button', { name: 'Show details for Personal Information' }).click();
      await c.visible(card(panel, 'Personal Information').getByText(/Gravatar/).first(), 'Gravatar evidence in personal information');
      checkClean(t, c);
      c.done();
    });
  });

  it('the password check on the education page finds a breached password and a clean one, sending only the hash prefix', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('password check');
      hibp.resetBehaviour();
      const sent: string[] = [];
      t.page.on('request', (request) => {
        if (request.url().includes('/api/passwords/')) sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
      });
      await t.goto('/education');
      const tool = main(t.page).getByRole('region', { name: 'Password Exposure Check' });
      const field = tool.getByLabel('Password to check');

      await tool.getByRole('button', { name: 'Check Password' }).click();
      await c.visible(tool.getByText('No password provided'), "'No password provided' for an empty box");

      await field.fill(BREACHED_PASSWORD);
      await tool.getByRole('button', { name: 'Check Password' }).click();
      await c.visible(
        tool.getByText(`This password has appeared ${BREACHED_PASSWORD_COUNT.toLocaleString('en-US')} times in data breaches. Do not use it anywhere.`),
        'the breached password and its count',
        5_000,
      );
      const prefix = createHash('sha1').update(BREACHED_PASSWORD).digest('hex').slice(0, 5).toUpperCase();
      await c.that('the browser sent only the 5-character prefix', async () => {
        if (sent.length !== 1) return `requests: ${JSON.stringify(sent)}`;
        if (!sent[0].endsWith(`/api/passwords/range/${prefix} `)) return sent[0];
        if (sent[0].includes(BREACHED_PASSWORD)) return 'the password was sent';
      });
      await c.that('the range service was asked with padding', async () => {
        const asked = hibp.requestsTo('range');
        if (asked.length !== 1 || asked[0].path !== `/range/${prefix}` || asked[0].headers['add-padding'] !== 'true') return JSON.stringify(asked);
      });
      await checkAxe(t.page, c);

      await field.fill('a-long-unique-passphrase-nobody-used-2026');
      await c.notVisible(tool.getByText(/has appeared/), 'result cleared when the password changes');
      await tool.getByRole('button', { name: 'Check Password' }).click();
      await c.visible(tool.getByText(/^Good news: this password was not found in known data breaches\./), 'a clean password', 5_000);
      checkClean(t, c);
      c.done();
    });
  });
});
