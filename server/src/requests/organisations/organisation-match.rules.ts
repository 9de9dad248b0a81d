import { registrableDomain } from './organisation-record.parser';
import type { Organisation } from './organisation.types';

/** What the person found: a breached site's domain, or a tracker company with the domains it was seen on. */
export interface MatchQuery {
  /** The finding as the person saw it: "Adobe", "Google (doubleclick.net)". */
  label: string;
  domains: readonly string[];
  /** A company name (trackers): matched when no domain matches. */
  company?: string;
}

export type MatchOutcome =
  | { label: string; matched: true; by: 'domain' | 'name'; organisation: Organisation }
  | { label: string; matched: false; reason: string };

const QUALITY_RANK: Record<string, number> = { tested: 0, verified: 1, imported: 2, scraped: 3 };

/** The better of several candidates: one for every country over a national branch, then the better-kept record. */
function best(candidates: readonly Organisation[]): Organisation {
  return [...candidates].sort(
    (a, b) =>
      Number(!a.countries.includes('all')) - Number(!b.countries.includes('all')) ||
      (QUALITY_RANK[a.quality] ?? 9) - (QUALITY_RANK[b.quality] ?? 9) ||
      a.slug.localeCompare(b.slug),
  )[0];
}

/** The registrable domains of a query's domains (mail.adobe.com -> adobe.com). */
export function queryDomains(query: MatchQuery): string[] {
  return [...new Set(query.domains.map((d) => registrableDomain(d.trim())).filter((d): d is string => d !== null))];
}

/**
 * Each finding's organisation: by registrable domain (the record's website, web form, email and
 * the domains named among the services it runs), else by the company's name at the start of the
 * record's name or of a service it runs; with the reason when nothing matched.
 */
export function matchFindings(queries: readonly MatchQuery[], byDomain: readonly Organisation[], byName: readonly Organisation[]): MatchOutcome[] {
  return queries.map((query) => {
    const domains = queryDomains(query);
    const domainHits = byDomain.filter((o) => o.domains.some((d) => domains.includes(d)));
    if (domainHits.length > 0) return { label: query.label, matched: true, by: 'domain', organisation: best(domainHits) };
    const company = query.company?.trim().toLowerCase();
    if (company) {
      const starts = (text: string) => text.toLowerCase() === company || text.toLowerCase().startsWith(`${company} `);
      const nameHits = byName.filter((o) => starts(o.name) || o.runs.some(starts));
      if (nameHits.length > 0) return { label: query.label, matched: true, by: 'name', organisation: best(nameHits) };
    }
    const reason =
      domains.length === 0 && !company
        ? 'The finding names no domain or company to look up.'
        : `No catalogue record has ${domains.length > 0 ? `the domain ${domains.join(', ')}` : ''}${domains.length > 0 && company ? ' or ' : ''}${company ? `a name starting with "${query.company}"` : ''}.`;
    return { label: query.label, matched: false, reason };
  });
}
