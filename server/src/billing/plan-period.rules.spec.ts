import { effectivePlan, PLAN_PERIOD_DAYS } from '../vocabulary/plan.catalogue';
import { planAfterPayment } from './plan-period.rules';

const DAY = 24 * 3600_000;
const t0 = new Date('2025-03-10T12:00:00Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);

describe('effectivePlan', () => {
  it('is Free for an account that never paid', () => {
    expect(effectivePlan({ tier: 'free', expiresAt: null }, t0)).toEqual({ tier: 'free', expiresAt: null, status: 'free' });
  });

  it('is the paid plan until its end, and Free (expired) from the end on', () => {
    const stored = { tier: 'plus' as const, expiresAt: at(30) };
    expect(effectivePlan(stored, at(29.99))).toEqual({ tier: 'plus', expiresAt: at(30), status: 'active' });
    expect(effectivePlan(stored, at(30))).toEqual({ tier: 'free', expiresAt: at(30), status: 'expired' });
    expect(effectivePlan(stored, at(400)).tier).toBe('free');
  });

  it('keeps a plan without an end date (an operator grant) active', () => {
    expect(effectivePlan({ tier: 'business', expiresAt: null }, at(10_000))).toEqual({ tier: 'business', expiresAt: null, status: 'active' });
  });
});

describe('planAfterPayment', () => {
  it('gives the plan for 30 days from the payment', () => {
    expect(PLAN_PERIOD_DAYS).toBe(30);
    expect(planAfterPayment({ tier: 'free', expiresAt: null }, 'plus', t0)).toEqual({ tier: 'plus', expiresAt: at(30) });
  });

  it('renews the same plan from its current end when paid again while active', () => {
    expect(planAfterPayment({ tier: 'plus', expiresAt: at(30) }, 'plus', at(20))).toEqual({ tier: 'plus', expiresAt: at(60) });
  });

  it('starts again from the payment when the earlier period has ended', () => {
    expect(planAfterPayment({ tier: 'plus', expiresAt: at(30) }, 'plus', at(45))).toEqual({ tier: 'plus', expiresAt: at(75) });
  });

  it('converts time left on another plan at the two prices', () => {
    // 10 days of Business ($49.99) are worth 10 × 4999 / 1999 ≈ 25.0075 days of Pro ($19.99).
    const next = planAfterPayment({ tier: 'business', expiresAt: at(10) }, 'pro', t0);
    expect(next.tier).toBe('pro');
    expect(next.expiresAt!.getTime()).toBe(t0.getTime() + 30 * DAY + Math.floor((10 * DAY * 4999) / 1999));
    // The other way: 20 days of Plus become 20 × 999 / 4999 ≈ 3.9968 days of Business.
    const up = planAfterPayment({ tier: 'plus', expiresAt: at(20) }, 'business', t0);
    expect(up.expiresAt!.getTime()).toBe(t0.getTime() + 30 * DAY + Math.floor((20 * DAY * 999) / 4999));
  });

  it('carries nothing over from a plan without an end', () => {
    expect(planAfterPayment({ tier: 'pro', expiresAt: null }, 'pro', t0)).toEqual({ tier: 'pro', expiresAt: at(30) });
  });

  it('refuses a payment for the free plan', () => {
    expect(() => planAfterPayment({ tier: 'free', expiresAt: null }, 'free', t0)).toThrow();
  });
});
