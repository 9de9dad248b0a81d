/**
 * The user's report from their stored scans. Pure: the service hands it the scans and the time.
 *
 * Findings, categories and recommendations come from the latest completed scan of each distinct
 * input (scan type + input), so a result superseded by a newer scan of the same input does not
 * count twice. Findings are in the one stored shape, on one risk scale, whatever kind of scan made
 * them. The average privacy score and the trend come in computed (the dashboard shows the same
 * figures): image checks are never part of them.
 */
import type { CompletedScan } from '../scans/scan.repository';
import type { FindingGroup, StoredFinding } from '../vocabulary/finding.types';
import { EXIF_RISK_CATALOGUE } from '../vocabulary/image-risk.catalogue';
import {
  DATA_CLASS_RECOMMENDATIONS,
  FINDING_RECOMMENDATIONS,
  findingDescription,
  findingRecommendation,
  GOOD_PRACTICE_RECOMMENDATIONS,
  UNKNOWN_DATA_CLASS_RECOMMENDATION,
} from '../vocabulary/recommendation.catalogue';
import type { CatalogueRecommendation, Recommendation } from '../vocabulary/recommendation.types';
import { RISK_ORDER, type RiskLevel } from '../vocabulary/risk.types';
import type { PrivacyTrend } from '../vocabulary/privacy-trend.types';
import { CATEGORY_LEVEL_FROM, IMAGE_RECOMMENDATION_CATEGORY, RISK_POINTS, SAMPLE_REPORT } from './report.catalogue';
import type { ReportRequestDto } from '../requests/requests.dto';
import type {
  BreachExposureDto,
  CategoryLevel,
  CategoryRiskDto,
  MetadataRiskDto,
  PrivacyViolationDto,
  ReportDto,
  ReportRecommendationDto,
  RiskAssessmentDto,
} from './reports.dto';

export interface ReportInput {
  /** Completed scans to report on (the latest of each input is picked here). */
  scans: CompletedScan[];
  /** The rounded average privacy score (ScanHistoryService.totals, as on the dashboard). */
  averagePrivacyScore: number | null;
  privacyTrend: PrivacyTrend;
  /** Every stored scan, any status. */
  totalScans: number;
  lastScanAt: Date | null;
  pdfAvailable: boolean;
  now: Date;
  /** The person's privacy-rights requests: real even when the findings are the sample's. */
  requests: ReportRequestDto[];
}

/** A finding with the input of the scan that made it. */
interface ReportFinding {
  finding: StoredFinding;
  input: string;
}

export function buildReport(input: ReportInput): ReportDto {
  const head = { generatedAt: input.now.toISOString(), pdfAvailable: input.pdfAvailable, requests: input.requests };
  if (input.totalScans === 0) return { sample: true, ...head, ...SAMPLE_REPORT };

  const latest = latestPerInput(input.scans);
  const findings = latest.flatMap((scan) => scan.findings.map((finding) => ({ finding, input: scan.input })));
  const recommendations = mergeRecommendations(latest, findings);
  return {
    sample: false,
    ...head,
    summary: {
      totalScans: input.totalScans,
      averagePrivacyScore: input.averagePrivacyScore,
      lastScanDate: input.lastScanAt?.toISOString() ?? null,
      privacyTrend: input.privacyTrend,
      recommendationsCount: recommendations.length,
    },
    riskAssessment: assessRisks(findings),
    detailedFindings: {
      breachExposures: breachExposures(findings),
      privacyViolations: privacyViolations(findings),
      metadataRisks: metadataRisks(findings),
    },
    recommendations,
    websiteAudits: latest.flatMap(({ websiteAudit: audit }) => (audit ? [{ ...audit, scannedAt: audit.scannedAt.toISOString() }] : [])),
  };
}

/** The newest scan of each (scan type, input); newest first. */
export function latestPerInput<T extends Pick<CompletedScan, 'scanType' | 'input' | 'startedAt'>>(scans: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const scan of scans) {
    const key = `${scan.scanType}\n${scan.input}`;
    const known = newest.get(key);
    if (!known || scan.startedAt.getTime() > known.startedAt.getTime()) newest.set(key, scan);
  }
  return [...newest.values()].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}

type Category = keyof RiskAssessmentDto;

/** The report category of each finding group. */
const CATEGORY_OF_GROUP: Readonly<Record<FindingGroup, Category>> = {
  breaches: 'dataBreaches',
  personalInfo: 'oversharing',
  socialMedia: 'oversharing',
  locationData: 'locationExposure',
  metadata: 'metadataRisks',
};

/** Which report category a finding counts in (and which list shows it). */
export function categoryOf(finding: Pick<StoredFinding, 'group'>): Category {
  return CATEGORY_OF_GROUP[finding.group];
}

/** A category's level from its findings' risk points (RISK_POINTS, capped at 100), and how many there are. */
export function categoryRisk(risks: readonly RiskLevel[]): CategoryRiskDto {
  const points = Math.min(100, risks.reduce((sum, risk) => sum + RISK_POINTS[risk], 0));
  return { level: levelOf(points), findings: risks.length };
}

