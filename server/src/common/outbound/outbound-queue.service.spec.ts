import { automock } from '../testing/automock.test-helpers';
import { OutboundQueueRepository } from './outbound-queue.repository';
import { OutboundQueue } from './outbound-queue.service';
import { withoutSlot } from './outbound-schedule.rules';

const limits = [{ limit: 25, periodMs: 3_600_000 }];

function setup() {
  const queues = automock(OutboundQueueRepository);
  queues.giveBack.mockResolvedValue(undefined);
  return { queues, queue: new OutboundQueue(queues) };
}

describe('OutboundQueue', () => {
  it('uses a turn that comes now and gives nothing back', async () => {
    const { queues, queue } = setup();
    const now = Date.now();
    queues.reserve.mockResolvedValue({ granted: true, slot: now, now });
    queues.depart.mockResolvedValue({ sent: true });
    await expect(queue.turn({ service: 'xposedornot', limits, startBy: now + 5_000, signal: new AbortController().signal })).resolves.toEqual({ status: 'granted' });
    expect(queues.giveBack).not.toHaveBeenCalled();
  });

  it('gives a reserved turn back when the caller gives up while waiting for it', async () => {
    const { queues, queue } = setup();
    const now = Date.now();
    queues.reserve.mockResolvedValue({ granted: true, slot: now + 60_000, now });
    const caller = new AbortController();
    const turn = queue.turn({ service: 'xposedornot', limits, startBy: now + 120_000, signal: caller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    caller.abort();
    await expect(turn).resolves.toEqual({ status: 'aborted' });
    expect(queues.depart).not.toHaveBeenCalled();
    expect(queues.giveBack).toHaveBeenCalledWith('xposedornot', now + 60_000);
  });

  it('gives a reserved turn back when the requests that went out leave no room before the deadline', async () => {
    const { queues, queue } = setup();
    const now = Date.now();
    queues.reserve.mockResolvedValue({ granted: true, slot: now, now });
    queues.depart.mockResolvedValue({ sent: false, waitMs: 600_000, nextTurnMs: 900_000 });
    await expect(queue.turn({ service: 'xposedornot', limits, startBy: now + 5_000, signal: new AbortController().signal })).resolves.toEqual({
      status: 'queue_full',
      retryAfterSeconds: 900,
    });
    expect(queues.giveBack).toHaveBeenCalledWith('xposedornot', now);
  });

  it('reserves nothing, so gives nothing back, when the turn would come after the deadline', async () => {
    const { queues, queue } = setup();
    const now = Date.now();
    queues.reserve.mockResolvedValue({ granted: false, slot: now + 1_469_000, now });
    await expect(queue.turn({ service: 'xposedornot', limits, startBy: now + 5_000, signal: new AbortController().signal })).resolves.toEqual({
      status: 'queue_full',
      retryAfterSeconds: 1_469,
    });
    expect(queues.giveBack).not.toHaveBeenCalled();
  });
});

describe('withoutSlot', () => {
  it('removes one occurrence of the given-back turn and keeps the order', () => {
    expect(withoutSlot([1, 5, 5, 9], 5)).toEqual([1, 5, 9]);
    expect(withoutSlot([1, 9], 5)).toEqual([1, 9]);
  });
});
