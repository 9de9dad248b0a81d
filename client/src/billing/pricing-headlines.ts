import type { AbVariant } from '../analytics/ab-test';

/** The pricing page's headline per variant of the A/B test 'pricing_test'. */
export const PRICING_HEADLINES: Readonly<Record<AbVariant, string>> = {
  A: 'Choose the plan that fits you',
  B: 'Take back control of your digital footprint',
  C: 'See what the internet knows about you, and fix it',
};
