import { bellShape, bookShape, eyeShape, heartShape, lockShape, searchShape, shieldCheckShape } from '../components/icon-shapes';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { StatsBand } from '../components/StatsBand';
import { PageHero } from '../components/PageHero';

/** Facts about the product, in place of marketing figures nobody measured. */
const numbers = [
  { value: '2', label: 'Breach services we can ask: XposedOrNot, and Have I Been Pwned where the server has its key' },
  { value: '7', label: 'Social platforms with their own privacy rules' },
  { value: '0', label: 'Third-party trackers on our pages' },
  { value: '30', label: "Days a free account's scans are kept, then deleted" },
];

const trustPoints: IconCardContent[] = [
  {
    title: 'No third-party trackers',
    text: 'Our pages load nothing from other companies: no ad networks, no outside analytics. What we measure, we measure ourselves.',
    icon: eyeShape,
  },
  {
    title: 'Evidence for every finding',
    text: 'Each exposure we report comes from a real check and shows where it came from. If a check could not run, we say so instead of guessing.',
    icon: searchShape,
  },
  {
    title: 'Passwords stay private',
    text: 'Passwords are never stored in plain text. Our password check sends only the first five characters of a hash, never the password.',
    icon: lockShape,
  },
  {
    title: 'Your data has an expiry date',
    text: 'Scan results are deleted after 30 days on the free plan and 90 days on paid plans. You can export or delete your data at any time.',
    icon: shieldCheckShape,
  },
];

const values: IconCardContent[] = [
  { title: 'Honesty', text: 'We tell you what we found and what we could not check. No scare tactics, no invented risks.', icon: shieldCheckShape },
  { title: 'Clarity', text: 'Every finding comes with plain-language advice you can act on today.', icon: bookShape },
  { title: 'Respect', text: 'We collect only what a scan needs and keep it no longer than we said we would.', icon: heartShape },
  { title: 'Vigilance', text: 'Privacy is not a one-off: monitors keep watching so you do not have to.', icon: bellShape },
];

const resources = [
  { title: 'Privacy Guides', text: 'Step-by-step guides for locking down popular services and devices.' },
  { title: 'Breach Reports', text: 'Plain-language write-ups of major data breaches and what to do if you were affected.' },
];

/** The about page. Drawn without Chakra's runtime, like the landing page (theme/shell-styles.ts). */
export default function AboutPage() {
  return (
    <>
      <PageHero
        title="About Footprint"
        lead="We help people see what of them is exposed online, and what to do about it."
      />

      <section aria-labelledby="mission-title" className="sh-band-end">
        <div className="sh-section-bar-narrow">
          <h2 id="mission-title" className="sh-h2">
            Our mission
          </h2>
          <div className="sh-prose">
            <p>
              Your personal data is scattered across breached databases, public profiles, websites and the photos you
              share. Most people only find out when something goes wrong. Footprint exists to change that: to give
              everyone a clear, honest picture of their digital footprint before someone else uses it.
            </p>
            <p>
              We check the sources that matter, show you the evidence behind every finding, and turn it into steps you
              can take today. And we hold ourselves to the standard we ask of others: we keep as little of your data as
              we can, for as short a time as we can.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="credits-title" className="sh-band-end">
        <div className="sh-section-bar-narrow">
          <h2 id="credits-title" className="sh-h2-xl">
            Credits
          </h2>
          <p className="sh-text">
            The username check looks a name up on the sites of{' '}
            <a href="https://github.com/WebBreacher/WhatsMyName" target="_blank" rel="noopener noreferrer" className="sh-link">
              WhatsMyName
            </a>
            , a list kept by Micah Hoffman and its contributors under the{' '}
            <a href="https://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noopener noreferrer" className="sh-link">
              CC BY-SA 4.0
            </a>{' '}
            licence. Footprint&apos;s server downloads it while running; it is not part of Footprint.
          </p>
        </div>
      </section>

      <StatsBand id="numbers-title" title="By the Numbers" stats={numbers} />

      <section aria-labelledby="trust-title" className="sh-band">
        <div className="sh-section-bar-wide">
          <h2 id="trust-title" className="sh-h2-center">
            Why you can trust us
          </h2>
          <div className="sh-grid-4">
            {trustPoints.map((point) => (
              <IconCard key={point.title} {...point} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values-title" className="sh-band-subtle">
        <div className="sh-section-bar-wide">
          <h2 id="values-title" className="sh-h2-center">
            Our values
          </h2>
          <div className="sh-grid-4">
            {values.map((value) => (
              <IconCard key={value.title} {...value} />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="resources-title" className="sh-band-subtle">
        <div className="sh-section-bar-wide">
          <h2 id="resources-title" className="sh-h2-center">
            Resources
          </h2>
          <div className="sh-grid-3-md-loose">
            {resources.map((resource) => (
              <div key={resource.title} className="sh-card">
                <div className="sh-card-body">
                  <div className="sh-heading-row">
                    <h3 className="sh-h3">{resource.title}</h3>
                    <span className="sh-badge-soon">Coming Soon</span>
                  </div>
                  <p className="sh-muted">{resource.text}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
