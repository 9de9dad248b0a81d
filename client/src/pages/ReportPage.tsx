import { Link as RouterLink } from 'react-router-dom';
import { alertCircleShape, StrokeSvg } from '../components/icon-shapes';
import { LoadFailed, LoadingBlock } from '../components/LoadStatus';
import { useMyReport } from '../reports/use-my-report';
import { formatDateTime } from '../format';
import { ReportDownloads } from '../reports/ReportDownloads';
import { ReportView } from '../reports/ReportView';

/**
 * The user's real report (GET /api/reports/me); the spec's sample only while there are no scans, labelled.
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "ReportPage"), so it shows with React and
 * this page's code alone.
 */
export default function ReportPage() {
  const [state, retry] = useMyReport();

  return (
    <div className="sh-report">
      <div className="sh-report-head">
        <div className="sh-report-head-text">
          <h1 className="sh-history-title">Privacy Report</h1>
          {state.status === 'ready' && (
            <p className="sh-muted">
              Generated <time dateTime={state.data.generatedAt}>{formatDateTime(state.data.generatedAt)}</time>
            </p>
          )}
        </div>
        {state.status === 'ready' && <ReportDownloads pdfAvailable={state.data.pdfAvailable} />}
      </div>

      {state.status === 'loading' && <LoadingBlock>Loading your report...</LoadingBlock>}

      {state.status === 'error' && <LoadFailed title="Failed to load your report." onRetry={retry} mt="8" />}

      {state.status === 'ready' && (
        <div className="sh-report-body">
          {state.data.sample && (
            <div className="sh-alert-warning" data-testid="sample-label">
              <StrokeSvg shape={alertCircleShape} className="sh-alert-indicator" />
              <div className="sh-alert-content">
                <div className="sh-alert-title">Sample report</div>
                <div className="sh-alert-description">
                  You have no scans yet, so this shows example figures, not yours. Run a privacy scan from your{' '}
                  <RouterLink to="/dashboard" className="sh-report-link">
                    dashboard
                  </RouterLink>{' '}
                  and your own report appears here.
                </div>
              </div>
            </div>
          )}
          <ReportView report={state.data} />
        </div>
      )}
    </div>
  );
}
