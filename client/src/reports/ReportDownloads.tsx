import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ButtonSpinner } from '../components/form-fields';
import { infoCircleShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';
import { downloadReport, type ReportFormat } from './report-download';

/**
 * 'PDF' and 'CSV': the files of the user's report. The PDF is for Plus and above: on a plan without
 * it the button shows the upgrade prompt instead of downloading. Drawn without Chakra's runtime
 * (theme/shell-styles.ts, "ReportPage"), as the rest of the report page.
 */
export function ReportDownloads({ pdfAvailable }: { pdfAvailable: boolean }) {
  const [busy, setBusy] = useState<ReportFormat>();
  const [upgrade, setUpgrade] = useState(false);

  async function download(format: ReportFormat) {
    if (format === 'pdf' && !pdfAvailable) {
      setUpgrade(true);
      return;
    }
    setBusy(format);
    const outcome = await downloadReport(format);
    setBusy(undefined);
    if (outcome.status === 'upgrade') setUpgrade(true);
    else if (outcome.status === 'error') notify.error(outcome.message);
  }

  return (
    <div className="sh-report-downloads">
      <div className="sh-report-download-buttons">
        <button
          type="button"
          className="sh-button-outline"
          onClick={() => void download('pdf')}
          disabled={busy !== undefined}
          data-loading={busy === 'pdf' || undefined}
          aria-busy={busy === 'pdf' || undefined}
          aria-expanded={pdfAvailable ? undefined : upgrade}
          aria-controls={pdfAvailable ? undefined : 'pdf-upgrade'}
        >
          <ButtonSpinner show={busy === 'pdf'} />
          PDF
        </button>
        <button
          type="button"
          className="sh-button-outline"
          onClick={() => void download('csv')}
          disabled={busy !== undefined}
          data-loading={busy === 'csv' || undefined}
          aria-busy={busy === 'csv' || undefined}
        >
          <ButtonSpinner show={busy === 'csv'} />
          CSV
        </button>
      </div>
      {upgrade && (
        <div className="sh-report-upgrade" id="pdf-upgrade" data-testid="pdf-upgrade">
          <StrokeSvg shape={infoCircleShape} className="sh-alert-indicator" />
          <div className="sh-alert-content">
            <div className="sh-alert-title">PDF reports are available on the Plus plan and above.</div>
            <div className="sh-alert-description">
              The CSV file with all your findings is included in every plan.{' '}
              <RouterLink to="/pricing" className="sh-link-strong">
                Upgrade to download the PDF
              </RouterLink>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
