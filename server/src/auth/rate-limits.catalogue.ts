import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** The limits on attempts at the account routes (fixed windows, shared by every instance). */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { name: 'login-ip', limit: 20, windowSeconds: 10 * 60, perAddress: true },
  loginPerEmail: { name: 'login-email', limit: 10, windowSeconds: 15 * 60 },
  signupPerIp: { name: 'signup-ip', limit: 10, windowSeconds: 60 * 60, perAddress: true },
  resetPerIp: { name: 'reset-ip', limit: 10, windowSeconds: 60 * 60, perAddress: true },
  resetPerEmail: { name: 'reset-email', limit: 3, windowSeconds: 60 * 60 },
  verifyResendPerUser: { name: 'verify-resend-user', limit: 3, windowSeconds: 60 * 60 },
  // Each attempt costs a password hash check; a stolen session must not try passwords endlessly.
  passwordChangePerUser: { name: 'password-change-user', limit: 10, windowSeconds: 60 * 60 },
  // Each request sends an email to an address the caller chooses.
  emailChangePerUser: { name: 'email-change-user', limit: 5, windowSeconds: 60 * 60 },
  deleteAccountPerUser: { name: 'delete-account-user', limit: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
