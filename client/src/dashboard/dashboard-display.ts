/** How dashboard values read on screen: scan statuses, dates, the risk-level order. */
import type { RiskDistribution, ScanSummary } from './dashboard-types';

export interface StatusDisplay {
  label: 'Completed' | 'Failed' | 'In progress';
  palette: 'green' | 'red' | 'blue';
  kind: 'completed' | 'failed' | 'in-progress';
}

/** Spec section 4: completed, failed, and anything else shown as in progress, in blue. */
export function statusDisplay(status: ScanSummary['status'] | string): StatusDisplay {
  if (status === 'completed') return { label: 'Completed', palette: 'green', kind: 'completed' };
  if (status === 'failed') return { label: 'Failed', palette: 'red', kind: 'failed' };
  return { label: 'In progress', palette: 'blue', kind: 'in-progress' };
}

/** "3 February 2031" in the reader's time zone. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "3 Feb 2031, 14:05" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** "3 Feb" for a YYYY-MM-DD day (a UTC day, as the server counts them). */
export function formatShortDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** The risk chart's bars, mildest first, with the colours the scan results use for the levels. */
export const RISK_BARS: ReadonlyArray<{ level: keyof RiskDistribution; label: string; color: string }> = [
  { level: 'low', label: 'Low', color: 'gray.500' },
  { level: 'medium', label: 'Medium', color: 'yellow.500' },
  { level: 'high', label: 'High', color: 'orange.500' },
  { level: 'critical', label: 'Critical', color: 'red.600' },
];
