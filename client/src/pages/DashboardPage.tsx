import { Button, Container, Flex, Heading, Stack, Tabs } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { usePaymentReturn } from '../billing/use-payment-return';
import { SignOutIcon } from '../components/icons';
import { notify } from '../components/toaster';
import { DashboardOverview } from '../dashboard/DashboardOverview';
import { isOnboardingCompleted, markOnboardingCompleted } from '../dashboard/onboarding-flag';
import { OnboardingModal } from '../dashboard/OnboardingModal';
import { useDashboard } from '../dashboard/use-dashboard';
import { ExifCheck } from '../exif/ExifCheck';
import { MonitorNotices } from '../monitoring/MonitorNotices';
import { OpenRequestsCard } from '../requests/OpenRequestsCard';
import { LoadingBlock } from '../components/LoadStatus';

// The scan forms are for the New Privacy Scan tab: their code loads when it is first opened, not
// with the overview.
const PrivacyAuditWidget = lazy(() => import('../scans/PrivacyAuditWidget').then((m) => ({ default: m.PrivacyAuditWidget })));
const PasswordExposureCheck = lazy(() => import('../scans/PasswordExposureCheck').then((m) => ({ default: m.PasswordExposureCheck })));

/** The dashboard's tabs (spec section 4): overview by default. */
export type DashboardTab = 'overview' | 'scan' | 'exif';

export const ONBOARDING_DONE_TOAST = "Welcome to Footprint! Let's start with your first privacy scan.";

export default function DashboardPage() {
  const { state, signOut } = useAuth();
  // The name typed at sign-up (or given by Google); else, as the profile says, the address before the @.
  const name = state.user?.displayName || state.user?.email.split('@')[0] || 'User';
  const [tab, setTab] = useState<DashboardTab>('overview');
  // The server keeps the tour done per user (every browser); the local flag only spares a round trip.
  const [onboarding, setOnboarding] = useState(() => !state.user?.onboardingCompleted && !isOnboardingCompleted());
  const [overview, refreshOverview] = useDashboard();
  // "Welcome back" only to someone who was here before: the tour done (on the server, or in this
  // browser) or scans already in the account when the dashboard first loaded. Decided once per
  // visit, so a first visit's own scan does not turn it into "back".
  const [returning, setReturning] = useState(() => Boolean(state.user?.onboardingCompleted) || isOnboardingCompleted());
  const [firstOverviewSeen, setFirstOverviewSeen] = useState(false);
  if (!firstOverviewSeen && overview.status !== 'loading') {
    setFirstOverviewSeen(true);
    if (overview.status === 'ready' && overview.data.totalScans > 0) setReturning(true);
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
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {returning ? `Welcome back, ${name}!` : `Welcome, ${name}!`}
        </Heading>
        <Button variant="outline" onClick={handleSignOut}>
          <SignOutIcon />
          Sign Out
        </Button>
      </Flex>

      {/* A panel mounts when first opened (the scan forms and the image check are not part of the
          overview's first render, nor their code of its download), then stays mounted when hidden,
          so a scan keeps running while another tab is open. */}
      <Tabs.Root mt="8" lazyMount value={tab} onValueChange={(details) => changeTab(details.value as DashboardTab)} variant="line">
        <Tabs.List flexWrap="wrap" h="auto">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="scan">New Privacy Scan</Tabs.Trigger>
          <Tabs.Trigger value="exif">EXIF Check</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview" pt="6">
          <DashboardOverview state={overview} onRetry={refreshOverview} onStartScan={() => changeTab('scan')} notices={<MonitorNotices />} footer={<OpenRequestsCard />} />
        </Tabs.Content>
        <Tabs.Content value="scan" pt="6">
          <Suspense fallback={<LoadingBlock>Loading the scan forms...</LoadingBlock>}>
            <Stack gap="8">
              <PrivacyAuditWidget buttonLabel="Check My Privacy" headingAs="h2" />
              <PasswordExposureCheck headingAs="h2" />
            </Stack>
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="exif" pt="6">
          <ExifCheck headingAs="h2" />
        </Tabs.Content>
      </Tabs.Root>

      <OnboardingModal open={onboarding} onSkip={skipOnboarding} onComplete={completeOnboarding} />
    </Container>
  );
}
