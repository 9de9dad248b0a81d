/**
 * A stored scan's findings as flat records, whatever kind of scan it was: what the report, the CSV
 * and the PDF read. Pure: the stored `result` is the JSON the scan answered with (AnalysisResult
 * for privacy scans, the image analysis for image checks).
 */
import { type BreachDetail, FINDING_GROUPS, type FindingGroup, type RiskDetail } from '../vocabulary/finding.types';
import { RISK_LEVELS, RISK_ORDER, type RiskLevel } from '../vocabulary/risk.types';
import { dataClassRecommendation, FINDING_RECOMMENDATIONS } from '../vocabulary/recommendation.catalogue';
import type { ExifFinding } from '../scans/exif/exif-findings.analyzer';
import { EXIF_FINDING_CATEGORIES, EXIF_RISK_CATALOGUE, ExifFindingCategory } from '../vocabulary/image-risk.catalogue';
import type { ScanType } from '../scans/scan.entity';
import { BROWSER_TEST_IDS, CHECK_STATUSES, type CheckStatus, GPC_OUTCOMES, type GpcOutcome } from '../vocabulary/check.types';

/** A completed scan as the report reads it. */
export interface StoredScan {
  id: string;
  scanType: ScanType;
  input: string;
  /** Privacy scans: the privacy score (100 best); image checks: the risk score (100 worst). */
  score: number | null;
  result: unknown;
  startedAt: Date;
}

/** The CSV's `group` of image findings (privacy findings keep their result group). */
export const IMAGE_GROUP = 'imageMetadata';
export type FlatFindingGroup = FindingGroup | typeof IMAGE_GROUP;

export interface FlatFinding {
  scanId: string;
  scannedAt: Date;
  input: string;
  scanType: ScanType;
  group: FlatFindingGroup;
  /** A FindingType, 'breach', or the image finding's category. */
  type: string;
  /** What was found, short: a breach's title and date, a tracker's name, a host, a redacted tag value. */
  value: string;
  risk: RiskLevel;
  source: string;
  /** What the finding means, in a plain sentence (never a bare value). */
  description: string;
  /** What was observed beyond the value: the request URL, the cookie names, the data exposed; may be empty. */
  evidence: string;
  /** What to do about it, in a plain sentence. */
  recommendation: string;
  /** Breaches: the whole record. */
  breach?: BreachDetail;
  /** Image findings: their category. */
  imageCategory?: ExifFindingCategory;
}

/** Every finding of a scan, in the order the result lists them. */
export function findingsOfScan(scan: StoredScan): FlatFinding[] {
  const base = { scanId: scan.id, scannedAt: scan.startedAt, input: scan.input, scanType: scan.scanType };
  const result = asRecord(scan.result);
  if (!result) return [];
  if (scan.scanType === 'image') {
    return arrayOf(result.findings).flatMap((item) => {
      const finding = item as Partial<ExifFinding>;
      if (!isRisk(finding.severity) || !isImageCategory(finding.category)) return [];
      return [
        {
          ...base,
          group: IMAGE_GROUP,
          type: finding.category,
          value: text(finding.redactedValue),
          risk: finding.severity,
          source: arrayOf(finding.sources).map(text).join(', '),
          description: text(finding.description) || EXIF_RISK_CATALOGUE[finding.category].label,
          evidence: '',
          recommendation: text(finding.recommendation) || EXIF_RISK_CATALOGUE[finding.category].recommendation,
          imageCategory: finding.category,
        },
      ];
    });
  }
  return FINDING_GROUPS.flatMap((group) =>
    arrayOf(asRecord(result[group])?.details).flatMap((item): FlatFinding[] => {
      const detail = item as Partial<BreachDetail | RiskDetail> & { kind?: string };
      if (detail.kind === 'breach') {
        const breach = detail as BreachDetail;
        if (!isRisk(breach.risk)) return [];
        return [
          {
            ...base,
            group,
            type: 'breach',
            value: `${text(breach.title) || text(breach.name)} (${text(breach.breachDate)})`,
            risk: breach.risk,
            source: text(breach.source),
            description:
              text(breach.evidence?.summary) ||
              `This address is in the ${text(breach.title) || text(breach.name)} data breach (${text(breach.breachDate)}).`,
            evidence: arrayOf(breach.dataClasses).length ? `Data exposed: ${arrayOf(breach.dataClasses).map(text).join(', ')}` : '',
            recommendation: breachAdvice(arrayOf(breach.dataClasses).map(text)),
            breach: { ...breach, dataClasses: arrayOf(breach.dataClasses).map(text) },
          },
        ];
      }
      if (detail.kind === 'risk') {
        const risk = detail as RiskDetail;
        if (!isRisk(risk.risk)) return [];
        return [
          {
            ...base,
            group,
            type: text(risk.type),
            value: text(risk.value),
            risk: risk.risk,
            source: text(risk.source),
            description: text(risk.evidence?.summary) || FINDING_RECOMMENDATIONS[risk.type]?.why || '',
            // What was seen: the request URL, the cookie names, the field typed into.
            evidence: cut(text(risk.evidence?.observed)),
            recommendation: FINDING_RECOMMENDATIONS[risk.type]?.action ?? '',
          },
        ];
      }
      // Demo details are never stored; anything else is not ours to guess at.
      return [];
    }),
  );
}

