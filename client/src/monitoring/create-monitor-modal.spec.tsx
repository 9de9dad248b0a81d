/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '../components/toaster';
import MonitoringPage from '../pages/MonitoringPage';
import { renderWithProviders, signedIn } from '../test-utils';
import { DOMAIN_NOT_OFFERED } from './CreateMonitorModal';
import { NO_DOMAIN_MESSAGE, NO_TARGETS_MESSAGE, NO_WEBSITE_MESSAGE } from './monitor-display';
import { type Answer, fakeFetch, monitor, monitorList } from './monitoring-test-helpers';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const LIST = 'GET /api/monitoring';
const CREATE = 'POST /api/monitoring';
const SITE = 'GET /api/site';
/** GET /api/site's facts, with or without an HIBP key. */
const site = (hibp: boolean) => ({
  name: 'Footprint',
  contactEmail: 'privacy@footprint.example',
  version: '0.1.0',
  sendsEmail: false,
  outsideServices: [{ id: 'hibp', name: 'Have I Been Pwned', purpose: 'Breaches', sends: 'The address', when: 'Scans', enabled: hibp, control: 'HIBP_API_KEY' }],
});

let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;
let track: jest.Mock;
beforeEach(() => {
  jest.clearAllMocks();
  routes = {
    'GET /api/monitoring/notices': () => ({ status: 200, body: { notices: [] } }),
    [LIST]: () => ({ status: 200, body: monitorList([], 1) }),
    [CREATE]: () => ({ status: 201, body: { monitor: monitor() } }),
    [SITE]: () => ({ status: 200, body: site(true) }),
  };
  http = fakeFetch(routes);
  track = jest.fn();
});

async function openModal() {
  renderWithProviders(<MonitoringPage />, { auth: signedIn({ plan: { tier: 'plus', expiresAt: null } }), path: '/monitoring', track });
  fireEvent.click(await screen.findByRole('button', { name: 'Create Monitor' }));
  const dialog = await screen.findByRole('dialog');
  const d = within(dialog);
  return {
    dialog,
    email: d.getByRole('textbox', { name: 'Email addresses' }) as HTMLInputElement,
    handle: d.getByRole('textbox', { name: 'Social media handles' }) as HTMLInputElement,
    frequency: d.getByRole('combobox', { name: 'Frequency' }) as HTMLSelectElement,
    submit: () => fireEvent.click(d.getByRole('button', { name: 'Create Monitor' })),
    entries: (label: string) => {
      const list = d.queryByRole('list', { name: `${label} to monitor` });
      return list ? within(list).getAllByRole('listitem').map((item) => item.textContent) : [];
    },
  };
}

