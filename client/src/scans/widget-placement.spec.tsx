import '../test-setup';
import { act, fireEvent, screen, within } from '@testing-library/react';
import DashboardPage from '../pages/DashboardPage';
import EducationPage from '../pages/EducationPage';
import { LandingPage } from '../pages/LandingPage';
import { ONBOARDING_FLAG_KEY } from '../dashboard/onboarding-flag';
import { renderWithProviders, signedIn } from '../test-utils';

/** Chakra's tabs sync their state on a timer after mounting: let it run inside act. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/** Where the widget and the password check live: landing page, dashboard tabs, education page. */

describe('landing page', () => {
  it("holds the widget in #try-now with the 'Start Scan' button, and 'Try Free Scan' focuses its text box", async () => {
    renderWithProviders(<LandingPage />);
    const tryNow = document.getElementById('try-now')!;
    // The widget's code loads on demand.
    expect(await within(tryNow).findByRole('heading', { name: 'Start Your Privacy Audit' })).toBeTruthy();
    expect(within(tryNow).getByRole('button', { name: 'Start Scan' })).toBeTruthy();
    expect(within(tryNow).queryByText('Coming soon')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try Free Scan' }));
    expect(document.activeElement).toBe(within(tryNow).getByRole('textbox'));
  });
});

describe('dashboard', () => {
  // The first-time tour would cover the tabs (it has its own spec).
  beforeEach(() => window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true'));
  afterEach(() => window.localStorage.clear());

  it('keeps the greeting and shows the three tabs, Overview first and selected', async () => {
    renderWithProviders(<DashboardPage />, { auth: signedIn({ displayName: 'Alice' }), path: '/dashboard' });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Alice!' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Overview', 'true'],
      ['New Privacy Scan', 'false'],
      ['EXIF Check', 'false'],
    ]);
  });

  /** Clicks a tab and lets Chakra's tab machine settle (it updates on a timer). */
  async function openTab(name: string): Promise<HTMLElement> {
    fireEvent.click(screen.getByRole('tab', { name }));
    await settle();
    expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    // (jsdom runs no exit animation, so a closed panel is told apart by its state, not by `hidden`)
    const visible = screen.getAllByRole('tabpanel').filter((panel) => panel.getAttribute('data-state') === 'open');
    expect(visible).toHaveLength(1);
    return visible[0];
  }

  it("'New Privacy Scan' holds the widget ('Check My Privacy') and the password check below it; 'EXIF Check' the image check", async () => {
    renderWithProviders(<DashboardPage />, { auth: signedIn(), path: '/dashboard' });
    const panel = await openTab('New Privacy Scan');
    expect(within(panel).getByRole('button', { name: 'Check My Privacy' })).toBeTruthy();
    const widgetTitle = within(panel).getByRole('heading', { name: 'Start Your Privacy Audit' });
    const passwordTitle = within(panel).getByRole('heading', { name: 'Password Exposure Check' });
    expect(widgetTitle.compareDocumentPosition(passwordTitle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Check Password' })).toBeTruthy();

    const exif = await openTab('EXIF Check');
    expect(await within(exif).findByRole('heading', { name: 'EXIF Privacy Check' })).toBeTruthy();
  });
});

describe('education page', () => {
  it('offers the password check', async () => {
    renderWithProviders(<EducationPage />, { path: '/education' });
    await settle();
    expect(screen.getByRole('heading', { name: 'Password Exposure Check' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check Password' })).toBeTruthy();
  });
});
