import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** Error reports come from anyone's browser: enough for a person, too few to flood the log. */
export const SITE_RATE_LIMITS = {
  clientErrorsPerIp: { name: 'client-error-ip', limit: 20, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;
