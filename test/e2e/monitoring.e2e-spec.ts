import type { Locator, Page } from 'playwright-core';
import { Client } from 'pg';
import { ChangingSite } from '../fakes/changing-site';
import { SmtpSink } from '../fakes/smtp-sink';
import type { TrackedPage } from '../support/browser';
import { checkAxe, checkClean, checkSingleH1, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { logInInBrowser, signUpThroughApi } from '../support/signup-page';

/**
 * Monitoring in a real browser against the built app: a free account is at its limit (Upgrade
 * Plan), a Plus account creates a monitor through the modal, pauses and activates it, has a second
 * address verified through the emailed link, and deletes it after the confirm dialog; another
 * watches a website (loaded by the app's own Chromium) and sees what changed on it.
 */

jest.setTimeout(90_000);

// The SMTP sink and the watched site must listen before the app starts (it reads their addresses at start).
const sink = new SmtpSink();
const site = new ChangingSite();
beforeAll(() => Promise.all([sink.start(), site.start()]));
afterAll(() => Promise.all([sink.stop(), site.close()]));
// A one-second scheduler tick, so the new monitor's first run (due at once) happens during the test;
// a website change seen once is looked at again two seconds later.
const suite = useBuiltAppAndBrowser(() => ({ SMTP_URL: sink.url, MONITOR_TICK_SECONDS: '1', MONITOR_CONFIRM_DELAY_SECONDS: '2', ...site.env() }));

const PASSWORD = 'monitor-pass-1';
const AT_LIMIT = "You've reached your plan limit. Upgrade to create more monitors.";

let counter = 0;
function freshUser(label: string) {
  counter += 1;
  return { email: `${label}.${process.pid}.${counter}.${Date.now()}@example.test`, ip: `10.66.${process.pid % 250}.${counter}` };
}

const main = (page: Page) => page.getByRole('main');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/** A statement on the app's database, for what no route offers (a plan without a payment, a run brought forward). */
async function onDatabase(sql: string, params: unknown[]): Promise<number> {
  const db = new Client({ connectionString: suite.app.databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rowCount ?? 0;
  } finally {
    await db.end();
  }
}

/** No route grants a plan without a payment: set it in the app's database, as an operator would. */
async function setPlan(email: string, tier: 'plus' | 'pro') {
  if ((await onDatabase('UPDATE users SET plan_tier = $1 WHERE email = $2', [tier, email])) !== 1) throw new Error(`no user ${email}`);
}

/** Reloads the monitoring page until `probe` answers (undefined: not yet), for at most `ms`. */
async function reloadUntil(t: TrackedPage, probe: () => Promise<string | undefined>, ms: number): Promise<string | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    await t.goto('/monitoring');
    await main(t.page).getByTestId('monitor-card').first().waitFor({ timeout: 3_000 }).catch(() => undefined);
    const last = await probe();
    if (last === undefined) return undefined;
    if (Date.now() > deadline) return `after ${ms / 1000} s: ${last}`;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** An account made through the API (on `tier`), then signed in through the login page. */
async function signedInUser(t: TrackedPage, label: string, tier: 'free' | 'plus'): Promise<string> {
  const { email, ip } = freshUser(label);
  await signUpThroughApi(t, suite.app.baseUrl, { email, password: PASSWORD, ip });
  if (tier !== 'free') await setPlan(email, tier);
  await logInInBrowser(t, email, PASSWORD);
  return email;
}

async function textIs(c: Checks, locator: Locator, expected: string | RegExp, what: string) {
  await c.that(what, async () => {
    const deadline = Date.now() + 3_000;
    for (;;) {
      const text = ((await locator.first().textContent({ timeout: 1_500 }).catch(() => null)) ?? '').trim();
      if (typeof expected === 'string' ? text === expected : expected.test(text)) return undefined;
      if (Date.now() > deadline) return `"${text}"`;
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

describe('monitoring page', () => {
  it("a free account is at its limit: 0 / 0, 'Upgrade Plan' to /pricing, the limit text, no Create Monitor", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('free monitoring');
      await signedInUser(t, 'free', 'free');
      await t.goto('/monitoring');
      const m = main(t.page);
      await c.visible(m.getByRole('heading', { level: 1, name: 'Privacy Monitoring' }), "the title 'Privacy Monitoring'");
      await checkSingleH1(t.page, c);
      await textIs(c, m.getByTestId('monitor-counter'), '0 / 0', "the counter '0 / 0'");
      await c.visible(m.getByText(AT_LIMIT, { exact: true }), 'the at-limit text');
      await c.notVisible(m.getByRole('button', { name: 'Create Monitor' }), "'Create Monitor'");
      await c.notVisible(m.getByRole('button', { name: 'Create Your First Monitor' }), "'Create Your First Monitor'");
      await checkAxe(t.page, c);
      await m.getByRole('link', { name: 'Upgrade Plan' }).click();
      await c.that("'Upgrade Plan' goes to /pricing", () => t.page.waitForURL((url) => url.pathname === '/pricing', { timeout: 3_000 }).then(() => undefined));
      checkClean(t, c);
      c.done();
    });
  });

  it('a Plus account creates a monitor in the modal, pauses and activates it, verifies a second address and deletes it', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('plus monitoring');
      await signedInUser(t, 'plus', 'plus');
      const other = freshUser('watched').email;
      await t.goto('/monitoring');
      const m = main(t.page);
      await textIs(c, m.getByTestId('monitor-counter'), '0 / 1', "the counter '0 / 1'");
      await c.visible(m.getByRole('button', { name: 'Create Your First Monitor' }), "the empty state's 'Create Your First Monitor'");
      await c.notVisible(m.getByText(AT_LIMIT, { exact: true }), 'the at-limit text under the limit');
      await checkAxe(t.page, c);

      // The modal: Enter adds, an entry can be removed, weekly by default.
      await m.getByRole('button', { name: 'Create Monitor', exact: true }).click();
      const dialog = t.page.getByRole('dialog', { name: 'Create Monitor' });
      await dialog.waitFor({ timeout: 3_000 });
      const email = dialog.getByRole('textbox', { name: 'Email addresses' });
      const handle = dialog.getByRole('textbox', { name: 'Social media handles' });
      await email.fill(`  ${other}  `);
      await email.press('Enter');
      await handle.fill('@footprint_watch');
      await handle.press('Enter');
      await handle.fill('@remove_me');
      await handle.press('Enter');
      await handle.fill('@footprint_watch');
      await handle.press('Enter');
      const handles = dialog.getByRole('list', { name: 'Social media handles to monitor' }).getByRole('listitem');
      await c.that('Enter added the handles once each', async () => {
        const texts = (await handles.allTextContents()).map((s) => s.trim());
        return texts.join(',') === '@footprint_watch,@remove_me' ? undefined : JSON.stringify(texts);
      });
      await dialog.getByRole('button', { name: 'Remove @remove_me' }).click();
      await c.that('the removed handle is gone', async () => ((await handles.count()) === 1 ? undefined : `${await handles.count()} handles`));
      await c.that('the email was trimmed', async () => {
        const texts = await dialog.getByRole('list', { name: 'Email addresses to monitor' }).getByRole('listitem').allTextContents();
        return texts.map((s) => s.trim()).join(',') === other ? undefined : JSON.stringify(texts);
      });
      await c.that('weekly is the default', async () => {
        const value = await dialog.getByRole('combobox', { name: 'Frequency' }).inputValue();
        return value === 'weekly' ? undefined : value;
      });
      await checkAxe(t.page, c);
      await dialog.getByRole('button', { name: 'Create Monitor' }).click();
      await c.visible(toast(t.page, 'Monitor created successfully'), "the toast 'Monitor created successfully'", 5_000);
      await c.notVisible(dialog, 'the modal after creating', 3_000);

      const card = m.getByTestId('monitor-card');
      await c.visible(card, 'the new monitor card', 3_000);
      // Due at once: the scheduler claims it within a tick. Reload until its first run has finished.
      const runs = card.getByRole('list', { name: 'Recent runs' }).getByRole('listitem');
      await c.that('the first run is listed with its time, status and outcome', async () => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          await t.goto('/monitoring');
          await card.waitFor({ timeout: 3_000 });
          const first = (await runs.count()) > 0 ? ((await runs.first().textContent()) ?? '') : '';
          if (/^.+(Succeeded|Failed).+$/.test(first)) return (await runs.first().locator('time').count()) === 1 ? undefined : 'no time';
          if (Date.now() > deadline) return `after 20 s: "${first}"`;
          await new Promise((r) => setTimeout(r, 500));
        }
      });
      await textIs(c, card.getByTestId('monitor-state'), 'Active', 'the card shows Active');
      await textIs(c, card.getByTestId('monitor-next-run'), /^In \d+ (hours?|days?)$/, "the next run 'In N days' or 'In N hours'");
      await c.visible(card.getByText('Weekly (every 7 days)'), 'the type');
      await c.visible(card.getByText('@footprint_watch'), 'the handle');
      await c.visible(card.getByRole('listitem').filter({ hasText: other }).getByText('Awaiting verification'), 'the second address awaits verification');
      await textIs(c, m.getByTestId('monitor-counter'), '1 / 1', "the counter '1 / 1'");
      await c.visible(m.getByText(AT_LIMIT, { exact: true }), 'the at-limit text at 1 / 1');
      await c.notVisible(m.getByRole('button', { name: 'Create Monitor', exact: true }), "'Create Monitor' at the limit");
      await checkAxe(t.page, c);

      // Pause and activate: the toggle sends the opposite of the current state.
      await card.getByRole('button', { name: 'Pause' }).click();
      await c.visible(toast(t.page, 'Monitor paused'), "the toast 'Monitor paused'", 5_000);
      await textIs(c, card.getByTestId('monitor-state'), 'Paused', 'the card shows Paused');
      await textIs(c, m.getByTestId('monitor-counter'), '0 / 1', "the counter '0 / 1' while paused");
      await c.visible(m.getByRole('button', { name: 'Create Monitor', exact: true }), "'Create Monitor' under the limit again");
      await card.getByRole('button', { name: 'Activate' }).click();
      await c.visible(toast(t.page, 'Monitor activated'), "the toast 'Monitor activated'", 5_000);
      await textIs(c, card.getByTestId('monitor-state'), /^(Active|Overdue)$/, 'the card is active again');

      // The second address's owner clicks the emailed link (signed in or not, it is a public page).
      await c.that('the verification link verifies the second address', async () => {
        const mail = await sink.waitFor((msg) => msg.to.includes(other), 10_000);
        const link = /https?:\/\/[^\s"<>]+\/monitoring\/verify-email\?token=[^\s"<>]+/.exec(mail.text ?? '')?.[0];
        if (!link) return `no /monitoring/verify-email link in:\n${mail.text}`;
        await t.page.goto(link);
        await t.settle();
        await main(t.page).getByRole('button', { name: 'Allow monitoring of this address' }).click();
        await main(t.page).getByText(`${other} is verified and will be monitored.`, { exact: true }).waitFor({ timeout: 5_000 });
      });
      await checkAxe(t.page, c);
      await t.goto('/monitoring');
      await c.visible(card, 'the card after verifying', 3_000);
      await c.notVisible(card.getByText('Awaiting verification'), "'Awaiting verification' after the click");

      // Delete, after the confirm dialog.
      await card.getByRole('button', { name: 'Delete' }).click();
      const confirm = t.page.getByRole('alertdialog');
      await c.visible(confirm.getByText('Are you sure you want to delete this monitor?', { exact: true }), 'the confirm question');
      await checkAxe(t.page, c);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await c.visible(toast(t.page, 'Monitor deleted successfully'), "the toast 'Monitor deleted successfully'", 5_000);
      await c.visible(m.getByRole('button', { name: 'Create Your First Monitor' }), 'the empty state again', 3_000);
      await textIs(c, m.getByTestId('monitor-counter'), '0 / 1', "the counter '0 / 1' after deleting");
      checkClean(t, c);
      c.done();
    });
  });

  it('a Plus account watches a website: the first run records it, a new tracker shows as a change with before, now and what was seen', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('website monitor');
      const email = await signedInUser(t, 'site', 'plus');
      await t.goto('/monitoring');
      const m = main(t.page);
      await m.getByRole('button', { name: 'Create Your First Monitor' }).click();
      const dialog = t.page.getByRole('dialog', { name: 'Create Monitor' });
      await dialog.getByRole('combobox', { name: 'What to watch' }).selectOption('website');
      await dialog.getByRole('textbox', { name: 'Website address' }).fill(site.url('/'));
      await checkAxe(t.page, c);
      await dialog.getByRole('button', { name: 'Create Monitor' }).click();
      await c.visible(toast(t.page, 'Monitor created successfully'), "the toast 'Monitor created successfully'", 5_000);

      const card = m.getByTestId('monitor-card');
      await c.that('the first run records the site as it is, in the browser', () =>
        reloadUntil(t, async () => {
          const text = (await card.getByTestId('website-status').textContent()) ?? '';
          return /page run in a browser: .*Global Privacy Control honoured/.test(text) ? undefined : text;
        }, 30_000),
      );
      await textIs(c, card.getByTestId('monitor-kind'), 'Website', "the kind 'Website'");
      await c.visible(card.getByText(/^First check: the starting point recorded/), "the run's summary 'First check: …'");

      // The owner adds Hotjar; the next run (brought forward) sees it once, the confirmation run two seconds later alerts.
      site.version.trackers = ['meta', 'hotjar'];
      await onDatabase(
        `UPDATE monitors SET next_run_at = now(), scheduled_at = now() WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        [email],
      );
      const changes = card.getByTestId('monitor-changes');
      await c.that('the confirmed change is on the card', () =>
        // Two browser runs (the one that sees it once, the confirmation): about 20 s alone, more beside the rest of the run.
        reloadUntil(t, async () => ((await changes.count()) > 0 ? undefined : ((await card.getByRole('list', { name: 'Recent runs' }).textContent()) ?? '')), 60_000),
      );
      await c.visible(changes.getByText('New tracker: Hotjar (Hotjar (Contentsquare), session recording)'), 'the change');
      await c.visible(changes.getByText('Not seen on earlier checks'), "what it was ('Before')");
      await c.visible(changes.getByText('Loaded by the page'), "what it is ('Now')");
      await c.visible(changes.getByText(/static\.hotjar\.com(:\d+)?\/c\/hotjar-3141\.js/), 'the request that loaded it');
      await checkAxe(t.page, c);

      await card.getByRole('button', { name: 'History' }).click();
      const history = t.page.getByRole('dialog', { name: `History of ${site.url('/')}` });
      await c.that('the history lists the three runs', async () => {
        const items = history.getByRole('list', { name: 'Runs' }).getByRole('listitem').filter({ has: t.page.locator('time') });
        await items.first().waitFor({ timeout: 5_000 });
        const count = await history.getByTestId('monitor-history').locator(':scope > li').count();
        return count === 3 ? undefined : `${count} runs`;
      });
      await checkAxe(t.page, c);
      checkClean(t, c);
      c.done();
    });
  }, 150_000);
});
