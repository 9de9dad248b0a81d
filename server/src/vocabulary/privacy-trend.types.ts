/** How a person's privacy score moved over their repeated scans (reports and the dashboard). */
export const PRIVACY_TREND_DIRECTIONS = ['improving', 'worsening', 'steady', 'not-enough-history'] as const;
export type PrivacyTrendDirection = (typeof PRIVACY_TREND_DIRECTIONS)[number];

export interface PrivacyTrend {
  direction: PrivacyTrendDirection;
  /** How many inputs have enough history to count (the report's TREND_RULES). */
  inputs: number;
  /** The mean move of the privacy score, in points (positive: better); null without enough history. */
  change: number | null;
}
