import { Box, Button, Card, Center, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { NearViewport } from '../components/NearViewport';
import { StatCard } from '../components/StatCard';
import { AveragePrivacyScoreCard, PrivacyTrendCard } from '../components/PrivacyFigures';
import { formatDate } from '../format';
import type { Dashboard } from './dashboard-types';
import { RecentScans } from './RecentScans';
import type { DashboardState } from './use-dashboard';

// recharts is only needed once the overview has data and the charts come near the screen: its own
// chunk, fetched and drawn after the rest of the overview (on a phone, the charts are below the fold
// and drawing them at once would hold the main thread while the page first shows).
const RiskDistributionChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.RiskDistributionChart })));
const ScoreTrendChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.ScoreTrendChart })));

/** How near the screen a chart's place comes before it loads: just before it scrolls in. */
const CHART_MARGIN = '200px';

function ChartFallback() {
  return (
    <Center py="8" role="status">
      <Spinner size="md" color="blue.fg" />
      <Text ms="3">Loading the chart...</Text>
    </Center>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card.Root variant="outline" as="section" aria-label={title}>
      <Card.Body gap="4">
        <Stack direction="row" justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {action}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Spec: Total Scans, the average privacy score as N/100 (coloured 80+ green, 60–79 yellow, below
 * red; the same figure and label as the report's), Last Scan or 'Never'.
 */
function OverviewCards({ data }: { data: Dashboard }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      <StatCard label="Total Scans" testId="stat-total-scans" valueSize="3xl">
        {data.totalScans}
      </StatCard>
      <AveragePrivacyScoreCard score={data.averagePrivacyScore} testId="stat-average-score" valueSize="3xl" />
      <StatCard label="Last Scan" testId="stat-last-scan" valueSize="3xl">
        {data.lastScanAt ? <time dateTime={data.lastScanAt}>{formatDate(data.lastScanAt)}</time> : 'Never'}
      </StatCard>
    </SimpleGrid>
  );
}

export interface DashboardOverviewProps {
  state: DashboardState;
  onRetry: () => void;
  /** Switches to the New Privacy Scan tab. */
  onStartScan: () => void;
  /** Shown above everything else (the monitoring notices). */
  notices?: ReactNode;
  /** Shown after everything else: cards that load on their own (the open privacy-rights requests), so their arrival moves nothing above them. */
  footer?: ReactNode;
}

/** The Overview tab: cards, recent scans, risk distribution and score trend, all from the server's history. */
export function DashboardOverview({ state, onRetry, onStartScan, notices, footer }: DashboardOverviewProps) {
  if (state.status === 'loading') {
    return <LoadingBlock>Loading your overview...</LoadingBlock>;
  }
  if (state.status === 'error') {
    return (
      <Stack gap="6">
        {notices}
        <LoadFailed title="Failed to load your overview." onRetry={onRetry} />
      </Stack>
    );
  }
  const { data } = state;
  return (
    <Stack gap="6">
      {notices}
      <OverviewCards data={data} />
      <Section
        title="Recent Scans"
        action={
          <Stack direction="row" gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" onClick={onStartScan}>
              New Privacy Scan
            </Button>
            <Button size="sm" variant="outline" asChild>
              <RouterLink to="/history">All Scans</RouterLink>
            </Button>
            <Button size="sm" variant="outline" asChild>
              <RouterLink to="/report">View Report</RouterLink>
            </Button>
          </Stack>
        }
      >
        <RecentScans scans={data.recentScans} />
      </Section>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section title="Risk Distribution">
          <Box>
            <NearViewport placeholder={<ChartFallback />} margin={CHART_MARGIN}>
              <RiskDistributionChart distribution={data.riskDistribution} />
            </NearViewport>
          </Box>
        </Section>
        <Section title="Score Trend">
          <PrivacyTrendCard trend={data.privacyTrend} testId="stat-privacy-trend" valueSize="2xl" />
          <NearViewport placeholder={<ChartFallback />} margin={CHART_MARGIN}>
            <ScoreTrendChart trend={data.scoreTrend} />
          </NearViewport>
        </Section>
      </SimpleGrid>
      {footer}
    </Stack>
  );
}
