import { BREACH_SOURCES, breachSourceNames, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { BreachDetail, Finding } from '../../vocabulary/finding.types';
import { breachRisk } from '../../vocabulary/recommendation.catalogue';
import type { MergedBreach } from '../breaches/breach.merger';
import { fromHibp } from '../breaches/breach-record.mapper';
import type { HibpBreach } from '../sources/source.types';

/**
 * The merged breaches of one address → one breach detail each, in the merged order (the first
 * source's order, then the others' own breaches). Every breach is kept, sensitive ones included:
 * hiding those from viewers who do not own the address is the pipeline's job. `answered` are the
 * sources that ran: a breach one of them did not report says so in its evidence (they disagree).
 */
export function analyzeEmailBreaches(breaches: readonly MergedBreach[], answered: readonly BreachSourceId[] = ['hibp']): Finding[] {
  return breaches.map((entry) => {
    const detail = mergedBreachDetail(entry);
    const silent = answered.filter((source) => !entry.sources.includes(source));
    const lists = entry.sources.length === 1 ? 'lists' : 'list';
    const record = entry.record;
    detail.evidence.summary =
      `${breachSourceNames(entry.sources)} ${lists} this address in the ${record.title} breach of ${record.breachDate} ` +
      `(${formatCount(record.pwnCount)} accounts)` +
      (silent.length > 0 ? `; ${breachSourceNames(silent)}, also asked, ${silent.length === 1 ? 'does' : 'do'} not` : '');
    return { group: 'breaches', detail };
  });
}

/** The detail of a breach reported by HIBP alone (tests and stored HIBP answers). */
export function breachDetail(breach: HibpBreach): BreachDetail {
  const detail = mergedBreachDetail({ record: fromHibp(breach), sources: ['hibp'], sourceNames: { hibp: breach.Name } });
  detail.evidence.summary = `Have I Been Pwned lists this address in the ${breach.Title} breach of ${breach.BreachDate} (${formatCount(breach.PwnCount)} accounts)`;
  return detail;
}

/** A merged breach as the result shows it: the first source's fields and flags, every source named, the first one's page as the record. */
export function mergedBreachDetail({ record, sources, sourceNames }: MergedBreach): BreachDetail {
  return {
    kind: 'breach',
    name: record.name,
    title: record.title,
    domain: record.domain,
    breachDate: record.breachDate,
    addedDate: record.addedDate ?? '',
    modifiedDate: record.modifiedDate ?? '',
    pwnCount: record.pwnCount,
    description: record.description,
    dataClasses: [...record.dataClasses],
    isVerified: record.isVerified,
    isFabricated: record.isFabricated,
    isSensitive: record.isSensitive,
    isRetired: record.isRetired,
    isSpamList: record.isSpamList,
    source: breachSourceNames(sources),
    sources: [...sources],
    sourceNames: { ...sourceNames },
    risk: breachRisk({ DataClasses: record.dataClasses, IsSpamList: record.isSpamList, IsFabricated: record.isFabricated }),
    evidence: {
      summary: `${breachSourceNames(sources)} ${sources.length === 1 ? 'lists' : 'list'} the ${record.title} breach of ${record.breachDate}`,
      url: BREACH_SOURCES[record.source].breachPage(record.name),
    },
  };
}

// 152445165 → "152,445,165": fixed grouping so the text does not depend on the server's locale.
export function formatCount(count: number): string {
  return Number.isFinite(count) ? Math.trunc(count).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(count);
}
