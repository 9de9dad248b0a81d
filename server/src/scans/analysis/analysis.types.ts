/**
 * The shapes of an analysis: what checks report and the result the API returns (spec section 3
 * "Analysis result", plus mode, per-check status and evidence). The words they use (risk levels,
 * finding groups and types, check ids and statuses) are the vocabulary module's.
 * Analyzers are pure functions producing `Finding`s; the pipeline groups, scores and recommends.
 */
import type { ClassifiedScanInput, ScanInputType } from '../../browser-shared/scan-input.rules';
import type { CheckId, CheckStatus } from '../../vocabulary/check.types';
import type { Finding, FindingDetail } from '../../vocabulary/finding.types';
import type { Recommendation } from '../../vocabulary/recommendation.types';

/** How one site answered for a username: found, not found, or could not be determined. */
export const USERNAME_OUTCOMES = ['hit', 'miss', 'unknown'] as const;
export type UsernameSiteOutcome = (typeof USERNAME_OUTCOMES)[number];

/** One site of the username check, as the result lists it: where the name is taken, with the link to check. */
export interface UsernameSiteEntry {
  site: string;
  /** The site list's category ('social', 'coding', …). */
  category: string;
  /** The profile URL with the username (http or https). */
  url: string;
  outcome: UsernameSiteOutcome;
  /** Why, in words for people: 'HTTP 200 and the profile marker', 'timed out after 5 s'. */
  reason: string;
}

/** The site lists the username check asked from, and whom the configured one is credited to. */
export interface UsernameSiteListSummary {
  /** Sites asked with Footprint's own entry. */
  builtIn: number;
  /** Sites asked with the configured list's entry. */
  configured: number;
  /** The configured list (USERNAME_SITE_LIST_URL); absent when it is off. */
  list?: {
    /** 'WhatsMyName', or the list's host. */
    name: string;
    /** The project's page, or the list's address. */
    url: string;
    license?: string;
    licenseUrl?: string;
    /** False: it could not be downloaded yet, and Footprint's own list was asked alone. */
    loaded: boolean;
  };
}

export interface CheckReport {
  id: CheckId;
  /** Shown to people: "Data breaches (Have I Been Pwned)". */
  label: string;
  status: CheckStatus;
  /** Why it did not run, in plain words; absent when ok. */
  message?: string;
  /** Rate limited: when the outside service said to try again. */
  retryAfterSeconds?: number;
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

export interface AnalysisResult {
  input: string;
  inputType: ScanInputType;
  privacyScore: number;
  mode: 'real' | 'demo';
  breaches: FindingGroupResult & {
    /** Sensitive breaches left out of the details (only the signed-in owner of the verified address sees them). */
    hiddenSensitive: number;
  };
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
  /** Social inputs whose username check ran: every site asked and its answer (only hits are findings). */
  usernameSites?: UsernameSiteEntry[];
  /** With `usernameSites`: the lists they came from, and the credit the configured one is owed. */
  usernameSiteList?: UsernameSiteListSummary;
}

/** Who is asking: decides sensitive-breach visibility and whether details are included. */
export interface ScanViewer {
  userId?: string;
  /** The viewer's own address, only when verified. */
  verifiedEmail?: string;
}

/** What one check produced. */
export interface CheckOutcome {
  status: CheckStatus;
  message?: string;
  retryAfterSeconds?: number;
  findings: Finding[];
  /** The username check: the per-site list the result shows, and the lists it came from. */
  usernameSites?: UsernameSiteEntry[];
  usernameSiteList?: UsernameSiteListSummary;
}

/** A check: one source (or none) plus its analyzer. The pipeline runs those that apply, in parallel. */
export interface ScanCheck {
  id: CheckId;
  label: string;
  appliesTo(input: ClassifiedScanInput): boolean;
  /**
   * 'scan': bounded by the scan's whole time limit instead of the per-check one, for checks that
   * make many small requests and can answer with what they have by `deadline`.
   */
  budget?: 'check' | 'scan';
  run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome>;
}

export interface CheckContext {
  /** Aborts when the check's time is up; a result after that is ignored. */
  signal: AbortSignal;
  /** When the signal will abort (epoch ms): a check may stop early and answer with partial results. */
  deadline: number;
  viewer: ScanViewer;
}
