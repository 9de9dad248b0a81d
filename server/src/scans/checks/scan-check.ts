/**
 * What a scan check is: one source (or none) plus its analyzer, as an injectable class that says
 * what it is (id, label, the groups its findings count in) and runs for the inputs it applies to.
 * The pipeline runs every registered check that applies, in parallel (checks/scan-checks.registry.ts).
 * A check never throws for an outside failure: its outcome says why it could not run.
 */
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { BrowserTestId, CheckStatus } from '../../vocabulary/check.types';
import type { Finding, FindingGroup, PasteDetail } from '../../vocabulary/finding.types';
import type { GpcSummary } from '../analysis/rendered/global-privacy-control.analyzer';
import type { SourceResult } from '../sources/source-types';
import type { AnswerCoverage } from './answer-coverage';

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
  /** The address actually asked, when it is not the profile URL (an API address). */
  askedUrl?: string;
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

/** The website check's part of the result's `website` summary (the tests and GPC are added from the other checks). */
export interface WebsiteSummaryPart {
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
}

/**
 * What the website check and its browser tests saw, as plain sorted data (names, never cookie
 * values or typed text), for the result page and for comparing one scan of a site with the next.
 */
export interface WebsiteAuditSummary extends WebsiteSummaryPart {
  /** Each browser test: how it ended and what it found (finding types and values). */
  tests: { id: BrowserTestId; status: CheckStatus; findings: { type: string; value: string }[] }[];
  /** The Global Privacy Control visit, when it ran. */
  gpc?: GpcSummary;
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
  /** The website check: what the page did, for the result's `website` summary. */
  website?: WebsiteSummaryPart;
  /** The Global Privacy Control test's comparison. */
  gpc?: GpcSummary;
  /** Checks with several sources: how each ended. */
  sources?: CheckSourceReport[];
  /**
   * Checks with many sources (the username check's sites): how many gave a usable answer. Absent,
   * it is taken from `sources` (two or more); see answer-coverage.ts for the rule.
   */
  answers?: AnswerCoverage;
  /** The breaches check: pastes, when a source that reports them answered. */
  pastes?: PasteExposure;
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

/** What a check says about itself: the same for every scan. */
export interface CheckMeta<Id extends string = string> {
  /** Unique among the registered checks; the API lists it in every result's `checks`. */
  id: Id;
  /** Shown to people: "Data breaches (Have I Been Pwned)". A check whose sources depend on the configuration says so in its instance's `label`. */
  label: string;
  /** How a group's summary names it when it could not run: "Not checked: the breach service is unavailable". */
  noun: string;
  /** The finding groups its findings count in: a group's summary speaks for the checks that feed it. */
  groups: readonly FindingGroup[];
  /**
   * 'scan': bounded by the scan's whole time limit instead of the per-check one, for checks that
   * make many small requests and can answer with what they have by `deadline`.
   * 'browser': waits for the page to run in the audit browser (queue wait plus the browser budget).
   */
  budget?: 'check' | 'scan' | 'browser';
}

/** A check the pipeline can run. */
export interface ScanCheck<Id extends string = string> {
  readonly meta: CheckMeta<Id>;
  /** The label this server shows (the meta's, unless the check's sources depend on the configuration). */
  readonly label: string;
  appliesTo(input: ClassifiedScanInput): boolean;
  run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome>;
}

/**
 * The base of a check class: `export class MyCheck extends scanCheck({ id: 'my-check', … })`.
 * The meta is on the class (for the registry, before anything is built) and on each instance.
 */
export function scanCheck<const Id extends string>(meta: CheckMeta<Id>) {
  abstract class Check implements ScanCheck<Id> {
    static readonly meta = meta;
    readonly meta = meta;
    get label(): string {
      return meta.label;
    }
    abstract appliesTo(input: ClassifiedScanInput): boolean;
    abstract run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome>;
  }
  return Check;
}

export const isEmailInput = (input: ClassifiedScanInput): boolean => input.kind === 'email';
export const isUrlInput = (input: ClassifiedScanInput): boolean => input.kind === 'url';

/** A source's answer through a pure analyzer; a failed source passes its status on, with no findings. */
export function analyzed<T>(result: SourceResult<T>, analyze: (data: T) => Finding[]): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, retryAfterSeconds: result.retryAfterSeconds, findings: [] };
  return { status: 'ok', findings: analyze(result.data) };
}
