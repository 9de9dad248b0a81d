/**
 * The shapes of an analysis: what checks report and the result the API returns (spec section 3
 * "Analysis result", plus mode, per-check status and evidence). The words they use (risk levels,
 * finding groups and types, check statuses) are the vocabulary module's; what a check is and
 * returns is checks/scan-check.ts.
 * Analyzers are pure functions producing `Finding`s; the pipeline groups, scores and recommends.
 */
import type { ScanInputType } from '../../browser-shared/scan-input.rules';
import type { CheckStatus } from '../../vocabulary/check.types';
import type { FindingDetail } from '../../vocabulary/finding.types';
import type { Recommendation } from '../../vocabulary/recommendation.types';
import type { CheckSourceReport, PasteExposure, UsernameSiteEntry, UsernameSiteListSummary, WebsiteAuditSummary } from '../checks/scan-check';
import type { CheckId } from '../checks/scan-checks.registry';


export interface CheckReport {
  id: CheckId;
  /** Shown to people: "Data breaches (Have I Been Pwned)". */
  label: string;
  status: CheckStatus;
  /** Why it did not run, in plain words; absent when ok. */
  message?: string;
  /** Rate limited: when the outside service said to try again. */
  retryAfterSeconds?: number;
  /** Checks with several sources: how each ended. A check that is ok with one of them says which in `message`. */
  sources?: CheckSourceReport[];
  /** How many findings it contributed. */
  findings: number;
  durationMs: number;
}

export interface FindingGroupResult {
  count: number;
  /** Empty for visitors (details are for signed-in users) and where nothing was found. */
  details: FindingDetail[];
  summary: string;
}

export interface BreachGroupResult extends FindingGroupResult {
  /** Sensitive breaches left out of the details (only the signed-in owner of the verified address sees them). */
  hiddenSensitive: number;
}

export interface AnalysisResult {
  input: string;
  inputType: ScanInputType;
  privacyScore: number;
  mode: 'real' | 'demo';
  breaches: BreachGroupResult;
  personalInfo: FindingGroupResult;
  locationData: FindingGroupResult;
  metadata: FindingGroupResult;
  socialMedia: FindingGroupResult;
  recommendations: Recommendation[];
  checks: CheckReport[];
  /** False for visitors: counts and summaries only. */
  detailsIncluded: boolean;
  startedAt: string;
  completedAt: string;
  /** Set for a stored scan (signed-in users, real results). */
  scanId?: string;
  /**
   * Email inputs whose paste-reporting source answered: how many pastes hold the address, for
   * everyone; which ones only for the signed-in owner of the verified address (like sensitive breaches).
   */
  pastes?: PasteExposure & { summary: string; detailsHidden: boolean };
  /** Social inputs whose username check ran: every site asked and its answer (only hits are findings). */
  usernameSites?: UsernameSiteEntry[];
  /** Website inputs whose page was fetched: what a visitor's browser saw, normalized so two scans can be compared. */
  website?: WebsiteAuditSummary;
  /** With `usernameSites`: the lists they came from, and the credit the configured one is owed. */
  usernameSiteList?: UsernameSiteListSummary;
}
