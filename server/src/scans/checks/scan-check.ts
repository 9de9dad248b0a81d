/**
 * What a scan check is: one source (or none) plus its analyzer, as an injectable class that says
 * what it is (id, label, the groups its findings count in) and runs for the inputs it applies to.
 * The pipeline runs every registered check that applies, in parallel (checks/scan-checks.registry.ts).
 * A check never throws for an outside failure: its outcome says why it could not run.
 */
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { CheckStatus } from '../../vocabulary/check.types';
import type { Finding, FindingGroup } from '../../vocabulary/finding.types';
import type { SourceResult } from '../sources/source-types';

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

export interface CheckContext {
  /** Aborts when the check's time is up; a result after that is ignored. */
  signal: AbortSignal;
  /** When the signal will abort (epoch ms): a check may stop early and answer with partial results. */
  deadline: number;
  viewer: ScanViewer;
}

/** What a check says about itself: the same for every scan. */
export interface CheckMeta<Id extends string = string> {
  /** Unique among the registered checks; the API lists it in every result's `checks`. */
  id: Id;
  /** Shown to people: "Data breaches (Have I Been Pwned)". */
  label: string;
  /** How a group's summary names it when it could not run: "Not checked: the breach service is unavailable". */
  noun: string;
  /** The finding groups its findings count in: a group's summary speaks for the checks that feed it. */
  groups: readonly FindingGroup[];
  /**
   * 'scan': bounded by the scan's whole time limit instead of the per-check one, for checks that
   * make many small requests and can answer with what they have by `deadline`.
   */
  budget?: 'check' | 'scan';
}

/** A check the pipeline can run. */
export interface ScanCheck<Id extends string = string> {
  readonly meta: CheckMeta<Id>;
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
