import { breachSourceNames } from '../../vocabulary/breach-source.catalogue';
import type { Finding } from '../../vocabulary/finding.types';
import type { MergedBreach } from '../breaches/breach.merger';
import { formatCount, mergedBreachDetail } from './email-breaches.analyzer';

/**
 * Breaches of a site, from the breach sources' merged catalogue (looked up by the site's host and
 * its parent domains): one breach detail each, newest first, the sources' own flags kept as they are.
 */
export function analyzeWebsiteBreaches(breaches: readonly MergedBreach[]): Finding[] {
  const unique = [...new Map(breaches.map((entry) => [`${entry.record.source}\n${entry.record.name}`, entry])).values()];
  unique.sort((a, b) => b.record.breachDate.localeCompare(a.record.breachDate) || a.record.name.localeCompare(b.record.name));
  return unique.map((entry) => {
    const detail = mergedBreachDetail(entry);
    const { record } = entry;
    detail.evidence = {
      ...detail.evidence,
      summary: `${breachSourceNames(entry.sources)} ${entry.sources.length === 1 ? 'lists' : 'list'} a breach of ${record.domain}: ${record.title}, ${record.breachDate} (${formatCount(record.pwnCount)} accounts)`,
    };
    return { group: 'breaches', detail };
  });
}
