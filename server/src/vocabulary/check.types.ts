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
