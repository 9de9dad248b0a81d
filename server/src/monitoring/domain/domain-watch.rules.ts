/**
 * What a domain watch knows and when it alerts, as pure functions: Have I Been Pwned's answer about
 * the domain (searched, or why not, in words that say whose doing it is), the breached aliases of
 * the last search, and the changes between two searches. The first search records its answer
 * silently; later, an alias newly in a breach is news, grouped by breach.
 */
/**
 * How HIBP's side of the watch stands: 'ok' (searched); 'not_configured' (this server has no HIBP
 * key); 'not_verified' (HIBP has not verified the domain for the key's account); 'subscription_too_small'
 * (the key's subscription cannot search a domain this size); 'refused' (HIBP answered 403 anyway);
 * 'unavailable', 'rate_limited', 'timed_out' (try again); 'not_checked' (not yet asked).
 */
export const DOMAIN_HIBP_STATUSES = ['ok', 'not_configured', 'not_verified', 'subscription_too_small', 'refused', 'unavailable', 'rate_limited', 'timed_out', 'not_checked'] as const;
export type DomainHibpStatus = (typeof DOMAIN_HIBP_STATUSES)[number];

/** Statuses that waiting will not change: the run waits for its next regular time rather than retrying. */
export const LASTING_HIBP_STATUSES: readonly DomainHibpStatus[] = ['not_configured', 'not_verified', 'subscription_too_small', 'refused'];

export const DOMAIN_HIBP_MESSAGES = {
  ok: (domain: string, addresses: number) =>
    addresses === 0 ? `Have I Been Pwned lists no breached address at ${domain}` : `Have I Been Pwned lists ${addresses} breached ${addresses === 1 ? 'address' : 'addresses'} at ${domain}`,
  notConfigured: 'Searching a domain needs Have I Been Pwned, which is not set up on this server: nothing was searched.',
  notVerified: (domain: string) =>
    `Have I Been Pwned has not verified ${domain} for this server's API key. Whoever holds the key adds the domain on HIBP's domain search dashboard (https://haveibeenpwned.com/DomainSearch) and verifies it there; until then HIBP does not list its addresses.`,
  subscriptionTooSmall: (domain: string, subscription: string, max: number, count: number) =>
    `The key's subscription does not allow searching ${domain}: its HIBP subscription ("${subscription}") searches domains with up to ${max} breached ${max === 1 ? 'address' : 'addresses'}, and ${domain} has ${count}. A larger HIBP subscription is needed; nothing was searched.`,
  refused: (domain: string) =>
    `Have I Been Pwned refused to search ${domain} with this server's key: the domain is not verified for the key, or the key's subscription does not allow it.`,
  notChecked: 'Not asked yet: Have I Been Pwned is asked once control of the domain is proven.',
} as const;

export interface DomainHibpState {
  status: DomainHibpStatus;
  message: string;
  /** ISO time of the answer. */
  checkedAt: string;
}

export interface DomainWatchState {
  version: 1;
  hibp: DomainHibpState;
  /** The breached aliases (the part before the @, lower-cased) of the last successful search, each with its breaches' names. */
  aliases?: Record<string, string[]>;
  /** ISO time of the last successful search. */
  searchedAt?: string;
}

/** A breach that newly affects the domain's addresses: the aliases new in it, and how many were in it before. */
export interface DomainBreachChange {
  breach: string;
  newAliases: string[];
  before: number;
}

export type DomainSearchOutcome = { status: 'ok'; aliases: Record<string, string[]> } | { status: Exclude<DomainHibpStatus, 'ok' | 'not_checked'>; message: string };

export interface DomainWatchStep {
  state: DomainWatchState;
  /** Empty on the first search (its answer becomes the starting point) and when nothing is new. */
  changes: DomainBreachChange[];
  /** This search recorded the starting point. */
  baselined: boolean;
}

export function readDomainWatchState(value: unknown): DomainWatchState | undefined {
  return typeof value === 'object' && value !== null && (value as { version?: unknown }).version === 1 ? (value as DomainWatchState) : undefined;
}

/** Per breach, the aliases in it. */
export function aliasesByBreach(aliases: Readonly<Record<string, readonly string[]>>): Map<string, string[]> {
  const byBreach = new Map<string, string[]>();
  for (const [alias, breaches] of Object.entries(aliases)) {
    for (const breach of breaches) byBreach.set(breach, [...(byBreach.get(breach) ?? []), alias]);
  }
  for (const list of byBreach.values()) list.sort();
  return byBreach;
}

/**
 * One search against the watch's state. A failed search keeps the last answer's aliases (and says
 * why it failed); a successful one replaces them and, when there was an earlier answer, reports
 * each breach with aliases that were not in it before. An alias that left a breach (HIBP removed
 * it, or the breach was retired) is no news.
 */
export function stepDomainWatch(previous: DomainWatchState | undefined, outcome: DomainSearchOutcome, now: Date, domain: string): DomainWatchStep {
  const checkedAt = now.toISOString();
  if (outcome.status !== 'ok') {
    return { state: { ...(previous ?? { version: 1 }), version: 1, hibp: { status: outcome.status, message: outcome.message, checkedAt } }, changes: [], baselined: false };
  }
  const aliases = outcome.aliases;
  const state: DomainWatchState = {
    version: 1,
    hibp: { status: 'ok', message: DOMAIN_HIBP_MESSAGES.ok(domain, Object.keys(aliases).length), checkedAt },
    aliases,
    searchedAt: checkedAt,
  };
  if (!previous?.aliases) return { state, changes: [], baselined: true };
  const before = aliasesByBreach(previous.aliases);
  const changes: DomainBreachChange[] = [];
  for (const [breach, now] of aliasesByBreach(aliases)) {
    const had = new Set(before.get(breach) ?? []);
    const added = now.filter((alias) => !had.has(alias));
    if (added.length > 0) changes.push({ breach, newAliases: added, before: had.size });
  }
  changes.sort((a, b) => b.newAliases.length - a.newAliases.length || a.breach.localeCompare(b.breach));
  return { state, changes, baselined: false };
}
