import { BREACH_SOURCE_IDS, type BreachSourceId } from '../vocabulary/breach-source.catalogue';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RISK_LEVELS, RiskLevel } from '../vocabulary/risk.types';
import { ScanSummaryDto } from '../scans/scan.dto';
import type { DailyScore } from '../scans/scan.repository';
import type { WebsiteAudit, WebsiteAuditTest } from '../scans/stored-website-audit.mapper';
import { CHECK_STATUSES, type CheckStatus, GPC_OUTCOMES, type GpcOutcome } from '../vocabulary/check.types';
import type { StoredBreachFinding } from '../vocabulary/finding.types';
import { PRIVACY_TREND_DIRECTIONS, type PrivacyTrend, type PrivacyTrendDirection } from '../vocabulary/privacy-trend.types';
import { ReportRequestDto } from '../requests/requests.dto';

/** A breach of a stored finding, with the input it was found for. */
type BreachExposure = StoredBreachFinding['breach'] & Pick<StoredBreachFinding, 'source'> & { input: string };

export const REPORT_MESSAGES = {
  pdfNeedsPlan: 'PDF reports are available on the Plus plan and above. Upgrade to download this report.',
} as const;

/** The report's three-word scale for a category (the spec's low/medium/high). */
export const CATEGORY_LEVELS = ['low', 'medium', 'high'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export class RiskDistributionDto implements Record<RiskLevel, number> {
  @ApiProperty({ minimum: 0 }) low!: number;
  @ApiProperty({ minimum: 0 }) medium!: number;
  @ApiProperty({ minimum: 0 }) high!: number;
  @ApiProperty({ minimum: 0 }) critical!: number;
}

export class ScoreTrendPointDto implements DailyScore {
  @ApiProperty({ example: '2026-01-31', description: 'A day (UTC), YYYY-MM-DD.' })
  date!: string;

  @ApiProperty({ minimum: 0, maximum: 100, description: 'The rounded mean privacy score of the completed privacy scans of that day.' })
  averageScore!: number;

  @ApiProperty({ minimum: 1, description: 'How many completed privacy scans that day.' })
  scans!: number;
}

const AVERAGE_PRIVACY_SCORE =
  'The privacy score (0-100, higher is better) averaged over the latest scored privacy scan of each input, rounded; null when there is none. Image checks are never part of it. The dashboard and the report give the same number.';

export class PrivacyTrendDto implements PrivacyTrend {
  @ApiProperty({
    enum: PRIVACY_TREND_DIRECTIONS,
    enumName: 'PrivacyTrendDirection',
    description:
      "Whether the privacy score is moving, from inputs scanned at least 3 times over at least 7 days: 'improving' or 'worsening' when their scores moved by 5 points or more on average, else 'steady'; 'not-enough-history' when no input has that much history.",
  })
  direction!: PrivacyTrendDirection;

  @ApiProperty({ minimum: 0, description: 'How many inputs have enough history to count.' })
  inputs!: number;

  @ApiProperty({ type: Number, nullable: true, description: 'The mean move of the privacy score in points (positive: better); null without enough history.' })
  change!: number | null;
}

export class DashboardDto {
  @ApiProperty({ description: 'Every stored scan of the user: privacy scans and image checks, whatever their status.' })
  totalScans!: number;

  @ApiProperty({
    description: 'Whether the account has a history: a stored scan or a monitor (active or paused). The dashboard greets it with "Welcome back"; the onboarding tour does not count.',
  })
  hasHistory!: boolean;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, description: AVERAGE_PRIVACY_SCORE })
  averagePrivacyScore!: number | null;

  @ApiProperty({ type: PrivacyTrendDto })
  privacyTrend!: PrivacyTrendDto;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the newest scan started; null when there is none.' })
  lastScanAt!: string | null;

  @ApiProperty({ type: [ScanSummaryDto], description: 'The latest 5 scans, newest first (the items of GET /api/scans).' })
  recentScans!: ScanSummaryDto[];

  @ApiProperty({
    type: RiskDistributionDto,
    description: "How many findings of the user's completed scans have each risk level (breaches by their risk, image findings by severity).",
  })
  riskDistribution!: RiskDistributionDto;

  @ApiProperty({ type: [ScoreTrendPointDto], description: "Completed privacy scans per day within the plan's retention window, oldest first." })
  scoreTrend!: ScoreTrendPointDto[];
}

export class ReportSummaryDto {
  @ApiProperty({ description: 'Every stored scan of the user.' })
  totalScans!: number;

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, description: AVERAGE_PRIVACY_SCORE })
  averagePrivacyScore!: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastScanDate!: string | null;

  @ApiProperty({ type: PrivacyTrendDto })
  privacyTrend!: PrivacyTrendDto;

  @ApiProperty()
  recommendationsCount!: number;
}

export class CategoryRiskDto {
  @ApiProperty({
    enum: CATEGORY_LEVELS,
    enumName: 'CategoryLevel',
    description: 'The risk level of the category, from its findings weighed by their risk: one critical breach makes it medium; two high findings make it high.',
  })
  level!: CategoryLevel;

  @ApiProperty({ minimum: 0, description: 'How many findings count in the category.' })
  findings!: number;
}

export class RiskAssessmentDto {
  @ApiProperty({ type: CategoryRiskDto }) dataBreaches!: CategoryRiskDto;
  @ApiProperty({ type: CategoryRiskDto }) oversharing!: CategoryRiskDto;
  @ApiProperty({ type: CategoryRiskDto }) locationExposure!: CategoryRiskDto;
  @ApiProperty({ type: CategoryRiskDto }) metadataRisks!: CategoryRiskDto;
}

