/**
 * The shapes of an analysis: what checks report and the result the API returns (the
 * analysis result, with mode, per-check status and evidence). The words they use (risk levels,
 * finding groups and types, check statuses) are the vocabulary module's; what a check is and
 * returns is checks/scan-check.types.ts.
 * Analyzers are pure functions producing `Finding`s; the pipeline groups, scores and recommends.
 */
import type { ScanInputType } from '../../browser-shared/scan-input.rules';
import type { CheckStatus } from '../../vocabulary/check.types';
import type { FindingDetail, FindingGroup, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import type { Recommendation } from '../../vocabulary/recommendation.types';
import type { CheckSourceReport, PasteExposure, UsernameSiteEntry, UsernameSiteListSummary } from '../../vocabulary/check.types';
import type { WebsiteAuditSummary } from '../checks/scan-check.types';
import type { CheckId } from '../checks/scan-checks.registry';
import type { AnswerCoverage } from '../checks/answer-coverage.rules';


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
  /** Checks with several sources: how many gave a usable answer, of those asked, and how many a verdict needs. */
  answers?: AnswerCoverage;
  /** How many findings it contributed. */
  findings: number;
  durationMs: number;
}

/**
 * How much of a finding group was looked at: 'all' its checks for this input ran, 'some' did and
 * others did not, 'none' did (or none applies to this kind of input). A count of 0 is an answer only
 * with 'all'; with 'none' it is no answer at all ("Not checked").
 */
export const GROUP_CHECKED = ['all', 'some', 'none'] as const;
export type GroupChecked = (typeof GROUP_CHECKED)[number];

export interface FindingGroupResult {
  count: number;
  checked: GroupChecked;
  /** Empty for visitors (details are for signed-in users) and where nothing was found. */
  details: FindingDetail[];
  summary: string;
}

export interface BreachGroupResult extends FindingGroupResult {
  /** Sensitive breaches left out of the details (only the signed-in owner of the verified address sees them). */
  hiddenSensitive: number;
}

/** A check of the result that did not run, or ran only in part, and why. */
export interface CoverageCheck {
  id: CheckId;
  label: string;
  status: CheckStatus;
  message?: string;
  retryAfterSeconds?: number;
  /** A check short of answers: how many of its sources answered. */
  answers?: AnswerCoverage;
}

/** What the result rests on: which of the checks that applied ran, and whether the main one did. */
export interface ResultCoverage {
  /**
   * The main check for this kind of input ran (ok or partial) and, when it asks many sources, enough
   * of them answered (answer-coverage.rules.ts): the result may be scored and stored.
   */
  complete: boolean;
  /** The main check for this kind of input (MAIN_CHECKS in checks/scan-checks.registry.ts). */
  mainCheck: CheckId;
  /** Checks that ran (ok or partial). */
  checksRun: number;
  /** Checks that applied to the input. */
  checksTotal: number;
  /** Checks that applied and did not run, with their status. */
  unchecked: CoverageCheck[];
  /** Checks that ran but not all of their work ('partial': the website read without running its scripts; too few sites answered). */
  partial: CoverageCheck[];
  /** Some unchecked check may run if tried again (unavailable, rate limited, timed out). */
  retryable: boolean;
  /** Complete, yet no privacy score, and why: a website whose browser tests did not run. */
  scoreWithheld?: string;
}

/**
 * One of the findings that cost the result the most points (the model: docs/SCORING.md). What it
 * names follows the details rule: a visitor, or anyone but the verified owner for a sensitive
 * breach, gets the group's words and the points, not which breach or which value.
 */
export interface ScoreCost {
  group: FindingGroup;
  /** The finding's type, or `breach`. */
  type: FindingType | 'breach';
  /** What it is: "Adobe breach (2013-10-04)", the finding's evidence sentence, or the group's words when details are withheld. */
  label: string;
  risk: RiskLevel;
  /** Points it takes off the score. */
  points: number;
  /** How the points were reached ("critical breach (exposed Passwords), 12 years old: ×0.6"); absent when details are withheld. */
  why?: string;
}

export interface AnalysisResult {
  input: string;
  inputType: ScanInputType;
  /**
   * 0–100 from the findings of the checks that ran; null when the result is incomplete (its main
   * check did not run). A demo's is the sample's own, never a fact about the input.
   */
  privacyScore: number | null;
  coverage: ResultCoverage;
  /**
   * With a privacy score: the (up to three) findings that cost the most, highest first. Empty
   * without a score or when nothing cost a point; absent from results stored before it existed.
   */
  topCosts?: ScoreCost[];
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
