import type { BreachSourceId } from './breach-source.catalogue';
import type { PasteDetail } from './finding.types';
/**
 * How a check ended. 'ok' and 'partial' checks contribute findings and score: 'partial' ran but
 * could not do all of its work (its message says what was left out; the website check analysed
 * the page without running its scripts). The others contributed nothing.
 */
export const CHECK_STATUSES = ['ok', 'partial', 'not_configured', 'unavailable', 'rate_limited', 'timed_out', 'not_applicable'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The statuses whose findings count. */
export function contributesFindings(status: CheckStatus): boolean {
  return status === 'ok' || status === 'partial';
}

/** Statuses that say "try again later" rather than "this cannot run here". */
export const PASSING_FAILURES: readonly CheckStatus[] = ['unavailable', 'timed_out', 'rate_limited'];

/** The browser tests of the rendered website audit, each its own check line. */
export const BROWSER_TEST_IDS = [
  'canvas-fingerprinting',
  'font-fingerprinting',
  'session-recording',
  'key-logging',
  'meta-pixel',
  'remarketing-audiences',
  'tiktok-x-pixels',
  'global-privacy-control',
] as const;
export type BrowserTestId = (typeof BROWSER_TEST_IDS)[number];

/** How a site answered the Global Privacy Control visit. */
export const GPC_OUTCOMES = ['honoured', 'partly_honoured', 'not_honoured', 'nothing_to_honour'] as const;
export type GpcOutcome = (typeof GPC_OUTCOMES)[number];

// What several checks and the result share: analyzers make these, checks report them, the result lists them.

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
  /** Registrable domains of every third party the page loaded (rendered: requested while it ran; static: what its HTML loads), sorted. */
  thirdParties: string[];
  /** One example of what loaded each third party: the element or request type and the URL without its query string. */
  thirdPartyRequests: { domain: string; example: string }[];
  /** Known trackers among them with their registrable domains, sorted by name. */
  trackers: { name: string; company: string; category: string; domains: string[] }[];
  /**
   * Rendered mode: known trackers the page's code names (a consent-gated tag, one waiting for a
   * click, a commented-out snippet) that the visit never requested. They weigh nothing.
   */
  referencedTrackers?: { name: string; company: string; category: string; domains: string[] }[];
  /** Cookies in the browser at the end of the visit (static mode: those set by the page's response). */
  cookies: {
    name: string;
    domain: string;
    party: 'first' | 'third';
    setBy: 'header' | 'script' | 'unknown';
    tracking: boolean;
    /** Rendered mode: how long it lasts ("400 days", "until the browser closes"). */
    lifetime?: string;
    /** Rendered mode: what set it, in words ("set by script https://…", "set by the response of https://…"). */
    setter?: string;
  }[];
  /** localStorage and sessionStorage keys, by origin (rendered mode). */
  storage: { origin: string; party: 'first' | 'third'; local: string[]; session: string[] }[];
  /** Requests the page made while it ran (rendered mode). */
  requests?: { total: number; thirdParty: number; failed: number };
  /**
   * The fetched tracker list that named trackers for this result (third-party-web's by default),
   * with its credit and when it was fetched; absent when Footprint's own catalogue served alone.
   */
  trackerList?: { name: string; url: string; license?: string; licenseUrl?: string; fetchedAt: string };
}
