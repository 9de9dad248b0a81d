/**
 * What an email monitor's run found that is new in pastes, as a pure function of the pastes each
 * source reported for each verified address and the keys the monitor already knows. As with the
 * watched checks (monitor-changes.rules.ts): each source has its own starting point, recorded
 * silently the first time it answers about pastes for an address (HIBP's pastes are asked for the
 * verified owner only, which a monitor's address is); after that, a paste whose key is unknown is
 * new. A source that did not answer about pastes this time compares nothing.
 */
import type { PasteExposure } from '../vocabulary/check.types';
import { BREACH_SOURCES, type BreachSourceId } from '../vocabulary/breach-source.catalogue';
import type { PasteDetail } from '../vocabulary/finding.types';
import { WATCH_ADVICE } from '../vocabulary/watch-advice.catalogue';
import { baselineKey, targetKey } from './monitor-changes.rules';
import type { MonitorTargetKind } from './monitor-target.entity';
import type { NoticeItem } from './monitoring.types';

export interface PastesOfTarget {
  kind: MonitorTargetKind;
  value: string;
  pastes?: Pick<PasteExposure, 'sources' | 'details'>;
}

export interface PasteChanges {
  newItems: (NoticeItem & { key: string })[];
  keysToRecord: string[];
  /** Sources whose starting point this run recorded, by name. */
  newlyWatched: string[];
}

export function pasteBaselineKey(kind: MonitorTargetKind, value: string, source: BreachSourceId): string {
  return `${baselineKey(kind, value, 'breaches')}:pastes:${source}`;
}

export function pasteKey(kind: MonitorTargetKind, value: string, paste: Pick<PasteDetail, 'source' | 'id'>): string {
  return `${targetKey(kind, value)}|paste|${paste.source}:${paste.id}`;
}

/** "Pastebin paste 8Q0BvKD8 (2014-03-04)". */
export function pasteTitle(paste: PasteDetail): string {
  return `${paste.site ?? BREACH_SOURCES[paste.source].name} paste ${paste.title ? `"${paste.title}" ` : ''}(${paste.id}${paste.date ? `, ${paste.date}` : ''})`;
}

export function workOutPasteChanges(targets: readonly PastesOfTarget[], known: ReadonlySet<string>): PasteChanges {
  const changes: PasteChanges = { newItems: [], keysToRecord: [], newlyWatched: [] };
  const recorded = new Set<string>();
  const record = (key: string) => {
    if (known.has(key) || recorded.has(key)) return;
    recorded.add(key);
    changes.keysToRecord.push(key);
  };
  for (const target of targets) {
    if (target.kind !== 'email' || !target.pastes) continue;
    for (const source of target.pastes.sources) {
      const baseline = pasteBaselineKey(target.kind, target.value, source);
      const established = known.has(baseline);
      if (!established) {
        record(baseline);
        changes.newlyWatched.push(`${BREACH_SOURCES[source].name} pastes`);
      }
      for (const paste of target.pastes.details.filter((p) => p.source === source)) {
        const key = pasteKey(target.kind, target.value, paste);
        const seen = known.has(key) || recorded.has(key);
        record(key);
        if (established && !seen) {
          changes.newItems.push({
            key,
            kind: 'paste',
            target: target.value,
            title: pasteTitle(paste),
            recommendation: WATCH_ADVICE.paste,
            evidence: [paste.evidence.summary, ...(paste.evidence.url ? [paste.evidence.url] : [])],
          });
        }
      }
    }
  }
  return changes;
}
