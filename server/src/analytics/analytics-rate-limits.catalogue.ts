import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** Tracking is cheap but stored: a page sends a few events a minute, a loop should not fill the table. */
export const ANALYTICS_RATE_LIMITS = {
  trackPerUser: { name: 'analytics-track-user', limit: 120, windowSeconds: 60 },
  /** New visitor assignments per address (each one is a row); returning visitors do not count. */
  abVisitorPerIp: { name: 'ab-visitor-ip', limit: 300, windowSeconds: 60 * 60, perAddress: true },
} as const satisfies Record<string, RateLimitRule>;
