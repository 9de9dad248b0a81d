import type { HibpBreach } from '../sources/source-types';
import type { Finding } from '../../vocabulary/finding.types';
import { breachDetail } from './email-breaches.analyzer';

/**
 * Breaches of a site, from HIBP's public breach catalogue (looked up by the site's host and its
 * parent domains): one breach detail each, newest first, with HIBP's own flags kept as they are.
 */
export function analyzeWebsiteBreaches(breaches: readonly HibpBreach[]): Finding[] {
  const unique = [...new Map(breaches.map((breach) => [breach.Name, breach])).values()];
  unique.sort((a, b) => b.BreachDate.localeCompare(a.BreachDate) || a.Name.localeCompare(b.Name));
  return unique.map((breach) => {
    const detail = breachDetail(breach);
    detail.evidence = {
      ...detail.evidence,
      summary: `HIBP lists a breach of ${breach.Domain}: ${breach.Title}, ${breach.BreachDate} (${formatCount(breach.PwnCount)} accounts)`,
    };
    return { group: 'breaches', detail };
  });
}

function formatCount(count: number): string {
  return Number.isFinite(count) ? Math.trunc(count).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(count);
}
