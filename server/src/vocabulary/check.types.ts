/**
 * How a check ended. 'ok' and 'partial' checks contribute findings and score: 'partial' ran but
 * could not do all of its work (its message says what was left out; the website check analysed
 * the page without running its scripts). The others contributed nothing.
 */
export const CHECK_STATUSES = ['ok', 'partial', 'not_configured', 'unavailable', 'rate_limited', 'timed_out', 'not_applicable'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The statuses whose findings count. */
export function contributesFindings(status: CheckStatus): boolean {
  return status === 'ok' || status === 'partial';
}

/** Statuses that say "try again later" rather than "this cannot run here". */
export const PASSING_FAILURES: readonly CheckStatus[] = ['unavailable', 'timed_out', 'rate_limited'];

/** The browser tests of the rendered website audit, each its own check line. */
export const BROWSER_TEST_IDS = [
  'canvas-fingerprinting',
  'font-fingerprinting',
  'session-recording',
  'key-logging',
  'meta-pixel',
  'remarketing-audiences',
  'tiktok-x-pixels',
  'global-privacy-control',
] as const;
export type BrowserTestId = (typeof BROWSER_TEST_IDS)[number];

/** How a site answered the Global Privacy Control visit. */
export const GPC_OUTCOMES = ['honoured', 'partly_honoured', 'not_honoured', 'nothing_to_honour'] as const;
export type GpcOutcome = (typeof GPC_OUTCOMES)[number];

/** The checks the pipeline knows. */
export const CHECK_IDS = ['breaches', 'gravatar', 'email-dns', 'email-provider', 'url-input', 'website', 'website-breaches', ...BROWSER_TEST_IDS, 'username'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/**
 * The check without which a result says nothing about what was entered: the breaches of an email
 * address, the page fetch of a website (a static fallback, 'partial', still fetched the page), the
 * username footprint of a handle or profile URL. When it did not run the result is incomplete: no
 * score, no "Excellent", never stored as a clean result and never a monitor's starting point.
 */
export const MAIN_CHECKS: Readonly<Record<'email' | 'url' | 'social', CheckId>> = {
  email: 'breaches',
  url: 'website',
  social: 'username',
};
