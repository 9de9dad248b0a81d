import type { BreachRecord, HibpBreach } from '../sources/source.types';

export function fromHibp(breach: HibpBreach): BreachRecord {
  return {
    source: 'hibp',
    name: breach.Name,
    title: breach.Title,
    domain: breach.Domain.trim().toLowerCase(),
    breachDate: breach.BreachDate,
    addedDate: breach.AddedDate,
    modifiedDate: breach.ModifiedDate,
    pwnCount: breach.PwnCount,
    description: breach.Description,
    dataClasses: [...breach.DataClasses],
    isVerified: breach.IsVerified,
    isFabricated: breach.IsFabricated,
    isSensitive: breach.IsSensitive,
    isRetired: breach.IsRetired,
    isSpamList: breach.IsSpamList,
    isMalware: breach.IsMalware ?? false,
    isStealerLog: breach.IsStealerLog ?? false,
    isSubscriptionFree: breach.IsSubscriptionFree ?? false,
  };
}

/** The year of a breach date (a day or a year), or undefined. */
export function breachYear(date: string): string | undefined {
  return /^(\d{4})(-\d{2}-\d{2})?$/.exec(date)?.[1];
}
