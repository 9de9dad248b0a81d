import type { Priority } from './risk.types';

/** One entry of the 'Privacy Recommendations' grid. */
export interface Recommendation {
  category: string;
  action: string;
  priority: Priority;
}

/** A recommendation plus one sentence on why it matters (for people reading the catalogue or a detail view). */
export interface CatalogueRecommendation extends Recommendation {
  why: string;
}
