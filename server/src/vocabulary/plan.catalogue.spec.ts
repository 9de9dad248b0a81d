import { API_ACCESS_FEATURE, isPlanTier, paymentAmountCents, PLANS, planFor, planOnServer } from './plan.catalogue';

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

  it('offers domain watch only on a server that can do it (an HIBP key), and then does not say it in the features', () => {
    const business = planFor('business');
    expect(planOnServer(business, { domainWatch: true })).toBe(business);
    const withoutKey = planOnServer(business, { domainWatch: false });
    expect(withoutKey).toMatchObject({ tier: 'business', priceCents: 4999, monitors: 25, domainWatch: false });
    expect(withoutKey.features).toContain('25 active monitors: emails, handles and websites');
    expect(withoutKey.features.filter((f) => /domain/i.test(f))).toEqual([]);
    expect(withoutKey.features).toHaveLength(business.features.length);
    // Plans that never had it are as they are.
    expect(planOnServer(planFor('pro'), { domainWatch: false })).toBe(planFor('pro'));
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
