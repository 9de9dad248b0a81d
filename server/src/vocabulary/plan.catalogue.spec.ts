import { isPlanTier, paymentAmountCents, PLANS, planFor } from './plan.catalogue';

describe('plan catalogue', () => {
  it('holds the spec\'s four plans with their prices and limits', () => {
    expect(PLANS.map((p) => [p.tier, p.priceCents, p.monthlyScans, p.monitors, p.reports])).toEqual([
      ['free', 0, 3, 0, false],
      ['plus', 999, 25, 1, true],
      ['pro', 1999, 100, 5, true],
      ['business', 4999, 500, 25, true],
    ]);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.tier)).toEqual(['plus']);
  });

  it('expects a payment of the monthly price × 100 in cents, and none for Free', () => {
    expect(paymentAmountCents('plus')).toBe(999);
    expect(paymentAmountCents('pro')).toBe(1999);
    expect(paymentAmountCents('business')).toBe(4999);
    expect(paymentAmountCents('free')).toBeUndefined();
  });

  it('knows its tiers and nothing else', () => {
    for (const tier of ['free', 'plus', 'pro', 'business']) expect(isPlanTier(tier)).toBe(true);
    for (const other of ['Plus', 'enterprise', '', undefined, 1]) expect(isPlanTier(other)).toBe(false);
    expect(() => planFor('gold' as never)).toThrow('Unknown plan tier gold');
  });
});
