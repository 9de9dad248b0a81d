import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** The limits on the monitoring routes that could be abused (fixed windows, shared by every instance). */
export const MONITORING_RATE_LIMITS = {
  /** Creating monitors (and deleting them to create more) must not become a way to mail strangers. */
  createPerUser: { name: 'monitor-create-user', limit: 30, windowSeconds: 60 * 60 },
  /** Verification emails to addresses other than the account's own. */
  verificationEmailsPerUser: { name: 'monitor-verify-mail-user', limit: 20, windowSeconds: 24 * 60 * 60 },
  /** Checking a domain's proof of control: each check makes a DNS lookup and a fetch. */
  domainProofPerUser: { name: 'monitor-domain-proof-user', limit: 30, windowSeconds: 60 * 60 },
  /** Guessing verification tokens. */
  verifyPerIp: { name: 'monitor-verify-ip', limit: 20, windowSeconds: 10 * 60, perAddress: true },
} as const satisfies Record<string, RateLimitRule>;
