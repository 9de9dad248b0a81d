import { PRIVACY_SCALE_NOTE, TREND_DISPLAY, trendBasis } from '../reports/report-display';
import type { PrivacyTrend } from '../reports/report-types';
import { scoreTone } from '../scans/scan-display';
import { paletteClass } from './palette-class';
import { StatCard } from './StatCard';

/**
 * The average privacy score, labelled and computed the same on the dashboard and in the report
 * (the server gives both the same figure), with its scale in sight.
 */
export function AveragePrivacyScoreCard({ score, testId, valueSize }: { score: number | null; testId: string; valueSize: '2xl' | '3xl' }) {
  const tone = score === null ? undefined : scoreTone(score);
  return (
    <StatCard label="Average Privacy Score" testId={testId} valueSize={valueSize} note={`Privacy score: ${PRIVACY_SCALE_NOTE}`}>
      {score === null || !tone ? (
        <span className="sh-muted" aria-label="No completed scans yet">
          —
        </span>
      ) : (
        <span className={`sh-tone ${paletteClass(tone.palette)}`} data-tone={tone.palette}>
          {score}/100
        </span>
      )}
    </StatCard>
  );
}

/** Whether the privacy score is moving, as the server read it; "not enough history yet" until it can tell. */
export function PrivacyTrendCard({ trend, testId, valueSize }: { trend: PrivacyTrend; testId: string; valueSize: '2xl' | '3xl' }) {
  const display = TREND_DISPLAY[trend.direction];
  const enough = trend.direction !== 'not-enough-history';
  return (
    <StatCard label="Privacy Trend" testId={testId} valueSize={valueSize} note={trendBasis(trend)}>
      <span className={`${enough ? 'sh-trend' : 'sh-trend-none'} ${paletteClass(display.palette)}`} data-trend={trend.direction}>
        {display.arrow && <span aria-hidden="true">{display.arrow}</span>}
        {display.words}
      </span>
    </StatCard>
  );
}
