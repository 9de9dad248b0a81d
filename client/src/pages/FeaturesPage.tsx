import { Link as RouterLink } from 'react-router-dom';
import { databaseShape, globeShape, imageShape, mapPinShape, messageShape, usersShape } from '../components/icon-shapes';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { PageHero } from '../components/PageHero';
import { PlanFeatureList, PlanHeading, PlanPrice } from '../components/PlanCardParts';
import { PlansError, PlansLoading } from '../components/PlansStatus';
import { type Plan, usePlans } from '../billing/use-plans';

const featureCards: IconCardContent[] = [
  {
    title: 'Data breach detection',
    text: 'We look up your email address with the breach services this server uses (XposedOrNot, and Have I Been Pwned where the server has its key) and show each breach it appears in: when it happened and which kinds of data leaked, such as passwords or phone numbers.',
    icon: databaseShape,
  },
  {
    title: 'Oversharing analysis',
    text: 'We check what a public profile or website gives away about you, such as your full name, employer, contact details and the trackers a site loads, and explain why each item matters.',
    icon: messageShape,
  },
  {
    title: 'Location exposure',
    text: 'We flag public details that place you somewhere: a home town in a bio, an address on a page, or GPS coordinates left inside a photo.',
    icon: mapPinShape,
  },
  {
    title: 'Metadata analysis',
    text: 'Upload a photo and we read its EXIF, XMP and IPTC metadata: location, time, camera and device details. You can download a copy with that metadata removed.',
    icon: imageShape,
  },
  {
    title: 'Social media monitoring',
    text: 'Monitors re-check your email addresses and handles every week or month and tell you when something new turns up, so you do not have to remember to look.',
    icon: usersShape,
  },
  {
    title: 'Dark web scanning',
    text: 'By this we mean checking the breach collections that circulate after leaks, as indexed by the breach services we ask. We do not crawl hidden marketplaces, and we only report what those collections contain.',
    icon: globeShape,
  },
];

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <div className="sh-plan-card" data-popular={plan.mostPopular || undefined}>
      <div className="sh-plan-body">
        <PlanHeading plan={plan} as="h3" />
        <PlanPrice plan={plan} />
        <PlanFeatureList plan={plan} />
      </div>
      <div className="sh-plan-footer">
        <RouterLink to="/pricing" className={plan.mostPopular ? 'sh-plan-button-solid' : 'sh-plan-button'}>
          {plan.priceCents === 0 ? 'Start Free' : `Choose ${plan.name}`}
        </RouterLink>
      </div>
    </div>
  );
}

/**
 * The features page. Drawn without Chakra's runtime, like the landing page (theme/shell-styles.ts),
 * so that its first render needs only React and the shell.
 */
export default function FeaturesPage() {
  const [plans, reload] = usePlans();

  return (
    <>
      <PageHero
        title="Everything you need to guard your privacy"
        lead="Footprint finds where your personal data is exposed, shows you the evidence, and tells you what to do. Start free and upgrade when you want more scans, monitors and reports."
      >
        <p className="sh-page-note" data-testid="billing-note">
          Paid plans are bought one month at a time: one payment covers 30 days and nothing renews by itself.
        </p>
      </PageHero>

      <section aria-labelledby="plans-title" className="sh-section-end">
        <div className="sh-section-bar-wide">
          <h2 id="plans-title" className="sh-h2-plans">
            Plans
          </h2>
          {plans.status === 'loading' && <PlansLoading />}
          {plans.status === 'error' && <PlansError onRetry={reload} />}
          {plans.status === 'ready' && (
            <div className="sh-plans-grid">
              {plans.data.map((plan) => (
                <PlanCard key={plan.tier} plan={plan} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="capabilities-title" className="sh-section-subtle">
        <div className="sh-section-bar-wide">
          <h2 id="capabilities-title" className="sh-h2-center-lg">
            What Footprint does
          </h2>
          <div className="sh-grid-3">
            {featureCards.map((feature) => (
              <IconCard key={feature.title} {...feature} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="features-cta-title" className="sh-section">
        <div className="sh-cta-bar">
          <h2 id="features-cta-title" className="sh-h2-center-lg">
            Ready to see your footprint?
          </h2>
          <p className="sh-cta-text">Compare the plans side by side and pick the one that fits.</p>
          <RouterLink to="/pricing" className="sh-cta-button-lg">
            View Pricing
          </RouterLink>
        </div>
      </section>
    </>
  );
}
