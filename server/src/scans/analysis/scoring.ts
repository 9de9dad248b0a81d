import { type Finding, FINDING_GROUPS, type FindingGroup } from '../../vocabulary/finding.types';

/** Points lost per item in each group (spec section 9). */
export const SCORE_PENALTIES: Readonly<Record<FindingGroup, number>> = {
  breaches: 15,
  personalInfo: 10,
  locationData: 12,
  metadata: 8,
  socialMedia: 5,
};

export type GroupCounts = Readonly<Record<FindingGroup, number>>;

/** The spec's privacy score: 100 minus each group's count times its penalty, clamped to 0–100. */
export function privacyScore(counts: GroupCounts): number {
  let score = 100;
  for (const group of FINDING_GROUPS) {
    const count = counts[group];
    // A count is a number of findings: anything else (negative, fractional, NaN) is a caller's bug, not a bonus.
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`privacyScore: ${group} count must be a whole number ≥ 0, got ${count}`);
    score -= SCORE_PENALTIES[group] * count;
  }
  return Math.min(100, Math.max(0, score));
}

/** How many findings fall in each group. */
export function groupCounts(findings: readonly Finding[]): Record<FindingGroup, number> {
  const counts = Object.fromEntries(FINDING_GROUPS.map((group) => [group, 0])) as Record<FindingGroup, number>;
  for (const finding of findings) counts[finding.group] += 1;
  return counts;
}
