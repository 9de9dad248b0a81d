import { PageInfoDto, PageQueryDto } from '../common/http/pagination.dto';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { SCAN_INPUT_MAX_LENGTH, SCAN_INPUT_MESSAGES, SCAN_INPUT_TYPES, scanInputError, type ScanInputType } from '../browser-shared/scan-input.rules';
import { BREACH_SOURCE_IDS, type BreachSourceId } from '../vocabulary/breach-source.catalogue';
import { BROWSER_TEST_IDS, BrowserTestId, CHECK_STATUSES, CheckStatus, GPC_OUTCOMES, GpcOutcome } from '../vocabulary/check.types';
import {
  type BreachDetail,
  type DemoBreachDetail,
  type Evidence,
  FINDING_GROUPS,
  FINDING_TYPES,
  FindingGroup,
  FindingType,
  type PasteDetail,
  type RiskDetail,
} from '../vocabulary/finding.types';
import type { Recommendation } from '../vocabulary/recommendation.types';
import { RISK_LEVELS, RiskLevel } from '../vocabulary/risk.types';
import { IMAGE_RISK_LEVELS, type ImageRiskLevel } from '../vocabulary/image-risk.catalogue';
import {
  type AnalysisResult,
  type BreachGroupResult,
  type CheckReport,
  type CoverageCheck,
  type FindingGroupResult,
  GROUP_CHECKED,
  type GroupChecked,
  type ResultCoverage,
  type ScoreCost,
} from './result/analysis.types';
import type { GpcSummary } from './analysis/rendered/global-privacy-control.analyzer';
import type { CheckMeta, WebsiteAuditSummary } from './checks/scan-check.types';
import { type CheckSourceReport, USERNAME_OUTCOMES, type UsernameSiteEntry, type UsernameSiteListSummary, UsernameSiteOutcome } from '../vocabulary/check.types';
import { CHECK_IDS, CheckId } from './checks/scan-checks.registry';
import { type AnswerCoverage, COMPLETE_ANSWER_SHARE } from './checks/answer-coverage.rules';
import type { FindingCounts, ScanEntity } from './scan.entity';

/*
 * Response DTOs implement the domain types they answer (AnalysisResult and its parts), so a field
 * added to or changed in one and not the other fails to compile; the OpenAPI document is generated
 * from these classes, and the contract test checks real answers against it.
 */


/** The spec's input rules (one implementation, shared with the client) as a validator. */
function IsScanInput() {
  return ValidateBy({
    name: 'isScanInput',
    validator: {
      validate: (value) => typeof value === 'string' && scanInputError(value) === undefined,
      defaultMessage: (args) => (typeof args?.value === 'string' ? (scanInputError(args.value) ?? SCAN_INPUT_MESSAGES.invalid) : SCAN_INPUT_MESSAGES.empty),
    },
  });
}

export class CreateScanDto {
  @ApiProperty({
    description: 'An email address, a website URL or bare domain, a social handle (@name) or a profile URL. Trimmed.',
    example: 'jane@example.com',
    maxLength: SCAN_INPUT_MAX_LENGTH,
  })
  @IsScanInput()
  input!: string;
}

export class EvidenceDto implements Evidence {
  @ApiProperty({ description: 'What was seen, in one sentence.' })
  summary!: string;

  @ApiPropertyOptional({ description: 'The raw value observed: a DNS record, a profile field, a URL parameter.' })
  observed?: string;

  @ApiPropertyOptional({ description: 'A public record of it (https).' })
  url?: string;
}

export class BreachDetailDto implements BreachDetail {
  @ApiProperty({ enum: ['breach'] })
  kind!: 'breach';
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty() domain!: string;
  @ApiProperty({ example: '2019-05-01', description: 'A day, or only a year (`2019`) when that is all the source says.' }) breachDate!: string;
  @ApiProperty({ description: 'Empty when the source does not say.' }) addedDate!: string;
  @ApiProperty({ description: 'Empty when the source does not say.' }) modifiedDate!: string;
  @ApiProperty() pwnCount!: number;
  @ApiProperty({ description: "The source's description: HIBP's is HTML with links, XposedOrNot's plain text. Render as text." })
  description!: string;
  @ApiProperty({ type: [String] }) dataClasses!: string[];
  @ApiProperty() isVerified!: boolean;
  @ApiProperty() isFabricated!: boolean;
  @ApiProperty() isSensitive!: boolean;
  @ApiProperty() isRetired!: boolean;
  @ApiProperty() isSpamList!: boolean;
  @ApiProperty({ example: 'Have I Been Pwned and XposedOrNot', description: 'The sources that reported it, joined.' }) source!: string;
  @ApiProperty({
    enum: BREACH_SOURCE_IDS,
    isArray: true,
    description: "The breach sources that reported it (for an email), or whose catalogue lists it (for a site). One entry per breach: when both know it, HIBP's fields are shown.",
  })
  sources!: BreachSourceId[];
  @ApiProperty({
    type: 'object',
    properties: Object.fromEntries(BREACH_SOURCE_IDS.map((id) => [id, { type: 'string' }])),
    description: "The breach's name at each source that knows it.",
    example: { hibp: 'Adobe', xposedornot: 'Adobe' },
  })
  sourceNames!: Partial<Record<BreachSourceId, string>>;
  @ApiProperty({ enum: RISK_LEVELS }) risk!: RiskLevel;
  @ApiProperty({ type: EvidenceDto }) evidence!: EvidenceDto;
}

