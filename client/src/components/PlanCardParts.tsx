import type { Plan } from '../billing/use-plans';
import { checkShape, StrokeSvg } from './icon-shapes';
import { formatMoney } from '../format';

// Drawn without Chakra's runtime (theme/shell-styles.ts, "Plans"): the features and pricing pages show them first.

/** A plan card's name with the 'Most Popular' badge where the catalogue marks it. */
export function PlanHeading({ plan, as: Heading }: { plan: Plan; as: 'h2' | 'h3' }) {
  return (
    <div className="sh-heading-row">
      <Heading className="sh-plan-name">{plan.name}</Heading>
      {plan.mostPopular && <span className="sh-plan-badge">Most Popular</span>}
    </div>
  );
}

/**
 * The plan's price as the pricing page and checkout sell it: one payment for 30 days. There is no
 * annual billing (the spec's "Save 20%" toggle offered prices nothing could buy).
 */
export function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <p className="sh-muted">
      <span className="sh-plan-amount">{formatMoney(plan.priceCents)}</span>
      /month
    </p>
  );
}

/** The plan's features as a checked list. */
export function PlanFeatureList({ plan }: { plan: Plan }) {
  return (
    <ul className="sh-plan-features">
      {plan.features.map((feature) => (
        <li key={feature} className="sh-plan-feature">
          <StrokeSvg shape={checkShape} className="sh-plan-check" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
