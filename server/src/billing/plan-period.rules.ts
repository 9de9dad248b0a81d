import { effectivePlan, PLAN_PERIOD_DAYS, planFor, PlanTier, type StoredPlan } from '../vocabulary/plan.catalogue';

const PERIOD_MS = PLAN_PERIOD_DAYS * 24 * 3600_000;

/**
 * The plan after a succeeded payment for `paid` at `paidAt`: 30 days from the payment, plus what
 * is left of a plan still running. Time left on the same plan carries over as it is (renewing
 * early extends from the current end); time left on another plan is converted at the two prices,
 * so buying cheap periods first and switching later gains nothing, and switching loses nothing.
 * A plan without an end (an operator's grant) carries nothing over.
 */
export function planAfterPayment(current: StoredPlan, paid: PlanTier, paidAt: Date): StoredPlan {
  const paidPrice = planFor(paid).priceCents;
  if (paidPrice === 0) throw new Error('the free plan is never paid for');
  const now = paidAt.getTime();
  const running = effectivePlan(current, paidAt);
  let carriedMs = 0;
  if (running.status === 'active' && running.expiresAt !== null) {
    const leftMs = running.expiresAt.getTime() - now;
    carriedMs = running.tier === paid ? leftMs : Math.floor((leftMs * planFor(running.tier).priceCents) / paidPrice);
  }
  return { tier: paid, expiresAt: new Date(now + carriedMs + PERIOD_MS) };
}
