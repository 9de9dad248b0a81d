import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';
import type { CatalogueCategory } from './tracker.catalogue';

/**
 * The maintained tracker list Footprint fetches at run time: third-party-web's entity list
 * (`dist/entities.json` of the npm package `third-party-web`, MIT). Each entity is a product or
 * company with one category and the hosts it serves from: `example.com` is that host only,
 * `*.example.com` the domain and every host under it.
 *
 * Its categories map onto Footprint's tracker categories. Only categories that mean tracking are
 * kept; the others (cdn, hosting, video, utility, content, customer-success, other) name services
 * that are third parties but not trackers, and stay among the page's other third parties.
 */
export const TRACKER_LIST_CATEGORIES: Readonly<Record<string, CatalogueCategory>> = {
  ad: 'advertising',
  analytics: 'analytics',
  social: 'social',
  'tag-manager': 'tag manager',
  marketing: 'marketing automation',
  // The published list says `consent-provider`; older versions said `cmp`.
  'consent-provider': 'consent',
  cmp: 'consent',
};

/** One tracker of the list, as stored: its name, company, Footprint category and hosts (`*.` kept). */
export interface ListedTracker {
  name: string;
  company: string;
  category: CatalogueCategory;
  domains: string[];
}

export interface ParsedTrackerList {
  trackers: ListedTracker[];
  /** Entities of a tracking category that were malformed or had no usable host. */
  dropped: number;
  /** Entities of a category that is not tracking (CDNs, hosting, utilities…). */
  notTrackers: number;
}

/** More entities than the real list holds (about 2,100): the rest of a larger document is ignored. */
export const MAX_LISTED_ENTITIES = 20_000;
const MAX_NAME_CHARS = 200;
const MAX_DOMAINS_PER_ENTITY = 500;

/** The trackers of a parsed JSON document; undefined when it is not a list of entities at all. */
export function parseTrackerList(document: unknown): ParsedTrackerList | undefined {
  if (!Array.isArray(document)) return undefined;
  const trackers: ListedTracker[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  let notTrackers = 0;
  for (const item of document.slice(0, MAX_LISTED_ENTITIES)) {
    if (typeof item !== 'object' || item === null) {
      dropped += 1;
      continue;
    }
    const entity = item as Record<string, unknown>;
    // `category` in the published file; `categories` (a list) in the project's source data.
    const rawCategory = typeof entity.category === 'string' ? entity.category : Array.isArray(entity.categories) ? entity.categories[0] : undefined;
    if (typeof rawCategory !== 'string') {
      dropped += 1;
      continue;
    }
    const category = Object.hasOwn(TRACKER_LIST_CATEGORIES, rawCategory) ? TRACKER_LIST_CATEGORIES[rawCategory] : undefined;
    if (!category) {
      notTrackers += 1;
      continue;
    }
    const name = cleanText(entity.name);
    const domains = Array.isArray(entity.domains) ? entity.domains.slice(0, MAX_DOMAINS_PER_ENTITY).map(listedDomain) : [];
    // A host two entities claim stays with the first, as the list's own lookup does.
    const usable = domains.filter((domain): domain is string => domain !== undefined && !seen.has(domain));
    if (!name || usable.length === 0) {
      dropped += 1;
      continue;
    }
    usable.forEach((domain) => seen.add(domain));
    trackers.push({ name, company: cleanText(entity.company) ?? name, category, domains: usable });
  }
  return { trackers, dropped, notTrackers };
}

function cleanText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text.slice(0, MAX_NAME_CHARS);
}

/** `*.example.com` or `host.example.com`, lower-case ASCII; undefined for IPs, bare public suffixes and anything else. */
function listedDomain(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const wildcard = value.startsWith('*.');
  const host = domainToASCII((wildcard ? value.slice(2) : value).trim().toLowerCase().replace(/\.$/, ''));
  if (host === '' || isIP(host) !== 0 || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(host)) return undefined;
  if (getDomain(host, { allowPrivateDomains: true }) === null) return undefined;
  return wildcard ? `*.${host}` : host;
}
