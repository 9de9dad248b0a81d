/**
 * The vocabulary of an analysis: what checks report, what findings look like, and the result the
 * API returns (spec section 3 "Analysis result", plus mode, per-check status and evidence).
 * Analyzers are pure functions producing `Finding`s; the pipeline groups, scores and recommends.
 */
import type { ClassifiedScanInput, ScanInputType } from '../../browser-shared/scan-input.rules';
import { SOCIAL_FINDING_TYPES } from '../social/social-platform.catalogue';

export const FINDING_GROUPS = ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'] as const;
export type FindingGroup = (typeof FINDING_GROUPS)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** Recommendation priorities use the same four words. */
export type Priority = RiskLevel;

/** How a check ended. Only 'ok' checks contribute findings and score. */
export const CHECK_STATUSES = ['ok', 'not_configured', 'unavailable', 'rate_limited', 'timed_out', 'not_applicable'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** The checks the pipeline knows. */
export const CHECK_IDS = ['breaches', 'gravatar', 'email-dns', 'email-provider', 'url-input', 'website', 'website-breaches', 'username'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Where a finding came from: a named outside service or our own check, and what was seen. */
export interface Evidence {
  /** One human sentence: "HIBP lists this address in the Adobe breach (2013-10-04)". */
  summary: string;
  /** The raw thing observed, small: a DNS record, a header value, a profile field, a URL. */
  observed?: string;
  /** A link to the public record, when there is one (https only). */
  url?: string;
}

/** The spec's "real breach detail", plus our source, evidence and risk. */
export interface BreachDetail {
  kind: 'breach';
  name: string;
  title: string;
  domain: string;
  breachDate: string;
  addedDate: string;
  modifiedDate: string;
  pwnCount: number;
  /** HIBP's description (HTML with links, as HIBP writes it). */
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSensitive: boolean;
  isRetired: boolean;
  isSpamList: boolean;
  source: string;
  risk: RiskLevel;
  evidence: Evidence;
}

/** The spec's demo breach detail: only ever in a 'demo' result. */
export interface DemoBreachDetail {
  kind: 'demo-breach';
  name: string;
  date: string;
  description: string;
  severity: 'critical' | 'high' | 'medium';
  source: string;
  evidence: Evidence;
}

/** The spec's risk detail for the other groups, plus evidence. `type` keys the recommendation catalogue. */
export interface RiskDetail {
  kind: 'risk';
  type: FindingType;
  value: string;
  source: string;
  platform?: string;
  risk: RiskLevel;
  evidence: Evidence;
}

export type FindingDetail = BreachDetail | DemoBreachDetail | RiskDetail;

/** What an analyzer returns: a detail and the group it counts in. */
export interface Finding {
  group: FindingGroup;
  detail: FindingDetail;
}

/**
 * Finding types of our own checks; each has an entry in the recommendation catalogue.
 * Add a type here and its recommendation in the catalogue together.
 */
export const FINDING_TYPES = [
  // email provider
  'disposable_email_domain',
  'free_email_provider',
  'custom_email_domain',
  // email DNS
  'no_mx_record',
  'spf_missing',
  'spf_weak',
  'dmarc_missing',
  'dmarc_weak',
  // Gravatar public profile
  'gravatar_profile_public',
  'gravatar_name_public',
  'gravatar_location_public',
  'gravatar_employer_public',
  'gravatar_contact_public',
  'gravatar_accounts_public',
  'gravatar_links_public',
  'gravatar_avatar_public',
  'gravatar_about_public',
  // the URL itself
  'url_not_https',
  'url_shortener',
  'url_suspicious_host',
  'url_tracking_parameters',
  // third parties on a website (the tracker catalogue)
  'tracker_session_recording',
  'tracker_fingerprinting',
  'tracker_advertising',
  'tracker_social',
  'tracker_analytics',
  'tracker_customer_data',
  'tracker_ab_testing',
  'tracker_tag_manager',
  'tracker_filter_list',
  'third_party_unknown',
  // a website: how its traffic travels
  'website_no_https',
  'website_no_https_redirect',
  'website_certificate_invalid',
  'website_certificate_expired',
  'website_certificate_expiring',
  'website_mixed_content',
  // a website: its security headers (the Observatory-style grade and its failed tests)
  'security_headers_grade',
  'csp_missing',
  'csp_invalid',
  'csp_unsafe_inline',
  'csp_unsafe_eval',
  'csp_insecure_sources',
  'hsts_missing',
  'hsts_weak',
  'referrer_policy_unsafe',
  'content_type_options_missing',
  'framing_unprotected',
  'subresource_integrity_missing',
  'corp_invalid',
  'permissions_policy_missing',
  // a website: its cookies
  'cookie_not_secure',
  'cookie_script_readable',
  'cookie_samesite_missing',
  'cookie_cross_site',
  'cookie_long_lived',
  'cookie_foreign_domain',
  // a website: personal data visible on the page
  'page_email_address',
  'page_phone_number',
  'page_postal_address',
  // social media: the username across sites, public profiles, each platform's own risks (social-platform.catalogue.ts)
  ...SOCIAL_FINDING_TYPES,
  // demo results only
  'demo_sample',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

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

/** One entry of the 'Privacy Recommendations' grid. */
export interface Recommendation {
  category: string;
  action: string;
  priority: Priority;
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
  /** The username check: the per-site list the result shows. */
  usernameSites?: UsernameSiteEntry[];
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