function typeAndEnter(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('create-monitor modal', () => {
  it('Enter adds trimmed entries, ignores empty ones and duplicates, and clears the field', async () => {
    const m = await openModal();
    typeAndEnter(m.email, '  alice@example.com ');
    expect(m.email.value).toBe('');
    typeAndEnter(m.email, '   ');
    typeAndEnter(m.email, 'alice@example.com');
    typeAndEnter(m.email, 'bob@example.com');
    typeAndEnter(m.handle, '@alice');
    typeAndEnter(m.handle, ' @alice ');
    expect(m.entries('Email addresses')).toEqual(['alice@example.com', 'bob@example.com']);
    expect(m.entries('Social media handles')).toEqual(['@alice']);
    expect(http.count(CREATE)).toBe(0); // Enter never submits
  });

  it('removes an entry with its remove button', async () => {
    const m = await openModal();
    typeAndEnter(m.email, 'alice@example.com');
    typeAndEnter(m.email, 'bob@example.com');
    fireEvent.click(within(m.dialog).getByRole('button', { name: 'Remove alice@example.com' }));
    expect(m.entries('Email addresses')).toEqual(['bob@example.com']);
  });

  it("refuses to submit with nothing to monitor: 'Please add at least one email or handle to monitor'", async () => {
    const m = await openModal();
    fireEvent.change(m.email, { target: { value: '   ' } });
    m.submit();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(NO_TARGETS_MESSAGE));
    expect(http.count(CREATE)).toBe(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('sends weekly by default with the entries (and text typed but not yet added), then toasts, closes and reloads', async () => {
    const m = await openModal();
    expect(m.frequency.value).toBe('weekly');
    typeAndEnter(m.email, 'alice@example.com');
    typeAndEnter(m.handle, '@alice');
    fireEvent.change(m.handle, { target: { value: ' @alice_b ' } });
    routes[LIST] = () => ({ status: 200, body: monitorList([monitor()], 1) });
    m.submit();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Monitor created successfully'));
    expect(http.calls.filter((c) => c.key === CREATE).map((c) => c.body)).toEqual([
      { type: 'weekly', targets: { emails: ['alice@example.com'], handles: ['@alice', '@alice_b'] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findAllByTestId('monitor-card')).toHaveLength(1);
    expect(http.count(LIST)).toBe(2);
    expect(track).toHaveBeenCalledWith('monitor_created', { monitor_type: 'weekly', target_count: 3 });
  });

  it('sends monthly when chosen', async () => {
    const m = await openModal();
    fireEvent.change(m.frequency, { target: { value: 'monthly' } });
    typeAndEnter(m.handle, '@alice');
    m.submit();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Monitor created successfully'));
    expect(http.calls.find((c) => c.key === CREATE)?.body).toEqual({ type: 'monthly', targets: { emails: [], handles: ['@alice'] } });
  });

  it.each([
    [{ status: 400, body: { error: "'not-an-email' is not a valid email address" } } as Answer, "'not-an-email' is not a valid email address"],
    [{ status: 500, body: {} } as Answer, 'Failed to create monitor'],
    ['network-error' as Answer, 'Error creating monitor'],
  ])('a failed create (%p) toasts %s and keeps the modal open with its entries', async (answer, message) => {
    routes[CREATE] = () => answer;
    const m = await openModal();
    typeAndEnter(m.email, 'not-an-email');
    m.submit();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(message));
    expect(notify.success).not.toHaveBeenCalled();
    expect(track).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(m.entries('Email addresses')).toEqual(['not-an-email']);
    expect(http.count(LIST)).toBe(1);
  });

  it.each([
    ['website', 'Website address', ' https://shop.example ', { websites: ['https://shop.example'] }, NO_WEBSITE_MESSAGE],
    ['domain', 'Email domain', 'acme.example', { domains: ['acme.example'] }, NO_DOMAIN_MESSAGE],
  ])('watches a %s: its own field, said what it does, sent alone', async (kind, label, typed, targets, emptyMessage) => {
    const m = await openModal();
    fireEvent.change(within(m.dialog).getByRole('combobox', { name: 'What to watch' }), { target: { value: kind } });
    const d = within(m.dialog);
    expect(d.queryByRole('textbox', { name: 'Email addresses' })).toBeNull();
    m.submit();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(emptyMessage));
    expect(http.count(CREATE)).toBe(0);
    fireEvent.change(d.getByRole('textbox', { name: label }), { target: { value: typed } });
    m.submit();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Monitor created successfully'));
    expect(http.calls.find((c) => c.key === CREATE)?.body).toEqual({ type: 'weekly', targets });
    expect(track).toHaveBeenCalledWith('monitor_created', { monitor_type: 'weekly', target_count: 1 });
  });

  it('offers no domain monitor on a server without an HIBP key, and says why', async () => {
    routes[SITE] = () => ({ status: 200, body: site(false) });
    const m = await openModal();
    const option = await waitFor(() => {
      const found = within(m.dialog).getByRole('option', { name: 'A whole email domain (not offered on this server)' }) as HTMLOptionElement;
      expect(found.disabled).toBe(true);
      return found;
    });
    expect(option.value).toBe('domain');
    expect(within(m.dialog).getByTestId('domain-not-offered').textContent).toBe(DOMAIN_NOT_OFFERED);
  });

  it("shows the server's reason when a domain needs another plan", async () => {
    routes[CREATE] = () => ({ status: 403, body: { error: 'Watching a whole email domain comes with the Business plan.' } });
    const m = await openModal();
    fireEvent.change(within(m.dialog).getByRole('combobox', { name: 'What to watch' }), { target: { value: 'domain' } });
    expect(within(m.dialog).getByText(/prove the domain is yours with a DNS TXT record or a file/)).toBeTruthy();
    fireEvent.change(within(m.dialog).getByRole('textbox', { name: 'Email domain' }), { target: { value: 'acme.example' } });
    m.submit();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Watching a whole email domain comes with the Business plan.'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens empty again after Cancel', async () => {
    const m = await openModal();
    typeAndEnter(m.email, 'alice@example.com');
    fireEvent.click(within(m.dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create Your First Monitor' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('list', { name: 'Email addresses to monitor' })).toBeNull();
  });
});
