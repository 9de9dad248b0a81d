import { type Finding, FINDING_GROUPS, type FindingGroup, type FindingType } from '../../vocabulary/finding.types';

/** Points lost per item in each group (spec section 9). */
export const SCORE_PENALTIES: Readonly<Record<FindingGroup, number>> = {
  breaches: 15,
  personalInfo: 10,
  locationData: 12,
  metadata: 8,
  socialMedia: 5,
};

/**
 * Finding types that weigh other than their group: the browser tests of the rendered website
 * audit, weighted by what they do to a visitor. Text typed into a page and sent to another
 * company before anything is submitted weighs most; fingerprinting and hashed contact details
 * sent with pixels next; a pixel's events, a remarketing audience and tracking cookies like one
 * advertising tracker; each tracker, cookie or pixel still seen with Global Privacy Control on
 * weighs a little, on top of the tracker's own finding. docs/PRODUCT.md "Privacy scans" lists them.
 */
export const FINDING_TYPE_PENALTIES: Readonly<Partial<Record<FindingType, number>>> = {
  key_logging: 20,
  canvas_fingerprinting: 12,
  canvas_font_fingerprinting: 12,
  meta_pixel_advanced_matching: 12,
  meta_pixel_events: 5,
  google_remarketing_audiences: 5,
  tiktok_pixel_events: 5,
  x_pixel_events: 5,
  cookie_tracking: 5,
  gpc_tracker_still_loaded: 3,
  gpc_cookie_still_set: 3,
  gpc_pixel_still_sent: 3,
  gpc_recorder_still_loaded: 3,
  gpc_key_logging_still_sent: 3,
  gpc_fingerprinting_still_run: 3,
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

/** What one finding costs: its type's own weight, else its group's. */
export function findingPenalty(finding: Finding): number {
  const type = finding.detail.kind === 'risk' ? finding.detail.type : undefined;
  return (type !== undefined ? FINDING_TYPE_PENALTIES[type] : undefined) ?? SCORE_PENALTIES[finding.group];
}

/** The privacy score of a scan's findings: 100 minus every finding's penalty, clamped to 0–100. */
export function privacyScoreOf(findings: readonly Finding[]): number {
  const lost = findings.reduce((sum, finding) => sum + findingPenalty(finding), 0);
  return Math.min(100, Math.max(0, 100 - lost));
}

/** How many findings fall in each group. */
export function groupCounts(findings: readonly Finding[]): Record<FindingGroup, number> {
  const counts = Object.fromEntries(FINDING_GROUPS.map((group) => [group, 0])) as Record<FindingGroup, number>;
  for (const finding of findings) counts[finding.group] += 1;
  return counts;
}
