/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { FakeOidcProvider } from '../fakes/oidc-provider';
import { freshEmail } from '../support/auth';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';

/** Google sign-in in a real popup against the OpenID Connect fake (spec: Login and Signup pages). */

jest.setTimeout(45_000);

const fake = new FakeOidcProvider();
beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
const suite = useBuiltAppAndBrowser(() => fake.env);

let counter = 0;
beforeEach(() => {
  counter += 1;
  fake.reset({ sub: `e2e-${process.pid}-${counter}`, email: freshEmail('google-e2e'), emailVerified: true, name: 'Gina Google' });
});

/** Clicks the button, follows the popup through the fake until it closes by itself. */
async function throughPopup(page: Page, button: string): Promise<string[]> {
  const popupProblems: string[] = [];
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: button, exact: true }).click()]);
  popup.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) popupProblems.push(msg.text());
  });
  popup.on('pageerror', (err) => popupProblems.push(err.message));
  await popup.waitForEvent('close', { timeout: 15_000 });
  return popupProblems;
}

describe('Google sign-in', () => {
  it("'Sign in with Google' on /login goes through the popup and lands on /dashboard signed in", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/login');
      const popupProblems = await throughPopup(t.page, 'Sign in with Google');
      expect(popupProblems).toEqual([]);
      await t.page.waitForURL('**/dashboard', { timeout: 10_000 });
      await t.page.getByText('Login successful!').first().waitFor({ timeout: 5_000 });
      // The session survives a reload (the refresh cookie the callback set).
      await t.page.reload({ waitUntil: 'load' });
      await t.settle();
      expect(new URL(t.page.url()).pathname).toBe('/dashboard');
      t.expectClean();
    });
  });

  it("'Sign up with Google' on /signup creates the account and says so", async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/signup');
      await throughPopup(t.page, 'Sign up with Google');
      await t.page.waitForURL('**/dashboard', { timeout: 10_000 });
      await t.page.getByText('Account created successfully!').first().waitFor({ timeout: 5_000 });
      t.expectClean();
    });
  });

  it('a refused consent shows the error and stays signed out on /login', async () => {
    fake.deny = true;
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      await t.goto('/login');
      await throughPopup(t.page, 'Sign in with Google');
      await t.page.getByText('Failed to log in with Google: Google sign-in was cancelled.').first().waitFor({ timeout: 5_000 });
      expect(new URL(t.page.url()).pathname).toBe('/login');
    });
  });
});
