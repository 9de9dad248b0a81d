/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify, toaster } from '../components/toaster';
import MonitoringPage from '../pages/MonitoringPage';
import { renderWithProviders, signedIn } from '../test-utils';
import { AT_LIMIT_MESSAGE } from './monitor-display';
import { type Answer, fakeFetch, monitor, monitorList } from './monitoring-test-helpers';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const HOUR = 3600_000;
const LIST = 'GET /api/monitoring';
const NOTICES = 'GET /api/monitoring/notices';

let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  jest.clearAllMocks();
  routes = { [NOTICES]: () => ({ status: 200, body: { notices: [] } }) };
  http = fakeFetch(routes);
});

const plus = signedIn({ plan: { tier: 'plus', expiresAt: null } });
const renderPage = () => renderWithProviders(<MonitoringPage />, { auth: plus, path: '/monitoring' });
const counter = () => screen.findByTestId('monitor-counter');
const cards = () => screen.findAllByTestId('monitor-card');

describe('monitoring page states', () => {
  it('empty under the limit: the counter, Create Monitor, Create Your First Monitor, no limit text', async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([], 1) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Monitoring' })).toBeTruthy();
    expect((await counter()).textContent).toBe('0 / 1');
    expect(screen.getByRole('button', { name: 'Create Monitor' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Your First Monitor' })).toBeTruthy();
    expect(screen.queryByText(AT_LIMIT_MESSAGE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).toBeNull();
  });

  it('empty at the limit (free: 0 / 0): Upgrade Plan to /pricing and the limit text, no create buttons', async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([], 0) });
    renderPage();
    expect((await counter()).textContent).toBe('0 / 0');
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText(AT_LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Monitor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Your First Monitor' })).toBeNull();
  });

  it('at the limit with a monitor: the limit text and no Create Monitor; the card shows its targets, type, state and runs', async () => {
    const runAt = new Date(Date.now() - 2 * HOUR).toISOString();
    routes[LIST] = () => ({
      status: 200,
      body: monitorList(
        [
          monitor({
            targets: { emails: ['alice@example.com', 'bob@example.com'], handles: ['@alice'], websites: [], domains: [] },
            pendingEmails: ['bob@example.com'],
            lastRuns: [
              { id: 'r-2', startedAt: runAt, finishedAt: runAt, status: 'succeeded', newItems: 2, summary: '2 new breaches', changes: [] },
              { id: 'r-1', startedAt: runAt, finishedAt: null, status: 'failed', newItems: 0, summary: 'The breach service was unavailable', changes: [] },
            ],
          }),
        ],
        1,
      ),
    });
    renderPage();
    const [card] = await cards();
    expect((await counter()).textContent).toBe('1 / 1');
    expect(screen.getByText(AT_LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Monitor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Your First Monitor' })).toBeNull();

    const c = within(card);
    expect(c.getByTestId('monitor-state').textContent).toBe('Active');
    expect(c.getByTestId('monitor-next-run').textContent).toBe('In 7 days');
    expect(c.getByText('Weekly (every 7 days)')).toBeTruthy();
    const emails = c.getByRole('list', { name: 'Monitored emails' });
    const [alice, bob] = within(emails).getAllByRole('listitem');
    expect(alice.textContent).toBe('alice@example.com');
    expect(bob.textContent).toBe('bob@example.comAwaiting verification');
    expect(within(c.getByRole('list', { name: 'Monitored handles' })).getByText('@alice')).toBeTruthy();
    const runs = within(c.getByRole('list', { name: 'Recent runs' })).getAllByRole('listitem');
    expect(runs.map((r) => r.querySelector('time')?.getAttribute('datetime'))).toEqual([runAt, runAt]);
    expect(runs[0].textContent).toContain('Succeeded');
    expect(runs[0].textContent).toContain('2 new breaches');
    expect(runs[1].textContent).toContain('Failed');
    expect(runs[1].textContent).toContain('The breach service was unavailable');
    expect(c.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(c.getByRole('button', { name: 'Send the verification link again' })).toBeTruthy();
  });

  it('shows Paused (with Activate, not scheduled) and Overdue cards; paused monitors do not count', async () => {
    routes[LIST] = () => ({
      status: 200,
      body: monitorList(
        [
          monitor({ id: 'm-1', active: false }),
          monitor({ id: 'm-2', nextRunAt: new Date(Date.now() - 60_000).toISOString(), targets: { emails: [], handles: ['@bob'], websites: [], domains: [] } }),
        ],
        5,
      ),
    });
    renderPage();
    const [paused, overdue] = await cards();
    expect((await counter()).textContent).toBe('1 / 5');
    expect(within(paused).getByTestId('monitor-state').textContent).toBe('Paused');
    expect(within(paused).getByTestId('monitor-next-run').textContent).toBe('Not scheduled');
    expect(within(paused).getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(within(overdue).getByTestId('monitor-state').textContent).toBe('Overdue');
    expect(within(overdue).getByTestId('monitor-next-run').textContent).toBe('Overdue');
    expect(within(overdue).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Monitor' })).toBeTruthy();
  });

  it("toasts 'Failed to load monitors' on an error answer", async () => {
    routes[LIST] = () => ({ status: 500, body: { error: 'Internal server error' } });
    renderPage();
    expect(await screen.findByText('Your monitors could not be loaded.')).toBeTruthy();
    expect(notify.error).toHaveBeenCalledWith('Failed to load monitors');
  });

  it("toasts 'Error loading monitors' when the request fails, and Try again loads", async () => {
    routes[LIST] = () => 'network-error';
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(notify.error).toHaveBeenCalledWith('Error loading monitors');
    routes[LIST] = () => ({ status: 200, body: monitorList([], 1) });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await counter()).textContent).toBe('0 / 1');
  });
});

describe('verification links sent again', () => {
  const resend = 'POST /api/monitoring/m-1/verification-emails';

  it('sends new links for the addresses that await verification, toasts and reloads', async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor({ targets: { emails: ['bob@example.com'], handles: [], websites: [], domains: [] }, pendingEmails: ['bob@example.com'] })], 1) });
    routes[resend] = () => ({ status: 200, body: { monitor: monitor() } });
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Send the verification link again' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verification links sent again'));
    expect(http.count(resend)).toBe(1);
    await waitFor(() => expect(http.count(LIST)).toBe(2));
  });

  it("shows the server's reason when it refuses (a daily limit, say)", async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor({ targets: { emails: ['bob@example.com'], handles: [], websites: [], domains: [] }, pendingEmails: ['bob@example.com'] })], 1) });
    routes[resend] = () => ({ status: 429, body: { error: 'Too many requests. Please try again later.' } });
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Send the verification link again' }));
    await waitFor(() =>
      expect(toaster.create).toHaveBeenCalledWith({ title: 'Failed to send the verification links', type: 'error', description: 'Too many requests. Please try again later.' }),
    );
  });

  it('on a server that sends no email, offers no resend and says whom to ask instead', async () => {
    routes['GET /api/site'] = () => ({
      status: 200,
      body: { name: 'Footprint', contactEmail: 'ops@footprint.test', version: '0.1.0', sendsEmail: false, outsideServices: [] },
    });
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor({ pendingEmails: ['alice@example.com'] })], 1) });
    renderPage();
    const c = within((await cards())[0]);
    expect((await c.findByTestId('no-mail-monitor-verification')).textContent).toBe(
      'This server does not send email yet, so no verification link reaches these addresses. The person who runs it can help: write to ops@footprint.test.',
    );
    expect(c.queryByRole('button', { name: /verification link/ })).toBeNull();
  });

  it('offers nothing when every address is verified', async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor()], 1) });
    renderPage();
    expect(within((await cards())[0]).queryByRole('button', { name: /verification link/ })).toBeNull();
  });
});

