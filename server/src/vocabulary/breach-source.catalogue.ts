/**
 * The outside services that know which breaches and pastes an email address is in. Their order is
 * their precedence: when both describe one breach, the first one's fields and flags are shown.
 */
export const BREACH_SOURCE_IDS = ['hibp', 'xposedornot'] as const;
export type BreachSourceId = (typeof BREACH_SOURCE_IDS)[number];

export interface BreachSourceInfo {
  /** As people know it, in messages and on every breach it reported. */
  name: string;
  /** The service's public page about one of its breaches (attribution, as both ask for). */
  breachPage(name: string): string;
}

export const BREACH_SOURCES: Readonly<Record<BreachSourceId, BreachSourceInfo>> = {
  hibp: {
    name: 'Have I Been Pwned',
    breachPage: (name) => `https://haveibeenpwned.com/PwnedWebsites#${encodeURIComponent(name)}`,
  },
  xposedornot: {
    name: 'XposedOrNot',
    breachPage: (name) => `https://xposedornot.com/xposed.html#${encodeURIComponent(name)}`,
  },
};

/** "Have I Been Pwned and XposedOrNot", in precedence order. */
export function breachSourceNames(ids: readonly BreachSourceId[]): string {
  const names = BREACH_SOURCE_IDS.filter((id) => ids.includes(id)).map((id) => BREACH_SOURCES[id].name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
