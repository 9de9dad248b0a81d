import { BREACH_SOURCE_IDS, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { BreachRecord } from '../sources/source.types';
import { breachYear } from './breach-record.mapper';

/** One breach after merging what the sources say: the record shown, and who knows it by which name. */
export interface MergedBreach {
  /** The fields shown: those of the first source (BREACH_SOURCE_IDS order) that reported it. */
  record: BreachRecord;
  /** The sources that reported it, in precedence order. */
  sources: BreachSourceId[];
  /** Its name in each source that reported it, or whose catalogue lists it as the same breach. */
  sourceNames: Partial<Record<BreachSourceId, string>>;
}

/** "Have I Been Pwned" and "HaveIBeenPwned" and "have-i-been-pwned" are one name. */
export const breachNameKey = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Merges the sources' lists into one entry per breach. Two records are one breach when their names
 * match (case, spaces and punctuation aside), or else when they are the only breach of the same
 * domain in the same year on each side: a domain alone is not enough (one site can have several
 * breaches), and neither is a year. The first source's fields take precedence. `counterparts` are
 * catalogue entries of sources that did not report the breach; they add names (so a monitor
 * recognises one breach whichever source reports it), never a source.
 */
export function mergeBreaches(lists: Partial<Record<BreachSourceId, readonly BreachRecord[]>>, counterparts: readonly BreachRecord[] = []): MergedBreach[] {
  const merged: MergedBreach[] = [];
  for (const source of BREACH_SOURCE_IDS) {
    const records = dedupe(lists[source] ?? []);
    const unmatched = new Set(records);
    // Names first, so a domain-and-year match never takes a record a name would have matched.
    for (const record of records) {
      const target = merged.find((m) => !m.sourceNames[source] && sameName(m, record));
      if (target) join(target, record, unmatched);
    }
    for (const record of [...unmatched]) {
      const candidates = merged.filter((m) => !m.sourceNames[source] && sameDomainAndYear(m.record, record));
      const rivals = [...unmatched].filter((r) => sameDomainAndYear(r, record));
      if (candidates.length === 1 && rivals.length === 1 && countSameDomainAndYear(merged, record) === 1) join(candidates[0], record, unmatched);
    }
    for (const record of unmatched) merged.push({ record, sources: [source], sourceNames: { [source]: record.name } });
  }
  for (const entry of merged) addCounterpartNames(entry, counterparts);
  return merged;
}

function join(target: MergedBreach, record: BreachRecord, unmatched: Set<BreachRecord>): void {
  target.sources.push(record.source);
  target.sourceNames[record.source] = record.name;
  unmatched.delete(record);
}

function sameName(entry: MergedBreach, record: BreachRecord): boolean {
  const key = breachNameKey(record.name);
  return key !== '' && Object.values(entry.sourceNames).some((name) => breachNameKey(name ?? '') === key);
}

function sameDomainAndYear(a: BreachRecord, b: BreachRecord): boolean {
  const year = breachYear(a.breachDate);
  return a.domain !== '' && a.domain === b.domain && year !== undefined && year === breachYear(b.breachDate);
}

const countSameDomainAndYear = (merged: readonly MergedBreach[], record: BreachRecord) => merged.filter((m) => sameDomainAndYear(m.record, record)).length;

/** One record per name within a source (a source repeating a name would count a breach twice). */
function dedupe(records: readonly BreachRecord[]): BreachRecord[] {
  const byName = new Map<string, BreachRecord>();
  for (const record of records) if (!byName.has(breachNameKey(record.name))) byName.set(breachNameKey(record.name), record);
  return [...byName.values()];
}

function addCounterpartNames(entry: MergedBreach, counterparts: readonly BreachRecord[]): void {
  for (const source of BREACH_SOURCE_IDS) {
    if (entry.sourceNames[source]) continue;
    const ofSource = counterparts.filter((c) => c.source === source);
    const byName = ofSource.find((c) => sameName(entry, c));
    if (byName) {
      entry.sourceNames[source] = byName.name;
      continue;
    }
    const byDomain = ofSource.filter((c) => sameDomainAndYear(entry.record, c));
    if (byDomain.length === 1) entry.sourceNames[source] = byDomain[0].name;
  }
}
