import { Link as RouterLink } from 'react-router-dom';
import { checkCircleShape, clockShape, closeShape, StrokeSvg } from '../components/icon-shapes';
import { paletteClass } from '../components/palette-class';
import { capitalize, LEVEL_PALETTE, scoreTone } from '../scans/scan-display';
import { formatDateTime } from '../format';
import { statusDisplay } from './dashboard-display';
import type { ScanSummary } from './dashboard-types';

/*
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "Scan lists"), so that the history and
 * the dashboard show their rows before Chakra has loaded: on a phone, rendering a page of rows as
 * Chakra components was most of the time the page kept the main thread busy.
 */

const STATUS_SHAPES = { completed: checkCircleShape, failed: closeShape, 'in-progress': clockShape } as const;


/**
 * A privacy scan's privacy score (higher is better), labelled; an image check shows a labelled risk
 * level instead, never a number that could be read on the privacy scale.
 */
function ScanScore({ scan }: { scan: ScanSummary }) {
  if (scan.imageRiskLevel) {
    return (
      <span className={`sh-scan-risk ${paletteClass(LEVEL_PALETTE[scan.imageRiskLevel])}`} data-testid="recent-scan-risk">
        Image risk: {capitalize(scan.imageRiskLevel)}
      </span>
    );
  }
  if (scan.score === null) {
    return (
      <p className="sh-scan-no-score" aria-label="No score">
        —
      </p>
    );
  }
  const tone = scoreTone(scan.score);
  return (
    <p className={`sh-scan-score ${paletteClass(tone.palette)}`} data-tone={tone.palette} data-testid="recent-scan-score">
      <span className="sh-scan-score-label">Privacy score </span>
      <span className="sh-scan-score-value">{scan.score}/100</span>
    </p>
  );
}

/** Where a scan's stored result opens: the history page with the scan selected. */
export const scanResultPath = (id: string) => `/history?scan=${encodeURIComponent(id)}`;

/**
 * Scans (spec: input, start time, status icon, score, status badge), newest first, each input a
 * link to its stored result. The dashboard's recent scans, and a page of the history.
 */
export function RecentScans({ scans, label = 'Recent scans', empty = 'No scans yet. Start your first privacy scan!' }: { scans: ScanSummary[]; label?: string; empty?: string }) {
  if (scans.length === 0) {
    return <p className="sh-muted">{empty}</p>;
  }
  return (
    <ul className="sh-scan-list" aria-label={label}>
      {scans.map((scan) => {
        const status = statusDisplay(scan.status);
        return (
          <li key={scan.id} className="sh-scan-row" data-testid="recent-scan" data-status={status.kind}>
            <div className="sh-scan-row-bar">
              <span className={`sh-scan-status-icon ${paletteClass(status.palette)}`}>
                <StrokeSvg shape={STATUS_SHAPES[status.kind]} className="sh-icon" aria-hidden="true" focusable="false" />
              </span>
              {/* On narrow screens the score and badge move below the input. */}
              <div className="sh-scan-main">
                <p className="sh-scan-input" title={scan.input}>
                  <RouterLink className="sh-scan-link" to={scanResultPath(scan.id)}>
                    {scan.input}
                  </RouterLink>
                </p>
                <p className="sh-scan-meta">
                  {scan.scanType === 'image' ? 'Image check' : 'Privacy scan'} · started{' '}
                  <time dateTime={scan.startedAt}>{formatDateTime(scan.startedAt)}</time>
                </p>
              </div>
              <ScanScore scan={scan} />
              <span className={`sh-scan-status ${paletteClass(status.palette)}`} data-testid="recent-scan-status">
                {status.label}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
