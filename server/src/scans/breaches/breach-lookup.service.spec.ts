import { Logger } from '@nestjs/common';
import { loadConfig } from '../../common/config/app.config';
import type { OutboundQueue } from '../../common/outbound/outbound-queue.service';
import type { HibpSource } from '../sources/hibp.source';
import type { XposedOrNotSource } from '../sources/xposedornot.source';
import type { BreachLookupCache } from './breach-lookup-cache.service';
import { answerCoverage } from '../checks/answer-coverage.rules';
import { BreachLookupService } from './breach-lookup.service';

/** The coverage rule's share: with two sources, both. */
const share = (asked: number) => answerCoverage(0, asked).required;

function setUp() {
  const hibp = { configured: false, breachedAccount: jest.fn(async () => ({ status: 'not_configured' as const, message: 'not set up on this server, so it was not asked' })) };
  const xon = {
    enabled: true,
    breachAnalytics: jest.fn(async () => ({ status: 'ok' as const, data: { breaches: [], pasteCount: 0, pastes: [] } })),
  };
  const cache = { get: jest.fn(async () => undefined), put: jest.fn(async () => undefined) };
  const queue = { turn: jest.fn(async () => ({ status: 'granted' as const })), backOff: jest.fn(async () => undefined) };
  const service = new BreachLookupService(
    loadConfig({ NODE_ENV: 'test' }),
    hibp as unknown as HibpSource,
    xon as unknown as XposedOrNotSource,
    cache as unknown as BreachLookupCache,
    queue as unknown as OutboundQueue,
  );
  return { service, xon, cache, queue, hibp };
}

const context = () => ({ signal: new AbortController().signal, deadline: Date.now() + 8_000 });

describe('BreachLookupService when the database stumbles', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('treats a cache that cannot be read as a miss, and a failed cache write as nothing', async () => {
    const { service, xon, cache } = setUp();
    cache.get.mockRejectedValueOnce(new Error('pool timeout'));
    cache.put.mockRejectedValueOnce(new Error('pool timeout'));
    const { result, cached } = await service.lookup('xposedornot', 'a@example.test', context());
    expect(result.status).toBe('ok');
    expect(cached).toBe(false);
    expect(xon.breachAnalytics).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a turn: a queue that cannot be reached makes the source unavailable', async () => {
    const { service, xon, queue } = setUp();
    queue.turn.mockRejectedValueOnce(new Error('pool timeout'));
    const { result } = await service.lookup('xposedornot', 'a@example.test', context());
    expect(result).toEqual({ status: 'unavailable', message: 'XposedOrNot could not be asked: its request queue is not available' });
    expect(xon.breachAnalytics).not.toHaveBeenCalled();
  });

  it('reports a full queue as rate limited with its wait, and a source disabled as not configured without the queue', async () => {
    const { service, xon, queue } = setUp();
    queue.turn.mockResolvedValueOnce({ status: 'queue_full', retryAfterSeconds: 42 } as never);
    await expect(service.lookup('xposedornot', 'a@example.test', context())).resolves.toMatchObject({ result: { status: 'rate_limited', retryAfterSeconds: 42 } });
    expect(xon.breachAnalytics).not.toHaveBeenCalled();
    const hibp = await service.lookup('hibp', 'a@example.test', context());
    expect(hibp.result.status).toBe('not_configured');
    expect(queue.turn).toHaveBeenCalledTimes(1);
  });
});

describe('BreachLookupService.busyForSeconds (refusing a scan before it takes a slot)', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('is undefined until a source is known to have no turn, then the wait its queue gave, until a turn is granted', async () => {
    const { service, queue } = setUp();
    expect(service.busyForSeconds(share)).toBeUndefined();
    queue.turn.mockResolvedValueOnce({ status: 'queue_full', retryAfterSeconds: 1_469 } as never);
    await service.lookup('xposedornot', 'a@example.test', context());
    expect(service.busyForSeconds(share)).toBe(1_469);
    // Later, by the process's clock, the wait is shorter; past it, the source may be asked again.
    expect(service.busyForSeconds(share, Date.now() + 1_000_000)).toBe(469);
    expect(service.busyForSeconds(share, Date.now() + 1_470_000)).toBeUndefined();
    await service.lookup('xposedornot', 'b@example.test', context());
    expect(service.busyForSeconds(share)).toBeUndefined();
  });

  it("learns from the source's own 429 too", async () => {
    const { service, xon } = setUp();
    xon.breachAnalytics.mockResolvedValueOnce({ status: 'rate_limited', message: 'Rate limit exceeded', retryAfterSeconds: 60 } as never);
    await service.lookup('xposedornot', 'a@example.test', context());
    expect(service.busyForSeconds(share)).toBe(60);
  });

  it('with two sources, both must answer for a complete result (answer-coverage): one without a turn refuses, for its wait', async () => {
    const { service, queue, hibp } = setUp();
    hibp.configured = true;
    expect(service.busyForSeconds(share)).toBeUndefined();
    queue.turn.mockResolvedValueOnce({ status: 'queue_full', retryAfterSeconds: 600 } as never);
    await service.lookup('xposedornot', 'a@example.test', context());
    expect(service.busyForSeconds(share)).toBe(600);
    queue.turn.mockResolvedValueOnce({ status: 'queue_full', retryAfterSeconds: 30 } as never);
    await service.lookup('hibp', 'a@example.test', context());
    // Both are needed: the later of the two.
    expect(service.busyForSeconds(share)).toBe(600);
  });
});
