/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '../components/toaster';
import MonitoredEmailVerifyPage from '../pages/MonitoredEmailVerifyPage';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { MonitorNotices } from './MonitorNotices';
import { type Answer, fakeFetch } from './monitoring-test-helpers';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;
/** Lets the answered request reach React (the component would render by then if it were going to). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  jest.clearAllMocks();
  routes = {};
  http = fakeFetch(routes);
});

const notice = (id: string, summary: string) => ({
  id,
  monitorId: 'm-1',
  createdAt: '2031-03-10T12:00:00.000Z',
  summary,
  items: [
    { kind: 'breach', target: 'alice@example.com', title: 'ExampleShop', recommendation: 'Change your ExampleShop password.' },
    { kind: 'username_site', target: '@alice', title: 'ExampleForum', recommendation: 'Close the account if it is not yours.' },
  ],
});

describe('MonitorNotices', () => {
  it('renders nothing when there are no notices', async () => {
    routes['GET /api/monitoring/notices'] = () => ({ status: 200, body: { notices: [] } });
    const { container } = renderWithProviders(<MonitorNotices />, { auth: signedIn() });
    await waitFor(() => expect(http.count('GET /api/monitoring/notices')).toBe(1));
    await settle();
    expect(container.textContent).toBe('');
  });

  it('renders nothing when the notices cannot be loaded', async () => {
    routes['GET /api/monitoring/notices'] = () => 'network-error';
    const { container } = renderWithProviders(<MonitorNotices />, { auth: signedIn() });
    await waitFor(() => expect(http.count('GET /api/monitoring/notices')).toBe(1));
    await settle();
    expect(container.textContent).toBe('');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows each notice with its summary and items; Dismiss removes it', async () => {
    routes['GET /api/monitoring/notices'] = () => ({
      status: 200,
      body: { notices: [notice('n-2', '1 new breach, 1 new site with your name'), notice('n-1', '2 new breaches')] },
    });
    routes['POST /api/monitoring/notices/n-2/dismiss'] = () => ({ status: 204 });
    renderWithProviders(<MonitorNotices />, { auth: signedIn() });
    const shown = await screen.findAllByTestId('monitor-notice');
    expect(shown).toHaveLength(2);
    const first = within(shown[0]);
    expect(first.getByText('1 new breach, 1 new site with your name')).toBeTruthy();
    expect(first.getByText('New breach:')).toBeTruthy();
    expect(first.getByText('Change your ExampleShop password.')).toBeTruthy();
    expect(first.getByText('New site with your name:')).toBeTruthy();
    expect(first.getByText('(@alice)')).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.getAllByTestId('monitor-notice')).toHaveLength(1));
    expect(screen.getByText('2 new breaches')).toBeTruthy();
    expect(http.count('POST /api/monitoring/notices/n-2/dismiss')).toBe(1);
  });

  it('keeps a notice whose dismissal failed, and says so', async () => {
    routes['GET /api/monitoring/notices'] = () => ({ status: 200, body: { notices: [notice('n-1', '2 new breaches')] } });
    routes['POST /api/monitoring/notices/n-1/dismiss'] = () => ({ status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<MonitorNotices />, { auth: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to dismiss the notice'));
    expect(screen.getAllByTestId('monitor-notice')).toHaveLength(1);
  });
});

describe('monitored email verification page', () => {
  const VERIFY = 'POST /api/monitoring/verify-email';

  const ALLOW = { name: 'Allow monitoring of this address' };

  it('posts the token from the link once the owner allows it, and says the address will be monitored', async () => {
    routes[VERIFY] = () => ({ status: 200, body: { email: 'bob@example.com' } });
    renderWithProviders(<MonitoredEmailVerifyPage />, { auth: signedOut, path: '/monitoring/verify-email?token=abc_123' });
    // Opening the link sends nothing: a mail scanner must not allow monitoring for the owner.
    expect(screen.getByText(/Someone asked Footprint to watch this email address/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(http.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', ALLOW));
    expect(await screen.findByText('bob@example.com is verified and will be monitored.')).toBeTruthy();
    expect(http.calls.filter((c) => c.key === VERIFY).map((c) => c.body)).toEqual([{ token: 'abc_123' }]);
    expect(screen.getByRole('link', { name: 'Go to Footprint' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's error for a bad token, and links a signed-in user to monitoring", async () => {
    routes[VERIFY] = () => ({ status: 400, body: { error: 'This verification link is invalid or has expired.' } });
    renderWithProviders(<MonitoredEmailVerifyPage />, { auth: signedIn(), path: '/monitoring/verify-email?token=used' });
    fireEvent.click(screen.getByRole('button', ALLOW));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Monitoring' }).getAttribute('href')).toBe('/monitoring');
  });

  it('sends nothing without a token', async () => {
    renderWithProviders(<MonitoredEmailVerifyPage />, { auth: signedOut, path: '/monitoring/verify-email' });
    expect(screen.getByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.queryByRole('button', ALLOW)).toBeNull();
    expect(http.calls).toEqual([]);
  });
});
