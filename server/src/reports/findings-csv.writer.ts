import { stringify } from 'csv-stringify/sync';
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

/**
 * What a spreadsheet would run as a formula (OWASP's list: = + - @, tab and carriage return),
 * also after leading spaces, which spreadsheets skip (" =1+1" is a formula too).
 */
const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: formula-like values get a leading apostrophe. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One row per finding, RFC 4180: CRLF between records, fields with a comma, quote or line break
 * quoted, quotes doubled. Inputs, values and evidence come from outside (web pages, breach
 * records, image metadata), so every cell is made formula-safe.
 */
export function findingsCsv(findings: readonly FindingRow[]): string {
  const rows = findings.map(({ scan, finding: f }) =>
    [scan.id, scan.startedAt.toISOString(), scan.input, scan.scanType, f.group, f.type, f.value, f.risk, f.source, findingDescription(f), evidenceOf(f), findingRecommendation(f)].map(
      safeCell,
    ),
  );
  return stringify([[...FINDINGS_CSV_COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** What was observed; for a breach without anything more, the kinds of data it exposed. */
function evidenceOf(f: StoredFinding): string {
  if (f.evidence || f.kind !== 'breach' || f.breach.dataClasses.length === 0) return f.evidence;
  return `Data exposed: ${f.breach.dataClasses.join(', ')}`;
}
