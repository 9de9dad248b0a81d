import { planFor, PlanTier } from '../vocabulary/plan.catalogue';
import { RETENTION_DAYS } from './report.catalogue';

/** How long a plan keeps scan results: 30 days on the free plan, 90 on paid plans. */
export function retentionDaysOf(tier: PlanTier): number {
  return planFor(tier).priceCents > 0 ? RETENTION_DAYS.paid : RETENTION_DAYS.free;
}
