import { API_ACCESS_FEATURE, isPlanTier, paymentAmountCents, PLANS, planFor } from './plan.catalogue';

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

  it('says in every plan\'s features what the server gives that plan, API tokens included (they work on every plan)', () => {
    for (const plan of PLANS) {
      expect(plan.features).toContain(API_ACCESS_FEATURE);
      expect(plan.features.filter((f) => /API token/.test(f))).toEqual([API_ACCESS_FEATURE]);
      expect(plan.features[0]).toBe(`${plan.monthlyScans} privacy scans per month`);
      expect(plan.features).toContain(`${plan.monthlyRequests} privacy-rights requests per month`);
      expect(plan.features.includes('PDF reports')).toBe(plan.reports);
      expect(plan.features.some((f) => f.startsWith(`${plan.monitors} active monitor`))).toBe(plan.monitors > 0);
    }
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
