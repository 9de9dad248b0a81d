/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { SmtpSink } from '../fakes/smtp-sink';
import { formatAxe, seriousAxeViolations, type TrackedPage, type Viewport } from '../support/browser';
import { checkAxe, checkClean, checkNoHorizontalOverflow, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { signUpInBrowser } from '../support/signup-page';

/** Accounts in a real browser against the built app: sign-up, sign-in, reset and verification by email, account page. */

jest.setTimeout(60_000);

// The SMTP sink must listen before the app starts (the app reads SMTP_URL at start).
const sink = new SmtpSink();
beforeAll(() => sink.start());
afterAll(() => sink.stop());
const suite = useBuiltAppAndBrowser(() => ({ SMTP_URL: sink.url }));

const PASSWORD = 'first-pass-1';
let counter = 0;
/** A fresh address, and a fresh client IP for it (the app trusts X-Forwarded-For from loopback), so rate limits stay apart. */
function freshUser(label: string) {
  counter += 1;
  return { email: `${label}.${process.pid}.${counter}.${Date.now()}@example.test`, ip: `10.77.${process.pid % 250}.${counter}` };
}

const main = (page: Page) => page.getByRole('main');
const header = (page: Page) => page.getByRole('banner');
const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

async function tick(box: Locator) {
  if (await box.isChecked()) return;
  await box.check({ timeout: 1_500 }).catch(async () => {
    await box.dispatchEvent('click');
  });
}

async function useIp(t: TrackedPage, ip: string) {
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
}

const signUp = (t: TrackedPage, email: string, password = PASSWORD) => signUpInBrowser(t, { email, password, lastName: 'Lovelace' });

async function logIn(t: TrackedPage, email: string, password: string, rememberMe = false) {
  if (new URL(t.page.url()).pathname !== '/login') await t.goto('/login');
  const m = main(t.page);
  await m.getByLabel('Email').fill(email);
  await m.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await tick(m.getByRole('checkbox', { name: 'Remember me' }));
  await m.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The first link to `path` in the latest message to `email`. */
async function linkFromMail(email: string, subject: string, path: string): Promise<string> {
  const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject === subject, 10_000);
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[^\\s"<>]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in the email text:\n${mail.text}`);
  return match[0];
}

/** The refresh cookie's lifetime: 'session' or the expiry as Unix seconds. */
async function refreshCookieExpiry(t: TrackedPage): Promise<'session' | number | undefined> {
  const cookie = (await t.context.cookies()).find((c) => c.name === 'fp_refresh');
  if (!cookie) return undefined;
  return cookie.expires === -1 ? 'session' : cookie.expires;
}

describe('accounts', () => {
  it('sign up → dashboard; reload stays signed in; sign out → /; sign in with Remember me → dashboard', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const { email, ip } = freshUser('flow');
      await useIp(t, ip);
      const c = new Checks('sign-up and sign-in flow');
      await t.goto('/signup');
      await checkAxe(t.page, c);
      await signUp(t, email);
      await c.visible(toast(t.page, 'Account created successfully!'), "toast 'Account created successfully!'");
      // The first name typed at sign-up is the display name (never 'User'); a new account has no history, so no 'back'.
      await c.visible(main(t.page).getByRole('heading', { name: 'Welcome, Ada!' }), 'dashboard greeting with the first name');
      const chip = header(t.page).getByRole('link', { name: email.split('@')[0] });
      await c.visible(chip, 'account chip with the part of the email before @');
      await c.that('while the toast shows, it covers none of the header (Sign Out and the account chip take the click)', async () => {
        if (!(await toast(t.page, 'Account created successfully!').isVisible())) return 'the toast was gone before the check';
        const targets = [['Sign Out', header(t.page).getByRole('button', { name: 'Sign Out' })], ['the account chip', chip]] as const;
        for (const [name, target] of targets) {
          // A trial click runs every actionability check, the hit test included, without clicking.
          const blocked = await target.click({ trial: true, timeout: 1_500 }).then(() => false, () => true);
          if (blocked) return `${name} is covered`;
        }
        return undefined;
      });
      await c.that('after sign-up the refresh cookie lasts 30 days (docs/PRODUCT.md: like Remember me)', async () => {
        const expiry = await refreshCookieExpiry(t);
        if (typeof expiry !== 'number') return `fp_refresh expiry is ${expiry}`;
        const days = (expiry - Date.now() / 1000) / 86_400;
        return days > 29 && days <= 30.01 ? undefined : `expires in ${days.toFixed(2)} days`;
      });

      await t.page.reload();
      await t.settle();
      await c.that('reload stays signed in on /dashboard', async () => {
        const path = new URL(t.page.url()).pathname;
        return path === '/dashboard' ? undefined : `now at ${path}`;
      });
      await c.visible(chip, 'account chip after reload');

      await header(t.page).getByRole('button', { name: 'Sign Out' }).click();
      await c.that('sign out goes to /', async () => {
        await t.page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
      });
      await c.visible(header(t.page).getByRole('link', { name: 'Protect My Privacy' }), "'Protect My Privacy' after sign-out");
      await t.page.reload();
      await t.settle();
      await c.visible(header(t.page).getByRole('link', { name: 'Protect My Privacy' }), 'still signed out after reload');

      await t.goto('/login');
      await checkAxe(t.page, c);
      await logIn(t, email, PASSWORD, true);
      await c.that('sign-in goes to /dashboard', async () => {
        await t.page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 5_000 });
      });
      await c.visible(toast(t.page, 'Login successful!'), "toast 'Login successful!'");
      await c.that('Remember me: the refresh cookie outlives the browser session (about 30 days)', async () => {
        const expiry = await refreshCookieExpiry(t);
        if (typeof expiry !== 'number') return `fp_refresh expiry is ${expiry}`;
        const days = (expiry - Date.now() / 1000) / 86_400;
        return days > 29 && days <= 30.01 ? undefined : `expires in ${days.toFixed(2)} days`;
      });
      checkClean(t, c);
      c.done();
    });
  });

  it('a protected route sends a signed-out visitor to /login and back after sign-in; a wrong password is refused', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const { email, ip } = freshUser('protected');
      await useIp(t, ip);
      const c = new Checks('protected route');
      await signUp(t, email);
      await header(t.page).getByRole('button', { name: 'Sign Out' }).click();
      await t.page.waitForURL((url) => url.pathname === '/');

      await t.goto('/account');
      // The redirect happens once the app has started, which under load may be after 'load' and a settle.
      await c.that('/account redirects to /login', async () => {
        await t.page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      });
      await logIn(t, email, 'not-the-password-1');
      await c.visible(toast(t.page, 'Failed to log in: Invalid email or password'), "toast 'Failed to log in: Invalid email or password'");
      await c.that('still on /login after a wrong password', async () => {
        const path = new URL(t.page.url()).pathname;
        return path === '/login' ? undefined : `now at ${path}`;
      });
      await logIn(t, email, PASSWORD);
      await c.that('back on /account after sign-in', async () => {
        await t.page.waitForURL((url) => url.pathname === '/account', { timeout: 5_000 });
      });
      await c.visible(main(t.page).getByRole('heading', { name: 'Account', exact: true }), 'account page');
      await c.that('without Remember me the refresh cookie ends with the browser session', async () => {
        const expiry = await refreshCookieExpiry(t);
        return expiry === 'session' ? undefined : `fp_refresh expiry is ${expiry}`;
      });
      checkClean(t, c);
      c.done();
    });
  });

  it('password reset end to end through the emailed link', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const { email, ip } = freshUser('reset');
      await useIp(t, ip);
      const c = new Checks('password reset');
      await signUp(t, email);
      await header(t.page).getByRole('button', { name: 'Sign Out' }).click();
      await t.page.waitForURL((url) => url.pathname === '/');

      await t.goto('/login');
      await main(t.page).getByRole('link', { name: 'Forgot your password?' }).click();
      await t.page.waitForURL((url) => url.pathname === '/forgot-password');
      await t.settle();
      await checkAxe(t.page, c);
      await main(t.page).getByLabel('Email').fill(email);
      await main(t.page).getByRole('button', { name: 'Send reset link' }).click();
      await c.visible(main(t.page).getByText(/If an account exists for that address, we have sent a link/), 'the neutral confirmation');

      const link = await linkFromMail(email, 'Reset your Footprint password', '/reset-password');
      if (!link.startsWith(`${suite.app.baseUrl}/reset-password?token=`)) c.fail(`unexpected link ${link}`);
      await t.page.goto(link);
      await t.settle();
      await checkAxe(t.page, c);
      const m = main(t.page);
      await m.getByLabel('New password', { exact: true }).fill('new-pass-22');
      await m.getByLabel('Confirm new password').fill('new-pass-2');
      await m.getByRole('button', { name: 'Set new password' }).click();
      await c.visible(toast(t.page, 'Passwords do not match'), "mismatch: 'Passwords do not match'");
      await m.getByLabel('New password', { exact: true }).fill('abc1');
      await m.getByLabel('Confirm new password').fill('abc1');
      await m.getByRole('button', { name: 'Set new password' }).click();
      await c.visible(toast(t.page, 'Password must be at least 6 characters'), "too short: 'Password must be at least 6 characters'");
      await m.getByLabel('New password', { exact: true }).fill('new-pass-22');
      await m.getByLabel('Confirm new password').fill('new-pass-22');
      await m.getByRole('button', { name: 'Set new password' }).click();
      await t.page.waitForURL((url) => url.pathname === '/login', { timeout: 5_000 });
      await c.visible(toast(t.page, 'Your password has been changed. Please sign in.'), 'password changed toast', 10_000);

      await logIn(t, email, PASSWORD);
      await c.visible(toast(t.page, 'Failed to log in: Invalid email or password'), 'the old password no longer works');
      await logIn(t, email, 'new-pass-22');
      await c.that('the new password signs in', async () => {
        await t.page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 5_000 });
      });
      checkClean(t, c);
      c.done();
    });
  });

  it('email verification through the emailed link', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const { email, ip } = freshUser('verify');
      await useIp(t, ip);
      const c = new Checks('email verification');
      await signUp(t, email);
      await t.goto('/account');
      await c.visible(main(t.page).getByText('Not verified', { exact: true }), "'Not verified' before the link");
      await main(t.page).getByRole('button', { name: 'Resend verification email' }).click();
      await c.visible(toast(t.page, 'Verification email sent. Please check your inbox.'), 'resend toast');

      // The resend replaced the sign-up link: wait for the second message and use it.
      const messages = () => sink.messages.filter((m) => m.to.includes(email) && m.subject === 'Confirm your email address for Footprint');
      await c.that('two verification emails (sign-up and resend)', async () => {
        const deadline = Date.now() + 10_000;
        while (messages().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        if (messages().length < 2) return `received ${messages().length}`;
      });
      const text = messages().at(-1)?.text ?? '';
      const link = /https?:\/\/[^\s"<>]+\/verify-email\?token=[^\s"<>]+/.exec(text)?.[0];
      if (!link) {
        c.fail(`no verification link in: ${text}`);
        c.done();
        return;
      }
      await t.page.goto(link);
      await t.settle();
      await main(t.page).getByRole('button', { name: 'Verify my email address' }).click();
      await c.visible(main(t.page).getByText('Your email address is verified.'), 'verified message');
      await main(t.page).getByRole('link', { name: 'Go to Dashboard' }).click();
      await t.page.waitForURL((url) => url.pathname === '/dashboard');
      await t.goto('/account');
      await c.visible(main(t.page).getByText('Verified', { exact: true }), "'Verified' on the account page");

      checkClean(t, c);

      await t.page.goto(link); // single use (its 400 is logged by Chromium, so checked for cleanliness above)
      await t.settle();
      await main(t.page).getByRole('button', { name: 'Verify my email address' }).click();
      await c.visible(main(t.page).getByText('This verification link is invalid or has expired.'), 'a used link is refused');
      c.done();
    });
  });

  it('account page: fields, API tokens (create, list, revoke), data export, account deletion', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const { email, ip } = freshUser('account');
      await useIp(t, ip);
      const c = new Checks('account page');
      await signUp(t, email);
      await t.goto('/account');
      const m = main(t.page);
      await c.that('the email, the display name typed at sign-up and the user id, shown until Change details opens the forms', async () => {
        const shownEmail = await m.getByTestId('profile-email').textContent();
        if (shownEmail !== email) return `email is ${shownEmail}`;
        const profile = (await m.getByTestId('profile').textContent()) ?? '';
        // The first name typed at sign-up is the display name.
        if (!profile.includes('Display name: Ada')) return `profile reads ${profile.slice(0, 200)}`;
        if (!/User ID: [0-9a-f-]{36}/.test(profile)) return `no user id in ${profile.slice(0, 200)}`;
        if ((await m.getByRole('form', { name: 'Change your sign-in email' }).count()) !== 0) return 'the email form is open before Change details';
      });
      await c.visible(m.getByText('Free Plan', { exact: true }), "'Free Plan'");
      await c.visible(m.getByText('Active', { exact: true }), "status 'Active'");
      await c.visible(m.getByRole('link', { name: 'Upgrade Plan' }), "'Upgrade Plan'");
      await c.visible(m.getByRole('link', { name: 'Back to Dashboard' }), "'Back to Dashboard'");
      await checkAxe(t.page, c);

      // Create a read-only token expiring in 30 days: the secret is shown once and works as a bearer credential, for reading only.
      await m.getByLabel('Token name').fill('Nightly script');
      await m.getByLabel('Access').selectOption('read-only');
      await m.getByLabel('Expires').selectOption('30');
      await m.getByRole('button', { name: 'Create token' }).click();
      const secretField = m.getByLabel('New API token');
      await c.visible(secretField, 'the new token, shown once');
      const secret = await secretField.inputValue().catch(() => '');
      await c.visible(m.getByText(/it will not be shown again/), 'the shown-once warning');
      const row = m.getByRole('row').filter({ hasText: 'Nightly script' });
      await c.visible(row, 'the token in the list');
      await c.that('the list shows the prefix, read only access, Never for last used and the expiry 30 days on', async () => {
        const text = await row.innerText();
        const prefix = /^fp_([^_]+)_/.exec(secret)?.[1];
        if (!prefix || !text.includes(`fp_${prefix}_`)) return `row: ${text}`;
        if (!text.includes('Never') || !text.includes('Read only')) return `row: ${text}`;
        // As client/src/format.ts writes it: "26 Dec 2026" (day, short month, year).
        const expiry = await t.page.evaluate(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(Date.now() + 30 * 86_400_000)));
        if (!text.includes(expiry)) return `row: ${text} (expected the date ${expiry})`;
      });
      const profileWith = (token: string) =>
        fetch(`${suite.app.baseUrl}/api/auth/profile`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);
      await c.that('the token authenticates API calls', async () => {
        const status = await profileWith(secret);
        return status === 200 ? undefined : `GET /api/auth/profile answered ${status}`;
      });
      await c.that('the read-only token is refused a write with 403', async () => {
        const res = await fetch(`${suite.app.baseUrl}/api/scans`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: 'example.com' }),
        });
        return res.status === 403 ? undefined : `POST /api/scans answered ${res.status}`;
      });
      await checkAxe(t.page, c);

      await m.getByRole('button', { name: 'Done' }).click();
      await c.notVisible(secretField, 'the secret after Done');
      await t.page.reload();
      await t.settle();
      await c.notVisible(m.getByLabel('New API token'), 'the secret after a reload');
      await m.getByRole('button', { name: 'Revoke Nightly script' }).click();
      const dialog = t.page.getByRole('alertdialog');
      await c.visible(dialog, 'revoke confirmation');
      await t.page.waitForTimeout(400); // the dialog's entrance animation (mid-fade colours fail contrast)
      await checkAxe(t.page, c);
      await dialog.getByRole('button', { name: 'Revoke token' }).click();
      await c.visible(toast(t.page, "Token 'Nightly script' revoked"), 'revoke toast');
      await c.visible(m.getByText('You have no API tokens.'), 'empty list after revoking');
      await c.that('the revoked token no longer authenticates', async () => {
        const status = await profileWith(secret);
        return status === 401 ? undefined : `GET /api/auth/profile answered ${status}`;
      });

      // Download my data: a JSON file.
      await c.that('Download my data saves a JSON file with the profile', async () => {
        const [download] = await Promise.all([
          t.page.waitForEvent('download', { timeout: 5_000 }),
          m.getByRole('button', { name: 'Download my data' }).click(),
        ]);
        if (download.suggestedFilename() !== 'footprint-account.json') return `file name ${download.suggestedFilename()}`;
        const path = await download.path();
        const body = JSON.parse(readFileSync(path, 'utf8')) as { profile?: { email?: string } };
        if (body.profile?.email !== email) return `profile.email is ${body.profile?.email}`;
      });

      // Delete the account: asks for the password, then signs out to '/'.
      await m.getByRole('button', { name: 'Delete account' }).click();
      await c.visible(dialog, 'delete confirmation');
      await dialog.getByLabel('Current password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await c.that('deleting goes to /', async () => {
        await t.page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
      });
      await c.visible(toast(t.page, 'Your account has been deleted.'), 'deletion toast');
      await c.visible(header(t.page).getByRole('link', { name: 'Protect My Privacy' }), 'signed out after deletion');
      await logIn(t, email, PASSWORD);
      await c.visible(toast(t.page, 'Failed to log in: Invalid email or password'), 'the deleted account cannot sign in');
      checkClean(t, c);
      c.done();
    });
  });

  it('account changes: the name, the password (current one required, an email says so) and the sign-in email (link to the new address, the old one told), with axe at 390 and 1280 px, light and dark', async () => {
    const PHONE: Viewport = { width: 390, height: 844 };
    const DESKTOP: Viewport = { width: 1280, height: 800 };
    await suite.browser.withPage(suite.app.baseUrl, { viewport: PHONE }, async (t) => {
      const { email, ip } = freshUser('changes');
      const newEmail = `moved.${email}`;
      await useIp(t, ip);
      const c = new Checks('account changes');
      // Signed up through the API (the form has its own test above); its refresh cookie signs the page in.
      await t.goto('/login');
      const status = await t.page.evaluate(async (body) => {
        const res = await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return res.status;
      }, { email, password: PASSWORD });
      if (status !== 201) c.fail(`sign-up answered ${status}`);
      await t.goto('/account');
      const m = main(t.page);
      await m.getByRole('button', { name: 'Change details' }).click();
      const nameForm = m.getByRole('form', { name: 'Change your name' });
      await c.visible(nameForm, 'the forms after Change details');

      // The account page with its forms open, as a phone and a desktop show it, light and dark (the app follows the system's choice).
      for (const viewport of [PHONE, DESKTOP]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await t.page.setViewportSize(viewport);
          await t.page.emulateMedia({ colorScheme });
          await c.that(`${viewport.width} px ${colorScheme}: the colour mode follows`, async () => {
            await t.page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark', { timeout: 5_000 });
          });
          await c.that(`${viewport.width} px ${colorScheme}: axe (serious/critical)`, async () => {
            const problems = await seriousAxeViolations(t.page);
            if (problems.length) return `${problems.map((p) => p.id).join(', ')}\n${formatAxe(problems)}`;
          });
          await checkNoHorizontalOverflow(t.page, c, viewport.width);
        }
      }
      await t.page.setViewportSize(PHONE);
      await t.page.emulateMedia({ colorScheme: 'light' });

      // The name.
      await nameForm.getByLabel('Display name').fill('Grace');
      await nameForm.getByRole('button', { name: 'Save name' }).click();
      await c.visible(toast(t.page, 'Your name was saved.'), "toast 'Your name was saved.'", 10_000);
      await c.visible(m.getByText('Display name: Grace'), 'the new name in the profile');

      checkClean(t, c); // before the refused password, whose 403 Chromium logs
      const cleanSoFar = t.consoleErrors.length;

      // The password (its hashing answers slowly on a loaded machine, hence the longer waits): a wrong current password is refused; the right one changes it, this browser stays signed in and an email says so.
      const passwordForm = m.getByRole('form', { name: 'Change your password' });
      await passwordForm.getByLabel('Current password', { exact: true }).fill('not-the-password-1');
      await passwordForm.getByLabel('New password', { exact: true }).fill('second-pass-2');
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await c.visible(passwordForm.getByRole('alert').getByText('The password is incorrect'), 'a wrong current password is refused', 10_000);
      await passwordForm.getByLabel('Current password', { exact: true }).fill(PASSWORD);
      await passwordForm.getByRole('button', { name: 'Change password' }).click();
      await c.visible(toast(t.page, 'Password changed. Other devices were signed out and your API tokens revoked.'), 'password changed toast', 10_000);
      await c.that("the email 'Your Footprint password was changed' arrives at the account's address", async () => {
        await sink.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Your Footprint password was changed', 10_000);
      });
      await c.that('the login API takes the new password and refuses the old one', async () => {
        const statusWith = (password: string) =>
          fetch(`${suite.app.baseUrl}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
            body: JSON.stringify({ email, password }),
          }).then((r) => r.status);
        const [fresh, old] = [await statusWith('second-pass-2'), await statusWith(PASSWORD)];
        return fresh === 200 && old === 401 ? undefined : `new password ${fresh}, old password ${old}`;
      });

      // The sign-in email: a link goes to the new address; the account keeps the old one until it is opened; then the old one is told.
      const emailForm = m.getByRole('form', { name: 'Change your sign-in email' });
      await emailForm.getByLabel('Email', { exact: true }).fill(newEmail);
      await emailForm.getByLabel('Current password', { exact: true }).fill('second-pass-2');
      await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
      await c.visible(m.getByTestId('email-change-pending').getByText(`Check ${newEmail}`, { exact: false }), 'the pending change named', 10_000);
      await c.that('the sign-in address is unchanged until the link is opened', async () => {
        const shown = await m.getByTestId('profile-email').textContent();
        return shown === email ? undefined : `shown: ${shown}`;
      });
      const link = await linkFromMail(newEmail, 'Confirm your new Footprint sign-in address', '/verify-email').catch((e: Error) => {
        c.fail(e.message);
        return undefined;
      });
      if (link) {
        await t.page.goto(link);
        await t.settle();
        await main(t.page).getByRole('button', { name: 'Verify my email address' }).click();
        await c.visible(main(t.page).getByText(`Your sign-in address is now ${newEmail}.`), 'the change confirmed');
        await c.that("the old address gets 'Your Footprint sign-in address was changed'", async () => {
          const notice = await sink.waitFor((mail) => mail.to.includes(email) && mail.subject === 'Your Footprint sign-in address was changed', 10_000);
          if (!notice.text?.includes(newEmail)) return 'the notice does not name the new address';
        });
        await t.goto('/account');
        await c.that('the account page shows the new address', async () => {
          await main(t.page).getByTestId('profile-email').getByText(newEmail, { exact: true }).waitFor({ timeout: 5_000 });
        });
      }
      await c.that("no console error but the refused password's 403", async () => {
        const others = t.consoleErrors.slice(cleanSoFar).filter((e) => !(e.includes('403') && e.includes('/api/auth/password')));
        return others.length ? others.join(' | ') : undefined;
      });
      c.done();
    });
  });

  it("the account page's 'Not Logged In state is never reached signed out: /account redirects to /login", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/account');
      // The redirect happens once the session check has answered, which may be after 'load'.
      await t.page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      t.expectClean();
    });
  });
});
