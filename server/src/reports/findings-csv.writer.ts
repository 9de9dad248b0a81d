import { csvFile } from '../common/http/csv';
import type { CompletedScan } from '../scans/scan.repository';
import type { StoredFinding } from '../vocabulary/finding.types';
import { findingDescription, findingRecommendation } from '../vocabulary/recommendation.catalogue';

/** One finding with the scan that made it. */
export interface FindingRow {
  scan: Pick<CompletedScan, 'id' | 'startedAt' | 'input' | 'scanType'>;
  finding: StoredFinding;
}

export const FINDINGS_CSV_COLUMNS = [
  'scan_id',
  'scanned_at',
  'input',
  'scan_type',
  'group',
  'type',
  'value',
  'risk',
  'source',
  'description',
  'evidence',
  'recommendation',
] as const;

export { safeCell } from '../common/http/csv';

/**
 * One row per finding, RFC 4180: CRLF between records, fields with a comma, quote or line break
 * quoted, quotes doubled. Inputs, values and evidence come from outside (web pages, breach
 * records, image metadata), so every cell is made formula-safe.
 */
export function findingsCsv(findings: readonly FindingRow[]): string {
  const rows = findings.map(({ scan, finding: f }) => [
    scan.id,
    scan.startedAt.toISOString(),
    scan.input,
    scan.scanType,
    f.group,
    f.type,
    f.value,
    f.risk,
    f.source,
    findingDescription(f),
    evidenceOf(f),
    findingRecommendation(f),
  ]);
  return csvFile(FINDINGS_CSV_COLUMNS, rows);
}

/** What was observed; for a breach without anything more, the kinds of data it exposed. */
function evidenceOf(f: StoredFinding): string {
  if (f.evidence || f.kind !== 'breach' || f.breach.dataClasses.length === 0) return f.evidence;
  return `Data exposed: ${f.breach.dataClasses.join(', ')}`;
}
