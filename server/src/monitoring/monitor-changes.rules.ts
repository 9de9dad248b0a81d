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
 * - A target whose main check did not run (its result is incomplete, whatever the reason) fails the
 *   run the same way: an incomplete result is never a starting point and never "No changes".
 * - The breaches check asks several sources and merges their answers: each source has its own
 *   starting point (one switched on later does not turn breaches it alone knows into alerts), a
 *   breach is new when a source with a starting point reports it, and a breach has a key per
 *   source's name of it, so one breach reported by both, or by one and later the other, alerts once.
 */
import { createHash } from 'node:crypto';
import type { CheckId } from '../scans/checks/scan-checks.registry';
import { BREACH_SOURCES, type BreachSourceId } from '../vocabulary/breach-source.catalogue';
import { type CheckStatus, PASSING_FAILURES } from '../vocabulary/check.types';
import type { Finding } from '../vocabulary/finding.types';
import { buildRecommendations } from '../scans/analysis/recommendations.builder';
import type { MonitorTargetKind } from './monitor-target.entity';
import type { NoticeItemKind } from './monitoring.types';

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

export interface ScannedTarget {
  kind: MonitorTargetKind;
  value: string;
  /** `sources`: how each source of a check with several ended (the breaches check). */
  checks: { id: CheckId; label: string; status: CheckStatus; findings: Finding[]; sources?: { id: BreachSourceId; status: CheckStatus }[] }[];
  /** The result's main check did not run: how it ended (the scan's coverage). */
  incomplete?: { label: string; status: CheckStatus };
}

export interface NewItem {
  key: string;
  kind: NoticeItemKind;
  target: string;
  title: string;
  recommendation: string;
}

export type RunChanges =
  | {
      outcome: 'succeeded';
      newItems: NewItem[];
      keysToRecord: string[];
      baselineFindings: number;
      baselineChecks: number;
      /** Whether nothing of the monitor had a starting point before this run (its first check). */
      firstRun: boolean;
      /** The checks (or breach sources) that got their starting point in this run, by name. */
      newlyWatched: string[];
    }
  | { outcome: 'failed'; reason: string };

const shortHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 24);

export function targetKey(kind: MonitorTargetKind, value: string): string {
  return shortHash(`${kind}:${value.toLowerCase()}`);
}

export function baselineKey(kind: MonitorTargetKind, value: string, check: CheckId): string {
  return `${targetKey(kind, value)}|check|${check}`;
}

/**
 * A source's own starting point of a check with several sources. HIBP's is the check's key, as
 * before XposedOrNot joined: monitors started then keep their starting point.
 */
export function sourceBaselineKey(kind: MonitorTargetKind, value: string, check: CheckId, source: BreachSourceId): string {
  const key = baselineKey(kind, value, check);
  return source === 'hibp' ? key : `${key}:${source}`;
}

/**
 * The stable keys of a finding: a breach has one per source that knows it (HIBP's name, as
 * before; `xposedornot:` and its name), anything else one of its type and a hash of its value.
 */
export function findingKeys(kind: MonitorTargetKind, value: string, finding: Finding): string[] {
  const detail = finding.detail;
  const target = targetKey(kind, value);
  if (detail.kind === 'breach') {
    const names = detail.sourceNames && Object.keys(detail.sourceNames).length > 0 ? detail.sourceNames : { hibp: detail.name };
    return Object.entries(names).map(([source, name]) => (source === 'hibp' ? `${target}|breach|${name}` : `${target}|breach|${source}:${name}`));
  }
  const own = detail.kind === 'risk' ? `${detail.type}|${shortHash(detail.value)}` : `demo|${shortHash(detail.name)}`;
  return [`${target}|${own}`];
}

/** The finding's first key (the one an alert is recorded under). */
export function findingKey(kind: MonitorTargetKind, value: string, finding: Finding): string {
  return findingKeys(kind, value, finding)[0];
}

