import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import DashboardPage from '../pages/DashboardPage';
import EducationPage from '../pages/EducationPage';
import { LandingPage } from '../pages/LandingPage';
import { ONBOARDING_FLAG_KEY } from '../dashboard/onboarding-flag';
import { everythingNearViewport, renderWithProviders, signedIn } from '../test-utils';

/** Chakra's tabs sync their state on a timer after mounting: let it run inside act. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

/** Where the widget and the password check live: landing page, dashboard tabs, education page. */

describe('landing page', () => {
  it("holds the widget's place until asked; 'Try Free Scan' loads the widget in #try-now ('Start Scan') and focuses its text box", async () => {
    renderWithProviders(<LandingPage />);
    const tryNow = document.getElementById('try-now')!;
    // Below the fold (test-setup's IntersectionObserver never reports it near): not loaded yet.
    expect(within(tryNow).queryByRole('heading', { name: 'Start Your Privacy Audit' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try Free Scan' }));
    // The widget's code loads on demand.
    expect(await within(tryNow).findByRole('heading', { name: 'Start Your Privacy Audit' }, { timeout: 8_000 })).toBeTruthy();
    expect(within(tryNow).getByRole('button', { name: 'Start Scan' })).toBeTruthy();
    expect(within(tryNow).queryByText('Coming soon')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(tryNow).getByRole('textbox')));

    // Once it is there, the button goes straight into the text box.
    within(tryNow).getByRole('textbox').blur();
    fireEvent.click(screen.getByRole('button', { name: 'Try Free Scan' }));
    expect(document.activeElement).toBe(within(tryNow).getByRole('textbox'));
  });

  it('loads the widget by itself once its section nears the screen', async () => {
    const { observed, restore } = everythingNearViewport();
    try {
      renderWithProviders(<LandingPage />);
      const tryNow = document.getElementById('try-now')!;
      expect(observed).toEqual([tryNow]);
      expect(await within(tryNow).findByRole('heading', { name: 'Start Your Privacy Audit' }, { timeout: 8_000 })).toBeTruthy();
      expect(document.activeElement).not.toBe(within(tryNow).getByRole('textbox'));
    } finally {
      restore();
    }
  });
});

describe('dashboard', () => {
  // The first-time tour would cover the tabs (it has its own spec).
  beforeEach(() => window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true'));
  afterEach(() => window.localStorage.clear());

  it('keeps the greeting and shows the three tabs, Overview first and selected', async () => {
    renderWithProviders(<DashboardPage />, { auth: signedIn({ displayName: 'Alice' }), path: '/dashboard' });
    await settle();
    // No dashboard answer here, so no known history: the first-visit greeting.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Alice!' })).toBeTruthy();
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
  it('offers the password check below the tips, loaded (with Chakra) once its place nears the screen', async () => {
    const page = renderWithProviders(<EducationPage />, { path: '/education' });
    await settle();
    expect(screen.getByRole('tab', { name: 'Privacy Basics', selected: true })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Password Exposure Check' })).toBeNull();
    page.unmount();

    const { restore } = everythingNearViewport();
    try {
      renderWithProviders(<EducationPage />, { path: '/education' });
      expect(await screen.findByRole('heading', { name: 'Password Exposure Check' }, { timeout: 8_000 })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Check Password' })).toBeTruthy();
    } finally {
      restore();
    }
  });
});
