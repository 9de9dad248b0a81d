import { AB_TEST_RATE_LIMITS } from '../../ab-test/ab-test-rate-limits.catalogue';
import { ANALYTICS_RATE_LIMITS } from '../../analytics/analytics-rate-limits.catalogue';
import { AUTH_RATE_LIMITS } from '../../auth/rate-limits.catalogue';
import { BILLING_RATE_LIMITS } from '../../billing/billing-rate-limits.catalogue';
import { MONITORING_RATE_LIMITS } from '../../monitoring/monitoring-rate-limits.catalogue';
import { REPORT_RATE_LIMITS } from '../../reports/reports-rate-limits.catalogue';
import { SCAN_RATE_LIMITS } from '../../scans/scan-rate-limits.catalogue';
import type { RateLimitRule } from './rate-limiter.service';

describe('rate limit catalogues', () => {
  const rules: RateLimitRule[] = [
    ...Object.values(AUTH_RATE_LIMITS),
    ...Object.values(AB_TEST_RATE_LIMITS),
    ...Object.values(ANALYTICS_RATE_LIMITS),
    ...Object.values(BILLING_RATE_LIMITS),
    ...Object.values(MONITORING_RATE_LIMITS),
    ...Object.values(REPORT_RATE_LIMITS),
    ...Object.values(SCAN_RATE_LIMITS),
  ];

  it('marks every per-address rule, so IPv6 networks and IPv4-mapped addresses count as one client', () => {
    const byAddress = rules.filter((rule) => rule.name.endsWith('-ip'));
    expect(byAddress.map((rule) => rule.name)).toEqual(
      expect.arrayContaining(['login-ip', 'signup-ip', 'reset-ip', 'ab-visitor-ip', 'monitor-verify-ip', 'password-range-ip']),
    );
    for (const rule of rules) expect({ name: rule.name, perAddress: rule.perAddress === true }).toEqual({ name: rule.name, perAddress: rule.name.endsWith('-ip') });
  });
});
