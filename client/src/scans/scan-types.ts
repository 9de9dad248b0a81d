/** The scan API's shapes, as generated from the OpenAPI document (server: scan.dto.ts). */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

export type AnalysisResult = Schemas['AnalysisResultDto'];
export type CheckReport = Schemas['CheckReportDto'];
export type CheckStatus = CheckReport['status'];
export type ScanStarted = Schemas['ScanStartedEventDto'];
export type Recommendation = Schemas['RecommendationDto'];
export type BreachDetail = Schemas['BreachDetailDto'];
export type DemoBreachDetail = Schemas['DemoBreachDetailDto'];
export type RiskDetail = Schemas['RiskDetailDto'];
export type Evidence = Schemas['EvidenceDto'];
export type FindingDetail = BreachDetail | DemoBreachDetail | RiskDetail;
export type FindingGroupResult = Schemas['FindingGroupDto'];
export type RiskLevel = Recommendation['priority'];
export type UsernameSite = Schemas['UsernameSiteDto'];
export type Pastes = Schemas['PastesDto'];
export type PasteDetail = Schemas['PasteDetailDto'];
export type WebsiteAuditSummary = Schemas['WebsiteAuditSummaryDto'];
export type UsernameSiteList = Schemas['UsernameSiteListDto'];
export type ScoreCost = Schemas['ScoreCostDto'];

/** The five groups in the order the widget shows them. */
export const FINDING_GROUPS = ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'] as const;
export type FindingGroup = (typeof FINDING_GROUPS)[number];
