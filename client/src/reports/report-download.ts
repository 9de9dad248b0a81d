import { api, errorMessage } from '../api/client';

export type ReportFormat = 'pdf' | 'csv';

export type DownloadOutcome = { status: 'saved'; fileName: string } | { status: 'upgrade' } | { status: 'error'; message: string };

const FALLBACK_NAMES: Record<ReportFormat, string> = { pdf: 'footprint-report', csv: 'footprint-findings' };

/** The file name the server gave (Content-Disposition), else ours with today's date. */
export function downloadFileName(disposition: string | null, format: ReportFormat, today = new Date()): string {
  const match = disposition && /filename="?([A-Za-z0-9._-]+)"?/.exec(disposition);
  if (match) return match[1];
  return `${FALLBACK_NAMES[format]}-${today.toISOString().slice(0, 10)}.${format}`;
}

/** Hands a blob to the browser as a download (an object URL behind a temporary <a download>). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download by the next task; the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Fetches the report as PDF or CSV through the typed client and saves it. A 403 on the PDF means the
 * plan has no PDF reports: the caller shows the upgrade prompt.
 */
export async function downloadReport(format: ReportFormat): Promise<DownloadOutcome> {
  const fallback = `Failed to download the ${format.toUpperCase()} report. Please try again.`;
  try {
    const { data, error, response } =
      format === 'pdf'
        ? await api.GET('/api/reports/me/pdf', { parseAs: 'blob' })
        : await api.GET('/api/reports/me/csv', { parseAs: 'blob' });
    if (format === 'pdf' && response.status === 403) return { status: 'upgrade' };
    if (!response.ok || !data) return { status: 'error', message: errorMessage(error, fallback) };
    const fileName = downloadFileName(response.headers.get('Content-Disposition'), format);
    saveBlob(data, fileName);
    return { status: 'saved', fileName };
  } catch {
    return { status: 'error', message: `Failed to download the ${format.toUpperCase()} report: Network error` };
  }
}
