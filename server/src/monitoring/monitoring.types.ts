/**
 * Monitoring's own words and shapes: frequencies, run statuses, what a notice lists, a monitor's
 * targets and the API's messages. Entities, rules and DTOs all read them from here.
 */

export const MONITOR_TYPES = ['weekly', 'monthly'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];
/**
 * 'partial': the run's main check ran but not all of it (a website analysed without running its
 * scripts); what it could not see was not compared, and the summary says so.
 * 'waiting': there was nothing the run may check yet (its email addresses await their owners'
 * verification, or control of its domain is not proven): not a clean result, and the summary says
 * what it waits for.
 */
export const MONITOR_RUN_STATUSES = ['running', 'succeeded', 'partial', 'waiting', 'failed'] as const;
export type MonitorRunStatus = (typeof MONITOR_RUN_STATUSES)[number];
/** What a monitor watches: emails and handles, one website, or one email domain (Business plan). */
export const MONITOR_KINDS = ['identity', 'website', 'domain'] as const;
export type MonitorKind = (typeof MONITOR_KINDS)[number];
export const NOTICE_ITEM_KINDS = ['breach', 'exposure', 'username_site', 'paste', 'website_change', 'domain_breach', 'watch_paused', 'queued_scan'] as const;
export type NoticeItemKind = (typeof NOTICE_ITEM_KINDS)[number];

export const MONITOR_MESSAGES = {
  notFound: 'Monitor not found',
  noticeNotFound: 'Notice not found',
  noTargets: 'Please add at least one email or handle to monitor',
  atLimit: "You've reached your plan limit. Upgrade to create more monitors.",
  invalidType: "The frequency must be 'weekly' or 'monthly'",
  targetsRequired: 'targets must be an object with the lists emails and handles',
  // Nested in `targets`: the validation pipe puts 'targets.' before these.
  emailsList: 'emails must be a list of text, at most 100 entries',
  handlesList: 'handles must be a list of text, at most 100 entries',
  websitesList: 'websites must be a list of text, at most 100 entries',
  domainsList: 'domains must be a list of text, at most 100 entries',
  activeRequired: 'active must be true or false',
  invalidLink: 'This verification link is invalid or has expired.',
  tokenRequired: 'The verification token is missing',
  nothingPending: 'Every email address of this monitor is already verified',
} as const;

export interface NoticeItem {
  kind: NoticeItemKind;
  /** The monitored email, handle, website or domain it concerns. */
  target: string;
  title: string;
  recommendation: string;
  /** A change: what it was on the earlier checks, and what it is now. */
  before?: string;
  after?: string;
  /** What was observed: the request that loaded a third party, a header value, the addresses of a domain in a breach. */
  evidence?: string[];
}

export interface MonitorTargets {
  /** Lower-cased, as the scan pipeline reads them. */
  emails: string[];
  /** '@name' lower-cased, or the profile URL as the scan input rules normalize it. */
  handles: string[];
}
