import { FAIR_SHARE_MS, fairDeadline, JobClock, WRAP_UP_MS } from './fair-share.rules';

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
});
