import type { HibpBreach } from '../sources/source-types';
import type { BreachDetail, Finding } from '../../vocabulary/finding.types';
import { breachRisk, FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';

/**
 * HIBP's breaches of one address → one breach detail each, in HIBP's order. Every breach is kept,
 * sensitive ones included: hiding those from viewers who do not own the address is the pipeline's job.
 */
export function analyzeEmailBreaches(breaches: readonly HibpBreach[]): Finding[] {
  return breaches.map((breach) => ({ group: 'breaches', detail: breachDetail(breach) }));
}

export function breachDetail(breach: HibpBreach): BreachDetail {
  const dataClasses = [...(breach.DataClasses ?? [])];
  return {
    kind: 'breach',
    name: breach.Name,
    title: breach.Title,
    domain: breach.Domain,
    breachDate: breach.BreachDate,
    addedDate: breach.AddedDate,
    modifiedDate: breach.ModifiedDate,
    pwnCount: breach.PwnCount,
    description: breach.Description,
    dataClasses,
    isVerified: breach.IsVerified,
    isFabricated: breach.IsFabricated,
    isSensitive: breach.IsSensitive,
    isRetired: breach.IsRetired,
    isSpamList: breach.IsSpamList,
    source: FINDING_SOURCES.hibp,
    risk: breachRisk(breach),
    evidence: {
      summary:
        `Have I Been Pwned lists this address in the ${breach.Title} breach of ${breach.BreachDate} ` +
        `(${formatCount(breach.PwnCount)} accounts)`,
      url: `https://haveibeenpwned.com/PwnedWebsites#${encodeURIComponent(breach.Name)}`,
    },
  };
}

// 152445165 → "152,445,165": fixed grouping so the text does not depend on the server's locale.
function formatCount(count: number): string {
  return Number.isFinite(count) ? Math.trunc(count).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(count);
}
