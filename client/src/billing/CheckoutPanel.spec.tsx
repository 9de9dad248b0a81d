/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Plan } from './use-plans';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { CHECKOUT_MESSAGES, CheckoutPanel } from './CheckoutPanel';
import type { StripeClient } from './stripe-js';
import type { BillingConfig } from './use-billing-config';

const plus: Plan = { tier: 'plus', name: 'Plus', priceCents: 999, monthlyScans: 25, monitors: 1, domainWatch: false, reports: true, monthlyRequests: 15, mostPopular: true, features: [] };
const free: Plan = { ...plus, tier: 'free', name: 'Free', priceCents: 0, monthlyScans: 3, mostPopular: false };
const configured: BillingConfig = { configured: true, publishableKey: 'pk_test_123', stripeJsUrl: 'https://js.example/v3/' };

// Stripe.js stand-in: the loader finds window.Stripe already there; each test sets what it answers.
let stripe: Pick<StripeClient, 'createPaymentMethod' | 'confirmCardPayment'>;
const created: string[] = [];
window.Stripe = (key: string) => {
  created.push(key);
  return {
    elements: () => ({
      create: () => {
        const card = {
          mount(el: HTMLElement | string) {
            const input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            (el as HTMLElement).appendChild(input);
          },
          on: () => card,
          destroy: () => {},
        };
        return card;
      },
    }),
    createPaymentMethod: (...args) => stripe.createPaymentMethod(...args),
    confirmCardPayment: (...args) => stripe.confirmCardPayment(...args),
  };
};

let intentAnswer: () => Response;
let intentRequests: unknown[];
beforeEach(() => {
  intentRequests = [];
  intentAnswer = () => new Response(JSON.stringify({ clientSecret: 'pi_1_secret_2' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    if (new URL(request.url).pathname !== '/api/billing/create-payment-intent') throw new Error(`unexpected ${request.url}`);
    intentRequests.push(await request.json());
    return intentAnswer();
  }) as typeof fetch;
  stripe = {
    createPaymentMethod: jest.fn(async () => ({ paymentMethod: { id: 'pm_1' } })),
    confirmCardPayment: jest.fn(async () => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })),
  };
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderCheckout(plan: Plan, config: BillingConfig | 'loading' | 'error', auth = signedIn(), track = jest.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/pricing" element={<CheckoutPanel plan={plan} config={config} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { auth, path: '/pricing', track },
  );
  return track;
}

const subscribe = () => screen.getByRole('button', { name: 'Pay $9.99 for 30 days of Plus' });

describe('CheckoutPanel', () => {
  it("offers 'Create Free Account' to /signup for the free plan", () => {
    renderCheckout(free, configured);
    expect(screen.getByRole('link', { name: 'Create Free Account' }).getAttribute('href')).toBe('/signup');
  });

  it('says payments are not available when the server has no Stripe keys, and offers nothing to pay', () => {
    renderCheckout(plus, { configured: false });
    expect(screen.getByText(CHECKOUT_MESSAGES.notAvailable)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(created).toEqual([]);
  });

  it('sends a signed-out visitor to /login first, without loading Stripe.js', () => {
    renderCheckout(plus, configured, signedOut);
    fireEvent.click(subscribe());
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(created).toEqual([]);
  });

  it('pays: card payment method, intent for price × 100, confirmation, then /dashboard?success=true', async () => {
    const track = renderCheckout(plus, configured);
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeTruthy();
    expect(created).toContain('pk_test_123');
    expect(screen.getByText('Secure payment powered by Stripe')).toBeTruthy();
    expect(screen.getByText(/One payment of \$9\.99 gives you the Plus plan for 30 days\. It does not renew/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Cancel anytime|Subscribe/);
    fireEvent.click(subscribe());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard?success=true'));
    expect(intentRequests).toEqual([{ plan: 'plus', amount: 999 }]);
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: 'pm_1' });
    const upgrade = { from_plan: 'free', to_plan: 'plus', amount: 999 };
    expect(track.mock.calls).toEqual([
      ['upgrade_started', upgrade],
      ['upgrade_success', upgrade],
    ]);
  });

  it("shows the provider's decline in the red box above the button and stays on the page", async () => {
    stripe.confirmCardPayment = jest.fn(async () => ({ error: { type: 'card_error', message: 'Your card was declined.' } }));
    const track = renderCheckout(plus, configured);
    await screen.findByRole('textbox', { name: 'Card number' });
    fireEvent.click(subscribe());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your card was declined.');
    expect(alert.compareDocumentPosition(subscribe()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(track).toHaveBeenCalledWith('error_occurred', { error_type: 'payment_failed', error_message: 'Your card was declined.', context: 'checkout' });
    expect(track).not.toHaveBeenCalledWith('upgrade_success', expect.anything());
  });

  it("shows the payment-intent error from the server in the red box", async () => {
    intentAnswer = () =>
      new Response(JSON.stringify({ statusCode: 503, error: 'Payments are not available on this server.', requestId: 'r' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      });
    renderCheckout(plus, configured);
    await screen.findByRole('textbox', { name: 'Card number' });
    fireEvent.click(subscribe());
    expect((await screen.findByRole('alert')).textContent).toContain('Payments are not available on this server.');
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(subscribe()).toHaveProperty('disabled', false);
  });

  it('shows a card the provider refuses in the red box, before any intent is created', async () => {
    stripe.createPaymentMethod = jest.fn(async () => ({ error: { type: 'card_error', message: 'Your card number is incorrect.' } }));
    renderCheckout(plus, configured);
    await screen.findByRole('textbox', { name: 'Card number' });
    fireEvent.click(subscribe());
    expect((await screen.findByRole('alert')).textContent).toContain('Your card number is incorrect.');
    expect(intentRequests).toEqual([]);
  });
});
