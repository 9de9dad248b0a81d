/**
 * The privacy score: 100 minus what each finding costs, clamped to 0–100. What a finding costs
 * depends on what it means for the person: its severity, for a breach the data it exposed and how
 * long ago it happened, and whether the person can do anything about it. The model, its weights
 * and worked examples are documented in docs/SCORING.md: change both together.
 */
import type { BreachDetail, Finding, FindingType } from '../../vocabulary/finding.types';
import { dataClassRecommendation } from '../../vocabulary/recommendation.catalogue';
import { RISK_ORDER, type RiskLevel } from '../../vocabulary/risk.types';
import { classifyEmailDomain } from './email-provider.analyzer';

/** Points a finding of our checks costs by its severity (docs/SCORING.md "Findings"). */
export const RISK_POINTS: Readonly<Record<RiskLevel, number>> = {
  low: 2,
  medium: 5,
  high: 10,
  critical: 15,
};

/**
 * Points a breach costs by the most serious data it exposed (`breachRisk`: a spam list or a
 * fabricated breach is low, a breach of email addresses only medium, passwords, card or identity
 * numbers critical), before its age is taken into account. A breach weighs more than a profile
 * field of the same severity: the data is in the hands of people who trade it.
 */
export const BREACH_POINTS: Readonly<Record<RiskLevel, number>> = {
  low: 3,
  medium: 8,
  high: 12,
  critical: 15,
};

/**
 * How much of a breach's points still count, by its age in whole years at the time of the scan
 * (the first row whose `under` the age is below). Old exposures weigh less: addresses and names
 * leaked ten years ago are in every spam list already, and most of the accounts have moved on.
 */
export const BREACH_AGE_FACTORS: readonly { under: number; factor: number }[] = [
  { under: 2, factor: 1 },
  { under: 5, factor: 0.8 },
  { under: 10, factor: 0.6 },
  { under: Number.POSITIVE_INFINITY, factor: 0.4 },
];

/**
 * The least a breach that exposed lasting data keeps of its points, however old: passwords, PINs,
 * security answers and tokens (reused for years, cracked long after), card, bank and identity
 * numbers (they rarely change). Lasting = a data class whose catalogue entry is in one of
 * LASTING_CATEGORIES with priority high or critical.
 */
export const LASTING_DATA_MIN_FACTOR = 0.6;
export const LASTING_CATEGORIES: readonly string[] = ['Account Security', 'Financial', 'Identity'];

/**
 * Finding types with a weight of their own instead of their severity's.
 *
 * - Facts about the person's mail provider cost nothing: which kind of provider it is (free,
 *   custom domain) is information the person cannot change by acting on it. The provider's DNS
 *   settings are handled in `findingCost` (they cost nothing when the provider is a free or large
 *   one, whose settings the person cannot change).
 * - The browser tests of the rendered website audit, weighted by what they do to a visitor. Text
 *   typed into a page and sent to another company before anything is submitted weighs most;
 *   fingerprinting and hashed contact details sent with pixels next; a pixel's events, a
 *   remarketing audience and tracking cookies like one advertising tracker; each tracker, cookie or
 *   pixel still seen with Global Privacy Control on weighs a little, on top of the tracker's own
 *   finding. docs/PRODUCT.md "Privacy scans" lists them.
 */
export const FINDING_TYPE_POINTS: Readonly<Partial<Record<FindingType, number>>> = {
  free_email_provider: 0,
  custom_email_domain: 0,
  key_logging: 20,
  canvas_fingerprinting: 12,
  canvas_font_fingerprinting: 12,
  meta_pixel_advanced_matching: 12,
  meta_pixel_events: 5,
  google_remarketing_audiences: 5,
  tiktok_pixel_events: 5,
  x_pixel_events: 5,
  cookie_tracking: 5,
  gpc_tracker_still_loaded: 3,
  gpc_cookie_still_set: 3,
  gpc_pixel_still_sent: 3,
  gpc_recorder_still_loaded: 3,
  gpc_key_logging_still_sent: 3,
  gpc_fingerprinting_still_run: 3,
};

/** The email-DNS findings: the address's domain setup, which only the domain's administrator can change. */
export const EMAIL_DNS_TYPES: readonly FindingType[] = ['no_mx_record', 'spf_missing', 'spf_weak', 'dmarc_missing', 'dmarc_weak'];

/** What a scan is scored against: the day it ran (breach ages) and, for an email input, the address's domain. */
export interface ScoringContext {
  at: Date;
  emailDomain?: string;
}

/** What one finding costs, and why, in a few words. */
export interface FindingCost {
  points: number;
  why: string;
}

