import { AsyncLocalStorage } from 'node:async_hooks';

/** Whose page the audit browser loads: a person's scan, or a monitor's run. */
export type BrowserPriority = 'person' | 'background';

/** The queue's order: people's pages are claimed first. */
export const PRIORITY_RANK: Readonly<Record<BrowserPriority, number>> = { person: 0, background: 1 };

const current = new AsyncLocalStorage<BrowserPriority>();

/**
 * Runs `work` (a monitor's scan) so that any page it asks the audit browser for waits behind
 * people's scans, without the scan pipeline and its checks having to pass the priority along.
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return current.run('background', work);
}

/** The priority of the work this call belongs to ('person' outside inBackground). */
export function browserPriority(): BrowserPriority {
  return current.getStore() ?? 'person';
}
