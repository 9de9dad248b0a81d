/**
 * The user's report from their stored scans. Pure: the service hands it the scans and the time.
 *
 * Findings, categories and recommendations come from the latest completed scan of each distinct
 * input (scan type + input), so a result superseded by a newer scan of the same input does not
 * count twice. The average privacy score and the trend come in computed (the dashboard shows the
 * same figures).
 */
import { breachSourceNames, type BreachSourceId } from '../vocabulary/breach-source.catalogue';
import { CatalogueRecommendation, type Recommendation } from '../vocabulary/recommendation.types';
import { RISK_ORDER, type RiskLevel } from '../vocabulary/risk.types';
import { DATA_CLASS_RECOMMENDATIONS, FINDING_RECOMMENDATIONS, GOOD_PRACTICE_RECOMMENDATIONS, UNKNOWN_DATA_CLASS_RECOMMENDATION } from '../vocabulary/recommendation.catalogue';
import { EXIF_RISK_CATALOGUE } from '../vocabulary/image-risk.catalogue';
import {
  CATEGORY_LEVEL_FROM,
  IMAGE_LOCATION_CATEGORIES,
  IMAGE_RECOMMENDATION_CATEGORY,
  RISK_POINTS,
  SAMPLE_REPORT,
} from './report.catalogue';
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
import type { PrivacyTrend } from './privacy-trend.rules';
import { findingsOfScan, FlatFinding, StoredScan, websiteAuditOfScan } from './scan-findings';

export interface ReportInput {
  /** Completed scans to report on (the latest of each input is picked here). */
  scans: StoredScan[];
  /** The rounded average privacy score (ReportsRepository.totals, as on the dashboard). */
  averagePrivacyScore: number | null;
  privacyTrend: PrivacyTrend;
  /** Every stored scan, any status. */
  totalScans: number;
  lastScanAt: Date | null;
  pdfAvailable: boolean;
  now: Date;
}

export function buildReport(input: ReportInput): ReportDto {
  const head = { generatedAt: input.now.toISOString(), pdfAvailable: input.pdfAvailable };
  if (input.totalScans === 0) return { sample: true, ...head, ...SAMPLE_REPORT };

  const latest = latestPerInput(input.scans);
  const findings = latest.flatMap(findingsOfScan);
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
    websiteAudits: latest.flatMap((scan) => {
      const audit = websiteAuditOfScan(scan);
      return audit ? [{ ...audit, scannedAt: audit.scannedAt.toISOString() }] : [];
    }),
  };
}

/** The newest scan of each (scan type, input); newest first. */
export function latestPerInput(scans: readonly StoredScan[]): StoredScan[] {
  const newest = new Map<string, StoredScan>();
  for (const scan of scans) {
    const key = `${scan.scanType}\n${scan.input}`;
    const known = newest.get(key);
    if (!known || scan.startedAt.getTime() > known.startedAt.getTime()) newest.set(key, scan);
  }
  return [...newest.values()].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
}

type Category = keyof RiskAssessmentDto;

/** Which report category a finding counts in (and which list shows it). */
export function categoryOf(finding: FlatFinding): Category {
  if (finding.imageCategory) return IMAGE_LOCATION_CATEGORIES.has(finding.imageCategory) ? 'locationExposure' : 'metadataRisks';
  switch (finding.group) {
    case 'breaches':
      return 'dataBreaches';
    case 'personalInfo':
    case 'socialMedia':
      return 'oversharing';
    case 'locationData':
      return 'locationExposure';
    default:
      return 'metadataRisks';
  }
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

function assessRisks(findings: readonly FlatFinding[]): RiskAssessmentDto {
  const risks: Record<Category, RiskLevel[]> = { dataBreaches: [], oversharing: [], locationExposure: [], metadataRisks: [] };
  for (const finding of findings) risks[categoryOf(finding)].push(finding.risk);
  return {
    dataBreaches: categoryRisk(risks.dataBreaches),
    oversharing: categoryRisk(risks.oversharing),
    locationExposure: categoryRisk(risks.locationExposure),
    metadataRisks: categoryRisk(risks.metadataRisks),
  };
}

function breachExposures(findings: readonly FlatFinding[]): BreachExposureDto[] {
  return findings
    .filter((f) => f.breach)
    .map((f) => ({
      name: f.breach!.name,
      title: f.breach!.title,
      breachDate: f.breach!.breachDate,
      pwnCount: f.breach!.pwnCount,
      dataClasses: f.breach!.dataClasses,
      // Results stored before XposedOrNot joined came from HIBP alone.
      sources: f.breach!.sources?.length ? [...f.breach!.sources] : (['hibp'] as BreachSourceId[]),
      source: f.breach!.source || breachSourceNames(['hibp']),
      input: f.input,
    }))
    .sort((a, b) => b.breachDate.localeCompare(a.breachDate) || a.title.localeCompare(b.title) || a.input.localeCompare(b.input));
}

function privacyViolations(findings: readonly FlatFinding[]): PrivacyViolationDto[] {
  return bySeverity(findings.filter((f) => ['oversharing', 'locationExposure'].includes(categoryOf(f)))).map((f) => ({
    type: categoryOf(f) === 'locationExposure' ? 'location' : 'oversharing',
    riskLevel: f.risk,
    ...described(f),
  }));
}

function metadataRisks(findings: readonly FlatFinding[]): MetadataRiskDto[] {
  return bySeverity(findings.filter((f) => categoryOf(f) === 'metadataRisks')).map((f) => ({ riskLevel: f.risk, ...described(f) }));
}

/** A finding as the report lists it: the sentence, what was seen (the value, then anything observed) and what to do. */
function described(f: FlatFinding): Pick<MetadataRiskDto, 'description' | 'source' | 'input' | 'evidence' | 'recommendation'> {
  const seen = [f.value, f.evidence].filter(Boolean).join('\n');
  return { description: f.description || f.value, source: f.source, input: f.input, ...(seen ? { evidence: seen } : {}), recommendation: f.recommendation };
}

/** Most serious first; the order found among equals. */
function bySeverity(findings: FlatFinding[]): FlatFinding[] {
  return findings.map((f, i) => ({ f, i })).sort((a, b) => RISK_ORDER[b.f.risk] - RISK_ORDER[a.f.risk] || a.i - b.i).map(({ f }) => f);
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
function mergeRecommendations(latest: readonly StoredScan[], findings: readonly FlatFinding[]): ReportRecommendationDto[] {
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
    if (scan.scanType !== 'privacy') continue;
    for (const r of storedRecommendations(scan.result)) {
      add({ category: r.category, priority: r.priority, action: r.action, message: WHY.get(keyOf(r)) ?? `From your scan of ${scan.input}.` });
    }
  }
  for (const finding of findings) {
    if (!finding.imageCategory || !finding.recommendation) continue;
    add({
      category: IMAGE_RECOMMENDATION_CATEGORY,
      priority: finding.risk,
      action: finding.recommendation,
      message: `${EXIF_RISK_CATALOGUE[finding.imageCategory].label} found in the metadata of your images.`,
    });
  }
  return [...merged.values()]
    .sort((a, b) => RISK_ORDER[b.item.priority] - RISK_ORDER[a.item.priority] || b.calls - a.calls || a.order - b.order)
    .map(({ item }) => item);
}

function storedRecommendations(result: unknown): Recommendation[] {
  const list = (result as { recommendations?: unknown } | null)?.recommendations;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is Recommendation =>
      r !== null && typeof r === 'object' && typeof r.category === 'string' && typeof r.action === 'string' && r.priority in RISK_ORDER,
  );
}
