import type { Organisation } from './organisations/organisation.types';

/**
 * California's Delete Request and Opt-out Platform, run by the CPPA (Delete Act, SB 362): one
 * deletion request that reaches every data broker registered with the state. Named first for
 * Californians, before any batch of letters.
 */
export const DROP = {
  name: 'Delete Request and Opt-out Platform (DROP)',
  url: 'https://consumer.drop.privacy.ca.gov/',
  about: 'https://privacy.ca.gov/drop/',
  text:
    "California's own platform sends one deletion request to every data broker registered with the state, free, after a check that you live in California. " +
    'Registered brokers must process DROP requests from 1 August 2026 and then check for new ones every 45 days. ' +
    'Use it first; letters to single brokers are for an answer from them directly, or for brokers that are not registered in California.',
} as const;

/**
 * One record per broker: a broker listed by two sources (the California registry and the
 * datarequests.org catalogue) shares a registrable domain, and the first source given wins.
 */
export function uniqueBrokers(lists: readonly (readonly Organisation[])[]): Organisation[] {
  const seenDomains = new Set<string>();
  const seenSlugs = new Set<string>();
  const kept: Organisation[] = [];
  for (const broker of lists.flat()) {
    if (seenSlugs.has(broker.slug) || broker.domains.some((d) => seenDomains.has(d))) continue;
    seenSlugs.add(broker.slug);
    broker.domains.forEach((d) => seenDomains.add(d));
    kept.push(broker);
  }
  return kept.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug));
}

export interface BatchPlan {
  /** Brokers a draft is made for now, in name order. */
  toDraft: Organisation[];
  /** Brokers the person already has an open request of this kind with. */
  alreadyAsked: number;
  /** Brokers left without a draft because the plan's month allowance ran out. */
  leftOver: number;
}

/** Which brokers get a draft: those not already asked, in name order, up to what is left of the month's allowance. */
export function planBatch(brokers: readonly Organisation[], openSlugs: ReadonlySet<string>, remaining: number): BatchPlan {
  const fresh = brokers.filter((b) => !openSlugs.has(b.slug));
  const take = Math.max(0, Math.min(remaining, fresh.length));
  return { toDraft: fresh.slice(0, take), alreadyAsked: brokers.length - fresh.length, leftOver: fresh.length - take };
}
