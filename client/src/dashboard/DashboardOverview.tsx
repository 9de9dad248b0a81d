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
import { withChakraLoaded } from '../theme/lazy-chakra';

// The overview is drawn without Chakra's runtime (theme/shell-styles.ts, "Dashboard"). recharts (and
// Chakra's runtime, which the charts are drawn with) is only needed once the overview has data and
// the charts come near the screen: its own chunk, fetched and drawn after the rest of the overview (on
// a phone, the charts are below the fold and drawing them at once would hold the main thread while
// the page first shows).
const loadCharts = () => import('./DashboardCharts');
const RiskDistributionChart = lazy(async () => ({ default: await withChakraLoaded(async () => (await loadCharts()).RiskDistributionChart) }));
const ScoreTrendChart = lazy(async () => ({ default: await withChakraLoaded(async () => (await loadCharts()).ScoreTrendChart) }));

/** How near the screen a chart's place comes before it loads: just before it scrolls in. */
const CHART_MARGIN = '200px';

function ChartFallback() {
  return (
    <div className="sh-chart-loading" role="status">
      <span className="sh-chart-spinner" />
      <p className="sh-loading-text">Loading the chart...</p>
    </div>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="sh-card-outline" aria-label={title}>
      <div className="sh-card-section-body">
        <div className="sh-section-head">
          <h2 className="sh-h3">{title}</h2>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

/**
 * Spec: Total Scans, the average privacy score as N/100 (coloured 80+ green, 60–79 yellow, below
 * red; the same figure and label as the report's), Last Scan or 'Never'.
 */
function OverviewCards({ data }: { data: Dashboard }) {
  return (
    <div className="sh-overview-cards">
      <StatCard label="Total Scans" testId="stat-total-scans" valueSize="3xl">
        {data.totalScans}
      </StatCard>
      <AveragePrivacyScoreCard score={data.averagePrivacyScore} testId="stat-average-score" valueSize="3xl" />
      <StatCard label="Last Scan" testId="stat-last-scan" valueSize="3xl">
        {data.lastScanAt ? <time dateTime={data.lastScanAt}>{formatDate(data.lastScanAt)}</time> : 'Never'}
      </StatCard>
    </div>
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
      <div className="sh-overview">
        {notices}
        <LoadFailed title="Failed to load your overview." onRetry={onRetry} />
      </div>
    );
  }
  const { data } = state;
  return (
    <div className="sh-overview">
      {notices}
      <OverviewCards data={data} />
      <Section
        title="Recent Scans"
        action={
          <div className="sh-section-actions">
            <button type="button" className="sh-button-sm" onClick={onStartScan}>
              New Privacy Scan
            </button>
            <RouterLink to="/history" className="sh-button-outline-sm">
              All Scans
            </RouterLink>
            <RouterLink to="/report" className="sh-button-outline-sm">
              View Report
            </RouterLink>
          </div>
        }
      >
        <RecentScans scans={data.recentScans} />
      </Section>
      <div className="sh-overview-charts">
        <Section title="Risk Distribution">
          <div>
            <NearViewport placeholder={<ChartFallback />} margin={CHART_MARGIN}>
              <RiskDistributionChart distribution={data.riskDistribution} />
            </NearViewport>
          </div>
        </Section>
        <Section title="Score Trend">
          <PrivacyTrendCard trend={data.privacyTrend} testId="stat-privacy-trend" valueSize="2xl" />
          <NearViewport placeholder={<ChartFallback />} margin={CHART_MARGIN}>
            <ScoreTrendChart trend={data.scoreTrend} />
          </NearViewport>
        </Section>
      </div>
      {footer}
    </div>
  );
}
