/**
 * What a monitor run found that is new, as pure functions of the checks' findings and the keys the
 * monitor already knows. Rules:
 * - Watched checks: data breaches (HIBP) and the public Gravatar profile for emails, the username
 *   check for handles. The other checks describe the address's domain or the link itself, which do
 *   not "appear" the way a breach or an exposure does.
 * - Each finding has a stable key: the target's hash, then the breach name, or the finding type and
 *   a hash of its value. Keys hold no personal value in clear.
 * - The first time a check runs ok for a target it records a starting point (all its findings, and
 *   a key saying the check has a baseline) and alerts about nothing: what was there before the
 *   monitor existed is not news, and a check that could not run on an earlier run must not turn old
 *   findings into false alerts later. A monitor's first run is therefore silent.
 * - After that, a finding whose key is not known is new: it is reported once, and its key recorded
 *   in the same transaction as the alert, so no change is reported twice.
 * - A watched check with a baseline that fails for a passing reason (unavailable, timed out, rate
 *   limited) fails the run: nothing is recorded and the run is retried with backoff.
 */
import { createHash } from 'node:crypto';
import type { CheckId, CheckStatus } from '../vocabulary/check.types';
import type { Finding } from '../vocabulary/finding.types';
import { buildRecommendations } from '../scans/analysis/recommendations';
import type { MonitorTargetKind } from './monitor-target.entity';
import type { NoticeItemKind } from './monitoring.dto';

/** The checks a monitor watches, and what a new finding of each is called. */
export const WATCHED_CHECKS: Readonly<Partial<Record<CheckId, NoticeItemKind>>> = {
  breaches: 'breach',
  gravatar: 'exposure',
  username: 'username_site',
};

/**
 * What a finding of a watched check is called in an alert, or undefined when it is derived from
 * other findings rather than something that appeared: of the username check, the reuse count and a
 * platform's catalogued risks follow from the sites found (each already its own 'username_found'),
 * and what a found profile shows is an exposure, not a site.
 */
function itemKindOf(check: CheckId, finding: Finding): NoticeItemKind | undefined {
  const kind = WATCHED_CHECKS[check];
  if (check !== 'username' || finding.detail.kind !== 'risk') return kind;
  if (finding.group !== 'socialMedia') return 'exposure';
  return finding.detail.type === 'username_found' ? 'username_site' : undefined;
}

/** Statuses that say "try again later" rather than "this cannot run here". */
const PASSING_FAILURES: readonly CheckStatus[] = ['unavailable', 'timed_out', 'rate_limited'];

export interface ScannedTarget {
  kind: MonitorTargetKind;
  value: string;
  checks: { id: CheckId; label: string; status: CheckStatus; findings: Finding[] }[];
}

export interface NewItem {
  key: string;
  kind: NoticeItemKind;
  target: string;
  title: string;
  recommendation: string;
}

export type RunChanges =
  | { outcome: 'succeeded'; newItems: NewItem[]; keysToRecord: string[]; baselineFindings: number; baselineChecks: number }
  | { outcome: 'failed'; reason: string };

const shortHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 24);

export function targetKey(kind: MonitorTargetKind, value: string): string {
  return shortHash(`${kind}:${value.toLowerCase()}`);
}

export function baselineKey(kind: MonitorTargetKind, value: string, check: CheckId): string {
  return `${targetKey(kind, value)}|check|${check}`;
}

/** The stable key of a finding: breaches by name (public), anything else by type and a hash of its value. */
export function findingKey(kind: MonitorTargetKind, value: string, finding: Finding): string {
  const detail = finding.detail;
  const own = detail.kind === 'breach' ? `breach|${detail.name}` : detail.kind === 'risk' ? `${detail.type}|${shortHash(detail.value)}` : `demo|${shortHash(detail.name)}`;
  return `${targetKey(kind, value)}|${own}`;
}

function describe(finding: Finding): { title: string; recommendation: string } {
  const detail = finding.detail;
  const recommendation = buildRecommendations([finding], 1)[0]?.action ?? '';
  if (detail.kind === 'breach') return { title: detail.title || detail.name, recommendation };
  return { title: detail.evidence.summary, recommendation };
}

export function workOutChanges(targets: readonly ScannedTarget[], known: ReadonlySet<string>): RunChanges {
  const newItems: NewItem[] = [];
  const keysToRecord = new Set<string>();
  let baselineFindings = 0;
  let baselineChecks = 0;
  for (const target of targets) {
    for (const check of target.checks) {
      if (!WATCHED_CHECKS[check.id]) continue;
      const baseline = baselineKey(target.kind, target.value, check.id);
      if (check.status !== 'ok') {
        if (known.has(baseline) && PASSING_FAILURES.includes(check.status)) {
          return { outcome: 'failed', reason: `"${check.label}" could not run (${check.status.replace('_', ' ')}); the monitor will try again.` };
        }
        continue;
      }
      const first = !known.has(baseline);
      if (first) {
        keysToRecord.add(baseline);
        baselineChecks += 1;
      }
      for (const finding of check.findings) {
        if (finding.detail.kind === 'demo-breach') continue;
        const itemKind = itemKindOf(check.id, finding);
        if (!itemKind) continue;
        const key = findingKey(target.kind, target.value, finding);
        if (known.has(key) || keysToRecord.has(key)) continue;
        keysToRecord.add(key);
        if (first) baselineFindings += 1;
        else newItems.push({ key, kind: itemKind, target: target.value, ...describe(finding) });
      }
    }
  }
  return { outcome: 'succeeded', newItems, keysToRecord: [...keysToRecord], baselineFindings, baselineChecks };
}

const NOUNS: Record<NoticeItemKind, [string, string]> = {
  breach: ['new breach', 'new breaches'],
  exposure: ['new exposure', 'new exposures'],
  username_site: ['new site with your name', 'new sites with your name'],
};

/** 'No changes', or '2 new breaches, 1 new site with your name'. */
export function changeSummary(items: readonly Pick<NewItem, 'kind'>[]): string {
  if (items.length === 0) return 'No changes';
  const parts: string[] = [];
  for (const kind of Object.keys(NOUNS) as NoticeItemKind[]) {
    const count = items.filter((item) => item.kind === kind).length;
    if (count > 0) parts.push(`${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`);
  }
  return parts.join(', ');
}

/** The summary of a successful run. */
export function runSummary(changes: Extract<RunChanges, { outcome: 'succeeded' }>): string {
  if (changes.newItems.length > 0) return changeSummary(changes.newItems);
  if (changes.baselineChecks > 0) {
    const n = changes.baselineFindings;
    return `First check: ${n} ${n === 1 ? 'finding' : 'findings'} recorded as the starting point`;
  }
  return 'No changes';
}
