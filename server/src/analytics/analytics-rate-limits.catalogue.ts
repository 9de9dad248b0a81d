import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** Tracking is cheap but stored: a page sends a few events a minute, a loop should not fill the table. */
export const ANALYTICS_RATE_LIMITS = {
  trackPerUser: { name: 'analytics-track-user', limit: 120, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;
