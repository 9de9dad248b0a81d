import { classifyScanInput } from '../browser-shared/scan-input.rules';
import { normalizeUsername } from '../scans/username/username-footprint.source';
import { MONITOR_MESSAGES } from './monitoring.types';
import type { MonitorTargets } from './monitoring.types';

/** Most entries of each kind one monitor may watch. */
export const MAX_MONITOR_EMAILS = 10;
export const MAX_MONITOR_HANDLES = 10;

export const TARGET_MESSAGES = {
  invalidEmail: (value: string) => `'${value}' is not a valid email address`,
  invalidHandle: (value: string) => `'${value}' is not a social media handle or profile URL (e.g., @username)`,
  // A link that names no account would only ever report 'Unsupported social media platform'.
  noAccount: (value: string) =>
    `'${value}' links to a post, a video or a short link, not to an account, so there is nothing to watch: enter the account's @name or its profile's own address`,
  tooManyEmails: `A monitor can watch at most ${MAX_MONITOR_EMAILS} email addresses`,
  tooManyHandles: `A monitor can watch at most ${MAX_MONITOR_HANDLES} handles`,
} as const;


export class InvalidTargetsError extends Error {}

/** Messages quote what the person typed; keep that short. */
export const quoted = (value: string) => (value.length > 80 ? `${value.slice(0, 77)}...` : value);

/**
 * The spec's new-monitor rules, on the server: entries trimmed, empty ones dropped, duplicates
 * ignored (case-insensitively), each checked with the scan input rules the public scan uses (an
 * email, or a handle or profile URL that classifies as social), at least one in all, at most
 * 10 + 10. Throws InvalidTargetsError with the message to show.
 */
export function normalizeTargets(raw: { emails: readonly string[]; handles: readonly string[] }): MonitorTargets {
  const emails = unique(raw.emails, (value) => {
    const input = classifyScanInput(value);
    if (input.kind !== 'email') throw new InvalidTargetsError(TARGET_MESSAGES.invalidEmail(quoted(value)));
    return input.value;
  });
  const handles = unique(raw.handles, (value) => {
    const input = classifyScanInput(value);
    if (input.kind !== 'social') throw new InvalidTargetsError(TARGET_MESSAGES.invalidHandle(quoted(value)));
    if (!input.handle || normalizeUsername(input.handle) === undefined) throw new InvalidTargetsError(TARGET_MESSAGES.noAccount(quoted(value)));
    return input.value;
  });
  if (emails.length === 0 && handles.length === 0) throw new InvalidTargetsError(MONITOR_MESSAGES.noTargets);
  if (emails.length > MAX_MONITOR_EMAILS) throw new InvalidTargetsError(TARGET_MESSAGES.tooManyEmails);
  if (handles.length > MAX_MONITOR_HANDLES) throw new InvalidTargetsError(TARGET_MESSAGES.tooManyHandles);
  return { emails, handles };
}

export function unique(values: readonly string[], normalize: (value: string) => string): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    const normal = normalize(trimmed);
    const key = normal.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(normal);
  }
  return kept;
}