export class PasteDetailDto implements PasteDetail {
  @ApiProperty({ enum: BREACH_SOURCE_IDS, description: 'Who reported it.' }) source!: BreachSourceId;
  @ApiPropertyOptional({ example: 'Pastebin', description: 'The paste site, when the source says.' }) site?: string;
  @ApiProperty({ description: "The paste's id at its site or source." }) id!: string;
  @ApiPropertyOptional() title?: string;
  @ApiPropertyOptional({ description: 'A day, or a year.' }) date?: string;
  @ApiPropertyOptional({ description: 'How many addresses or records the paste held.' }) recordCount?: number;
  @ApiProperty({ type: EvidenceDto }) evidence!: EvidenceDto;
}

export class PastesDto implements NonNullable<AnalysisResult['pastes']> {
  @ApiProperty({ description: 'How many pastes hold the address (for everyone).' }) count!: number;
  @ApiProperty({ type: [PasteDetailDto], description: 'Which pastes: only for the signed-in owner of the verified address.' })
  details!: PasteDetailDto[];
  @ApiProperty({ description: 'True when there are pastes whose details this viewer may not see.' }) detailsHidden!: boolean;
  @ApiProperty({ enum: BREACH_SOURCE_IDS, isArray: true, description: 'The sources that were asked about pastes and answered.' })
  sources!: BreachSourceId[];
  @ApiProperty({ example: 'Found in 2 pastes' }) summary!: string;
}

export class DemoBreachDetailDto implements DemoBreachDetail {
  @ApiProperty({ enum: ['demo-breach'] })
  kind!: 'demo-breach';
  @ApiProperty() name!: string;
  @ApiProperty() date!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['critical', 'high', 'medium'] }) severity!: 'critical' | 'high' | 'medium';
  @ApiProperty() source!: string;
  @ApiProperty({ type: EvidenceDto }) evidence!: EvidenceDto;
}

export class RiskDetailDto implements RiskDetail {
  @ApiProperty({ enum: ['risk'] })
  kind!: 'risk';
  @ApiProperty({ enum: FINDING_TYPES }) type!: FindingType;
  @ApiProperty() value!: string;
  @ApiProperty() source!: string;
  @ApiPropertyOptional() platform?: string;
  @ApiProperty({ enum: RISK_LEVELS }) risk!: RiskLevel;
  @ApiProperty({ type: EvidenceDto }) evidence!: EvidenceDto;
}

const DETAIL_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(BreachDetailDto) }, { $ref: getSchemaPath(DemoBreachDetailDto) }, { $ref: getSchemaPath(RiskDetailDto) }],
  discriminator: {
    propertyName: 'kind',
    mapping: {
      breach: getSchemaPath(BreachDetailDto),
      'demo-breach': getSchemaPath(DemoBreachDetailDto),
      risk: getSchemaPath(RiskDetailDto),
    },
  },
};

@ApiExtraModels(BreachDetailDto, DemoBreachDetailDto, RiskDetailDto)
export class FindingGroupDto implements FindingGroupResult {
  @ApiProperty({ description: "Findings in this group. Only an answer when `checked` is 'all' or 'some'; with 'none' it is 0 and means nothing was looked at." })
  count!: number;
  @ApiProperty({
    enum: GROUP_CHECKED,
    description:
      "How many of the checks feeding this group ran: 'all', 'some' (the summary names those that did not), or 'none' (not checked: show no count, never a clean 0). A demo's groups are 'none'.",
  })
  checked!: GroupChecked;
  @ApiProperty({ type: 'array', items: DETAIL_SCHEMA, description: 'Empty for visitors and when nothing was found.' })
  details!: (BreachDetailDto | DemoBreachDetailDto | RiskDetailDto)[];
  @ApiProperty() summary!: string;
}

