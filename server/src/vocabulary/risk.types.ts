/**
 * The one severity scale of Footprint: every finding (privacy scans and image checks alike) and
 * every recommendation is low, medium, high or critical.
 */
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** Recommendation priorities use the same four words. */
export type Priority = RiskLevel;

/** Lowest first: `RISK_ORDER[level]` compares levels. */
export const RISK_ORDER: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

export function maxRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_ORDER[a] >= RISK_ORDER[b] ? a : b;
}

export function minRisk(a: RiskLevel, b: RiskLevel): RiskLevel {
  return RISK_ORDER[a] <= RISK_ORDER[b] ? a : b;
}
