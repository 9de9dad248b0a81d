import { Tabs } from '@ark-ui/react/tabs';
import { lazy } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { bookShape, StrokeSvg } from '../components/icon-shapes';
import { NearViewport } from '../components/NearViewport';
import { PageHero } from '../components/PageHero';
import { additionalResources, educationTopics, type Tip } from '../content/education';
import { withChakraLoaded } from '../theme/lazy-chakra';

// The page is drawn without Chakra's runtime (theme/shell-styles.ts, "EducationPage"; its tabs are
// Ark UI's, the headless component Chakra's Tabs is made of). The password check below the tips is
// a Chakra component: it loads, with Chakra's runtime, as its place nears the screen.
const PasswordExposureCheck = lazy(async () => ({
  default: await withChakraLoaded(async () => (await import('../scans/PasswordExposureCheck')).PasswordExposureCheck),
}));

const levelClass = { beginner: 'sh-badge-beginner', intermediate: 'sh-badge-intermediate', advanced: 'sh-badge-advanced' } as const;

function TipCard({ tip }: { tip: Tip }) {
  return (
    <div className="sh-card">
      <div className="sh-card-body">
        <span className={levelClass[tip.level]}>{tip.level}</span>
        <h3 className="sh-h3">{tip.title}</h3>
        <p className="sh-muted">{tip.body}</p>
        <ol className="sh-tip-steps">
          {tip.steps.map((step) => (
            <li key={step} className="sh-list-item">
              {step}
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

export default function EducationPage() {
  return (
    <>
      <PageHero
        title="Privacy Education Center"
        lead="Practical tips to shrink your digital footprint, from the first steps to advanced habits."
      />
      <section aria-label="Tips" className="sh-band-end">
        <div className="sh-section-bar-wide">
          <Tabs.Root defaultValue={educationTopics[0].id} className="sh-tabs">
            <Tabs.List className="sh-tabs-list">
              {educationTopics.map((topic) => (
                <Tabs.Trigger key={topic.id} value={topic.id} className="sh-tabs-trigger">
                  {topic.title}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {educationTopics.map((topic) => (
              <Tabs.Content key={topic.id} value={topic.id} className="sh-tabs-content">
                <h2 className="sh-h2">{topic.title}</h2>
                <p className="sh-topic-summary">{topic.summary}</p>
                <div className="sh-grid-3-md">
                  {topic.tips.map((tip) => (
                    <TipCard key={tip.title} tip={tip} />
                  ))}
                </div>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </div>
      </section>

      {/* Fits the Security Best Practices tips: check a password before (re)using it. */}
      <div className="sh-band-end">
        <NearViewport className="sh-section-bar-narrow" placeholder={<div className="sh-password-check-skeleton" />}>
          <PasswordExposureCheck headingAs="h2" />
        </NearViewport>
      </div>

      <section aria-labelledby="resources-title" className="sh-band-subtle">
        <div className="sh-section-bar-wide">
          <h2 id="resources-title" className="sh-h2-icon">
            <StrokeSvg shape={bookShape} className="sh-icon-blue" />
            Additional Resources
          </h2>
          <div className="sh-grid-3-md">
            {additionalResources.map((resource) => (
              <div key={resource.title} className="sh-resource">
                <h3 className="sh-h3-md">{resource.title}</h3>
                <p className="sh-resource-text">{resource.text}</p>
              </div>
            ))}
          </div>
          <p className="sh-text-after">
            See how Footprint handles your own data in our{' '}
            <RouterLink to="/privacy" className="sh-link">
              Privacy Policy
            </RouterLink>
            , or compare what each plan includes on the{' '}
            <RouterLink to="/features" className="sh-link">
              features page
            </RouterLink>
            .
          </p>
        </div>
      </section>
    </>
  );
}