export class BreachGroupDto extends FindingGroupDto implements BreachGroupResult {
  @ApiProperty({ description: 'Sensitive breaches left out of the details: only the signed-in owner of this verified address sees them.' })
  hiddenSensitive!: number;
}

export class RecommendationDto implements Recommendation {
  @ApiProperty() category!: string;
  @ApiProperty() action!: string;
  @ApiProperty({ enum: RISK_LEVELS }) priority!: RiskLevel;
}

export class CheckSourceReportDto implements CheckSourceReport {
  @ApiProperty({ enum: BREACH_SOURCE_IDS }) id!: BreachSourceId;
  @ApiProperty({ example: 'XposedOrNot' }) name!: string;
  @ApiProperty({ enum: CHECK_STATUSES }) status!: CheckStatus;
  @ApiPropertyOptional({ description: 'Why this source did not run.' }) message?: string;
  @ApiPropertyOptional() retryAfterSeconds?: number;
  @ApiPropertyOptional({ description: 'The answer came from the short-lived cache, not a new request.' }) cached?: boolean;
}

export class AnswerCoverageDto implements AnswerCoverage {
  @ApiProperty({ description: 'Sources (sites, services) that gave a usable answer.', example: 30 }) answered!: number;
  @ApiProperty({ description: 'Sources asked.', example: 36 }) asked!: number;
  @ApiProperty({ description: `Answers needed for a complete result with a score: ${COMPLETE_ANSWER_SHARE * 100}% of those asked, rounded up.`, example: 29 }) required!: number;
}

export class CheckReportDto implements CheckReport {
  @ApiProperty({ enum: CHECK_IDS }) id!: CheckId;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: CHECK_STATUSES }) status!: CheckStatus;
  @ApiPropertyOptional({
    description: "Why the check did not run, or what a 'partial' check left out, in plain words; for an ok check with several sources, which of them did not run; the website check's grade line.",
  })
  message?: string;
  @ApiPropertyOptional() retryAfterSeconds?: number;
  @ApiPropertyOptional({
    type: [CheckSourceReportDto],
    description: 'Checks with several sources (the breach checks): how each ended, so a result can say which sources it rests on.',
  })
  sources?: CheckSourceReportDto[];
  @ApiPropertyOptional({
    type: AnswerCoverageDto,
    description: `Checks with several sources (the username check's sites, the breach services): how many gave a usable answer. Fewer than required makes the check 'partial' and, for the main check, the result incomplete (no score).`,
  })
  answers?: AnswerCoverageDto;
  @ApiProperty() findings!: number;
  @ApiProperty() durationMs!: number;
}

export class CoverageCheckDto implements CoverageCheck {
  @ApiProperty({ enum: CHECK_IDS }) id!: CheckId;
  @ApiProperty() label!: string;
  @ApiProperty({ enum: CHECK_STATUSES }) status!: CheckStatus;
  @ApiPropertyOptional({ description: 'Why it did not run, or what it left out, in plain words.' }) message?: string;
  @ApiPropertyOptional({ description: 'Rate limited: when the outside service said to try again.' }) retryAfterSeconds?: number;
  @ApiPropertyOptional({ type: AnswerCoverageDto, description: 'A check short of answers: how many of its sources answered.' }) answers?: AnswerCoverageDto;
}

export class ResultCoverageDto implements ResultCoverage {
  @ApiProperty({
    description:
      'The main check for this kind of input ran (ok, or partial). False: the result is incomplete: no privacy score, not stored, not counted, never a monitor\'s starting point.',
  })
  complete!: boolean;
  @ApiProperty({ enum: CHECK_IDS, description: "The main check: 'breaches' for an email, 'website' (the page fetch) for a website, 'username' for a handle or profile URL." })
  mainCheck!: CheckId;
  @ApiProperty({ description: 'Checks that ran (ok or partial).' }) checksRun!: number;
  @ApiProperty({ description: 'Checks that applied to this input.' }) checksTotal!: number;
  @ApiProperty({ type: [CoverageCheckDto], description: 'Checks that applied and did not run, with their status.' }) unchecked!: CoverageCheckDto[];
  @ApiProperty({
    type: [CoverageCheckDto],
    description: "Checks that ran only in part ('partial', such as a website read without running its scripts): they count as run.",
  })
  partial!: CoverageCheckDto[];
  @ApiProperty({ description: 'Some check that did not run may run if the scan is tried again (unavailable, rate limited, timed out).' })
  retryable!: boolean;
  @ApiPropertyOptional({
    description: 'Complete, yet no privacy score, and why: a website whose browser tests did not run (a score without them would rate the page as if they had found nothing).',
  })
  scoreWithheld?: string;
}

