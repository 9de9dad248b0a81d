import { guardMs, keptSlots, nextSlot } from './outbound-schedule.rules';

const second = { limit: 1, periodMs: 1_000 };
const hour = { limit: 3, periodMs: 3_600_000 };

describe('nextSlot', () => {
  it('grants at once when nothing is queued', () => {
    expect(nextSlot([], [second, hour], 10_000)).toBe(10_000);
  });

  it('spaces requests by the per-second limit, plus the guard', () => {
    expect(nextSlot([10_000], [second], 10_200)).toBe(10_000 + 1_000 + guardMs(1_000));
    expect(nextSlot([10_000], [{ limit: 2, periodMs: 1_000 }], 10_200)).toBe(10_200);
  });

  it('waits for the request `limit` places back to leave the window, as a sliding log counts', () => {
    const slots = [0, 1_000_000, 2_000_000];
    expect(nextSlot(slots, [hour], 2_100_000)).toBe(3_600_000 + 1_000);
    // Any window of an hour ending at the new slot then holds at most 3 requests.
    const next = nextSlot(slots, [hour], 2_100_000);
    expect([...slots, next].filter((t) => t > next - 3_600_000).length).toBeLessThanOrEqual(3);
  });

  it('keeps the queue in order and honours a block after a 429', () => {
    expect(nextSlot([50_000], [{ limit: 10, periodMs: 1_000 }], 20_000)).toBe(50_000);
    expect(nextSlot([], [second], 20_000, 80_000)).toBe(80_000);
  });

  it('takes the strictest of several limits', () => {
    const slots = [0, 2_000, 4_000];
    expect(nextSlot(slots, [second, hour], 5_000)).toBe(3_600_000 + 1_000);
  });
});

describe('keptSlots', () => {
  it('keeps only what the largest window and the largest limit still need', () => {
    expect(keptSlots([1, 2, 3, 4, 5], [{ limit: 3, periodMs: 10 }], 5)).toEqual([3, 4, 5]);
    expect(keptSlots([0, 100_000, 5_000_000], [hour, second], 5_000_000)).toEqual([5_000_000]);
  });
});
