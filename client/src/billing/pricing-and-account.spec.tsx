/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import AccountPage from '../pages/AccountPage';
import PricingPage from '../pages/PricingPage';
import { everythingNearViewport, renderWithProviders, signedIn, signedOut } from '../test-utils';
import { PRICING_HEADLINES } from './pricing-headlines';

const plans = [
  { tier: 'free', name: 'Free', priceCents: 0, monthlyScans: 3, monitors: 0, reports: false, mostPopular: false, features: ['3 privacy scans per month'] },
  { tier: 'plus', name: 'Plus', priceCents: 999, monthlyScans: 25, monitors: 1, reports: true, mostPopular: true, features: ['25 privacy scans per month'] },
  { tier: 'pro', name: 'Pro', priceCents: 1999, monthlyScans: 100, monitors: 5, reports: true, mostPopular: false, features: ['100 privacy scans per month'] },
  { tier: 'business', name: 'Business', priceCents: 4999, monthlyScans: 500, monitors: 25, reports: true, mostPopular: false, features: ['500 privacy scans per month'] },
];

let routes: Record<string, () => unknown>;
beforeEach(() => {
  routes = {
    'GET /api/plans': () => ({ plans }),
    'GET /api/billing/config': () => ({ configured: false }),
    'GET /api/analytics/ab-test/pricing_test': () => ({ variant: 'A' }),
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected ${key}`);
    return new Response(JSON.stringify(route()), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});

describe('pricing page', () => {
  it('has three different headlines', () => {
    expect(new Set(Object.values(PRICING_HEADLINES)).size).toBe(3);
  });

  it.each(['A', 'B', 'C'] as const)('shows the headline of variant %s above the four plans', async (variant) => {
    routes['GET /api/analytics/ab-test/pricing_test'] = () => ({ variant });
    renderWithProviders(<PricingPage />, { auth: signedOut, path: '/pricing' });
    expect(await screen.findByRole('heading', { level: 1, name: PRICING_HEADLINES[variant] })).toBeTruthy();
    // (the plan list renders when GET /api/plans answers, as a transition of its own)
    for (const name of ['Free', 'Plus', 'Pro', 'Business']) expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
  });

  it("selects Plus ('Most Popular') by default and shows the selected plan's checkout", async () => {
    // The checkout panel (a Chakra component) loads as its place nears the screen.
    const { restore } = everythingNearViewport();
    try {
      renderWithProviders(<PricingPage />, { auth: signedOut, path: '/pricing' });
      const selectPlus = await screen.findByRole('button', { name: 'Select Plus' });
      expect(selectPlus.getAttribute('aria-pressed')).toBe('true');
      expect(screen.getByText('Most Popular')).toBeTruthy();
      const checkout = await screen.findByTestId('checkout', undefined, { timeout: 8_000 });
      expect(within(checkout).getByRole('heading', { name: 'Plus plan — $9.99 for 30 days' })).toBeTruthy();
      await waitFor(() => expect(within(checkout).getByText('Card payments are not available on this server.')).toBeTruthy());

      fireEvent.click(screen.getByRole('button', { name: 'Select Free' }));
      expect(within(screen.getByTestId('checkout')).getByRole('link', { name: 'Create Free Account' })).toBeTruthy();
      for (const claim of ['Self-hostable: runs on your own server', 'Checks run live against named sources', 'No trackers on this site']) expect(screen.getByText(claim)).toBeTruthy();
      // The spec's claims that are not true of this product never appear.
      for (const untrue of [/SOC 2/, /24\/7/, /99\.9%/]) expect(document.body.textContent).not.toMatch(untrue);
    } finally {
      restore();
    }
  });
});

describe('account page plan box', () => {
  beforeEach(() => {
    routes['GET /api/scans/usage'] = () => ({ used: 2, limit: 25, periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2031-02-01T00:00:00.000Z' });
  });

  it('shows the paid plan, Active, its end date and the monthly usage', async () => {
    renderWithProviders(<AccountPage />, { auth: signedIn({ plan: { tier: 'plus', expiresAt: '2031-01-31T12:00:00.000Z' } }), path: '/account' });
    const box = screen.getByTestId('plan-box');
    expect(within(box).getByText('Plus Plan')).toBeTruthy();
    expect(within(box).getByText('Active')).toBeTruthy();
    expect(box.querySelector('time')?.getAttribute('datetime')).toBe('2031-01-31T12:00:00.000Z');
    await waitFor(() => expect(within(box).getByTestId('scan-usage').textContent).toBe('2 / 25'));
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe('/features');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('says Expired once a paid period has ended (the Free plan applies)', async () => {
    routes['GET /api/scans/usage'] = () => ({ used: 0, limit: 3, periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2031-02-01T00:00:00.000Z' });
    renderWithProviders(<AccountPage />, { auth: signedIn({ plan: { tier: 'free', expiresAt: '2030-12-01T00:00:00.000Z' } }), path: '/account' });
    const box = screen.getByTestId('plan-box');
    expect(within(box).getByText('Free Plan')).toBeTruthy();
    expect(within(box).getByText('Expired')).toBeTruthy();
    expect(within(box).getByText(/Your paid plan ended on/)).toBeTruthy();
    await waitFor(() => expect(within(box).getByTestId('scan-usage').textContent).toBe('0 / 3'));
  });

  it('shows the Free plan as Active with no end date', async () => {
    routes['GET /api/scans/usage'] = () => ({ used: 1, limit: 3, periodStart: '2031-01-01T00:00:00.000Z', periodEnd: '2031-02-01T00:00:00.000Z' });
    renderWithProviders(<AccountPage />, { auth: signedIn(), path: '/account' });
    const box = screen.getByTestId('plan-box');
    expect(within(box).getByText('Free Plan')).toBeTruthy();
    expect(within(box).getByText('Active')).toBeTruthy();
    expect(box.querySelector('time')).toBeNull();
    await waitFor(() => expect(within(box).getByTestId('scan-usage').textContent).toBe('1 / 3'));
  });
});