/** Who reported a finding: a breach's sources (HIBP for results stored before there were two); else the check itself. */
function reportersOf(finding: Finding): BreachSourceId[] | undefined {
  return finding.detail.kind === 'breach' ? (finding.detail.sources?.length ? finding.detail.sources : ['hibp']) : undefined;
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
  const incomplete = targets.find((target) => target.incomplete)?.incomplete;
  if (incomplete) {
    return { outcome: 'failed', reason: `"${incomplete.label}" could not run (${statusWords(incomplete.status)}); the monitor will try again.` };
  }
  let firstRun = true;
  const newlyWatched = new Set<string>();
  for (const target of targets) {
    for (const check of target.checks) {
      if (!WATCHED_CHECKS[check.id]) continue;
      // The starting points to keep: the check's own, or one per source of a check with several.
      const parts = check.sources?.length
        ? check.sources.map((s) => ({ source: s.id as BreachSourceId | undefined, status: s.status, key: sourceBaselineKey(target.kind, target.value, check.id, s.id) }))
        : [{ source: undefined, status: check.status, key: baselineKey(target.kind, target.value, check.id) }];
      if (parts.some((p) => known.has(p.key))) firstRun = false;
      const stalled = parts.find((p) => p.status !== 'ok' && known.has(p.key) && PASSING_FAILURES.includes(p.status));
      if (stalled) {
        return { outcome: 'failed', reason: `"${check.label}" could not run (${statusWords(stalled.status)}); the monitor will try again.` };
      }
      if (check.status !== 'ok') continue;
      // Sources (or the check) that had a starting point before this run: what they report is news.
      const established = parts.filter((p) => p.status === 'ok' && known.has(p.key));
      for (const part of parts) {
        if (part.status !== 'ok' || known.has(part.key)) continue;
        keysToRecord.add(part.key);
        baselineChecks += 1;
        newlyWatched.add(part.source ? BREACH_SOURCES[part.source].name : check.label);
      }
      for (const finding of check.findings) {
        if (finding.detail.kind === 'demo-breach') continue;
        const itemKind = itemKindOf(check.id, finding);
        if (!itemKind) continue;
        const keys = findingKeys(target.kind, target.value, finding);
        const seen = keys.some((key) => known.has(key) || keysToRecord.has(key));
        for (const key of keys) if (!known.has(key)) keysToRecord.add(key);
        if (seen) continue;
        const reporters = reportersOf(finding);
        const news = established.some((p) => p.source === undefined || reporters === undefined || reporters.includes(p.source));
        if (news) newItems.push({ key: keys[0], kind: itemKind, target: target.value, ...describe(finding) });
        else baselineFindings += 1;
      }
    }
  }
  return { outcome: 'succeeded', newItems, keysToRecord: [...keysToRecord], baselineFindings, baselineChecks, firstRun, newlyWatched: [...newlyWatched] };
}

function statusWords(status: CheckStatus): string {
  return status.replace('_', ' ');
}

const NOUNS: Record<NoticeItemKind, [string, string]> = {
  breach: ['new breach', 'new breaches'],
  exposure: ['new exposure', 'new exposures'],
  username_site: ['new site with your name', 'new sites with your name'],
  paste: ['new paste', 'new pastes'],
  website_change: ['website change', 'website changes'],
  domain_breach: ['new breach of your domain', 'new breaches of your domain'],
  watch_paused: ['monitor paused', 'monitors paused'],
  queued_scan: ['queued check', 'queued checks'],
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
    const findings = `${n} ${n === 1 ? 'finding' : 'findings'}`;
    // Only the monitor's very first check says so; a check that could not run before and now
    // does is a starting point of its own, not a second "first check".
    if (changes.firstRun) return `First check: ${findings} recorded as the starting point`;
    return `No changes; first run of ${changes.newlyWatched.join(', ')}: ${findings} recorded as its starting point`;
  }
  return 'No changes';
}
