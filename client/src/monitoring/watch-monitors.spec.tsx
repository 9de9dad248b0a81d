/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify, toaster } from '../components/toaster';
import MonitoringPage from '../pages/MonitoringPage';
import { renderWithProviders, signedIn } from '../test-utils';
import { type Answer, fakeFetch, monitor, monitorList } from './monitoring-test-helpers';
import type { Monitor, MonitorChange } from './monitor-types';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const LIST = 'GET /api/monitoring';
const now = new Date().toISOString();
let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  jest.clearAllMocks();
  routes = { 'GET /api/monitoring/notices': () => ({ status: 200, body: { notices: [] } }) };
  http = fakeFetch(routes);
});

const trackerChange: MonitorChange = {
  kind: 'website_change',
  target: 'https://shop.example/',
  title: 'New tracker: Hotjar (Hotjar (Contentsquare), session recording)',
  recommendation: 'Check that you meant to add this tracker.',
  before: 'Not seen on earlier checks',
  after: 'Loaded by the page',
  evidence: ['script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js'],
};

function websiteMonitor(overrides: Partial<Monitor> = {}): Monitor {
  return monitor({
    id: 'w-1',
    kind: 'website',
    targets: { emails: [], handles: [], websites: ['https://shop.example/'], domains: [] },
    website: { url: 'https://shop.example/', checkedAt: now, mode: 'rendered', summary: 'page run in a browser: 3 third parties, 2 trackers', pending: ['New third party: widgets.example'] },
    lastRuns: [{ id: 'r-1', startedAt: now, finishedAt: now, status: 'succeeded', newItems: 1, summary: '1 website change', changes: [trackerChange] }],
    ...overrides,
  });
}

function domainMonitor(verified: boolean, overrides: Partial<Monitor> = {}): Monitor {
  return monitor({
    id: 'd-1',
    kind: 'domain',
    targets: { emails: [], handles: [], websites: [], domains: ['acme.example'] },
    domain: {
      domain: 'acme.example',
      verified,
      verifiedBy: verified ? 'dns' : null,
      checkedAt: verified ? now : null,
      dnsRecord: { name: 'acme.example', type: 'TXT', value: 'footprint-verification=abc123' },
      file: { url: 'https://acme.example/.well-known/footprint-verification.txt', content: 'footprint-verification=abc123' },
      hibp: verified
        ? { status: 'subscription_too_small', message: "The key's subscription does not allow searching acme.example.", checkedAt: now }
        : { status: 'not_checked', message: 'Not asked yet.', checkedAt: null },
      breachedAddresses: verified ? 2 : null,
    },
    ...overrides,
  });
}

async function card(list: Monitor[]) {
  routes[LIST] = () => ({ status: 200, body: monitorList(list, 25) });
  renderWithProviders(<MonitoringPage />, { auth: signedIn({ plan: { tier: 'business', expiresAt: null } }), path: '/monitoring' });
  return within((await screen.findAllByTestId('monitor-card'))[0]);
}