export class BreachExposureDto implements BreachExposure {
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: '2019-05-01' }) breachDate!: string;
  @ApiProperty({ description: 'Records in the breach.' }) pwnCount!: number;
  @ApiProperty({ type: [String] }) dataClasses!: string[];
  @ApiProperty({ enum: BREACH_SOURCE_IDS, isArray: true, description: 'The breach sources that reported it (HIBP first).' })
  sources!: BreachSourceId[];
  @ApiProperty({ example: 'Have I Been Pwned and XposedOrNot' }) source!: string;
  @ApiProperty({ description: 'The scanned input the breach was found for.' }) input!: string;
}

export class PrivacyViolationDto {
  @ApiProperty({ enum: ['oversharing', 'location'] }) type!: 'oversharing' | 'location';
  @ApiProperty({ enum: RISK_LEVELS }) riskLevel!: RiskLevel;
  @ApiProperty({ description: 'What the finding means, in a plain sentence.' }) description!: string;
  @ApiProperty() source!: string;
  @ApiProperty() input!: string;
  @ApiPropertyOptional({ description: 'What was seen: the value, and what was observed with it.' }) evidence?: string;
  @ApiProperty({ description: 'What to do about it.' }) recommendation!: string;
}

export class MetadataRiskDto {
  @ApiProperty({ enum: RISK_LEVELS }) riskLevel!: RiskLevel;
  @ApiProperty({ description: 'What the finding means, in a plain sentence.' }) description!: string;
  @ApiProperty() source!: string;
  @ApiProperty({ description: 'The scanned input (the image check: the file name).' }) input!: string;
  @ApiPropertyOptional({ description: 'What was seen: the value, and what was observed with it.' }) evidence?: string;
  @ApiProperty({ description: 'What to do about it.' }) recommendation!: string;
}

export class DetailedFindingsDto {
  @ApiProperty({ type: [BreachExposureDto] }) breachExposures!: BreachExposureDto[];
  @ApiProperty({ type: [PrivacyViolationDto] }) privacyViolations!: PrivacyViolationDto[];
  @ApiProperty({ type: [MetadataRiskDto] }) metadataRisks!: MetadataRiskDto[];
}

export class ReportRecommendationDto {
  @ApiProperty() category!: string;
  @ApiProperty({ enum: RISK_LEVELS }) priority!: RiskLevel;
  @ApiProperty({ description: 'Why it matters.' }) message!: string;
  @ApiProperty({ description: 'What to do.' }) action!: string;
}

export class WebsiteAuditTestDto implements WebsiteAuditTest {
  @ApiProperty({ example: 'Canvas fingerprinting (the page run in a browser)' }) label!: string;
  @ApiProperty({ enum: CHECK_STATUSES }) status!: CheckStatus;
  @ApiPropertyOptional({ description: 'What the test saw, or why it did not run, in one line.' }) message?: string;
  @ApiProperty({ minimum: 0, description: 'How many findings it contributed.' }) findings!: number;
}

export class WebsiteAuditGpcDto implements NonNullable<WebsiteAudit['gpc']> {
  @ApiProperty({ enum: GPC_OUTCOMES }) outcome!: GpcOutcome;
  @ApiProperty({ type: [String], description: 'Trackers, tracking cookies and pixel events still there with Global Privacy Control on.' })
  stillWith!: string[];
}

export class WebsiteAuditReportDto implements Omit<WebsiteAudit, 'scannedAt'> {
  @ApiProperty({ description: 'The scanned URL.' }) input!: string;
  @ApiProperty({ format: 'date-time' }) scannedAt!: string;
  @ApiProperty({ description: 'The page analysed, after redirects.' }) pageUrl!: string;
  @ApiProperty({ enum: ['rendered', 'static'], description: "'rendered': the page ran in a browser; 'static': only its HTML and headers were read." })
  mode!: 'rendered' | 'static';
  @ApiPropertyOptional({ description: "Why the page's scripts were not run (static mode)." }) fallbackReason?: string;
  @ApiProperty({ type: String, nullable: true, example: 'B+ (75/100)', description: 'The security-header grade; null when the page answered with a status that is not graded.' })
  headerGrade!: string | null;
  @ApiProperty({ type: [WebsiteAuditTestDto], description: 'Each browser test, as its check line reported it.' }) tests!: WebsiteAuditTestDto[];
  @ApiProperty({ type: WebsiteAuditGpcDto, nullable: true, description: 'The Global Privacy Control visit; null when it did not run.' })
  gpc!: WebsiteAuditGpcDto | null;
}

export class ReportDto {
  @ApiProperty({ description: 'True only when the user has no scans yet: the content is a labelled sample, not theirs.' })
  sample!: boolean;

  @ApiProperty({ format: 'date-time' })
  generatedAt!: string;

  @ApiProperty({ description: "Whether the user's plan includes the PDF download (Plus and above)." })
  pdfAvailable!: boolean;

  @ApiProperty({ type: ReportSummaryDto }) summary!: ReportSummaryDto;
  @ApiProperty({ type: RiskAssessmentDto }) riskAssessment!: RiskAssessmentDto;
  @ApiProperty({ type: DetailedFindingsDto }) detailedFindings!: DetailedFindingsDto;
  @ApiProperty({ type: [ReportRecommendationDto], description: 'Most urgent first.' }) recommendations!: ReportRecommendationDto[];
  @ApiProperty({
    type: [WebsiteAuditReportDto],
    description: 'How each website (its latest scan) was looked at: in a browser or from its HTML only, its header grade, each browser test and the Global Privacy Control outcome.',
  })
  websiteAudits!: WebsiteAuditReportDto[];

  @ApiProperty({ type: [ReportRequestDto], description: "The person's privacy-rights requests and their outcomes, newest first: always theirs, also beside a sample report." })
  requests!: ReportRequestDto[];
}
