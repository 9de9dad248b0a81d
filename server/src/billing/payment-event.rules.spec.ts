import { OurPaymentIntent, paymentMismatch, ReportedPaymentIntent } from './payment-event.rules';

const ours: OurPaymentIntent = { userId: 'u-1', planTier: 'pro', amountCents: 1999, currency: 'usd' };
const paid: ReportedPaymentIntent = { status: 'succeeded', amount: 1999, amount_received: 1999, currency: 'usd', metadata: { userId: 'u-1', plan: 'pro' } };

describe('paymentMismatch', () => {
  it('accepts a succeeded payment of our intent at the catalogue price', () => {
    expect(paymentMismatch(ours, paid)).toBeUndefined();
    const { amount_received: _unused, ...withoutReceived } = paid;
    expect(paymentMismatch(ours, withoutReceived)).toBeUndefined();
  });

  it.each<[string, OurPaymentIntent | null, ReportedPaymentIntent, string]>([
    ['an intent we did not create', null, paid, 'unknown payment intent'],
    ['a payment that did not succeed', ours, { ...paid, status: 'processing' }, 'status is processing'],
    ['another user', ours, { ...paid, metadata: { userId: 'u-2', plan: 'pro' } }, 'metadata user differs'],
    ['no metadata', ours, { ...paid, metadata: null }, 'metadata user differs'],
    ['another plan', ours, { ...paid, metadata: { userId: 'u-1', plan: 'business' } }, 'metadata plan differs'],
    ['a tampered amount', ours, { ...paid, amount: 1, amount_received: 1 }, 'amount is not the catalogue price'],
    ['a partial payment', ours, { ...paid, amount_received: 999 }, 'amount received is not the price'],
    ['another currency', ours, { ...paid, currency: 'eur' }, 'currency differs'],
    ['a stored amount off the catalogue', { ...ours, amountCents: 999 }, { ...paid, amount: 999, amount_received: 999 }, 'stored amount is not the catalogue price'],
  ])('refuses %s', (_what, stored, reported, reason) => {
    expect(paymentMismatch(stored, reported)).toBe(reason);
  });
});
