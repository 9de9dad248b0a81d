/** The report API's shapes, as generated from the OpenAPI document (server: reports.dto.ts). */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

export type Report = Schemas['ReportDto'];
export type CategoryRisk = Schemas['CategoryRiskDto'];
export type PrivacyTrend = Schemas['PrivacyTrendDto'];
export type CategoryLevel = CategoryRisk['level'];
export type BreachExposure = Schemas['BreachExposureDto'];
export type PrivacyViolation = Schemas['PrivacyViolationDto'];
export type MetadataRisk = Schemas['MetadataRiskDto'];
export type ReportRecommendation = Schemas['ReportRecommendationDto'];