export class UsernameSiteDto implements UsernameSiteEntry {
  @ApiProperty({ example: 'GitHub' }) site!: string;
  @ApiProperty({ description: "The site list's category.", example: 'coding' }) category!: string;
  @ApiProperty({ description: 'The profile address with the username (http or https): the link to check.' }) url!: string;
  @ApiPropertyOptional({ description: 'The address actually asked, when it is not the profile address (an API address): the answer in `reason` is its answer.' })
  askedUrl?: string;
  @ApiProperty({
    enum: USERNAME_OUTCOMES,
    description: "'hit': the name is taken there (a finding); 'miss': not found; 'unknown': could not be determined (a timeout, a bot wall, an unexpected answer), never scored.",
  })
  outcome!: UsernameSiteOutcome;
  @ApiProperty({ description: 'Why, in words for people.', example: 'HTTP 200 and the profile marker' }) reason!: string;
}

/** One element of a list of the website summary. */
type WebsitePart<K extends 'trackers' | 'cookies' | 'storage'> = WebsiteAuditSummary[K][number];
type BrowserTestSummary = WebsiteAuditSummary['tests'][number];
type BrowserTestFinding = BrowserTestSummary['findings'][number];
type GpcTracking = GpcSummary['without'];

export class HeaderGradeDto implements NonNullable<WebsiteAuditSummary['headerGrade']> {
  @ApiProperty({ example: 'B+' }) grade!: string;
  @ApiProperty({ example: 80 }) score!: number;
}

export class WebsiteTrackerDto implements WebsitePart<'trackers'> {
  @ApiProperty({ example: 'Meta Pixel (Facebook pixel)' }) name!: string;
  @ApiProperty({ example: 'Meta Platforms' }) company!: string;
  @ApiProperty({ example: 'advertising' }) category!: string;
  @ApiProperty({ type: [String], example: ['facebook.com', 'facebook.net'], description: 'The registrable domains it was loaded from.' }) domains!: string[];
}

export class WebsiteHeaderTestDto {
  @ApiProperty({ example: 'strict-transport-security', description: "The Observatory's test." }) test!: string;
  @ApiProperty({ example: 'hsts-implemented-max-age-at-least-six-months', description: "The Observatory's outcome of the test." }) outcome!: string;
  @ApiProperty() pass!: boolean;
  @ApiProperty({ example: 'HSTS for at least six months' }) description!: string;
  @ApiPropertyOptional({ example: 'max-age=31536000; includeSubDomains', description: 'What was seen (the header value), cut to 300 characters.' }) observed?: string;
}

export class WebsiteThirdPartyRequestDto {
  @ApiProperty({ example: 'hotjar.com' }) domain!: string;
  @ApiProperty({ example: 'script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js', description: 'One thing that loaded it, its URL without the query string.' })
  example!: string;
}

export class WebsiteCookieDto implements WebsitePart<'cookies'> {
  @ApiProperty({ example: '_ga' }) name!: string;
  @ApiProperty({ example: 'shop.example' }) domain!: string;
  @ApiProperty({ enum: ['first', 'third'] }) party!: 'first' | 'third';
  @ApiProperty({ enum: ['header', 'script', 'unknown'], description: 'Set by a Set-Cookie header, by a script (document.cookie or cookieStore), or not known.' })
  setBy!: 'header' | 'script' | 'unknown';
  @ApiProperty({ description: 'A known tracking cookie or a third-party cookie.' }) tracking!: boolean;
  @ApiPropertyOptional({ example: '400 days', description: 'Rendered audits: how long the cookie lasts.' }) lifetime?: string;
  @ApiPropertyOptional({ example: 'set by the response of https://www.facebook.com/tr', description: 'Rendered audits: the script or response that set it.' })
  setter?: string;
}

export class WebsiteStorageDto implements WebsitePart<'storage'> {
  @ApiProperty({ example: 'https://shop.example' }) origin!: string;
  @ApiProperty({ enum: ['first', 'third'] }) party!: 'first' | 'third';
  @ApiProperty({ type: [String], description: 'localStorage keys (never values).' }) local!: string[];
  @ApiProperty({ type: [String], description: 'sessionStorage keys (never values).' }) session!: string[];
}