export function levelOf(points: number): CategoryLevel {
  if (points >= CATEGORY_LEVEL_FROM.high) return 'high';
  if (points >= CATEGORY_LEVEL_FROM.medium) return 'medium';
  return 'low';
}

function assessRisks(findings: readonly ReportFinding[]): RiskAssessmentDto {
  const risks: Record<Category, RiskLevel[]> = { dataBreaches: [], oversharing: [], locationExposure: [], metadataRisks: [] };
  for (const { finding } of findings) risks[categoryOf(finding)].push(finding.risk);
  return {
    dataBreaches: categoryRisk(risks.dataBreaches),
    oversharing: categoryRisk(risks.oversharing),
    locationExposure: categoryRisk(risks.locationExposure),
    metadataRisks: categoryRisk(risks.metadataRisks),
  };
}

function breachExposures(findings: readonly ReportFinding[]): BreachExposureDto[] {
  return findings
    .flatMap(({ finding, input }) => (finding.kind === 'breach' ? [{ ...finding.breach, source: finding.source, input }] : []))
    .sort((a, b) => b.breachDate.localeCompare(a.breachDate) || a.title.localeCompare(b.title) || a.input.localeCompare(b.input));
}

function privacyViolations(findings: readonly ReportFinding[]): PrivacyViolationDto[] {
  return bySeverity(findings.filter(({ finding }) => ['oversharing', 'locationExposure'].includes(categoryOf(finding)))).map((found) => ({
    type: categoryOf(found.finding) === 'locationExposure' ? 'location' : 'oversharing',
    riskLevel: found.finding.risk,
    ...described(found),
  }));
}

function metadataRisks(findings: readonly ReportFinding[]): MetadataRiskDto[] {
  return bySeverity(findings.filter(({ finding }) => categoryOf(finding) === 'metadataRisks')).map((found) => ({ riskLevel: found.finding.risk, ...described(found) }));
}

/** A finding as the report lists it: the sentence, what was seen (the value, then anything observed) and what to do. */
function described({ finding: f, input }: ReportFinding): Pick<MetadataRiskDto, 'description' | 'source' | 'input' | 'evidence' | 'recommendation'> {
  const seen = [f.value, f.evidence].filter(Boolean).join('\n');
  return { description: findingDescription(f), source: f.source, input, ...(seen ? { evidence: seen } : {}), recommendation: findingRecommendation(f) };
}

/** Most serious first; the order found among equals. */
function bySeverity(findings: ReportFinding[]): ReportFinding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => RISK_ORDER[b.f.finding.risk] - RISK_ORDER[a.f.finding.risk] || a.i - b.i)
    .map(({ f }) => f);
}

/** Why each catalogue recommendation matters, by category and action. */
const WHY = new Map<string, string>(
  [
    ...Object.values(FINDING_RECOMMENDATIONS),
    ...Object.values(DATA_CLASS_RECOMMENDATIONS),
    UNKNOWN_DATA_CLASS_RECOMMENDATION,
    ...GOOD_PRACTICE_RECOMMENDATIONS,
  ].map((entry: CatalogueRecommendation) => [keyOf(entry), entry.why]),
);

function keyOf(r: Pick<Recommendation, 'category' | 'action'>): string {
  return `${r.category}\n${r.action}`;
}

/**
 * The recommendations of the latest scans plus the image check's advice, once each (the highest
 * priority any scan gave it), most urgent first, then the advice more scans called for.
 */
function mergeRecommendations(latest: readonly CompletedScan[], findings: readonly ReportFinding[]): ReportRecommendationDto[] {
  const merged = new Map<string, { item: ReportRecommendationDto; calls: number; order: number }>();
  const add = (item: ReportRecommendationDto) => {
    const key = keyOf(item);
    const known = merged.get(key);
    if (!known) merged.set(key, { item, calls: 1, order: merged.size });
    else {
      known.calls += 1;
      if (RISK_ORDER[item.priority] > RISK_ORDER[known.item.priority]) known.item = { ...known.item, priority: item.priority };
    }
  };
  for (const scan of latest) {
    for (const r of scan.recommendations.filter(isRecommendation)) {
      add({ category: r.category, priority: r.priority, action: r.action, message: WHY.get(keyOf(r)) ?? `From your scan of ${scan.input}.` });
    }
  }
  for (const { finding } of findings) {
    if (finding.kind !== 'image') continue;
    const action = findingRecommendation(finding);
    const entry = EXIF_RISK_CATALOGUE[finding.type];
    if (!action || !entry) continue;
    add({ category: IMAGE_RECOMMENDATION_CATEGORY, priority: finding.risk, action, message: `${entry.label} found in the metadata of your images.` });
  }
  return [...merged.values()]
    .sort((a, b) => RISK_ORDER[b.item.priority] - RISK_ORDER[a.item.priority] || b.calls - a.calls || a.order - b.order)
    .map(({ item }) => item);
}

/** Stored results are JSON written by older versions too: only well-formed entries count. */
function isRecommendation(r: unknown): r is Recommendation {
  const entry = r as Partial<Recommendation> | null;
  return entry !== null && typeof entry === 'object' && typeof entry.category === 'string' && typeof entry.action === 'string' && typeof entry.priority === 'string' && entry.priority in RISK_ORDER;
}
