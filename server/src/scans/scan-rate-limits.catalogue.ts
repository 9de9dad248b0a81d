import type { RateLimitRule } from '../common/security/rate-limiter.service';
import { RATE_LIMIT_MESSAGE } from './sources/source-http.util';

/** The limits on the scan routes (fixed windows, shared by every instance). */
export const SCAN_RATE_LIMITS = {
  /** The password exposure check proxies one range request per password checked. */
  passwordRangePerIp: { name: 'password-range-ip', limit: 60, windowSeconds: 60, message: RATE_LIMIT_MESSAGE, perAddress: true },
} as const satisfies Record<string, RateLimitRule>;
