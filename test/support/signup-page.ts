import type { TrackedPage } from './browser';

export interface BrowserSignUp {
  email: string;
  password: string;
  /** The first name is always Ada; the last name tells the suites' users apart in screenshots. */
  lastName: string;
}

/** Signs up through the sign-up page as a person would, terms ticked, and waits for the dashboard. */
export async function signUpInBrowser(t: TrackedPage, { email, password, lastName }: BrowserSignUp): Promise<void> {
  await t.goto('/signup');
  const m = t.page.getByRole('main');
  await m.getByLabel('First name').fill('Ada');
  await m.getByLabel('Last name').fill(lastName);
  await m.getByLabel('Email').fill(email);
  await m.getByLabel('Password', { exact: true }).fill(password);
  await m.getByLabel('Confirm password').fill(password);
  const terms = m.getByRole('checkbox', { name: /terms/i });
  if (!(await terms.isChecked())) await terms.check({ timeout: 1_500 }).catch(() => terms.dispatchEvent('click'));
  await m.getByRole('button', { name: 'Create Account', exact: true }).click();
  await t.page.waitForURL((url) => url.pathname === '/dashboard');
}

/**
 * Makes the account through the API from client address `ip` (the app trusts X-Forwarded-For from
 * loopback), and has the page send the same address from now on, so rate limits stay per user.
 */
export async function signUpThroughApi(t: TrackedPage, baseUrl: string, { email, password, ip }: { email: string; password: string; ip: string }): Promise<void> {
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
}

/** Signs in through the login page and waits for the dashboard to settle. */
export async function logInInBrowser(t: TrackedPage, email: string, password: string): Promise<void> {
  await t.goto('/login');
  const m = t.page.getByRole('main');
  await m.getByLabel('Email').fill(email);
  await m.getByLabel('Password', { exact: true }).fill(password);
  await m.getByRole('button', { name: 'Sign In', exact: true }).click();
  await t.page.waitForURL((url) => url.pathname === '/dashboard');
  await t.settle();
}
