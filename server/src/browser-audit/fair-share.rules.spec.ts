import { FAIR_SHARE_MS, fairDeadline, JobClock, lateBudget, MIN_LATE_BUDGET_MS, PROMISE_MARGIN_MS, promisedClaimBy, promisedReleases, WRAP_UP_MS } from './fair-share.rules';

describe('fair share of browser time', () => {
  const start = 1_000_000;

  it('ends a job that has had less than its share at the share', () => {
    expect(fairDeadline(start, start + 15_000, start + 2_000)).toBe(start + FAIR_SHARE_MS);
  });

  it('gives a job past its share a short wrap-up, not an instant kill', () => {
    expect(fairDeadline(start, start + 15_000, start + 9_000)).toBe(start + 9_000 + WRAP_UP_MS);
  });

  it('never moves a deadline later', () => {
    expect(fairDeadline(start, start + 5_000, start + 1_000)).toBe(start + 5_000);
    expect(fairDeadline(start, start + 15_000, start + 14_000)).toBe(start + 15_000);
  });

  it('signals the new deadline once, as the reason', () => {
    const clock = new JobClock(start, 15_000);
    const seen: unknown[] = [];
    clock.shortened.addEventListener('abort', () => seen.push(clock.shortened.reason));
    expect(clock.yieldToOthers(start + 1_000)).toBe(true);
    expect(clock.yieldToOthers(start + 2_000)).toBe(false);
    expect(seen).toEqual([start + FAIR_SHARE_MS]);
    expect(clock.deadline).toBe(start + FAIR_SHARE_MS);
    expect(clock.wasShortened).toBe(true);
  });

  it('leaves a job alone whose deadline is already within its share', () => {
    const clock = new JobClock(start, 4_000);
    expect(clock.yieldToOthers(start + 1_000)).toBe(false);
    expect(clock.wasShortened).toBe(false);
    expect(clock.deadline).toBe(start + 4_000);
  });

  describe('the promise of a browser, recorded on the queue', () => {
    const hardStop = 5_000;

    it('promises each running job\'s browser by its deadline plus the hard stop and the time to claim, earliest first', () => {
      expect(promisedReleases([start + 7_000, start + 4_000], hardStop, start)).toEqual([4_000 + hardStop + PROMISE_MARGIN_MS, 7_000 + hardStop + PROMISE_MARGIN_MS]);
      // A job already past its deadline and hard stop is released any moment: promised now, not in the past.
      expect(promisedReleases([start - 20_000], hardStop, start)).toEqual([0]);
    });

    it('moves a waiting job\'s claim_by to the promise when it comes later', () => {
      // Queued 1.5 s after two slow jobs: 8.5 s left to be claimed, 23.5 s until its scan stops waiting.
      const [first] = promisedReleases([start + FAIR_SHARE_MS], hardStop, start + 1_500);
      expect(promisedClaimBy(8_500, 23_500, first)).toBe(first);
      expect(first).toBeGreaterThan(8_500);
    });

    it('never moves claim_by earlier', () => {
      expect(promisedClaimBy(8_500, 23_500, 2_000)).toBe(8_500);
    });

    it('never moves claim_by so late that the job could not get its least worthwhile time before the scan stops waiting', () => {
      expect(promisedClaimBy(8_500, 23_500, 30_000)).toBe(23_500 - MIN_LATE_BUDGET_MS);
      // Already within that bound: stays.
      expect(promisedClaimBy(8_500, 12_000, 30_000)).toBe(8_500);
    });

    it('leaves a job without a promise, or a row without answer_by, to end "busy" at its own claim_by', () => {
      expect(promisedClaimBy(8_500, 23_500, undefined)).toBe(8_500);
      expect(promisedClaimBy(8_500, null, 20_000)).toBe(8_500);
    });

    it('gives a job claimed late only the time until its scan stops waiting', () => {
      expect(lateBudget(15_000, 25_000)).toBe(15_000);
      expect(lateBudget(15_000, 9_250.7)).toBe(9_250);
      expect(lateBudget(15_000, -10)).toBe(0);
      expect(lateBudget(15_000, null)).toBe(15_000);
    });
  });
});
