/** The dashboard API's shapes, as generated from the OpenAPI document (server: reports.dto.ts). */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

export type Dashboard = Schemas['DashboardDto'];
export type ScanSummary = Schemas['ScanSummaryDto'];
export type RiskDistribution = Schemas['RiskDistributionDto'];
export type ScoreTrendPoint = Schemas['ScoreTrendPointDto'];