export class WebsiteRequestCountsDto implements NonNullable<WebsiteAuditSummary['requests']> {
  @ApiProperty() total!: number;
  @ApiProperty() thirdParty!: number;
  @ApiProperty({ description: 'Requests that did not complete (refused by the SSRF guard, failed, blocked).' }) failed!: number;
}

export class BrowserTestFindingDto implements BrowserTestFinding {
  @ApiProperty() type!: string;
  @ApiProperty() value!: string;
}

export class BrowserTestOutcomeDto implements BrowserTestSummary {
  @ApiProperty({ enum: BROWSER_TEST_IDS }) id!: BrowserTestId;
  @ApiProperty({ enum: CHECK_STATUSES }) status!: CheckStatus;
  @ApiProperty({ type: [BrowserTestFindingDto] }) findings!: BrowserTestFindingDto[];
}

export class GpcTrackingDto implements GpcTracking {
  @ApiProperty({ type: [String] }) trackers!: string[];
  @ApiProperty({ type: [String] }) cookies!: string[];
  @ApiProperty({ type: [String], example: ['Meta PageView'] }) pixels!: string[];
  @ApiPropertyOptional({ type: [String], example: ['Hotjar'], description: 'Session recorders (absent in audits made before they were compared).' }) recorders?: string[];
  @ApiPropertyOptional({ type: [String], description: 'Typed values sent to another site (absent in audits made before they were compared).' }) keyLogging?: string[];
  @ApiPropertyOptional({ type: [String], description: 'Canvas and font fingerprinting (absent in audits made before they were compared).' }) fingerprinting?: string[];
}

export class GpcSummaryDto implements GpcSummary {
  @ApiProperty({ enum: GPC_OUTCOMES, description: "One rule for every kind of selling or sharing (trackers and cookies of advertising, social, session-recording and similar companies; pixel events; session recorders; key logging; fingerprinting): 'honoured': everything seen without the signal was gone with it on; 'partly_honoured': some of it; 'not_honoured': none of it; 'nothing_to_honour': none either way." })
  outcome!: GpcOutcome;
  @ApiProperty({ type: GpcTrackingDto, description: 'Tracking seen on the visit without Global Privacy Control.' }) without!: GpcTrackingDto;
  @ApiProperty({ type: GpcTrackingDto, description: 'What still happened with Sec-GPC: 1 and navigator.globalPrivacyControl on.' }) stillWith!: GpcTrackingDto;
}

export class WebsiteTrackerListDto implements NonNullable<WebsiteAuditSummary['trackerList']> {
  @ApiProperty({ description: "Whom the list is credited to: 'third-party-web (Patrick Hulce)', or the configured list's host.", example: 'third-party-web (Patrick Hulce)' })
  name!: string;
  @ApiProperty({ description: "The project's page, or the list's address: the link the credit carries.", example: 'https://github.com/patrickhulce/third-party-web' })
  url!: string;
  @ApiPropertyOptional({ example: 'MIT' }) license?: string;
  @ApiPropertyOptional({ example: 'https://github.com/patrickhulce/third-party-web/blob/master/LICENSE' }) licenseUrl?: string;
  @ApiProperty({ format: 'date-time', description: 'When the list in use was fetched.' }) fetchedAt!: string;
}

export class WebsiteAuditSummaryDto implements WebsiteAuditSummary {
  @ApiProperty({ enum: ['rendered', 'static'], description: "'rendered': the page ran in Chromium; 'static': only its HTML and headers were read." })
  mode!: 'rendered' | 'static';
  @ApiPropertyOptional({ description: "Why the page's scripts were not run." }) fallbackReason?: string;
  @ApiProperty() pageUrl!: string;
  @ApiProperty({ type: HeaderGradeDto, nullable: true, description: 'Null when the page answered with a status the Observatory does not grade.' })
  headerGrade!: HeaderGradeDto | null;
  @ApiProperty({ type: [WebsiteHeaderTestDto], description: "The security-header tests behind the grade (empty when the page was not graded)." }) headerTests!: WebsiteHeaderTestDto[];
  @ApiProperty({ type: [String], description: 'Registrable domains of every third party, sorted.' }) thirdParties!: string[];
  @ApiProperty({ type: [WebsiteThirdPartyRequestDto], description: 'One example of what loaded each third party.' }) thirdPartyRequests!: WebsiteThirdPartyRequestDto[];
  @ApiProperty({ type: [WebsiteTrackerDto], description: 'Known trackers the page loaded: rendered mode, requested (or tried) while it ran; static mode, what its HTML loads.' }) trackers!: WebsiteTrackerDto[];
  @ApiPropertyOptional({
    type: [WebsiteTrackerDto],
    description: "Rendered mode: known trackers named in the page's code that were not requested during the visit (consent-gated, waiting for a click, commented out). Listed apart; they weigh nothing.",
  })
  referencedTrackers?: WebsiteTrackerDto[];
  @ApiProperty({ type: [WebsiteCookieDto] }) cookies!: WebsiteCookieDto[];
  @ApiProperty({ type: [WebsiteStorageDto] }) storage!: WebsiteStorageDto[];
  @ApiPropertyOptional({ type: WebsiteRequestCountsDto }) requests?: WebsiteRequestCountsDto;
  @ApiProperty({ type: [BrowserTestOutcomeDto] }) tests!: BrowserTestOutcomeDto[];
  @ApiPropertyOptional({ type: GpcSummaryDto }) gpc?: GpcSummaryDto;
  @ApiPropertyOptional({
    type: WebsiteTrackerListDto,
    description: "The fetched tracker list that named trackers here (third-party-web's by default, MIT) and when it was fetched; absent when Footprint's own catalogue served alone.",
  })
  trackerList?: WebsiteTrackerListDto;
}

