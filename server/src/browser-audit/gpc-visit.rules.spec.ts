import type { PageVisit } from './capture.types';
import { pageVisit } from '../../../test/support/website-snapshots';
import { gpcComparison, MIN_GPC_SHARE } from './gpc-visit.rules';

/** A visit that loaded the page and watched it for 9 s, unless told otherwise. */
function visit(kind: PageVisit['kind'], overrides: Partial<PageVisit> = {}): PageVisit {
  return pageVisit({ kind, url: 'https://shop.example/', finalUrl: 'https://shop.example/', durationMs: 9_000, requests: [], proxy: { bytes: 0, overBudget: false, refusals: [] }, timings: { context: 1_000, load: 2_000, collected: 8_000 }, ...overrides });
}

describe('comparing the Global Privacy Control visit with the plain one', () => {
  const plain = visit('plain');

  it('compares two visits that watched the page about as long', () => {
    expect(gpcComparison(plain, visit('gpc', { timings: { load: 3_500, collected: 8_000 } }))).toEqual({ comparable: true });
  });

  it('gives no verdict when the second visit never loaded the page before its time ran out (cut by the deadline or the fair share)', () => {
    expect(gpcComparison(plain, visit('gpc', { status: undefined, cutShort: true, navigationError: 'page.goto: Target page, context or browser has been closed' }))).toEqual({ comparable: false, why: 'cut' });
    expect(gpcComparison(plain, visit('gpc', { status: undefined, navigationError: 'page.goto: Timeout 4500ms exceeded.' }))).toEqual({ comparable: false, why: 'cut' });
  });

  it('gives no verdict, with the error, when the second visit failed to load the page', () => {
    const error = 'page.goto: net::ERR_CONNECTION_RESET at https://shop.example/';
    expect(gpcComparison(plain, visit('gpc', { status: undefined, navigationError: error }))).toEqual({ comparable: false, why: 'failed', error });
    expect(gpcComparison(plain, visit('gpc', { refused: true }))).toEqual({ comparable: false, why: 'refused' });
  });

  it('names the shortfall when the second visit watched the page for less than its share of the plain visit\'s time', () => {
    // Plain: 6 s with the page; the second page loaded 4 s later and was collected at the same deadline.
    const late = gpcComparison(plain, visit('gpc', { timings: { load: 6_000, collected: 8_000 } }));
    expect(late).toEqual({ comparable: true, shortfall: expect.stringContaining('watched the page for 2.0 s, the visit without it for 6.0 s') });
    // Exactly the share is enough.
    expect(gpcComparison(plain, visit('gpc', { timings: { load: 8_000 - MIN_GPC_SHARE * 6_000, collected: 8_000 } }))).toEqual({ comparable: true });
  });

  it('compares captures stored before the timings were recorded as before', () => {
    expect(gpcComparison(visit('plain', { timings: {} }), visit('gpc', { timings: { load: 7_900, collected: 8_000 } }))).toEqual({ comparable: true });
  });
});
