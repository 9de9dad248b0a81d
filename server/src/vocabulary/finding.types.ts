/**
 * What a finding is: the group it counts in, its type (each with an entry in the recommendation
 * catalogue), its severity on the one risk scale, its source and the evidence seen.
 */
import type { BreachSourceId } from './breach-source.catalogue';
import type { ExifFindingCategory } from './image-risk.catalogue';
import type { RiskLevel } from './risk.types';
import { SOCIAL_FINDING_TYPES } from './social-platform.catalogue';

export const FINDING_GROUPS = ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'] as const;
export type FindingGroup = (typeof FINDING_GROUPS)[number];

/** Where a finding came from: a named outside service or our own check, and what was seen. */
export interface Evidence {
  /** One human sentence: "HIBP lists this address in the Adobe breach (2013-10-04)". */
  summary: string;
  /** The raw thing observed, small: a DNS record, a header value, a profile field, a URL. */
  observed?: string;
  /** A link to the public record, when there is one (https only). */
  url?: string;
}

/**
 * The spec's "real breach detail", plus our sources, evidence and risk. One per breach: when both
 * breach sources know it, the fields are the first source's (BREACH_SOURCE_IDS order).
 */
export interface BreachDetail {
  kind: 'breach';
  name: string;
  title: string;
  domain: string;
  /** A day (`2019-05-01`), or only a year (`2019`) when that is all the source says. */
  breachDate: string;
  /** Empty when the source does not say. */
  addedDate: string;
  /** Empty when the source does not say. */
  modifiedDate: string;
  pwnCount: number;
  /** The source's description: HIBP's is HTML with links, XposedOrNot's plain text. */
  description: string;
  dataClasses: string[];
  isVerified: boolean;
  isFabricated: boolean;
  isSensitive: boolean;
  isRetired: boolean;
  isSpamList: boolean;
  /** The sources' names, joined: "Have I Been Pwned and XposedOrNot". */
  source: string;
  /** The breach sources that reported it (for an address), or list it (for a site's domain). */
  sources: BreachSourceId[];
  /** The breach's name in each source that knows it (matched by name or by domain and year). */
  sourceNames: Partial<Record<BreachSourceId, string>>;
  risk: RiskLevel;
  evidence: Evidence;
}

/**
 * An address seen in a paste (text published on a site such as Pastebin). Pastes are not
 * findings: the result shows their count to everyone and these details only to the verified owner.
 */
export interface PasteDetail {
  /** Who reported it. */
  source: BreachSourceId;
  /** The paste site ("Pastebin"), when the source says. */
  site?: string;
  /** The paste's id at its site or source. */
  id: string;
  title?: string;
  /** A day, or a year, when the source says. */
  date?: string;
  /** How many addresses (or records) the paste held, when the source says. */
  recordCount?: number;
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
  // a website: cookies and pixels seen while its scripts run (the rendered audit)
  'cookie_tracking',
  'canvas_fingerprinting',
  'canvas_font_fingerprinting',
  'key_logging',
  'meta_pixel_events',
  'meta_pixel_advanced_matching',
  'google_remarketing_audiences',
  'tiktok_pixel_events',
  'x_pixel_events',
  // a website: what still happens with Global Privacy Control on
  'gpc_tracker_still_loaded',
  'gpc_cookie_still_set',
  'gpc_pixel_still_sent',
  'gpc_recorder_still_loaded',
  'gpc_key_logging_still_sent',
  'gpc_fingerprinting_still_run',
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

/**
 * A finding as the scans table stores it and every reader after the scan (dashboard, report, CSV,
 * PDF) reads it: one flat shape for privacy scans and image checks alike, its severity on the one
 * risk scale. Written once, when the scan completes; the scan's full result stays beside it for
 * the scan's own view.
 */
export type StoredFinding = StoredRiskFinding | StoredBreachFinding | StoredImageFinding;

interface StoredFindingBase {
  /** The group it counts in: image findings count as location data or metadata. */
  group: FindingGroup;
  /** What was found, in a few words or the value seen (masked where the check masks it). */
  value: string;
  risk: RiskLevel;
  /** Who or what saw it. */
  source: string;
  /**
   * What the finding means, in one plain sentence: the check's evidence sentence, or the image
   * finding's description. Empty where a check gave none: readers take the catalogue's
   * (findingDescription).
   */
  description: string;
  /** What was observed beyond the value (a DNS record, request URLs, cookie names), cut at 600 characters; may be empty. */
  evidence: string;
}

/** A finding of one of our checks; `type` keys the recommendation catalogue. */
export interface StoredRiskFinding extends StoredFindingBase {
  kind: 'risk';
  type: FindingType;
}

/** A breach the address is in; its record is what the report lists. */
export interface StoredBreachFinding extends StoredFindingBase {
  kind: 'breach';
  type: 'breach';
  /** `sources`: the breach sources that reported it (results stored before a second source joined: HIBP's). */
  breach: { name: string; title: string; breachDate: string; pwnCount: number; dataClasses: string[]; sources: BreachSourceId[] };
}

/** A finding of the image check; `type` is its category in the image risk catalogue. */
export interface StoredImageFinding extends StoredFindingBase {
  kind: 'image';
  type: ExifFindingCategory;
}