export class UsernameSiteListCreditDto implements NonNullable<UsernameSiteListSummary['list']> {
  @ApiProperty({ description: "'WhatsMyName', or the configured list's host.", example: 'WhatsMyName' }) name!: string;
  @ApiProperty({ description: "The project's page, or the list's address: the link the credit carries.", example: 'https://github.com/WebBreacher/WhatsMyName' })
  url!: string;
  @ApiPropertyOptional({ example: 'CC BY-SA 4.0' }) license?: string;
  @ApiPropertyOptional({ example: 'https://creativecommons.org/licenses/by-sa/4.0/' }) licenseUrl?: string;
  @ApiProperty({ description: "False: the list could not be downloaded yet, and Footprint's own list was asked alone." }) loaded!: boolean;
}

export class UsernameSiteListDto implements UsernameSiteListSummary {
  @ApiProperty({ description: "Sites asked with Footprint's own entry." }) builtIn!: number;
  @ApiProperty({ description: "Sites asked with the configured list's entry (WhatsMyName's by default)." }) configured!: number;
  @ApiPropertyOptional({ type: UsernameSiteListCreditDto, description: 'The configured list and its credit; absent when USERNAME_SITE_LIST_URL is off.' })
  list?: UsernameSiteListCreditDto;
}

export class ScoreCostDto implements ScoreCost {
  @ApiProperty({ enum: FINDING_GROUPS }) group!: FindingGroup;
  @ApiProperty({ enum: [...FINDING_TYPES, 'breach'], description: "The finding's type, or 'breach'." }) type!: FindingType | 'breach';
  @ApiProperty({
    example: 'Adobe breach (2013-10-04)',
    description: "What it is: the breach and its date, or the finding's evidence sentence; only the group's words when the viewer may not see details.",
  })
  label!: string;
  @ApiProperty({ enum: RISK_LEVELS }) risk!: RiskLevel;
  @ApiProperty({ minimum: 1, description: 'Points it takes off the privacy score (docs/SCORING.md).' }) points!: number;
  @ApiPropertyOptional({
    example: 'critical breach (exposed Passwords), 12 years old: ×0.6',
    description: 'How the points were reached; absent when the viewer may not see details.',
  })
  why?: string;
}

