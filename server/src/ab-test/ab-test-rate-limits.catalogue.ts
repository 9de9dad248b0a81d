import type { RateLimitRule } from '../common/security/rate-limiter.service';

export const AB_TEST_RATE_LIMITS = {
  /** New visitor assignments per address (each one is a row); returning visitors do not count. */
  abVisitorPerIp: { name: 'ab-visitor-ip', limit: 300, windowSeconds: 60 * 60, perAddress: true },
} as const satisfies Record<string, RateLimitRule>;
