/**
 * Applies the website diff rules (website-diff.rules.ts) to one run's snapshot, against the
 * watch's state, as a pure function. The state is, per rule, the baseline (what the watch has
 * accepted as the site's normal) and the changes seen once that wait for a second sighting.
 *
 * - A rule with no baseline records one from this run and alerts nothing: the first run is silent,
 *   and so is the first run that can read an aspect at all (a test that did not run earlier).
 * - 'same-mode' rules compare only runs analysed the same way. A run without the page's scripts
 *   ('static') skips them and keeps the rendered baseline; the first rendered run after static
 *   ones replaces a static baseline silently.
 * - A change that needs confirmation alerts only when the previous run saw the same change; seen
 *   once and gone the next run, it was noise (a third party that comes and goes) and is dropped.
 * - An accepted item leaves the baseline only after two runs without it, so an item that shows on
 *   every other visit never alerts as "new" again and again.
 * - A value that got better (or stayed) is accepted at once; a worse one alerts (after confirmation
 *   when the rule asks for it) and becomes the baseline, so it is reported once.
 */
import { ChangeText, Reading, WEBSITE_DIFF_RULES, WebsiteDiffRule, WebsiteRuleId } from './website-diff.rules';
import type { WebsiteWatchSnapshot } from './website-snapshot.rules';

/** At most this many evidence lines of an item are kept in the state (the snapshot keeps the rest). */
const STATE_EVIDENCE_LINES = 3;

export interface RuleBaseline {
  /** How the run that set it analysed the page. */
  mode: 'rendered' | 'static';
  readings: Record<string, Reading>;
  /** Accepted keys the last run did not see (a second miss removes them). */
  missing: string[];
}

export interface WebsiteWatchState {
  version: 1;
  baseline: Partial<Record<WebsiteRuleId, RuleBaseline>>;
  /** Changes seen by the last run and not yet confirmed: change keys (`rule|key|value`). */
  pending: string[];
  /** What the last run saw, in words, for the monitor's page (the engine neither reads nor writes it). */
  latest?: WebsiteWatchLatest;
}

export interface WebsiteWatchLatest {
  /** ISO time of the run. */
  checkedAt: string;
  mode: 'rendered' | 'static';
  /** "page run in a browser: 5 third parties, 2 trackers, …". */
  line: string;
  /** The titles of the changes seen once, awaiting the next run. */
  pending: string[];
}

export function readWebsiteWatchState(value: unknown): WebsiteWatchState | undefined {
  return typeof value === 'object' && value !== null && (value as { version?: unknown }).version === 1 && 'baseline' in value ? (value as WebsiteWatchState) : undefined;
}

export interface WebsiteChange extends ChangeText {
  rule: WebsiteRuleId;
  /** Stable: `rule|item key|value` (worse rules) or `rule|item key` (added rules). */
  key: string;
  recommendation: string;
}

export interface WatchStep {
  state: WebsiteWatchState;
  /** Changes that alert now. */
  alerts: WebsiteChange[];
  /** Changes seen for the first time, waiting for the next run to confirm them. */
  pending: WebsiteChange[];
  /** Changes the last run saw that this one does not: came and went, not alerted. */
  dropped: string[];
  /** Rules that recorded their starting point in this run. */
  baselined: WebsiteRuleId[];
  /** Rules this run could not compare, with why. */
  skipped: { rule: WebsiteRuleId; reason: string }[];
}

export const SKIP_REASONS = {
  static: "the page was analysed without running its scripts, so what its scripts load was not compared with the earlier runs, which ran them",
  unreadable: 'this run could not read it',
} as const;

export function emptyWatchState(): WebsiteWatchState {
  return { version: 1, baseline: {}, pending: [] };
}

const trimmed = (reading: Reading): Reading => ({ ...reading, evidence: reading.evidence.slice(0, STATE_EVIDENCE_LINES) });
const asRecord = (readings: ReadonlyMap<string, Reading>): Record<string, Reading> => Object.fromEntries([...readings].map(([k, r]) => [k, trimmed(r)]));
const changeKey = (rule: WebsiteDiffRule, key: string, after: Reading) => (rule.kind === 'worse' ? `${rule.id}|${key}|${after.value}` : `${rule.id}|${key}`);

export function stepWebsiteWatch(previous: WebsiteWatchState | undefined, snapshot: WebsiteWatchSnapshot, rules: readonly WebsiteDiffRule[] = WEBSITE_DIFF_RULES): WatchStep {
  const state = previous ?? emptyWatchState();
  const wasPending = new Set(state.pending);
  const step: WatchStep = { state: { version: 1, baseline: { ...state.baseline }, pending: [] }, alerts: [], pending: [], dropped: [], baselined: [], skipped: [] };
  const stillPending = new Set<string>();

  for (const rule of rules) {
    const ownPending = [...wasPending].filter((key) => key.startsWith(`${rule.id}|`));
    const readings = rule.read(snapshot);
    const base = state.baseline[rule.id];
    const skip = (reason: string) => {
      step.skipped.push({ rule: rule.id, reason });
      // Neither confirmed nor gone: a run that could not look says nothing about them.
      for (const key of ownPending) stillPending.add(key);
    };
    if (!readings) {
      if (base) skip(SKIP_REASONS.unreadable);
      else for (const key of ownPending) stillPending.add(key);
      continue;
    }
    if (rule.compare === 'same-mode' && base && base.mode !== snapshot.mode && snapshot.mode === 'static') {
      skip(SKIP_REASONS.static);
      continue;
    }
    if (!base || (rule.compare === 'same-mode' && base.mode !== snapshot.mode)) {
      step.state.baseline[rule.id] = { mode: snapshot.mode, readings: asRecord(readings), missing: [] };
      step.baselined.push(rule.id);
      continue;
    }

    const next: RuleBaseline = { mode: snapshot.mode, readings: { ...base.readings }, missing: [] };
    const seenNow = new Set<string>();
    const consider = (key: string, before: Reading | undefined, after: Reading) => {
      const change: WebsiteChange = { rule: rule.id, key: changeKey(rule, key, after), recommendation: rule.recommendation, ...rule.describe(key, before, after) };
      seenNow.add(change.key);
      if (!rule.confirm || wasPending.has(change.key)) {
        step.alerts.push(change);
        next.readings[key] = trimmed(after);
      } else {
        step.pending.push(change);
        stillPending.add(change.key);
      }
    };

    if (rule.kind === 'added') {
      for (const [key, after] of readings) {
        if (key in base.readings) next.readings[key] = trimmed(after);
        else consider(key, undefined, after);
      }
      const missed = new Set(base.missing);
      for (const key of Object.keys(base.readings)) {
        if (readings.has(key)) continue;
        if (missed.has(key)) delete next.readings[key];
        else next.missing.push(key);
      }
    } else {
      for (const [key, after] of readings) {
        const before = base.readings[key];
        if (!before) next.readings[key] = trimmed(after);
        else if (rule.worse(before, after)) consider(key, before, after);
        else next.readings[key] = trimmed(after);
      }
    }
    for (const key of ownPending) if (!seenNow.has(key)) step.dropped.push(key);
    step.state.baseline[rule.id] = next;
  }
  step.state.pending = [...stillPending].sort();
  return step;
}