describe('website monitors on the monitoring page', () => {
  it('show the site, how it was last seen, what awaits confirmation, and each change with before, now and what was seen', async () => {
    const c = await card([websiteMonitor()]);
    expect(c.getByRole('heading', { name: 'https://shop.example/' })).toBeTruthy();
    expect(c.getByTestId('monitor-kind').textContent).toBe('Website');
    expect(c.getByTestId('website-status').textContent).toContain('page run in a browser: 3 third parties, 2 trackers');
    expect(c.getByText(/Seen once, confirmed or dropped by the next run: New third party: widgets\.example/)).toBeTruthy();
    const changes = within(await c.findByTestId('monitor-changes'));
    expect(changes.getByText(trackerChange.title)).toBeTruthy();
    expect(changes.getByText('Not seen on earlier checks')).toBeTruthy();
    expect(changes.getByText('Loaded by the page')).toBeTruthy();
    expect(changes.getByText(trackerChange.evidence![0])).toBeTruthy();
  });

  it('show the whole history a page at a time', async () => {
    const runs = Array.from({ length: 10 }, (_, i) => ({ id: `r-${i}`, startedAt: now, finishedAt: now, status: 'succeeded' as const, newItems: 0, summary: `No changes ${i}`, changes: [] }));
    routes['GET /api/monitoring/w-1/runs'] = () => ({ status: 200, body: { runs, total: 12, page: 1, pageSize: 10 } });
    const c = await card([websiteMonitor()]);
    fireEvent.click(c.getByRole('button', { name: 'History' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('No changes 9')).toBeTruthy();
    expect(dialog.getByText('Page 1 of 2')).toBeTruthy();
    routes['GET /api/monitoring/w-1/runs'] = () => ({ status: 200, body: { runs: [{ ...runs[0], id: 'r-x', status: 'partial', summary: 'Analysed without running the page\'s scripts', changes: [trackerChange] }], total: 12, page: 2, pageSize: 10 } });
    fireEvent.click(dialog.getByRole('button', { name: 'Next' }));
    expect(await dialog.findByText("Analysed without running the page's scripts")).toBeTruthy();
    expect(dialog.getByText('Partial')).toBeTruthy();
    expect(http.calls.filter((call) => call.key === 'GET /api/monitoring/w-1/runs')).toHaveLength(2);
  });
});

describe('domain monitors on the monitoring page', () => {
  it('show the exact TXT record and file to publish, verify on request and reload; a refusal says what was found', async () => {
    const c = await card([domainMonitor(false)]);
    const proof = within(await c.findByTestId('domain-verification'));
    expect(proof.getByText('Not verified')).toBeTruthy();
    expect(proof.getAllByText('footprint-verification=abc123')).toHaveLength(2);
    expect(proof.getByText('acme.example', { selector: 'code' })).toBeTruthy();
    expect(proof.getByText('https://acme.example/.well-known/footprint-verification.txt')).toBeTruthy();

    routes['POST /api/monitoring/d-1/domain/verification'] = () => ({ status: 400, body: { error: 'Control of the domain could not be confirmed: acme.example has no TXT record' } });
    fireEvent.click(proof.getByRole('button', { name: 'Verify the DNS record' }));
    await waitFor(() =>
      expect(toaster.create).toHaveBeenCalledWith({ title: 'The domain could not be verified', type: 'error', description: 'Control of the domain could not be confirmed: acme.example has no TXT record' }),
    );
    routes['POST /api/monitoring/d-1/domain/verification'] = () => ({ status: 200, body: { monitor: domainMonitor(true) } });
    routes[LIST] = () => ({ status: 200, body: monitorList([domainMonitor(true)], 25) });
    fireEvent.click(proof.getByRole('button', { name: 'Verify the file' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Domain verified'));
    expect(http.calls.filter((call) => call.key === 'POST /api/monitoring/d-1/domain/verification').map((call) => call.body)).toEqual([{ method: 'dns' }, { method: 'file' }]);
    await waitFor(() => expect(screen.getByText('Verified by DNS record')).toBeTruthy());
    // HIBP's side, in the server's words.
    expect(screen.getByTestId('domain-hibp').textContent).toContain("The key's subscription does not allow searching acme.example.");
  });

  it('list the breached addresses with their breaches', async () => {
    routes['GET /api/monitoring/d-1/domain/breaches'] = () => ({
      status: 200,
      body: {
        domain: 'acme.example',
        hibp: { status: 'ok', message: 'Have I Been Pwned lists 2 breached addresses at acme.example', checkedAt: now },
        searchedAt: now,
        breaches: [{ name: 'LanternMarket', title: 'Lantern Market', breachDate: '2021-03-14', dataClasses: ['Email addresses', 'Passwords'], isSensitive: false, addresses: 2 }],
        addresses: [
          { email: 'alice@acme.example', breaches: ['LanternMarket'] },
          { email: 'bob@acme.example', breaches: ['LanternMarket'] },
        ],
        total: 2,
        page: 1,
        pageSize: 25,
      },
    });
    const c = await card([domainMonitor(true)]);
    fireEvent.click(c.getByRole('button', { name: 'Breached addresses (2)' }));
    const dialog = within(await screen.findByTestId('domain-breaches'));
    const addresses = within(dialog.getByRole('table', { name: 'Breached addresses' }));
    expect(addresses.getAllByRole('row').map((row) => row.textContent)).toEqual(['AddressIn', 'alice@acme.exampleLantern Market', 'bob@acme.exampleLantern Market']);
    expect(within(dialog.getByRole('table', { name: 'Breaches holding addresses of the domain' })).getByText('Email addresses, Passwords')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
