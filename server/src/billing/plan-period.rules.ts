import { planFor, PlanTier } from '../vocabulary/plan.catalogue';

/**
 * Paid plans are bought one period at a time: a payment gives its plan for 30 days (README "Plans
 * and payments"). A plan past its end counts as Free everywhere — quotas, monitors, the footer slot.
 */
export const PLAN_PERIOD_DAYS = 30;
const PERIOD_MS = PLAN_PERIOD_DAYS * 24 * 3600_000;

/** What the users table keeps: the last plan paid for (or granted) and when it ends. */
export interface StoredPlan {
  tier: PlanTier;
  /** Null: no end (Free, or a plan an operator granted in the database). */
  expiresAt: Date | null;
}

export type PlanStatus = 'active' | 'expired' | 'free';

export interface EffectivePlan {
  /** The plan that applies now. */
  tier: PlanTier;
  /** When the last paid period ends or ended; null when there is none. */
  expiresAt: Date | null;
  /** 'active': a paid plan in its period; 'expired': a paid period ended (Free applies); 'free': never paid. */
  status: PlanStatus;
}

/** The one place that decides which plan applies at `now`. */
export function effectivePlan(stored: StoredPlan, now: Date): EffectivePlan {
  if (stored.tier === 'free') return { tier: 'free', expiresAt: stored.expiresAt, status: stored.expiresAt ? 'expired' : 'free' };
  if (stored.expiresAt === null || stored.expiresAt.getTime() > now.getTime()) {
    return { tier: stored.tier, expiresAt: stored.expiresAt, status: 'active' };
  }
  return { tier: 'free', expiresAt: stored.expiresAt, status: 'expired' };
}

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