/** A finding with its cost. */
export interface CostedFinding extends FindingCost {
  finding: Finding;
}

export function findingCost(finding: Finding, context: ScoringContext): FindingCost {
  const detail = finding.detail;
  if (detail.kind === 'breach') return breachCost(detail, context.at);
  if (detail.kind === 'demo-breach') return { points: BREACH_POINTS[detail.severity], why: `${detail.severity} (sample)` };
  const own = FINDING_TYPE_POINTS[detail.type];
  if (own === 0) return { points: 0, why: 'a fact about your mail provider, not something you can change: information only' };
  if (own !== undefined) return { points: own, why: `${detail.risk} risk: this kind of finding weighs ${own}` };
  if (EMAIL_DNS_TYPES.includes(detail.type) && context.emailDomain && providerDomain(context.emailDomain)) {
    return { points: 0, why: `a setting of your mail provider (${context.emailDomain}) that only it can change: information only` };
  }
  return { points: RISK_POINTS[detail.risk], why: `${detail.risk} risk` };
}

/** A domain of a free or large mail provider, whose mail settings its users cannot change. */
function providerDomain(domain: string): boolean {
  const kind = classifyEmailDomain(domain).kind;
  return kind === 'common' || kind === 'free';
}

function breachCost(detail: BreachDetail, at: Date): FindingCost {
  const base = BREACH_POINTS[detail.risk];
  const lasting = detail.dataClasses.filter(isLastingDataClass);
  const age = breachAgeYears(detail.breachDate, at);
  const byAge = age === undefined ? 1 : BREACH_AGE_FACTORS.find((row) => age < row.under)!.factor;
  const factor = lasting.length > 0 ? Math.max(byAge, LASTING_DATA_MIN_FACTOR) : byAge;
  const points = Math.round(base * factor);
  const exposed = lasting.length > 0 ? `exposed ${lasting.join(', ')}` : `exposed ${detail.dataClasses.join(', ') || 'unknown data'}`;
  const when =
    age === undefined
      ? 'date unknown, counted in full'
      : `${age === 0 ? 'under a year' : `${age} ${age === 1 ? 'year' : 'years'}`} old: ×${factor}${lasting.length > 0 && byAge < factor ? ' (lasting data keeps at least ×' + LASTING_DATA_MIN_FACTOR + ')' : ''}`;
  return { points, why: `${detail.risk} breach (${exposed}), ${when}` };
}

/** Passwords, PINs, tokens, security answers, card, bank and identity numbers: data that stays useful to an attacker for years. */
export function isLastingDataClass(dataClass: string): boolean {
  const entry = dataClassRecommendation(dataClass);
  return LASTING_CATEGORIES.includes(entry.category) && RISK_ORDER[entry.priority] >= RISK_ORDER.high;
}

/** Whole years from the breach date (a day, or a year: counted from its 1 July) to the scan; undefined when unreadable. */
export function breachAgeYears(breachDate: string, at: Date): number | undefined {
  const day = /^\d{4}$/.test(breachDate) ? `${breachDate}-07-01` : breachDate;
  if (!/^\d{4}-\d{2}-\d{2}/.test(day)) return undefined;
  const when = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(when.getTime())) return undefined;
  let years = at.getUTCFullYear() - when.getUTCFullYear();
  if (at.getUTCMonth() < when.getUTCMonth() || (at.getUTCMonth() === when.getUTCMonth() && at.getUTCDate() < when.getUTCDate())) years -= 1;
  return Math.max(0, years);
}

/** Every finding with its cost, in the findings' order. */
export function costFindings(findings: readonly Finding[], context: ScoringContext): CostedFinding[] {
  return findings.map((finding) => ({ finding, ...findingCost(finding, context) }));
}

/** The privacy score of a scan's findings: 100 minus every finding's cost, clamped to 0–100. */
export function privacyScoreOf(findings: readonly Finding[], context: ScoringContext): number {
  return scoreOfCosts(costFindings(findings, context));
}

export function scoreOfCosts(costs: readonly CostedFinding[]): number {
  const lost = costs.reduce((sum, cost) => sum + cost.points, 0);
  return Math.min(100, Math.max(0, 100 - lost));
}

/** How many findings the result names as costing the most. */
export const TOP_COSTS = 3;

/** The findings that cost the most (points above 0), highest first; ties keep the findings' order. */
export function topCostsOf(costs: readonly CostedFinding[], count = TOP_COSTS): CostedFinding[] {
  return costs
    .map((cost, index) => ({ cost, index }))
    .filter(({ cost }) => cost.points > 0)
    .sort((a, b) => b.cost.points - a.cost.points || a.index - b.index)
    .slice(0, count)
    .map(({ cost }) => cost);
}