/** One browser test of a website audit, as its check line reported it. */
export interface WebsiteAuditTest {
  label: string;
  status: CheckStatus;
  /** What the test saw, or why it did not run. */
  message?: string;
  findings: number;
}

/** How a website scan looked at the page: what the report says beside the findings. */
export interface WebsiteAudit {
  input: string;
  scannedAt: Date;
  pageUrl: string;
  /** 'rendered': the page ran in Chromium; 'static': only its HTML and headers were read. */
  mode: 'rendered' | 'static';
  fallbackReason?: string;
  /** "B+ (75/100)"; null when the page's status is not graded. */
  headerGrade: string | null;
  tests: WebsiteAuditTest[];
  /** The Global Privacy Control visit, when it ran: its outcome and what still happened with the signal on. */
  gpc: { outcome: GpcOutcome; stillWith: string[] } | null;
}

/**
 * The audit of a stored website scan, read from its result's `website` summary and its check lines;
 * undefined for any other scan, and for a website scan whose page could not be fetched.
 */
export function websiteAuditOfScan(scan: StoredScan): WebsiteAudit | undefined {
  if (scan.scanType !== 'privacy') return undefined;
  const result = asRecord(scan.result);
  const website = asRecord(result?.website);
  const mode = website?.mode;
  if (!website || (mode !== 'rendered' && mode !== 'static')) return undefined;
  const grade = asRecord(website.headerGrade);
  const browserTests = new Set<string>(BROWSER_TEST_IDS);
  const tests = arrayOf(result?.checks).flatMap((item): WebsiteAuditTest[] => {
    const check = asRecord(item);
    if (!check || !browserTests.has(text(check.id)) || !isStatus(check.status)) return [];
    const message = text(check.message);
    return [{ label: text(check.label), status: check.status, ...(message ? { message } : {}), findings: typeof check.findings === 'number' ? check.findings : 0 }];
  });
  const gpc = asRecord(website.gpc);
  const still = asRecord(gpc?.stillWith);
  const names = (key: string, suffix = '') => arrayOf(still?.[key]).map(text).filter(Boolean).map((name) => `${name}${suffix}`);
  return {
    input: scan.input,
    scannedAt: scan.startedAt,
    pageUrl: text(website.pageUrl),
    mode,
    ...(text(website.fallbackReason) ? { fallbackReason: text(website.fallbackReason) } : {}),
    headerGrade: grade ? `${text(grade.grade)} (${text(grade.score)}/100)` : null,
    tests,
    gpc:
      gpc && isGpcOutcome(gpc.outcome)
        ? { outcome: gpc.outcome, stillWith: [...names('trackers'), ...names('cookies', ' cookie'), ...names('pixels', ' event')] }
        : null,
  };
}

function isStatus(value: unknown): value is CheckStatus {
  return typeof value === 'string' && (CHECK_STATUSES as readonly string[]).includes(value);
}

function isGpcOutcome(value: unknown): value is GpcOutcome {
  return typeof value === 'string' && (GPC_OUTCOMES as readonly string[]).includes(value);
}

/** The advice of the breach's most serious kind of data. */
function breachAdvice(dataClasses: string[]): string {
  let best: { priority: RiskLevel; action: string } | undefined;
  for (const dataClass of dataClasses) {
    const entry = dataClassRecommendation(dataClass);
    if (!best || RISK_ORDER[entry.priority] > RISK_ORDER[best.priority]) best = entry;
  }
  return best?.action ?? '';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function isRisk(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}

function isImageCategory(value: unknown): value is ExifFindingCategory {
  return typeof value === 'string' && (EXIF_FINDING_CATEGORIES as readonly string[]).includes(value);
}

/** What was observed, cut so one finding cannot swell a report. */
function cut(observed: string): string {
  return observed.length > 600 ? `${observed.slice(0, 599)}…` : observed;
}
