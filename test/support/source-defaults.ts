/**
 * No test reaches a real outside service: XposedOrNot (on by default in production, and keyless)
 * stays off unless a test turns it on with its fake's env; HIBP's queue allows what tests send.
 */
export const TEST_SOURCE_DEFAULTS: Readonly<Record<string, string>> = { XPOSEDORNOT_ENABLED: 'false', HIBP_RATE_LIMITS: '100/second' };
