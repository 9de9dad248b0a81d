/**
 * The shapes of an analysis: what checks report and the result the API returns (spec section 3
 * "Analysis result", plus mode, per-check status and evidence). The words they use (risk levels,
 * finding groups and types, check ids and statuses) are the vocabulary module's.
 * Analyzers are pure functions producing `Finding`s; the pipeline groups, scores and recommends.
 */
import type { ClassifiedScanInput, ScanInputType } from '../../browser-shared/scan-input.rules';
import type { BrowserTestId, CheckId, CheckStatus } from '../../vocabulary/check.types';
import type { GpcSummary } from './rendered/global-privacy-control.analyzer';
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { Finding, FindingDetail, PasteDetail } from '../../vocabulary/finding.types';
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

/** How one outside source of a check ended (the breach checks ask two): who ran, who did not, and why. */
export interface CheckSourceReport {
  id: BreachSourceId;
  /** "XposedOrNot". */
  name: string;
  status: CheckStatus;
  message?: string;
  retryAfterSeconds?: number;
  /** The answer came from the short-lived cache (BREACH_CACHE_TTL_SECONDS), not a new request. */
  cached?: boolean;
}

/** Pastes an address was seen in, as the sources that report pastes answered. */
export interface PasteExposure {
  count: number;
  details: PasteDetail[];
  /** The sources that were asked about pastes and answered. */
  sources: BreachSourceId[];
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
  /** Checks with several sources: how each ended. A check that is ok with one of them says which in `message`. */
  sources?: CheckSourceReport[];
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

/** A check of the result that did not run, or ran only in part, and why. */
export interface CoverageCheck {
  id: CheckId;
  label: string;
  status: CheckStatus;
  message?: string;
  retryAfterSeconds?: number;
}

/** What the result rests on: which of the checks that applied ran, and whether the main one did. */
export interface ResultCoverage {
  /** The main check for this kind of input ran (ok or partial): the result may be scored and stored. */
  complete: boolean;
  /** The main check for this kind of input (MAIN_CHECKS). */
  mainCheck: CheckId;
  /** Checks that ran (ok or partial). */
  checksRun: number;
  /** Checks that applied to the input. */
  checksTotal: number;
  /** Checks that applied and did not run, with their status. */
  unchecked: CoverageCheck[];
  /** Checks that ran but not all of their work ('partial': the website read without running its scripts). */
  partial: CoverageCheck[];
  /** Some unchecked check may run if tried again (unavailable, rate limited, timed out). */
  retryable: boolean;
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

/**
 * What the website check and its browser tests saw, as plain sorted data (names, never cookie
 * values or typed text), for the result page and for comparing one scan of a site with the next.
 */
export interface WebsiteAuditSummary {
  /** 'rendered': the page ran in Chromium; 'static': only its HTML and headers were read. */
  mode: 'rendered' | 'static';
  /** Why the page's scripts were not run (static mode). */
  fallbackReason?: string;
  /** The page analysed, after redirects. */
  pageUrl: string;
  /** Null when the page answered with a status the Observatory does not grade. */
  headerGrade: { grade: string; score: number } | null;
  /**
   * The security-header tests behind the grade (the Observatory's), each with its outcome and the
   * header value seen: empty when the page was not graded.
   */
  headerTests: { test: string; outcome: string; pass: boolean; description: string; observed?: string }[];
  /** Registrable domains of every third party the page loaded or referenced, sorted. */
  thirdParties: string[];
  /** One example of what loaded each third party: the element or request type and the URL without its query string. */
  thirdPartyRequests: { domain: string; example: string }[];
  /** Known trackers among them with their registrable domains, sorted by name. */
  trackers: { name: string; company: string; category: string; domains: string[] }[];
  /** Cookies in the browser at the end of the visit (static mode: those set by the page's response). */
  cookies: { name: string; domain: string; party: 'first' | 'third'; setBy: 'header' | 'script' | 'unknown'; tracking: boolean }[];
  /** localStorage and sessionStorage keys, by origin (rendered mode). */
  storage: { origin: string; party: 'first' | 'third'; local: string[]; session: string[] }[];
  /** Requests the page made while it ran (rendered mode). */
  requests?: { total: number; thirdParty: number; failed: number };
  /** Each browser test: how it ended and what it found (finding types and values). */
  tests: { id: BrowserTestId; status: CheckStatus; findings: { type: string; value: string }[] }[];
  /** The Global Privacy Control visit, when it ran. */
  gpc?: GpcSummary;
}

/** The website check's part of the summary (the tests and GPC are added from the other checks). */
export type WebsiteSummaryPart = Omit<WebsiteAuditSummary, 'tests' | 'gpc'>;

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
  /** The website check: what the page did, for the result's `website` summary. */
  website?: WebsiteSummaryPart;
  /** The Global Privacy Control test's comparison. */
  gpc?: GpcSummary;
  usernameSiteList?: UsernameSiteListSummary;
  /** Checks with several sources: how each ended. */
  sources?: CheckSourceReport[];
  /** The breaches check: pastes, when a source that reports them answered. */
  pastes?: PasteExposure;
}

/** A check: one source (or none) plus its analyzer. The pipeline runs those that apply, in parallel. */
export interface ScanCheck {
  id: CheckId;
  label: string;
  appliesTo(input: ClassifiedScanInput): boolean;
  /**
   * 'scan': bounded by the scan's whole time limit instead of the per-check one, for checks that
   * make many small requests and can answer with what they have by `deadline`.
   * 'browser': waits for the page to run in the audit browser (queue wait plus the browser budget).
   */
  budget?: 'check' | 'scan' | 'browser';
  run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome>;
}

/** Work several checks of one scan share (the page fetch and the browser visit), done once. */
export interface ScanScope {
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface CheckContext {
  /** Aborts when the check's time is up; a result after that is ignored. */
  signal: AbortSignal;
  /** Aborts when the scan's time is up: for work shared by several checks. */
  scanSignal: AbortSignal;
  shared: ScanScope;
  /** When the signal will abort (epoch ms): a check may stop early and answer with partial results. */
  deadline: number;
  viewer: ScanViewer;
}
