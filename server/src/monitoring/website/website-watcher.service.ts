import { Injectable } from '@nestjs/common';
import { inBackground } from '../../browser-audit/browser-priority.rules';
import { classifyScanInput } from '../../browser-shared/scan-input.rules';
import { ScansService } from '../../scans/scans.service';
import { BROWSER_TEST_IDS, BrowserTestId, CheckStatus } from '../../vocabulary/check.types';
import type { Finding } from '../../vocabulary/finding.types';
import type { NoticeItem } from '../monitoring.types';
import type { ClaimedMonitor, WatchOutcome } from '../monitor-run.types';
import { websiteSnapshot, WebsiteWatchSnapshot } from './website-snapshot.rules';
import { readWebsiteWatchState, stepWebsiteWatch, WatchStep } from './website-watch.rules';

export const WEBSITE_RUN_MESSAGES = {
  noTarget: 'Nothing to check: the monitor has no website',
  notRun: (status: CheckStatus, message: string) => `The website could not be checked (${status.replace('_', ' ')}: ${message}); nothing was compared, and the monitor will try again.`,
  cannotRun: (message: string) => `The website cannot be checked: ${message}. Nothing was compared.`,
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "page run in a browser: 5 third parties, 2 trackers, 3 tracking cookies, header grade B (75/100), Global Privacy Control honoured". */
export function snapshotLine(snapshot: WebsiteWatchSnapshot): string {
  const parts = [
    plural(snapshot.thirdParties.length, 'third party', 'third parties'),
    plural(snapshot.trackers.length, 'tracker'),
    plural(snapshot.cookies.filter((c) => c.tracking).length, 'tracking cookie'),
    snapshot.headerGrade ? `header grade ${snapshot.headerGrade.grade} (${snapshot.headerGrade.score}/100)` : 'headers not graded',
  ];
  if (snapshot.gpc) parts.push(`Global Privacy Control ${snapshot.gpc.outcome.replace(/_/g, ' ')}`);
  const how = snapshot.mode === 'rendered' ? 'page run in a browser' : `analysed without running the page's scripts (${snapshot.fallbackReason ?? 'no browser'})`;
  return `${how}: ${parts.join(', ')}`;
}

/** The run's summary: what alerted, what waits for confirmation, what came and went, what could not be compared. */
export function websiteRunSummary(step: WatchStep, snapshot: WebsiteWatchSnapshot, firstRun: boolean, confirmMinutes: number): string {
  const sentences: string[] = [];
  if (step.alerts.length > 0) sentences.push(plural(step.alerts.length, 'website change'));
  else if (firstRun) sentences.push(`First check: the starting point recorded (${snapshotLine(snapshot)})`);
  else sentences.push('No changes');
  if (step.pending.length > 0) {
    const when = confirmMinutes > 0 ? `in ${plural(confirmMinutes, 'minute')}` : 'at the next run';
    sentences.push(`${plural(step.pending.length, 'change')} seen once (${step.pending.map((p) => p.title).join('; ')}): looking again ${when} before alerting`);
  }
  if (step.dropped.length > 0) {
    sentences.push(`${plural(step.dropped.length, 'change')} seen on the previous run only, so not alerted: ${step.dropped.map((key) => key.split('|')[1]).join(', ')}`);
  }
  if (snapshot.mode === 'static') {
    sentences.push(`Analysed without running the page's scripts (${snapshot.fallbackReason ?? 'no browser'}): its headers were compared; third parties, cookies and browser tests were not`);
  } else if (step.skipped.length > 0) {
    sentences.push(`Not compared this time (this run could not read them): ${step.skipped.map((s) => s.rule.replace(/_/g, ' ')).join(', ')}`);
  }
  return sentences.join('. ');
}

/**
 * One run of a website monitor: the full website check through the scan pipeline (rendered when
 * the audit browser is available, its page queued behind people's scans; static otherwise), its
 * normalized snapshot, and the diff rules against the watch's state. A run whose website check
 * could not run at all is a failed run that compares nothing; one that ran without the page's
 * scripts is 'partial' and compares only what it saw the same way as before.
 */
@Injectable()
export class WebsiteWatcher {
  constructor(private readonly scans: ScansService) {}

  async watch(claimed: ClaimedMonitor, confirmDelaySeconds: number, now: Date): Promise<WatchOutcome> {
    const target = claimed.targets.find((t) => t.kind === 'website');
    if (!target) return { outcome: 'failed', summary: WEBSITE_RUN_MESSAGES.noTarget, retry: false };
    const { result, runs } = await inBackground(() => this.scans.runForMonitor(claimed.userId, claimed.id, classifyScanInput(target.value), { userId: claimed.userId }));
    const site = runs.find((r) => r.meta.id === 'website');
    if (!site || !result.website || !result.coverage.complete) {
      const status = site?.outcome.status ?? 'unavailable';
      const message = site?.outcome.message ?? 'the website check did not run';
      // A refused or unusable address will not change by waiting; anything else may pass.
      if (status === 'not_applicable' || status === 'not_configured') return { outcome: 'failed', summary: WEBSITE_RUN_MESSAGES.cannotRun(message), retry: false };
      return { outcome: 'failed', summary: WEBSITE_RUN_MESSAGES.notRun(status, message), retry: true };
    }

    const testFindings = new Map<BrowserTestId, Finding[]>();
    for (const run of runs) if ((BROWSER_TEST_IDS as readonly string[]).includes(run.meta.id)) testFindings.set(run.meta.id as BrowserTestId, run.outcome.findings);
    const snapshot = websiteSnapshot(target.value, result.website, testFindings);
    const previous = readWebsiteWatchState(target.watchState);
    const step = stepWebsiteWatch(previous, snapshot);
    const items: NoticeItem[] = step.alerts.map((alert) => ({
      kind: 'website_change',
      target: target.value,
      title: alert.title,
      recommendation: alert.recommendation,
      ...(alert.before ? { before: alert.before } : {}),
      ...(alert.after ? { after: alert.after } : {}),
      ...(alert.evidence.length > 0 ? { evidence: alert.evidence } : {}),
    }));
    const state = { ...step.state, latest: { checkedAt: now.toISOString(), mode: snapshot.mode, line: snapshotLine(snapshot), pending: step.pending.map((p) => p.title) } };
    return {
      outcome: snapshot.mode === 'rendered' ? 'succeeded' : 'partial',
      summary: websiteRunSummary(step, snapshot, previous === undefined, Math.round(confirmDelaySeconds / 60)),
      items,
      targetUpdates: [{ kind: 'website', value: target.value, watchState: state }],
      confirmSoon: step.pending.length > 0,
    };
  }
}
