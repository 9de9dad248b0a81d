/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import type { Locator, Page } from 'playwright-core';
import { FakeUsernameSites } from '../fakes/username-sites';
import type { TrackedPage } from '../support/browser';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { signUpInBrowser } from '../support/signup-page';

/**
 * The widget scanning a social handle in a real browser, against the built app whose configured
 * username site list is served by the fakes: found sites with links to check, the not-found count,
 * the sites that could not be checked, and the findings (counts for visitors, evidence for users).
 */

jest.setTimeout(90_000);

const TAKEN = 'jane_doe';

const fakes = new FakeUsernameSites([
  { name: 'Honest', behaviour: 'honest', accounts: [TAKEN] },
  { name: 'CatchAll', behaviour: 'catch-all', accounts: [TAKEN] },
  { name: 'LoginRedirect', behaviour: 'redirect-login', accounts: [] },
  { name: 'Missing', behaviour: 'honest', accounts: [] },
  { name: 'Walled', behaviour: 'bot-wall-403', accounts: [TAKEN] },
]);

// The fakes must listen before the app starts (it reads their addresses at start).
beforeAll(async () => {
  await fakes.start();
});
afterAll(async () => {
  await fakes.close();
});
const suite = useBuiltAppAndBrowser(() => ({
  USERNAME_SITE_LIST_URL: fakes.listUrl,
  USERNAME_BUILTIN_SITES: 'false',
  USERNAME_CHECK_TIMEOUT_MS: '3000',
  FETCH_ALLOWED_PORTS: [...fakes.ports, new URL(fakes.listUrl).port].join(','),
  FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
}));

let counter = 0;
const ip = () => `10.89.${process.pid % 250}.${++counter}`;

/**
 * The app loads the configured list a few seconds after it starts (in production mode, as here):
 * scan through the API until the username check runs on it, so the browser tests start from there.
 */
async function siteListLoaded(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${suite.app.baseUrl}/api/scans`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() },
      body: JSON.stringify({ input: '@nobody_here' }),
    });
    const body = (await res.json()) as { checks?: { id: string; status: string }[] };
    if (body.checks?.some((check) => check.id === 'username' && check.status === 'ok')) return;
    if (Date.now() > deadline) throw new Error(`the username site list was not loaded: ${JSON.stringify(body.checks)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function freshIp(t: TrackedPage) {
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip() });
}

const main = (page: Page) => page.getByRole('main');
const scanBox = (scope: Locator) => scope.getByRole('textbox', { name: 'Email address, website URL or social media handle' });
const card = (scope: Locator, title: string) => scope.locator('[data-group]').filter({ has: scope.page().getByRole('heading', { name: title, exact: true }) });

/** The found sites, their Check links and the rest of the username section, as anyone sees them. */
async function checkUsernameSites(scope: Locator, c: Checks) {
  const section = scope.getByRole('region', { name: 'Where this username is taken' });
  await c.visible(section.getByText('Found on 2 of 5 sites checked; 1 could not be checked'), 'the headline of the username sites');
  const found = section.getByRole('list', { name: 'Sites where the username was found' });
  await c.that('the found sites are listed, each with a Check link to its profile in a new tab', async () => {
    const items = await found.getByRole('listitem').allInnerTexts();
    if (items.length !== 2 || !items[0].startsWith('CatchAll') || !items[1].startsWith('Honest')) return JSON.stringify(items);
    const link = found.getByRole('link', { name: 'Check the Honest profile (opens in a new tab)' });
    const [href, target, rel] = await Promise.all([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]);
    if (href !== `${fakes.site('Honest').origin}/u/${TAKEN}`) return `href ${href}`;
    if (target !== '_blank' || rel !== 'noopener noreferrer') return `target ${target}, rel ${rel}`;
  });
  await c.visible(section.getByText('Not found on 2 sites.'), 'the count of sites without the name');
  const unknown = section.getByRole('list', { name: 'Sites that could not be checked' });
  await c.visible(section.getByText('Could not check', { exact: true }), "'Could not check'");
  await c.visible(unknown.getByRole('listitem').filter({ hasText: 'Walled' }).getByText('bot wall (HTTP 403 with a challenge page)'), 'the bot wall listed with its reason');
  await c.notVisible(section.getByText('Missing', { exact: true }), 'sites without the name are counted, their list closed');
  await section.getByTestId('username-not-found').click();
  await c.visible(
    section.getByRole('list', { name: 'Sites where the username was not found' }).getByRole('listitem').filter({ hasText: 'Missing' }),
    'opening the count lists the sites without the name',
  );
  await c.visible(unknown.getByRole('link', { name: 'Look by hand for the name on Walled (opens in a new tab)' }), 'a link to look for the name by hand on the walled site');
  // The list the app downloaded (served as …/wmn-data.json) is credited to WhatsMyName, with links.
  const credit = section.getByTestId('username-site-list');
  await c.visible(credit, 'the credit to the site list');
  await c.that('the credit names WhatsMyName and links to it and its licence', async () => {
    const text = await credit.innerText();
    if (!text.startsWith('Sites from WhatsMyName')) return text;
    const project = await credit.getByRole('link', { name: 'WhatsMyName (opens in a new tab)' }).getAttribute('href');
    const licence = await credit.getByRole('link', { name: 'CC BY-SA 4.0 (opens in a new tab)' }).getAttribute('href');
    if (project !== 'https://github.com/WebBreacher/WhatsMyName' || licence !== 'https://creativecommons.org/licenses/by-sa/4.0/') return `${project} ${licence}`;
  });
}

