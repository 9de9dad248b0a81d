import { lazy, useEffect, useState } from 'react';
import { AB_VARIANTS, abTestVariant, type AbVariant } from '../analytics/ab-test';
import type { PlanTier } from '../auth/auth-context';
import { PRICING_HEADLINES } from '../billing/pricing-headlines';
import { useBillingConfig } from '../billing/use-billing-config';
import { boltShape, checkShape, eyeOffShape, shieldCheckShape, StrokeSvg } from '../components/icon-shapes';
import { NearViewport } from '../components/NearViewport';
import { PageHero } from '../components/PageHero';
import { PlanFeatureList, PlanHeading, PlanPrice } from '../components/PlanCardParts';
import { PlansError, PlansLoading } from '../components/PlansStatus';
import { type Plan, usePlans } from '../billing/use-plans';
import { withChakraLoaded } from '../theme/lazy-chakra';

// The page is drawn without Chakra's runtime (theme/shell-styles.ts, "Plans", "PricingPage"); the
// checkout panel under the plans (Stripe's card form, its alerts) is a Chakra component, fetched
// with Chakra's runtime as its place nears the screen (at once on a desktop, as the reader scrolls
// on a phone).
const CheckoutPanel = lazy(async () => ({
  default: await withChakraLoaded(async () => (await import('../billing/CheckoutPanel')).CheckoutPanel),
}));

/** The plan selected when the page opens (spec: default plus). */
const DEFAULT_TIER: PlanTier = 'plus';

function PlanCard({ plan, selected, onSelect }: { plan: Plan; selected: boolean; onSelect: () => void }) {
  return (
    <div className="sh-plan-choice" data-selected={selected || undefined} onClick={onSelect}>
      <div className="sh-plan-body">
        <PlanHeading plan={plan} as="h2" />
        <PlanPrice plan={plan} />
        <PlanFeatureList plan={plan} />
      </div>
      <div className="sh-plan-footer">
        <button
          type="button"
          className={selected ? 'sh-plan-button-solid' : 'sh-plan-button'}
          aria-pressed={selected}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          {selected && <StrokeSvg shape={checkShape} className="sh-icon" />}
          Select {plan.name}
        </button>
      </div>
    </div>
  );
}

/** What is true of Footprint, in place of claims that are not. */
const claims = [
  { label: 'Self-hostable: runs on your own server', icon: shieldCheckShape },
  { label: 'Checks run live against named sources', icon: boltShape },
  { label: 'No trackers on this site', icon: eyeOffShape },
];

/** The A/B headline variant; undefined until known, so the headline never flips. */
function usePricingVariant(): AbVariant | undefined {
  const [variant, setVariant] = useState<AbVariant>();
  // Asked during the first render, not after it, so the answer (and the headline) comes a little sooner.
  const [asked] = useState(() => abTestVariant('pricing_test'));
  useEffect(() => {
    let live = true;
    void asked.then((v) => live && setVariant(v));
    return () => {
      live = false;
    };
  }, [asked]);
  return variant;
}

/**
 * The headline of the A/B variant, shown once the variant is known. The three headlines share one
 * grid cell (the others hidden), so the heading is as tall as the longest from the first paint and
 * nothing below it moves when the variant arrives.
 */
function PricingHeadline({ variant }: { variant: AbVariant | undefined }) {
  return (
    <span className="sh-headline">
      {AB_VARIANTS.map((option) => (
        <span key={option} className="sh-headline-option" aria-hidden={option === variant ? undefined : true}>
          {PRICING_HEADLINES[option]}
        </span>
      ))}
    </span>
  );
}

export default function PricingPage() {
  const [plans, reload] = usePlans();
  const [selectedTier, setSelectedTier] = useState<PlanTier>(DEFAULT_TIER);
  const selected = plans.status === 'ready' ? plans.data.find((plan) => plan.tier === selectedTier) : undefined;
  const variant = usePricingVariant();
  const billing = useBillingConfig();

  return (
    <>
      <div data-ab-variant={variant}>
        <PageHero
          title={<PricingHeadline variant={variant} />}
          lead="Start free, and upgrade when you want more scans, monitors and reports. Select a plan to see the next step."
        />
      </div>
      <section aria-label="Plans" className="sh-section-end">
        <div className="sh-section-bar-wide">
          {plans.status === 'loading' && <PlansLoading />}
          {plans.status === 'error' && <PlansError onRetry={reload} />}
          {plans.status === 'ready' && (
            <>
              <div className="sh-plans-grid">
                {plans.data.map((plan) => (
                  <PlanCard
                    key={plan.tier}
                    plan={plan}
                    selected={plan.tier === selectedTier}
                    onSelect={() => setSelectedTier(plan.tier)}
                  />
                ))}
              </div>
              {selected && (
                <NearViewport placeholder={<div className="sh-checkout-skeleton" role="status" aria-label="Loading the checkout" />}>
                  <CheckoutPanel plan={selected} config={billing} />
                </NearViewport>
              )}
            </>
          )}
          <ul className="sh-claims">
            {claims.map(({ label, icon }) => (
              <li key={label} className="sh-claim">
                <StrokeSvg shape={icon} className="sh-claim-icon" />
                {label}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
