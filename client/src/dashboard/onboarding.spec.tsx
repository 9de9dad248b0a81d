/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '../components/toaster';
import DashboardPage, { ONBOARDING_DONE_TOAST } from '../pages/DashboardPage';
import { renderWithProviders, signedIn } from '../test-utils';
import { ONBOARDING_FLAG_KEY } from './onboarding-flag';

/** The first-time onboarding tour on the dashboard. */

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

const EMPTY = { totalScans: 0, hasHistory: false, averagePrivacyScore: null, privacyTrend: { direction: 'not-enough-history', inputs: 0, change: null }, lastScanAt: null, recentScans: [], riskDistribution: { low: 0, medium: 0, high: 0, critical: 0 }, scoreTrend: [] };

/** The dashboard's answer from now on. */
const answerDashboard = (dashboard: typeof EMPTY) => {
  globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(dashboard), { status: 200, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;
};

beforeEach(() => {
  window.localStorage.clear();
  answerDashboard(EMPTY);
});
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

async function renderDashboard(user: Parameters<typeof signedIn>[0] = {}) {
  const view = renderWithProviders(<DashboardPage />, { auth: signedIn(user), path: '/dashboard' });
  await settle();
  return view;
}

const dialog = () => screen.getByRole('dialog');
const title = () => within(dialog()).getByRole('heading', { level: 2 }).textContent;
const progress = () => within(dialog()).getByRole('progressbar');
const button = (name: string) => within(dialog()).getByRole('button', { name }) as HTMLButtonElement;

const TITLES = ['Welcome to Footprint', 'What Footprint checks', 'Your privacy score', 'Recommendations', 'Monitoring', "You're all set!"];

describe('onboarding', () => {
  it('shows while the flag is not set: six steps with a progress bar, Previous disabled on step 1', async () => {
    await renderDashboard();
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog().getAttribute('aria-labelledby')!)?.textContent).toBe('Welcome to Footprint');
    expect(title()).toBe('Welcome to Footprint');
    expect(within(dialog()).getByText('1 / 6')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('1');
    expect(progress().getAttribute('aria-valuemax')).toBe('6');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Skip')).toBeTruthy();

    const seen = [title()];
    for (let step = 2; step <= 6; step++) {
      fireEvent.click(button('Next'));
      await settle();
      seen.push(title());
      expect(within(dialog()).getByText(`${step} / 6`)).toBeTruthy();
      expect(button('Previous').disabled).toBe(false);
    }
    expect(seen).toEqual(TITLES);
    expect(within(dialog()).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(button('Get Started')).toBeTruthy();
    expect(button('Start My First Scan')).toBeTruthy();
    expect(button('Skip')).toBeTruthy();

    fireEvent.click(button('Previous'));
    await settle();
    expect(title()).toBe('Monitoring');
  });

  it('explains the score ranges: 80–100 excellent, 60–79 good, 0–59 needs attention', async () => {
    await renderDashboard();
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    await settle();
    expect(title()).toBe('Your privacy score');
    const rows = within(dialog()).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['80–100Excellent', '60–79Good', '0–59Needs attention']);
  });

  /** The POSTs the page sent to record the tour as done on the server. */
  const stored = () =>
    (globalThis.fetch as jest.Mock).mock.calls.filter(([input]) => {
      const request = input as Request;
      return request.method === 'POST' && new URL(request.url).pathname === '/api/auth/profile/onboarding';
    });

  it('Skip closes it, sets the flag and stores it on the server, so it does not come back', async () => {
    const view = await renderDashboard();
    fireEvent.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(stored()).toHaveLength(1));
    expect(window.localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
    expect(ONBOARDING_FLAG_KEY).toContain('footprint');
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    view.unmount();
    await renderDashboard();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not show in a new browser (no local flag) once the server says the tour is done', async () => {
    await renderDashboard({ onboardingCompleted: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stored()).toHaveLength(0);
  });

  it('welcomes by the display name, else by the address before the @, never as "User"', async () => {
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
    answerDashboard({ ...EMPTY, totalScans: 1, hasHistory: true });
    await renderDashboard({ displayName: null, email: 'jane.doe@example.com' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, jane.doe!' })).toBeTruthy();
  });

  it('greets a first visit with "Welcome", not "Welcome back", and keeps it for the whole visit', async () => {
    await renderDashboard();
    // The tour covers the page (aria-hidden behind it): the heading is read through it.
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Welcome, Alice!');
    fireEvent.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Alice!' })).toBeTruthy();
  });

  it('says "Welcome back" only to an account with history (a scan or a monitor), not for the tour done or skipped', async () => {
    // A new account skips the tour; on its next visit the tour is done (server and browser) but there is no history.
    const first = await renderDashboard();
    fireEvent.click(button('Skip'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    first.unmount();
    const next = await renderDashboard({ onboardingCompleted: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Alice!' })).toBeTruthy();
    next.unmount();
    // The server counts a monitor alone as history too (hasHistory with no scan).
    answerDashboard({ ...EMPTY, hasHistory: true });
    await renderDashboard({ onboardingCompleted: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back, Alice!'));
  });

  it('does not show once the flag is set', async () => {
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
    await renderDashboard();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Alice!' })).toBeTruthy();
  });

  it.each(['Get Started', 'Start My First Scan'])("'%s' completes it: flag set, the scan tab opens, the welcome toast", async (finish) => {
    const toast = jest.spyOn(notify, 'success');
    await renderDashboard();
    for (let step = 2; step <= 6; step++) fireEvent.click(button('Next'));
    await settle();
    fireEvent.click(button(finish));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await settle();
    expect(window.localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
    expect(stored()).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'New Privacy Scan' }).getAttribute('aria-selected')).toBe('true');
    expect(toast.mock.calls).toEqual([[ONBOARDING_DONE_TOAST]]);
    expect(ONBOARDING_DONE_TOAST).toBe("Welcome to Footprint! Let's start with your first privacy scan.");
  });
});
