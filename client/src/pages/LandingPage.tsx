import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { StatsBand } from '../components/StatsBand';
import { clockShape, databaseShape, imageShape, mapPinShape, messageShape, StrokeSvg } from '../components/icon-shapes';
import { useNearViewport } from '../hooks/use-near-viewport';
import { withChakraLoaded } from '../theme/lazy-chakra';

// Below the fold: the scan widget's code (input rules, the event stream, the check list) and
// Chakra's runtime, which it is drawn with, load once the widget's section nears the screen (or
// 'Try Free Scan' asks for it), not with the page: on a phone that keeps the first render and the
// main thread free of them.
const PrivacyAuditWidget = lazy(async () => ({
  default: await withChakraLoaded(async () => (await import('../scans/PrivacyAuditWidget')).PrivacyAuditWidget),
}));

const features: IconCardContent[] = [
  {
    title: 'Data Breaches',
    text: 'Find out whether your email address appears in known data breaches, and which of your details leaked with it.',
    icon: databaseShape,
  },
  {
    title: 'Oversharing Detection',
    text: 'See what your public profiles and handles reveal about you, from your real name to your employer.',
    icon: messageShape,
  },
  {
    title: 'Location Privacy',
    text: 'Spot where your home town, workplace or daily routine can be pieced together from what is public.',
    icon: mapPinShape,
  },
  {
    title: 'Metadata Analysis',
    text: 'Check photos for hidden GPS coordinates, camera serial numbers and other details stored in the file.',
    icon: imageShape,
  },
];

/**
 * Figures that are true of the product itself, in place of marketing numbers (usage counts,
 * accuracy and support claims nobody measured).
 */
const stats: { value: string; label: string }[] = [
  { value: '4', label: 'Kinds of input: email, website, handle, image' },
  { value: 'Live', label: 'Checks against named sources, each with its evidence' },
  { value: '0', label: 'Trackers on this site' },
  { value: '< 30s', label: 'To get your privacy score' },
];

const TRY_NOW_INPUT_ID = 'try-now-input';

/** The scan box, when it can take input (not while a scan runs or results show). */
function tryNowInput(): HTMLInputElement | undefined {
  const input = document.getElementById(TRY_NOW_INPUT_ID);
  return input instanceof HTMLInputElement && !input.disabled ? input : undefined;
}

/** Scrolls to the widget and goes straight into its scan box; false when the widget is not there yet. */
function scrollToTryNow(): boolean {
  const target = document.getElementById('try-now');
  if (!target) return false;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  const input = tryNowInput();
  if (input) input.focus({ preventScroll: true });
  else target.focus({ preventScroll: true });
  return document.getElementById(TRY_NOW_INPUT_ID) !== null;
}

/** Once the widget is in (rendered after it), puts the focus in its scan box. */
function FocusScanBox() {
  useEffect(() => {
    tryNowInput()?.focus({ preventScroll: true });
  }, []);
  return null;
}

/**
 * The public landing page. Kept light: it is the only page in the first download, and it is drawn
 * without Chakra's runtime, with classes the build compiles from the Chakra theme
 * (theme/shell-styles.ts, "LandingPage"); only the scan widget below the fold uses Chakra.
 */
export function LandingPage() {
  const tryNow = useRef<HTMLElement>(null);
  // A screen ahead: on a phone the widget loads once the reader starts scrolling, not with the page.
  const near = useNearViewport(tryNow);
  // 'Try Free Scan' before the widget was there: load it, and go into its scan box once it is.
  const [focusWhenLoaded, setFocusWhenLoaded] = useState(false);
  const tryFreeScan = () => {
    if (!scrollToTryNow()) setFocusWhenLoaded(true);
  };
  return (
    <>
      <section aria-labelledby="hero-title" className="sh-hero">
        <div className="sh-hero-bar">
          <span className="sh-hero-badge">Your privacy audit</span>
          <h1 id="hero-title" className="sh-hero-title">
            Discover what the internet knows about you
          </h1>
          <p className="sh-hero-text">
            Footprint checks your email address, website or social media handle for breaches, oversharing, location
            exposure and hidden metadata, gives you a privacy score from 0 to 100 and tells you what to do about each
            finding.
          </p>
          <div className="sh-hero-actions">
            <RouterLink to="/login" className="sh-button-xl">
              Protect My Privacy
            </RouterLink>
            <button type="button" className="sh-button-xl-outline" onClick={tryFreeScan}>
              Try Free Scan
            </button>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="sh-section">
        <div className="sh-section-bar-wide">
          <h2 id="features-title" className="sh-section-title">
            What Footprint checks
          </h2>
          <p className="sh-section-lead">Four kinds of exposure, each with the evidence we found and a recommendation you can act on.</p>
          <div className="sh-card-grid">
            {features.map((feature) => (
              <IconCard key={feature.title} {...feature} />
            ))}
          </div>
        </div>
      </section>

      <section ref={tryNow} id="try-now" tabIndex={-1} aria-labelledby="try-now-title" className="sh-try-now">
        <div className="sh-section-bar-narrow">
          <h2 id="try-now-title" className="sh-section-title">
            Try now
          </h2>
          <p className="sh-try-now-lead">A free public scan, no account needed.</p>
          <div className="sh-try-now-widget">
            {near || focusWhenLoaded ? (
              <Suspense fallback={<div className="sh-widget-skeleton" />}>
                <PrivacyAuditWidget buttonLabel="Start Scan" headingAs="h3" inputId={TRY_NOW_INPUT_ID} />
                {focusWhenLoaded && <FocusScanBox />}
              </Suspense>
            ) : (
              <div className="sh-widget-skeleton" />
            )}
          </div>
        </div>
      </section>

      <StatsBand id="stats-title" title="Footprint in numbers" stats={stats} />

      <section aria-labelledby="cta-title" className="sh-section">
        <div className="sh-cta-bar">
          <div className="sh-cta-icon-row">
            <StrokeSvg shape={clockShape} className="sh-icon-10" />
          </div>
          <h2 id="cta-title" className="sh-section-title">
            Take control of your digital footprint
          </h2>
          <p className="sh-cta-text">Create a free account to keep your scan history, get reports and see what changes over time.</p>
          <RouterLink to="/login" className="sh-cta-button">
            Get Started Now
          </RouterLink>
        </div>
      </section>
    </>
  );
}
