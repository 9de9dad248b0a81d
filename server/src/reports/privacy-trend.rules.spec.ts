import { privacyTrend, type ScoredScan } from './privacy-trend.rules';

const DAY = 24 * 3600_000;
const start = Date.UTC(2026, 0, 1, 10);
/** Scans of one input, `days` apart. */
const series = (input: string, scores: number[], daysApart = 4): ScoredScan[] =>
  scores.map((score, i) => ({ input, score, startedAt: new Date(start + i * daysApart * DAY) }));

describe('privacyTrend', () => {
  it('says there is not enough history without 3 scans of one input over 7 days', () => {
    const none = { direction: 'not-enough-history', inputs: 0, change: null };
    expect(privacyTrend([])).toEqual(none);
    // Two scans of the same input, far apart.
    expect(privacyTrend(series('a@example.com', [40, 90], 30))).toEqual(none);
    // Four unrelated inputs within a minute (what once read as "Risk Trend ↓ Decreasing").
    const unrelated = ['a@example.com', 'https://b.example/', '@c', 'd@example.com'].map((input, i) => ({
      input,
      score: 40 + i * 15,
      startedAt: new Date(start + i * 15_000),
    }));
    expect(privacyTrend(unrelated)).toEqual(none);
    // Three scans of one input within six days.
    expect(privacyTrend(series('a@example.com', [40, 60, 90], 3))).toEqual(none);
  });

  it('reads each input with enough history: later half against earlier half, in time order', () => {
    expect(privacyTrend(series('a@example.com', [50, 60, 80, 90]))).toEqual({ direction: 'improving', inputs: 1, change: 30 });
    expect(privacyTrend(series('a@example.com', [50, 60, 80, 90]).reverse().map((s, i, all) => ({ ...s, startedAt: all[all.length - 1 - i].startedAt })))).toEqual({
      direction: 'worsening',
      inputs: 1,
      change: -30,
    });
    // Exactly 7 days, 3 scans: enough. The middle scan sits out.
    expect(privacyTrend(series('a@example.com', [70, 10, 60], 3.5))).toEqual({ direction: 'worsening', inputs: 1, change: -10 });
  });

  it('needs a move of 5 points to be a trend, and averages the inputs that count', () => {
    expect(privacyTrend(series('a@example.com', [80, 82, 84]))).toEqual({ direction: 'steady', inputs: 1, change: 4 });
    const two = [...series('a@example.com', [50, 50, 70]), ...series('b@example.com', [90, 90, 80]), ...series('c@example.com', [10, 100])];
    // a: +20, b: -10, c does not count → +5.
    expect(privacyTrend(two)).toEqual({ direction: 'improving', inputs: 2, change: 5 });
  });
});
