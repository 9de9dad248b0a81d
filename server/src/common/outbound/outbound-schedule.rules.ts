import type { RequestRateLimit } from '../config/app.config';

/**
 * When the next request to a service may go, given the requests already granted (`slots`, epoch
 * ms, non-decreasing) and the service's limits. The limits are sliding windows, as the services
 * count them (XposedOrNot keeps a log of request times per IP): a new request at `t` must leave at
 * most `limit` requests in every window `(t - period, t]`, so it waits for the one `limit` places
 * back to leave the window. A small guard (5% of the period, at most a second) absorbs the network:
 * a request that reached the service a little late must not make the next one arrive too early.
 */
export function nextSlot(slots: readonly number[], limits: readonly RequestRateLimit[], now: number, blockedUntil = 0): number {
  let slot = Math.max(now, blockedUntil, slots.length > 0 ? slots[slots.length - 1] : 0);
  for (const { limit, periodMs } of limits) {
    if (slots.length < limit) continue;
    const leaving = slots[slots.length - limit];
    slot = Math.max(slot, leaving + periodMs + guardMs(periodMs));
  }
  return slot;
}

export const guardMs = (periodMs: number): number => Math.min(1_000, Math.ceil(periodMs * 0.05));

/** The slots worth keeping after adding one: those still inside the largest window, at most the largest limit of them. */
export function keptSlots(slots: readonly number[], limits: readonly RequestRateLimit[], now: number): number[] {
  const longest = Math.max(0, ...limits.map((l) => l.periodMs + guardMs(l.periodMs)));
  const most = Math.max(0, ...limits.map((l) => l.limit));
  return slots.filter((slot) => slot > now - longest).slice(-most);
}

/** The slots without one turn that was handed out and never used (its first occurrence). */
export function withoutSlot(slots: readonly number[], slot: number): number[] {
  const index = slots.indexOf(slot);
  return index < 0 ? [...slots] : [...slots.slice(0, index), ...slots.slice(index + 1)];
}
