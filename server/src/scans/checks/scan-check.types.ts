/**
 * What a scan check is: one source (or none) plus its analyzer, as an injectable class that says
 * what it is (id, label, the groups its findings count in) and runs for the inputs it applies to.
 * The pipeline runs every registered check that applies, in parallel (checks/scan-checks.registry.ts).
 * A check never throws for an outside failure: its outcome says why it could not run.
 */
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { BrowserTestId, CheckSourceReport, CheckStatus, PasteExposure, UsernameSiteEntry, UsernameSiteListSummary, WebsiteSummaryPart } from '../../vocabulary/check.types';
import type { Finding, FindingGroup } from '../../vocabulary/finding.types';
import type { GpcSummary } from '../analysis/rendered/global-privacy-control.analyzer';
import type { SourceResult } from '../sources/source.types';
import type { AnswerCoverage } from './answer-coverage.rules';

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
   * it is taken from `sources` (two or more); see answer-coverage.rules.ts for the rule.
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
