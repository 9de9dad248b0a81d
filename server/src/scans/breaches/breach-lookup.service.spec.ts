import { Logger } from '@nestjs/common';
import { loadConfig } from '../../common/config/app-config';
import type { OutboundQueue } from '../../common/outbound/outbound-queue.service';
import type { HibpSource } from '../sources/hibp.source';
import type { XposedOrNotSource } from '../sources/xposedornot.source';
import type { BreachLookupCache } from './breach-lookup-cache.service';
import { BreachLookupService } from './breach-lookup.service';

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
  return { service, xon, cache, queue };
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
