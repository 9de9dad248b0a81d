import type { Finding } from '../../vocabulary/finding.types';
import { CatalogueRecommendation, type Recommendation } from '../../vocabulary/recommendation.types';
import { dataClassRecommendation, FINDING_RECOMMENDATIONS, GOOD_PRACTICE_RECOMMENDATIONS } from '../../vocabulary/recommendation.catalogue';
import { minRisk, RISK_ORDER } from '../../vocabulary/risk.types';

/** The grid shows this many at most: the most urgent first. */
export const MAX_RECOMMENDATIONS = 8;

/**
 * The 'Privacy Recommendations' of a result: the catalogue's advice for each risk finding (by
 * type) and each breached data class, once each, most urgent first (critical → low; among equal
 * priorities, the advice more findings call for, then the order found), at most `limit`.
 * Nothing found → the general good-practice advice.
 *
 * A breach rated low (spam lists, fabricated breaches) cannot make its data classes' advice more
 * urgent than low: "change your password now" is not critical for a list that never held one.
 */
export function buildRecommendations(findings: readonly Finding[], limit = MAX_RECOMMENDATIONS): Recommendation[] {
  const collected = new Map<string, { recommendation: Recommendation; calls: number; order: number }>();
  const collect = (entry: CatalogueRecommendation, priorityCap: Recommendation['priority'] = 'critical') => {
    const recommendation = { ...toRecommendation(entry), priority: minRisk(entry.priority, priorityCap) };
    const key = `${entry.category}\n${entry.action}`;
    const known = collected.get(key);
    if (!known) {
      collected.set(key, { recommendation, calls: 1, order: collected.size });
      return;
    }
    known.calls += 1;
    if (RISK_ORDER[recommendation.priority] > RISK_ORDER[known.recommendation.priority]) known.recommendation = recommendation;
  };

  for (const { detail } of findings) {
    switch (detail.kind) {
      case 'risk':
        collect(FINDING_RECOMMENDATIONS[detail.type]);
        break;
      case 'breach':
        for (const dataClass of new Set(detail.dataClasses)) collect(dataClassRecommendation(dataClass), detail.risk);
        break;
      case 'demo-breach':
        // Demo results carry their own recommendations (demo-result.builder.ts).
        break;
    }
  }

  if (collected.size === 0) return GOOD_PRACTICE_RECOMMENDATIONS.slice(0, limit).map(toRecommendation);
  return [...collected.values()]
    .sort(
      (a, b) =>
        RISK_ORDER[b.recommendation.priority] - RISK_ORDER[a.recommendation.priority] || b.calls - a.calls || a.order - b.order,
    )
    .slice(0, limit)
    .map((item) => item.recommendation);
}

/** Only the three fields the API shows (the catalogue's `why` stays in the catalogue). */
function toRecommendation({ category, action, priority }: CatalogueRecommendation): Recommendation {
  return { category, action, priority };
}
