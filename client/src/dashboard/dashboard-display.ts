/** How dashboard values read on screen: scan statuses, dates, the risk-level order. */
import type { RiskDistribution, ScanSummary } from './dashboard-types';

export interface StatusDisplay {
  label: 'Completed' | 'Failed' | 'In progress' | 'Queued';
  palette: 'green' | 'red' | 'blue';
  kind: 'completed' | 'failed' | 'in-progress';
}

/** A scan's status: completed, failed, and anything else shown as in progress, in blue; a queued scan
 * (its breach sources were at their limit, it runs later) is in progress and says so. */
export function statusDisplay(status: ScanSummary['status'] | string): StatusDisplay {
  if (status === 'queued') return { label: 'Queued', palette: 'blue', kind: 'in-progress' };
  if (status === 'completed') return { label: 'Completed', palette: 'green', kind: 'completed' };
  if (status === 'failed') return { label: 'Failed', palette: 'red', kind: 'failed' };
  return { label: 'In progress', palette: 'blue', kind: 'in-progress' };
}

/** The risk chart's bars, mildest first, with the colours the scan results use for the levels. */
export const RISK_BARS: ReadonlyArray<{ level: keyof RiskDistribution; label: string; color: string }> = [
  { level: 'low', label: 'Low', color: 'gray.500' },
  { level: 'medium', label: 'Medium', color: 'yellow.500' },
  { level: 'high', label: 'High', color: 'orange.500' },
  { level: 'critical', label: 'Critical', color: 'red.600' },
];