describe('social media scan in the widget', () => {
  beforeAll(async () => {
    await siteListLoaded();
  }, 45_000);

  it("a visitor scans '@name' on the landing page: found sites with links, unknowns apart, counted findings", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('visitor social scan');
      await t.goto('/');
      const tryNow = main(t.page).locator('#try-now');
      await scanBox(tryNow).fill(`@${TAKEN}`);
      await tryNow.getByRole('button', { name: 'Start Scan' }).click();
      await tryNow.getByRole('heading', { name: `Results for @${TAKEN}` }).waitFor({ timeout: 20_000 });

      await c.visible(tryNow.getByText('Real Analysis', { exact: true }), "'Real Analysis' badge");
      await c.that('Social Media Risks counts the two sites and the reused name', async () => {
        const text = (await card(tryNow, 'Social Media Risks').innerText()).replace(/\n/g, ' ');
        if (!/\b3\s*found/.test(text) || !text.includes('Found 3 social media risks')) return JSON.stringify(text);
      });
      await c.visible(
        tryNow.getByText('Username check across sites and public profile exposure: checked, 3 findings'),
        'the username check in the status list',
      );
      await c.visible(tryNow.getByText("Checked 5 sites (WhatsMyName's list): 2 found, 2 not found, 1 could not be determined"), "the check's summary, naming the list used");
      await checkUsernameSites(tryNow, c);
      await c.notVisible(tryNow.getByRole('button', { name: /^Show details for / }), 'no detail buttons for visitors');
      await checkAxe(t.page, c);
      checkClean(t, c);
      c.done();
    });
  });

  it('a signed-in user sees each found site as a finding with its evidence', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await freshIp(t);
      const c = new Checks('signed-in social scan');
      await signUpInBrowser(t, { email: `social.${process.pid}.${Date.now()}@example.test`, password: 'scan-pass-12', lastName: 'Scanner' });
      const m = main(t.page);
      await m.getByRole('tab', { name: 'New Privacy Scan' }).click();
      const panel = m.getByRole('tabpanel', { name: 'New Privacy Scan' });
      await scanBox(panel).fill(`@${TAKEN}`);
      await panel.getByRole('button', { name: 'Check My Privacy' }).click();
      await panel.getByRole('heading', { name: `Results for @${TAKEN}` }).waitFor({ timeout: 20_000 });

      await checkUsernameSites(panel, c);
      await panel.getByRole('button', { name: 'Show details for Social Media Risks' }).click();
      const honest = card(panel, 'Social Media Risks').getByRole('listitem').filter({ hasText: `An account named ${TAKEN} on Honest` });
      await c.visible(honest, 'the Honest site as a finding');
      await c.visible(honest.getByText(`Evidence: Honest (social) has an account named ${TAKEN}: HTTP 200 and the profile marker`), 'its evidence');
      await c.visible(honest.getByText(`${fakes.site('Honest').origin}/u/${TAKEN} → HTTP 200`), 'the answer seen');
      await c.visible(honest.getByText(/Source: Footprint username check/), 'its source');
      await c.visible(card(panel, 'Social Media Risks').getByText(`The username ${TAKEN} is taken on 2 sites`), 'the reused-name risk');
      await checkAxe(t.page, c);
      checkClean(t, c);
      c.done();
    });
  });
});
