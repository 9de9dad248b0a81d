import type { PageVisit } from './capture.types';

/**
 * The least part of the plain visit's time with the page (from its load until the capture was
 * collected) the Global Privacy Control visit must have had for the comparison to stand whole.
 * Both visits run at once until the same deadline, so they normally see the page for about as
 * long; on a loaded machine, or when the fair share moved the deadline earlier, the second page
 * can load seconds later. Less than half: what the page does late (a pixel on a timer, a recorder
 * started after a delay) may be missing from the second visit only, and its absence would read as
 * "honoured".
 */
export const MIN_GPC_SHARE = 0.5;

/** Whether the two visits can be compared, and what of the comparison is missing. */
export type GpcComparison =
  /** Comparable; `shortfall` names what the second visit could not watch (the comparison is partial then). */
  | { comparable: true; shortfall?: string }
  /**
   * The second visit never loaded the page: no verdict, whatever the plain visit saw (an empty
   * second visit would read as "honoured"). Why: time ran out (its own deadline or the fair
   * share), the SSRF guard refused it, or the page failed to load (`error`, Playwright's message).
   */
  | { comparable: false; why: 'cut' | 'refused' | 'failed'; error?: string };

/** Time with the page after it loaded, in ms; undefined for captures that did not record it. */
function watchedMs(visit: PageVisit): number | undefined {
  const { load, collected } = visit.timings ?? {};
  return load === undefined || collected === undefined ? undefined : Math.max(0, collected - load);
}

/** The rule for the Global Privacy Control test: a verdict only from a second visit that loaded the page, partial when it watched it much shorter. */
export function gpcComparison(plain: PageVisit, gpc: PageVisit): GpcComparison {
  if (gpc.refused) return { comparable: false, why: 'refused' };
  if (gpc.status === undefined) {
    const error = gpc.navigationError;
    // A navigation still running when the deadline closed the context fails as closed or timed out.
    if (gpc.cutShort || error === undefined || /timeout|closed/i.test(error)) return { comparable: false, why: 'cut' };
    return { comparable: false, why: 'failed', error };
  }
  const withSignal = watchedMs(gpc);
  const without = watchedMs(plain);
  if (withSignal === undefined || without === undefined || withSignal >= MIN_GPC_SHARE * without) return { comparable: true };
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return { comparable: true, shortfall: `the later part of the visit with Global Privacy Control (it watched the page for ${seconds(withSignal)}, the visit without it for ${seconds(without)})` };
}
