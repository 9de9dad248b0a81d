import { type CheckStatus, contributesFindings } from '../../vocabulary/check.types';
import type { CheckMeta } from '../checks/scan-check.types';
import type { CheckReport, GroupChecked } from './analysis.types';
import type { Finding, FindingGroup } from '../../vocabulary/finding.types';

/**
 * A group's one-line summary speaks for the checks that feed it (each check names its groups in
 * its meta): a group whose checks all ran reports what they found ("No known breaches found for
 * this address" is then a real answer); checks that could not run are named; a group none of
 * whose checks applies to the input says so.
 */

/** A check of this scan as the summary reads it: which groups it feeds, how it is named, how it ended. */
export interface SummaryCheck {
  meta: Pick<CheckMeta, 'groups' | 'noun'>;
  report: Pick<CheckReport, 'status' | 'retryAfterSeconds'>;
}

const GROUP_WORDS: Readonly<Record<FindingGroup, { found: (n: number) => string; none: string; topic: string }>> = {
  breaches: {
    found: (n) => `Found in ${n} known data ${n === 1 ? 'breach' : 'breaches'}`,
    none: 'No known breaches found for this address',
    topic: 'breach',
  },
  personalInfo: {
    found: (n) => `Found ${n} ${n === 1 ? 'piece' : 'pieces'} of public personal information`,
    none: 'No public personal information found',
    topic: 'personal-information',
  },
  locationData: {
    found: (n) => `Found ${n} public location ${n === 1 ? 'detail' : 'details'}`,
    none: 'No public location data found',
    topic: 'location',
  },
  metadata: {
    found: (n) => `Found ${n} metadata ${n === 1 ? 'risk' : 'risks'}`,
    none: 'No metadata risks found',
    topic: 'metadata',
  },
  socialMedia: {
    found: (n) => `Found ${n} social media ${n === 1 ? 'risk' : 'risks'}`,
    none: 'No social media risks found',
    topic: 'social media',
  },
};

export interface GroupSummaryOptions {
  /** Sensitive breaches counted but not shown to this viewer. */
  hiddenSensitive?: number;
}

/**
 * The one-line summary of a group, from its findings (findings of other groups are ignored) and
 * the reports of the checks that ran for this scan (checks the pipeline did not run count as not
 * applying to the input).
 */
export function summarizeGroup(
  group: FindingGroup,
  findings: readonly Finding[],
  checks: readonly SummaryCheck[],
  options: GroupSummaryOptions = {},
): string {
  const words = GROUP_WORDS[group];
  const count = findings.filter((finding) => finding.group === group).length;
  const { ran, notRun } = feedingChecks(group, checks);
  const notChecked = notRun.length > 0 ? `Not checked: ${notRun.map(reason).join('; ')}` : undefined;

  if (count === 0 && ran.length === 0) return notChecked ?? `Not checked: no ${words.topic} check applies to this kind of input`;

  let text = count > 0 ? words.found(count) : words.none;
  const hidden = options.hiddenSensitive ?? 0;
  if (group === 'breaches' && hidden > 0) {
    text += ` (${hidden === count ? (count === 1 ? 'it is' : 'all are') : `${hidden} of them`} sensitive, shown only to the verified owner of this address)`;
  }
  return notChecked ? `${text}. ${notChecked}` : text;
}

/** The checks of this scan that feed a group (those that could not apply to the input left out), split by whether they ran. */
function feedingChecks(group: FindingGroup, checks: readonly SummaryCheck[]): { ran: SummaryCheck[]; notRun: SummaryCheck[] } {
  const feeding = checks.filter((check) => check.meta.groups.includes(group) && check.report.status !== 'not_applicable');
  return { ran: feeding.filter((check) => contributesFindings(check.report.status)), notRun: feeding.filter((check) => !contributesFindings(check.report.status)) };
}

/** Whether all, some or none of the checks feeding a group ran: a group none of whose checks ran has no count to show. */
export function groupChecked(group: FindingGroup, checks: readonly SummaryCheck[]): GroupChecked {
  const { ran, notRun } = feedingChecks(group, checks);
  if (ran.length === 0) return 'none';
  return notRun.length === 0 ? 'all' : 'some';
}

function reason({ meta, report }: SummaryCheck): string {
  return `${meta.noun} ${statusWords(report.status, report.retryAfterSeconds)}`;
}

function statusWords(status: CheckStatus, retryAfterSeconds?: number): string {
  switch (status) {
    case 'not_configured':
      return 'is not configured';
    case 'unavailable':
      return 'is unavailable';
    case 'rate_limited':
      return retryAfterSeconds !== undefined && retryAfterSeconds > 0 ? `is rate limited (try again in ${duration(retryAfterSeconds)})` : 'is rate limited';
    case 'timed_out':
      return 'timed out';
    case 'ok':
    case 'partial':
    case 'not_applicable':
      return 'did not run';
  }
}

function duration(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.ceil(seconds), 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}
