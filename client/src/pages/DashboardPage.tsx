import { lazy, Suspense, useState } from 'react';
import { api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { usePaymentReturn } from '../billing/use-payment-return';
import { signOutShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';
import { DashboardOverview } from '../dashboard/DashboardOverview';
import { isOnboardingCompleted, markOnboardingCompleted } from '../dashboard/onboarding-flag';
import { useDashboard } from '../dashboard/use-dashboard';
import { MonitorNotices } from '../monitoring/MonitorNotices';
import { OpenRequestsCard } from '../requests/OpenRequestsCard';
import { LoadingBlock } from '../components/LoadStatus';
import { PlainTabs } from '../components/PlainTabs';
import { withChakraLoaded } from '../theme/lazy-chakra';

// The page and its overview are drawn without Chakra's runtime (theme/shell-styles.ts, "Dashboard";
// the tabs are components/PlainTabs.tsx, plain elements), so the overview shows with React and this
// page's code alone. The scan forms, the image check and the tour are drawn with Chakra: their code
// and Chakra's runtime load when their tab is first opened, or the tour is shown.
const PrivacyAuditWidget = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('../scans/PrivacyAuditWidget')).PrivacyAuditWidget) }));
const PasswordExposureCheck = lazy(async () => ({
  default: await withChakraLoaded(async () => (await import('../scans/PasswordExposureCheck')).PasswordExposureCheck),
}));
const ExifCheck = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('../exif/ExifCheck')).ExifCheck) }));
const OnboardingModal = lazy(async () => ({ default: await withChakraLoaded(async () => (await import('../dashboard/OnboardingModal')).OnboardingModal) }));

/** The dashboard's tabs: overview by default. */
export type DashboardTab = 'overview' | 'scan' | 'exif';

const DASHBOARD_TABS_CLASSES = {
  root: 'sh-dashboard-tabs',
  list: 'sh-dashboard-tabs-list',
  trigger: 'sh-dashboard-tabs-trigger',
  content: 'sh-dashboard-tabs-content',
};

export const ONBOARDING_DONE_TOAST = "Welcome to Footprint! Let's start with your first privacy scan.";

export default function DashboardPage() {
  const { state, signOut } = useAuth();
  // The name typed at sign-up (or given by Google); else, as the profile says, the address before the @.
  const name = state.user?.displayName || state.user?.email.split('@')[0] || 'User';
  const [tab, setTab] = useState<DashboardTab>('overview');
  // The server keeps the tour done per user (every browser); the local flag only spares a round trip.
  const [onboarding, setOnboarding] = useState(() => !state.user?.onboardingCompleted && !isOnboardingCompleted());
  // The tour's code loads only for someone who sees it; it then stays mounted, so it closes as a dialog does.
  const [tourShown] = useState(onboarding);
  const [overview, refreshOverview] = useDashboard();
  // "Welcome back" only to an account with history, a scan or a monitor (the server's hasHistory; the
  // tour, done or skipped, is none), as the visit's first overview says: decided once per visit, so
  // a first visit's own scan does not turn it into "back".
  const [returning, setReturning] = useState(false);
  const [firstOverviewSeen, setFirstOverviewSeen] = useState(false);
  if (!firstOverviewSeen && overview.status !== 'loading') {
    setFirstOverviewSeen(true);
    if (overview.status === 'ready' && overview.data.hasHistory) setReturning(true);
  }
  usePaymentReturn();

  async function handleSignOut() {
    try {
      await signOut(); // and goes to '/'
    } catch {
      notify.error('Failed to log out');
    }
  }

  function changeTab(next: DashboardTab) {
    setTab(next);
    // Scans and image checks run in the other tabs: coming back shows them.
    if (next === 'overview') refreshOverview();
  }

  function finishOnboarding() {
    markOnboardingCompleted();
    setOnboarding(false);
    // Failing to store it only means the tour may show once more in another browser.
    api.POST('/api/auth/profile/onboarding').catch(() => undefined);
  }

  function skipOnboarding() {
    finishOnboarding();
  }

  function completeOnboarding() {
    finishOnboarding();
    setTab('scan');
    notify.success(ONBOARDING_DONE_TOAST);
  }

  return (
    <div className="sh-dashboard">
      <div className="sh-history-head">
        <h1 className="sh-history-title">{returning ? `Welcome back, ${name}!` : `Welcome, ${name}!`}</h1>
        <button type="button" className="sh-button-outline" onClick={handleSignOut}>
          <StrokeSvg shape={signOutShape} className="sh-icon" />
          Sign Out
        </button>
      </div>

      {/* A panel mounts when first opened (the scan forms and the image check are not part of the
          overview's first render, nor their code of its download), then stays mounted when hidden,
          so a scan keeps running while another tab is open. */}
      <PlainTabs
        value={tab}
        onValueChange={changeTab}
        classNames={DASHBOARD_TABS_CLASSES}
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            content: <DashboardOverview state={overview} onRetry={refreshOverview} onStartScan={() => changeTab('scan')} notices={<MonitorNotices />} footer={<OpenRequestsCard />} />,
          },
          {
            value: 'scan',
            label: 'New Privacy Scan',
            content: (
              <Suspense fallback={<LoadingBlock>Loading the scan forms...</LoadingBlock>}>
                <div className="sh-tab-stack">
                  <PrivacyAuditWidget buttonLabel="Check My Privacy" headingAs="h2" />
                  <PasswordExposureCheck headingAs="h2" />
                </div>
              </Suspense>
            ),
          },
          {
            value: 'exif',
            label: 'EXIF Check',
            content: (
              <Suspense fallback={<LoadingBlock>Loading the image check...</LoadingBlock>}>
                <ExifCheck headingAs="h2" />
              </Suspense>
            ),
          },
        ]}
      />

      {tourShown && (
        <Suspense fallback={null}>
          <OnboardingModal open={onboarding} onSkip={skipOnboarding} onComplete={completeOnboarding} />
        </Suspense>
      )}
    </div>
  );
}
