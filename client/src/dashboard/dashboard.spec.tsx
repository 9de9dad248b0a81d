/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '../components/toaster';
import DashboardPage from '../pages/DashboardPage';
import { renderWithProviders, signedIn, everythingNearViewport } from '../test-utils';
import { statusDisplay } from './dashboard-display';
import type { Dashboard, ScanSummary } from './dashboard-types';
import { ONBOARDING_FLAG_KEY } from './onboarding-flag';

// The charts load as they come near the screen (components/NearViewport.tsx): here, at once.
let nearViewport: ReturnType<typeof everythingNearViewport>;
beforeEach(() => {
  nearViewport = everythingNearViewport();
});
afterEach(() => nearViewport.restore());

/** The dashboard's Overview tab against a mocked GET /api/dashboard. */

/** Lets the overview's request and the lazy panels settle inside act. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

function scan(overrides: Partial<ScanSummary> & Pick<ScanSummary, 'id'>): ScanSummary {
  return {
    input: 'alice@example.com',
    inputType: 'email',
    scanType: 'privacy',
    status: 'completed',
    score: 85,
    imageRiskLevel: null,
    startedAt: '2031-03-04T10:15:00.000Z',
    completedAt: '2031-03-04T10:15:05.000Z',
    failureReason: null,
    expectedBy: null,
    findings: null,
    ...overrides,
  };
}

const NO_TREND: Dashboard['privacyTrend'] = { direction: 'not-enough-history', inputs: 0, change: null };

const EMPTY: Dashboard = {
  totalScans: 0,
  hasHistory: false,
  averagePrivacyScore: null,
  privacyTrend: NO_TREND,
  lastScanAt: null,
  recentScans: [],
  riskDistribution: { low: 0, medium: 0, high: 0, critical: 0 },
  scoreTrend: [],
};

const BUSY: Dashboard = {
  totalScans: 7,
  hasHistory: true,
  averagePrivacyScore: 72,
  privacyTrend: { direction: 'improving', inputs: 2, change: 9 },
  lastScanAt: '2031-03-04T10:15:00.000Z',
  recentScans: [
    scan({ id: 's5', input: 'https://example.com', inputType: 'url', status: 'running', score: null, completedAt: null }),
    scan({ id: 's4', input: 'holiday.jpg', inputType: 'image', scanType: 'image', score: null, imageRiskLevel: 'high' }),
    scan({ id: 's3', input: '@alice', inputType: 'social', status: 'failed', score: null }),
    scan({ id: 's2', score: 55 }),
    scan({ id: 's1', score: 91 }),
  ],
  riskDistribution: { low: 3, medium: 2, high: 4, critical: 1 },
  scoreTrend: [
    { date: '2031-03-01', averageScore: 60, scans: 2 },
    { date: '2031-03-04', averageScore: 73, scans: 1 },
  ],
};

let answers: Dashboard[];
let calls: number;
let failNext: boolean;
beforeEach(() => {
  window.localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
  answers = [BUSY];
  calls = 0;
  failNext = false;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET' || path !== '/api/dashboard') throw new Error(`unexpected ${request.method} ${path}`);
    const body = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (failNext) {
      failNext = false;
      return new Response(JSON.stringify({ error: 'boom' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

async function renderDashboard() {
  renderWithProviders(<DashboardPage />, { auth: signedIn({ displayName: 'Alice' }), path: '/dashboard' });
  await settle();
  return screen.getAllByRole('tabpanel').find((panel) => panel.getAttribute('data-state') === 'open')!;
}

describe('overview cards', () => {
  it('shows Total Scans, the Average Privacy Score as N/100 with its scale in sight and the Last Scan date from the server', async () => {
    await renderDashboard();
    const total = await screen.findByTestId('stat-total-scans');
    expect(within(total).getByText('Total Scans')).toBeTruthy();
    expect(within(total).getByText('7')).toBeTruthy();
    const average = screen.getByTestId('stat-average-score');
    expect(within(average).getByText('Average Privacy Score')).toBeTruthy();
    expect(within(average).getByText('72/100')).toBeTruthy();
    expect(within(average).getByText('Privacy score: 0–100, higher is better')).toBeTruthy();
    const last = screen.getByTestId('stat-last-scan').querySelector('time');
    expect(last?.getAttribute('dateTime')).toBe('2031-03-04T10:15:00.000Z');
    expect(last?.textContent).toMatch(/2031/);
  });

  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'], // the spec's overview shows 60–79 green: a bug we do not reproduce
    [59, 'red'],
    [0, 'red'],
  ])('colours an average score of %i %s', async (score, tone) => {
    answers = [{ ...BUSY, averagePrivacyScore: score }];
    await renderDashboard();
    const value = await within(await screen.findByTestId('stat-average-score')).findByText(`${score}/100`);
    expect(value.getAttribute('data-tone')).toBe(tone);
  });

  it("says 'Never', no average and 'No scans yet' for a new account", async () => {
    answers = [EMPTY];
    const panel = await renderDashboard();
    expect(await within(panel).findByText('No scans yet. Start your first privacy scan!')).toBeTruthy();
    expect(within(screen.getByTestId('stat-total-scans')).getByText('0')).toBeTruthy();
    expect(within(screen.getByTestId('stat-last-scan')).getByText('Never')).toBeTruthy();
    expect(within(screen.getByTestId('stat-average-score')).getByLabelText('No completed scans yet')).toBeTruthy();
    expect(within(panel).queryAllByTestId('recent-scan')).toHaveLength(0);
    expect(await within(panel).findByText('No findings yet: completed scans will show their risks here.')).toBeTruthy();
    expect(within(panel).getByText('No completed privacy scans yet: your score over time will show here.')).toBeTruthy();
  });
});

describe('recent scans', () => {
  it('lists the latest scans with input, start time, score and a status badge (anything else is In progress, blue)', async () => {
    const panel = await renderDashboard();
    await within(panel).findByText('https://example.com');
    const items = within(panel).getAllByTestId('recent-scan');
    expect(items.map((item) => [item.getAttribute('data-status'), within(item).getByTestId('recent-scan-status').textContent])).toEqual([
      ['in-progress', 'In progress'],
      ['completed', 'Completed'],
      ['failed', 'Failed'],
      ['completed', 'Completed'],
      ['completed', 'Completed'],
    ]);
    expect(within(items[0]).getByLabelText('No score')).toBeTruthy();
    expect(items[0].querySelector('time')?.getAttribute('dateTime')).toBe('2031-03-04T10:15:00.000Z');
    // An image check shows a labelled risk level, never a number beside the privacy scores.
    expect(within(items[1]).getByTestId('recent-scan-risk').textContent).toBe('Image risk: High');
    expect(within(items[1]).queryByTestId('recent-scan-score')).toBeNull();
    expect(items[1].textContent).not.toMatch(/\/100/);
    expect(within(items[1]).getByText('holiday.jpg')).toBeTruthy();
    const privacy = [items[3], items[4]].map((item) => within(item).getByTestId('recent-scan-score'));
    expect(privacy.map((el) => [el.textContent, el.getAttribute('data-tone')])).toEqual([
      ['Privacy score 55/100', 'red'],
      ['Privacy score 91/100', 'green'],
    ]);
  });

  it.each([
    ['completed', 'Completed', 'green'],
    ['failed', 'Failed', 'red'],
    ['running', 'In progress', 'blue'],
    // A queued scan (its breach sources at their limit) is in progress and says why it waits.
    ['queued', 'Queued', 'blue'],
    ['unknown-state', 'In progress', 'blue'],
  ])('status %s reads %s in %s', (status, label, palette) => {
    expect(statusDisplay(status)).toMatchObject({ label, palette });
  });
});

describe('charts', () => {
  it('lists the risk distribution counts beside the chart', async () => {
    const panel = await renderDashboard();
    const counts = await within(panel).findByRole('list', { name: 'Findings by risk level' });
    const rows = within(counts).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['Low3', 'Medium2', 'High4', 'Critical1']);
  });

  it('describes the score trend in a table for screen readers and names the latest day', async () => {
    const panel = await renderDashboard();
    const table = await within(panel).findByRole('table', { name: 'Average privacy score per day' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1 Mar', '60/100', '2'],
      ['4 Mar', '73/100', '1'],
    ]);
    expect(within(panel).getByText(/Latest: 73\/100 on 4 Mar \(1 scan\)/)).toBeTruthy();
  });

  it("shows the server's privacy trend, and 'not enough history yet' until it can tell", async () => {
    answers = [BUSY];
    await renderDashboard();
    const trend = await screen.findByTestId('stat-privacy-trend');
    expect(trend.textContent).toContain('↑Improving');
    expect(within(trend).getByText('+9 points, from 2 inputs scanned at least 3 times over 7 days or more.')).toBeTruthy();
  });

  it('says there is not enough history for a trend', async () => {
    answers = [{ ...BUSY, privacyTrend: NO_TREND }];
    await renderDashboard();
    const trend = await screen.findByTestId('stat-privacy-trend');
    expect(within(trend).getByText('Not enough history yet')).toBeTruthy();
    expect(within(trend).getByText('A trend needs 3 scans of the same input over at least 7 days.')).toBeTruthy();
    expect(trend.textContent).not.toMatch(/[↑↓→]/);
  });
});

describe('refreshing', () => {
  it('loads the overview again when coming back from the scan tab', async () => {
    answers = [EMPTY, { ...EMPTY, totalScans: 1, lastScanAt: '2031-03-05T09:00:00.000Z', recentScans: [scan({ id: 'new', input: 'bob@example.com' })] }];
    await renderDashboard();
    await screen.findByText('No scans yet. Start your first privacy scan!');
    fireEvent.click(screen.getByRole('tab', { name: 'New Privacy Scan' }));
    await settle();
    expect(calls).toBe(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await settle();
    expect(await screen.findByText('bob@example.com')).toBeTruthy();
    expect(calls).toBe(2);
    expect(within(screen.getByTestId('stat-total-scans')).getByText('1')).toBeTruthy();
  });

  it('says the overview failed to load and tries again on request', async () => {
    failNext = true;
    await renderDashboard();
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load your overview.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('https://example.com', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('tabs', () => {
  it('follows the WAI-ARIA tabs pattern: one tab in the tab order, arrows wrap, Home and End, each panel labelled by its tab', async () => {
    await renderDashboard();
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'New Privacy Scan', 'EXIF Check']);
    const selected = () => tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent);
    const inTabOrder = () => tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.textContent);
    expect(selected()).toEqual(['Overview']);
    expect(inTabOrder()).toEqual(['Overview']);
    // Only the open panel is exposed, named by its tab, and the tab says which panel it controls.
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(tabs[0].getAttribute('aria-controls')).toBe(panel.id);

    const press = async (key: string) => {
      fireEvent.keyDown(document.activeElement!, { key });
      await settle();
    };
    tabs[0].focus();
    await press('ArrowRight');
    expect(selected()).toEqual(['New Privacy Scan']);
    expect(inTabOrder()).toEqual(['New Privacy Scan']);
    expect(document.activeElement).toBe(tabs[1]);
    expect(screen.getByRole('tabpanel', { name: 'New Privacy Scan' })).toBeTruthy();
    await press('End');
    expect(selected()).toEqual(['EXIF Check']);
    expect(document.activeElement).toBe(tabs[2]);
    await press('ArrowRight');
    expect(selected()).toEqual(['Overview']);
    await press('ArrowLeft');
    expect(selected()).toEqual(['EXIF Check']);
    await press('Home');
    expect(selected()).toEqual(['Overview']);
    expect(document.activeElement).toBe(tabs[0]);
    // Other keys are left to the page.
    await press('a');
    expect(selected()).toEqual(['Overview']);
    // The scan tab's panel, once opened, stays mounted while hidden (a running scan goes on).
    expect(document.getElementById(tabs[1].getAttribute('aria-controls')!)!.hidden).toBe(true);
    expect(document.getElementById(tabs[1].getAttribute('aria-controls')!)!.childElementCount).toBe(1);
  });
});

describe('sign out', () => {
  it("toasts 'Failed to log out' when signing out fails", async () => {
    const toast = jest.spyOn(notify, 'error');
    const signOut = jest.fn(async () => {
      throw new Error('offline');
    });
    renderWithProviders(<DashboardPage />, { auth: signedIn(), path: '/dashboard', signOut });
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Failed to log out'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
