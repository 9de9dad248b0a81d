import { PLAN_TIERS } from '../vocabulary/plan.catalogue';

/** The product's analytics event names, and nothing else: an event not listed here is refused. */
export const ANALYTICS_EVENTS = [
  'page_view',
  'scan_started',
  'scan_completed',
  'upsell_viewed',
  'upsell_clicked',
  'upgrade_started',
  'upgrade_success',
  'monitor_created',
  'email_sent',
  'error_occurred',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/**
 * How one parameter is checked. 'label': a short identifier (letters, digits, `_ . : / -`), never
 * an address; 'text': free text, with email addresses, URLs and @handles masked before storing;
 * 'url': http(s) only, stored without its query string and fragment; 'number': rounded to a whole
 * number within bounds.
 */
export type ParameterRule =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'label'; maxLength: number }
  | { kind: 'text'; maxLength: number; mask: boolean }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'uuid' }
  | { kind: 'url' }
  | { kind: 'timestamp' };

const label = (maxLength: number): ParameterRule => ({ kind: 'label', maxLength });
const plan: ParameterRule = { kind: 'enum', values: PLAN_TIERS };

/** Maximum length of a URL parameter (url, referrer), before the query string is removed. */
export const MAX_URL_LENGTH = 2048;
/** Maximum size of the stored parameters, as JSON. */
export const MAX_PARAMETERS_BYTES = 4096;

/**
 * Sent with every event. The body's userId is accepted but never stored: the
 * user comes from the access token.
 */
export const COMMON_PARAMETERS: Readonly<Record<string, ParameterRule>> = {
  timestamp: { kind: 'timestamp' },
  userAgent: { kind: 'text', maxLength: 512, mask: false },
  url: { kind: 'url' },
  referrer: { kind: 'url' },
};
export const IGNORED_PARAMETERS = ['userId'] as const;

const SCAN: Record<string, ParameterRule> = {
  scan_type: { kind: 'enum', values: ['privacy', 'image'] },
  input_type: {
    kind: 'enum',
    values: ['email', 'url', 'social', 'unknown', 'instagram', 'twitter', 'linkedin', 'facebook', 'image'],
  },
  scan_id: { kind: 'uuid' },
  privacy_score: { kind: 'number', min: 0, max: 100 },
  /** Milliseconds. */
  processing_time: { kind: 'number', min: 0, max: 3_600_000 },
};
const UPSELL: Record<string, ParameterRule> = { feature: label(64), location: label(64), plan };
const UPGRADE: Record<string, ParameterRule> = {
  from_plan: plan,
  to_plan: plan,
  /** Cents, as the payment carries it. */
  amount: { kind: 'number', min: 0, max: 1_000_000 },
};

/** Each event's own fields: anything else in the body is refused. */
export const EVENT_PARAMETERS: Readonly<Record<AnalyticsEventName, Readonly<Record<string, ParameterRule>>>> = {
  page_view: {},
  scan_started: SCAN,
  scan_completed: SCAN,
  upsell_viewed: UPSELL,
  upsell_clicked: UPSELL,
  upgrade_started: UPGRADE,
  upgrade_success: UPGRADE,
  monitor_created: { monitor_type: { kind: 'enum', values: ['weekly', 'monthly'] }, target_count: { kind: 'number', min: 0, max: 1000 } },
  /** `recipient` is who the email was for, as a kind ('account', 'monitor_owner'), never an address. */
  email_sent: { email_type: label(64), recipient: label(32) },
  error_occurred: { error_type: label(64), error_message: { kind: 'text', maxLength: 500, mask: true }, context: { kind: 'text', maxLength: 200, mask: true } },
};

export function isAnalyticsEvent(value: unknown): value is AnalyticsEventName {
  return typeof value === 'string' && (ANALYTICS_EVENTS as readonly string[]).includes(value);
}
