import { lazy, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { bookShape, StrokeSvg } from '../components/icon-shapes';
import { NearViewport } from '../components/NearViewport';
import { PageHero } from '../components/PageHero';
import { PlainTabs } from '../components/PlainTabs';
import { additionalResources, type EducationTopic, educationTopics, type Tip } from '../content/education';
import { withChakraLoaded } from '../theme/lazy-chakra';

// The page is drawn without Chakra's runtime (theme/shell-styles.ts, "EducationPage"; its tabs are
// components/PlainTabs.tsx, plain elements). The password check below the tips is a Chakra
// component: it loads, with Chakra's runtime, as its place nears the screen.
const PasswordExposureCheck = lazy(async () => ({
  default: await withChakraLoaded(async () => (await import('../scans/PasswordExposureCheck')).PasswordExposureCheck),
}));

const TABS_CLASSES = { root: 'sh-tabs', list: 'sh-tabs-list', trigger: 'sh-tabs-trigger', content: 'sh-tabs-content' };

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

function TopicPanel({ topic }: { topic: EducationTopic }) {
  return (
    <>
      <h2 className="sh-h2">{topic.title}</h2>
      <p className="sh-topic-summary">{topic.summary}</p>
      <div className="sh-grid-3-md">
        {topic.tips.map((tip) => (
          <TipCard key={tip.title} tip={tip} />
        ))}
      </div>
    </>
  );
}

const TOPIC_TABS = educationTopics.map((topic) => ({ value: topic.id, label: topic.title, content: <TopicPanel topic={topic} /> }));

export default function EducationPage() {
  const [topic, setTopic] = useState(educationTopics[0].id);
  return (
    <>
      <PageHero
        title="Privacy Education Center"
        lead="Practical tips to shrink your digital footprint, from the first steps to advanced habits."
      />
      <section aria-label="Tips" className="sh-band-end">
        <div className="sh-section-bar-wide">
          <PlainTabs tabs={TOPIC_TABS} value={topic} onValueChange={setTopic} classNames={TABS_CLASSES} />
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
