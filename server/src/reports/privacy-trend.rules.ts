/**
 * Whether the privacy score is moving, from completed privacy scans of the same input only: a
 * trend read from unrelated scans (an email one minute, a website the next) would mean nothing.
 * Pure: the scan history hands it the scored scans.
 */
import type { ScoredScan } from '../scans/scan.repository';
import type { PrivacyTrend } from '../vocabulary/privacy-trend.types';
import { TREND_RULES } from './report.catalogue';

export type { ScoredScan } from '../scans/scan.repository';
export type { PrivacyTrend } from '../vocabulary/privacy-trend.types';

/**
 * For each input with at least TREND_RULES.minScans scans spanning TREND_RULES.minDays days: the
 * mean score of the later half of its scans minus the earlier half. The mean of those moves is the
 * trend when it reaches TREND_RULES.threshold points either way; otherwise the score is steady.
 */
export function privacyTrend(history: readonly ScoredScan[]): PrivacyTrend {
  const byInput = new Map<string, ScoredScan[]>();
  for (const scan of history) byInput.set(scan.input, [...(byInput.get(scan.input) ?? []), scan]);
  const moves: number[] = [];
  for (const scans of byInput.values()) {
    if (scans.length < TREND_RULES.minScans) continue;
    const ordered = [...scans].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
    const span = ordered[ordered.length - 1].startedAt.getTime() - ordered[0].startedAt.getTime();
    if (span < TREND_RULES.minDays * 24 * 3600_000) continue;
    const half = Math.floor(ordered.length / 2);
    const scores = ordered.map((s) => s.score);
    moves.push(mean(scores.slice(ordered.length - half)) - mean(scores.slice(0, half)));
  }
  if (moves.length === 0) return { direction: 'not-enough-history', inputs: 0, change: null };
  const change = Math.round(mean(moves));
  const direction = change >= TREND_RULES.threshold ? 'improving' : change <= -TREND_RULES.threshold ? 'worsening' : 'steady';
  return { direction, inputs: moves.length, change };
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
