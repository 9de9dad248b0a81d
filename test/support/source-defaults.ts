/**
 * No test reaches a real outside service: XposedOrNot (on by default in production, and keyless),
 * WhatsMyName's list (the username check's default) and third-party-web's tracker list (the
 * website check's) stay off unless a test points them at a fake; HIBP's queue allows what tests send.
 */
export const TEST_SOURCE_DEFAULTS: Readonly<Record<string, string>> = {
  XPOSEDORNOT_ENABLED: 'false',
  USERNAME_SITE_LIST_URL: 'off',
  ORGANISATION_CATALOGUE_URL: 'off',
  CA_BROKER_REGISTRY_URL: 'off',
  TRACKER_LIST_URL: 'off',
  HIBP_RATE_LIMITS: '100/second',
};