export class AnalysisResultDto implements AnalysisResult {
  @ApiProperty() input!: string;
  @ApiProperty({ enum: SCAN_INPUT_TYPES }) inputType!: ScanInputType;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    description:
      "0–100, higher is better, from the findings of the checks that ran. Null when the result is incomplete (coverage.complete false). A demo's is the sample's, not a fact about the input.",
  })
  privacyScore!: number | null;
  @ApiProperty({ enum: ['real', 'demo'], description: "'demo' only when no real check could run at all: a labelled sample, never stored." })
  mode!: 'real' | 'demo';
  @ApiProperty({ type: ResultCoverageDto, description: 'Which of the checks that applied ran, and whether the main one did.' })
  coverage!: ResultCoverageDto;
  @ApiPropertyOptional({
    type: [ScoreCostDto],
    description:
      'With a privacy score: the (up to three) findings that cost the most points, highest first (the model: docs/SCORING.md). Empty without a score; absent from results stored before it existed.',
  })
  topCosts?: ScoreCostDto[];
  @ApiProperty({ type: BreachGroupDto }) breaches!: BreachGroupDto;
  @ApiProperty({ type: FindingGroupDto }) personalInfo!: FindingGroupDto;
  @ApiProperty({ type: FindingGroupDto }) locationData!: FindingGroupDto;
  @ApiProperty({ type: FindingGroupDto }) metadata!: FindingGroupDto;
  @ApiProperty({ type: FindingGroupDto }) socialMedia!: FindingGroupDto;
  @ApiProperty({ type: [RecommendationDto] }) recommendations!: RecommendationDto[];
  @ApiProperty({ type: [CheckReportDto], description: 'Every check that applied to this input and how it ended.' })
  checks!: CheckReportDto[];
  @ApiProperty({ description: 'False for visitors: counts and summaries only.' }) detailsIncluded!: boolean;
  @ApiProperty() startedAt!: string;
  @ApiProperty() completedAt!: string;
  @ApiPropertyOptional({ description: 'The stored scan, for signed-in users and real results.' }) scanId?: string;
  @ApiPropertyOptional({
    type: PastesDto,
    description:
      "Email inputs whose paste-reporting breach source answered: XposedOrNot's count for everyone, the pastes for the verified owner only; Have I Been Pwned's pastes (pasteaccount) are asked for only when the signed-in owner of the verified address scans it.",
  })
  pastes?: PastesDto;
  @ApiPropertyOptional({
    type: [UsernameSiteDto],
    description: 'Social inputs whose username check ran: every site asked and its answer, found sites first. Only found sites count as findings.',
  })
  usernameSites?: UsernameSiteDto[];
  @ApiPropertyOptional({
    type: UsernameSiteListDto,
    description: 'With usernameSites: the site lists they came from, and the credit owed to the configured one (WhatsMyName, CC BY-SA 4.0).',
  })
  usernameSiteList?: UsernameSiteListDto;
  @ApiPropertyOptional({
    type: WebsiteAuditSummaryDto,
    description: 'Website inputs whose page was fetched: what a visitor\'s browser saw (third parties, trackers, cookies by name, the header grade, each browser test, Global Privacy Control), sorted so two scans compare.',
  })
  website?: WebsiteAuditSummaryDto;
}

export class CheckInfoDto implements Pick<CheckMeta<CheckId>, 'id' | 'label'> {
  @ApiProperty({ enum: CHECK_IDS }) id!: CheckId;
  @ApiProperty() label!: string;
}

/** The first server-sent event of a streamed scan. */
export class ScanStartedEventDto {
  @ApiProperty() input!: string;
  @ApiProperty({ enum: SCAN_INPUT_TYPES }) inputType!: ScanInputType;
  @ApiProperty({ type: [CheckInfoDto] }) checks!: CheckInfoDto[];
}

/** POST /api/scans answered 202: a signed-in person's email scan stored to run later. */
export class QueuedScanDto {
  @ApiProperty({ format: 'uuid', description: 'The stored scan: GET /api/scans/{id} shows it queued, then its result.' }) scanId!: string;
  @ApiProperty({ enum: ['queued'] }) status!: 'queued';
  @ApiProperty() input!: string;
  @ApiProperty({ enum: SCAN_INPUT_TYPES }) inputType!: ScanInputType;
  @ApiProperty({ format: 'date-time', description: 'When the breach sources are expected to have a turn again and the scan to run.' }) expectedBy!: string;
  @ApiProperty({ description: 'Whether this server emails the person when the scan is done (it has a mail transport); a notice is written either way.' })
  emailWhenDone!: boolean;
  @ApiProperty({ example: 'The breach services this server uses are at their request limit. Your check is queued and will run by about 14:05 UTC.' })
  message!: string;
}

export class FindingCountsDto implements FindingCounts {
  @ApiProperty() breaches!: number;
  @ApiProperty() personalInfo!: number;
  @ApiProperty() locationData!: number;
  @ApiProperty() metadata!: number;
  @ApiProperty() socialMedia!: number;
}

