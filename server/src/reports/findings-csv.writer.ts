import { csvFile } from '../common/http/csv.writer';
import type { ReportRequestDto } from '../requests/requests.dto';
import { JURISDICTION_LABELS, REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from '../requests/request.types';
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

export { safeCell } from '../common/http/csv.writer';

/** The scan_type of a privacy-rights request's row: requests follow the findings in the same columns. */
export const REQUEST_ROW_TYPE = 'rights_request';

/**
 * One row per finding, then one per privacy-rights request, RFC 4180: CRLF between records, fields with a comma, quote or line break
 * quoted, quotes doubled. Inputs, values and evidence come from outside (web pages, breach
 * records, image metadata), so every cell is made formula-safe.
 */
export function findingsCsv(findings: readonly FindingRow[], requests: readonly ReportRequestDto[] = []): string {
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
  // A request in the findings' columns: drafted at, organisation (as the input), kind, status,
  // the law, the finding it answers, its days and the person's notes of the answer.
  const requestRows = requests.map((r) => [
    '',
    r.createdAt,
    r.organisationName,
    REQUEST_ROW_TYPE,
    'requests',
    r.kind,
    REQUEST_KIND_LABELS[r.kind],
    '',
    JURISDICTION_LABELS[r.jurisdiction],
    r.context ? `Request about ${r.context}` : 'Request',
    [r.sentOn ? `sent ${r.sentOn}` : 'not sent', r.dueOn ? `due ${r.dueOn}` : null, r.answeredOn ? `answered ${r.answeredOn}` : null, r.notes ? `notes: ${r.notes}` : null].filter((x) => x !== null).join('; '),
    REQUEST_STATUS_LABELS[r.status],
  ]);
  return csvFile(FINDINGS_CSV_COLUMNS, [...rows, ...requestRows]);
}

/** What was observed; for a breach without anything more, the kinds of data it exposed. */
function evidenceOf(f: StoredFinding): string {
  if (f.evidence || f.kind !== 'breach' || f.breach.dataClasses.length === 0) return f.evidence;
  return `Data exposed: ${f.breach.dataClasses.join(', ')}`;
}
