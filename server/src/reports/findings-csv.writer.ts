import { stringify } from 'csv-stringify/sync';
import type { FlatFinding } from './scan-findings';

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
export function findingsCsv(findings: readonly FlatFinding[]): string {
  const rows = findings.map((f) =>
    [f.scanId, f.scannedAt.toISOString(), f.input, f.scanType, f.group, f.type, f.value, f.risk, f.source, f.description, f.evidence, f.recommendation].map(safeCell),
  );
  return stringify([[...FINDINGS_CSV_COLUMNS], ...rows], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
