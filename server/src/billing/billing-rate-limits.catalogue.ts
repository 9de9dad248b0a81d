import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** Starting a payment calls Stripe: a person needs a few attempts, a script should not get many. */
export const BILLING_RATE_LIMITS = {
  paymentIntentPerUser: { name: 'payment-intent-user', limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
