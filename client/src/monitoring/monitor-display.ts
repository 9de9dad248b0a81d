/** Pure rules for showing monitors (their display state) and for the create form. */

import type { MonitorRun } from './monitor-types';

export type MonitorDisplayState = 'paused' | 'active' | 'overdue';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Paused when inactive; otherwise Overdue once the next run is in the past, else Active. */
export function monitorDisplayState(monitor: { active: boolean; nextRunAt: string | null }, now: Date): MonitorDisplayState {
  if (!monitor.active) return 'paused';
  if (monitor.nextRunAt !== null && Date.parse(monitor.nextRunAt) < now.getTime()) return 'overdue';
  return 'active';
}

export const displayStateLabels: Record<MonitorDisplayState, string> = { paused: 'Paused', active: 'Active', overdue: 'Overdue' };

/**
 * 'Not scheduled' without a next run, 'Overdue' once it is past, 'In N hours' under a day, else
 * 'In N days'. Hours round up (a run 10 minutes away is "In 1 hour", never "In 0 hours"); days round
 * to the nearest (a weekly monitor made a moment ago is "In 7 days"). One hour and one day are singular.
 */
export function nextRunText(nextRunAt: string | null, now: Date): string {
  if (nextRunAt === null) return 'Not scheduled';
  const left = Date.parse(nextRunAt) - now.getTime();
  if (Number.isNaN(left)) return 'Not scheduled';
  if (left < 0) return 'Overdue';
  if (left < DAY) {
    const hours = Math.max(1, Math.ceil(left / HOUR));
    return `In ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.round(left / DAY);
  return `In ${days} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The list after adding a typed entry: trimmed, ignored when empty or already there. Compared
 * case-insensitively, as the server compares them (it stores addresses and handles lower-cased).
 */
export function withEntry(list: readonly string[], raw: string): string[] {
  const entry = raw.trim();
  const key = entry.toLowerCase();
  if (!entry || list.some((existing) => existing.toLowerCase() === key)) return [...list];
  return [...list, entry];
}

export const NO_TARGETS_MESSAGE = 'Please add at least one email or handle to monitor';
export const AT_LIMIT_MESSAGE = "You've reached your plan limit. Upgrade to create more monitors.";
export const NO_WEBSITE_MESSAGE = 'Please enter the website to watch';
export const NO_DOMAIN_MESSAGE = 'Please enter the email domain to watch';

/** What each kind of monitor watches, in a word or two. */
export const kindLabels: Record<'identity' | 'website' | 'domain', string> = { identity: 'Emails and handles', website: 'Website', domain: 'Email domain' };

/** What a monitor's alert items are called (notices, run changes), as the alert email calls them. */
export { CHANGE_KIND_LABELS as changeKindLabels } from '@browser-shared/monitor-change-kinds.catalogue';

/** The card's name: the website, the domain, or "alice@example.com and 2 more". */
export function monitorName(monitor: { kind: string; targets: { emails: string[]; handles: string[]; websites: string[]; domains: string[] } }): string {
  const { emails, handles, websites, domains } = monitor.targets;
  if (monitor.kind === 'website' && websites[0]) return websites[0];
  if (monitor.kind === 'domain' && domains[0]) return domains[0];
  const all = [...emails, ...handles];
  return all.length > 1 ? `${all[0]} and ${all.length - 1} more` : (all[0] ?? 'Monitor');
}

export const runStatusLabels: Record<MonitorRun['status'], string> = { running: 'Running', succeeded: 'Succeeded', partial: 'Partial', waiting: 'Waiting', failed: 'Failed' };
export const runStatusPalettes: Record<MonitorRun['status'], string> = { running: 'blue', succeeded: 'green', partial: 'yellow', waiting: 'gray', failed: 'red' };
