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