export class ScanSummaryDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['privacy', 'image'] }) scanType!: 'privacy' | 'image';
  @ApiProperty({ description: 'What was scanned (the image check: the file name).' }) input!: string;
  @ApiProperty({ enum: [...SCAN_INPUT_TYPES, 'image'] }) inputType!: ScanEntity['inputType'];
  @ApiProperty({
    enum: ['queued', 'running', 'completed', 'failed'],
    description:
      "Anything but completed or failed is in progress. 'queued': an email scan whose breach sources were at their request limit; this server runs it once they allow (expectedBy), then it is completed or failed.",
  })
  status!: 'queued' | 'running' | 'completed' | 'failed';
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: 100,
    description: 'The privacy score (0-100, higher is better) of a privacy scan; null for image checks (see imageRiskLevel) and scans without a score.',
  })
  score!: number | null;
  @ApiProperty({
    enum: IMAGE_RISK_LEVELS,
    enumName: 'ImageRiskLevel',
    nullable: true,
    description: "An image check's risk level (its risk score of 70 and above: high, 40 to 69: medium, below: low); null for privacy scans.",
  })
  imageRiskLevel!: ImageRiskLevel | null;
  @ApiProperty({ type: FindingCountsDto, nullable: true }) findings!: FindingCounts | null;
  @ApiProperty() startedAt!: string;
  @ApiProperty({ type: String, nullable: true }) completedAt!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A failed scan: why it failed, in words for the person (for instance, the server running it stopped); null when not said or not failed.',
  })
  failureReason!: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'A queued scan: when it is expected to run (its breach sources have a turn again); null for every other scan.',
  })
  expectedBy!: string | null;

  static from(scan: ScanEntity): ScanSummaryDto {
    return {
      id: scan.id,
      scanType: scan.scanType,
      input: scan.input,
      inputType: scan.inputType,
      status: scan.status,
      // One meaning per number: `score` is a privacy score; an image check has its stored risk level.
      score: scan.scanType === 'image' ? null : scan.score,
      imageRiskLevel: scan.scanType === 'image' ? scan.riskLevel : null,
      findings: scan.findingCounts,
      startedAt: scan.startedAt.toISOString(),
      completedAt: scan.completedAt?.toISOString() ?? null,
      failureReason: scan.status === 'failed' ? (scan.failureReason ?? null) : null,
      expectedBy: scan.status === 'queued' && scan.expectedBy ? scan.expectedBy.toISOString() : null,
    };
  }
}

/** The image check's answer (images/exif.dto.ts, which the image routes put in the document): named, not imported, as the image check sits above the scans. */
const IMAGE_ANALYSIS_SCHEMA = 'ExifAnalysisDto';

export class ScanRecordDto extends ScanSummaryDto {
  @ApiProperty({
    nullable: true,
    description: "The full result: an AnalysisResultDto for privacy scans, the image check's ExifAnalysisDto for image checks; null until completed.",
    oneOf: [{ $ref: getSchemaPath(AnalysisResultDto) }, { $ref: getSchemaPath(IMAGE_ANALYSIS_SCHEMA) }],
  })
  /** An image check's result is its stored analysis (ExifAnalysisDto in the document). */
  result!: AnalysisResultDto | Record<string, unknown> | null;

  static override from(scan: ScanEntity): ScanRecordDto {
    return { ...ScanSummaryDto.from(scan), result: (scan.result ?? null) as ScanRecordDto['result'] };
  }
}

export class ScanPageDto extends PageInfoDto {
  @ApiProperty({ type: [ScanSummaryDto], description: 'This page of scans, newest first.' }) items!: ScanSummaryDto[];
}

/** `?page=&pageSize=` of the scan history. */
/** The kinds a history is filtered by: each stands for the input types (or the image checks) it covers. */
export const SCAN_HISTORY_KINDS = {
  email: ['email'],
  website: ['url'],
  handle: ['social', 'instagram', 'twitter', 'linkedin', 'facebook'],
  image: ['image'],
} as const satisfies Record<string, readonly ScanEntity['inputType'][]>;
export type ScanHistoryKind = keyof typeof SCAN_HISTORY_KINDS;
const HISTORY_KIND_NAMES = Object.keys(SCAN_HISTORY_KINDS) as ScanHistoryKind[];

export class ListScansQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    enum: HISTORY_KIND_NAMES,
    enumName: 'ScanHistoryKind',
    description: 'Only scans of this kind: email addresses, websites, social handles (and profile URLs), or image checks.',
  })
  @IsOptional()
  @IsIn(HISTORY_KIND_NAMES, { message: `kind must be one of ${HISTORY_KIND_NAMES.join(', ')}` })
  kind?: ScanHistoryKind;

  @ApiPropertyOptional({
    maxLength: SCAN_INPUT_MAX_LENGTH,
    description: "Only scans whose input (the image check: the file name) contains this text, in any case. '%' and '_' are matched as themselves.",
    example: 'example.com',
  })
  @IsOptional()
  @IsString({ message: 'input must be text' })
  @MaxLength(SCAN_INPUT_MAX_LENGTH, { message: `input must be at most ${SCAN_INPUT_MAX_LENGTH} characters` })
  input?: string;
}