describe('pause, activate and delete', () => {
  const put = 'PUT /api/monitoring/m-1';
  const del = 'DELETE /api/monitoring/m-1';

  it.each([
    [true, 'Pause', false, 'Monitor paused'],
    [false, 'Activate', true, 'Monitor activated'],
  ])('active=%s: %s sends active=%s, toasts %s and reloads', async (active, button, sent, toast) => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor({ active })], 1) });
    routes[put] = () => ({ status: 200, body: { monitor: monitor({ active: sent }) } });
    renderPage();
    const [card] = await cards();
    fireEvent.click(within(card).getByRole('button', { name: button }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(toast));
    expect(http.calls.filter((c) => c.key === put).map((c) => c.body)).toEqual([{ active: sent }]);
    await waitFor(() => expect(http.count(LIST)).toBe(2));
  });

  it("shows 'Failed to update monitor' (with the server's reason) on an error answer, and does not reload", async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor({ active: false })], 1) });
    routes[put] = () => ({ status: 403, body: { error: AT_LIMIT_MESSAGE } });
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(toaster.create).toHaveBeenCalledWith({ title: 'Failed to update monitor', type: 'error', description: AT_LIMIT_MESSAGE }));
    expect(notify.success).not.toHaveBeenCalled();
    expect(http.count(LIST)).toBe(1);
  });

  it("shows 'Error updating monitor' when the request fails", async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor()], 1) });
    routes[put] = () => 'network-error';
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error updating monitor'));
  });

  it('deletes only after the confirm dialog, then toasts and reloads', async () => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor()], 1) });
    routes[del] = () => ({ status: 204 });
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this monitor?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(http.count(del)).toBe(0);

    routes[LIST] = () => ({ status: 200, body: monitorList([], 1) });
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Monitor deleted successfully'));
    expect(http.count(del)).toBe(1);
    expect(await screen.findByRole('button', { name: 'Create Your First Monitor' })).toBeTruthy();
  });

  it.each([
    [{ status: 404, body: { error: 'Monitor not found' } } as Answer, 'Failed to delete monitor'],
    ['network-error' as Answer, 'Error deleting monitor'],
  ])('a failed delete (%p) toasts %s and keeps the dialog open', async (answer, message) => {
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor()], 1) });
    routes[del] = () => answer;
    renderPage();
    fireEvent.click(within((await cards())[0]).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      const toasts = [...(notify.error as jest.Mock).mock.calls.map((c) => c[0]), ...(toaster.create as jest.Mock).mock.calls.map((c) => c[0].title)];
      expect(toasts).toEqual([message]);
    });
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
