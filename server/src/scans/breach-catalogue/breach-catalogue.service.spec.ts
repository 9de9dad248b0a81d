import { Logger } from '@nestjs/common';
import { loadConfig } from '../../common/config/app.config';
import type { HibpSource } from '../sources/hibp.source';
import type { XposedOrNotSource } from '../sources/xposedornot.source';
import type { CatalogueRefreshStore } from './breach-catalogue.repository';
import { BreachCatalogueRepository } from './breach-catalogue.repository';
import { BreachCatalogueService, CATALOGUE_MAX_AGE_MS, domainAndParents, STARTUP_REFRESH_DELAY_MS } from './breach-catalogue.service';
import type { BreachCatalogueStateEntity } from './breach-catalogue-state.entity';
import type { BreachCatalogueEntity } from './breach-catalogue.entity';

const BREACH = {
  Name: 'Invented',
  Title: 'Invented',
  Domain: 'invented.example',
  BreachDate: '2020-01-01',
  AddedDate: '2020-02-01T00:00:00Z',
  ModifiedDate: '2020-02-01T00:00:00Z',
  PwnCount: 1,
  Description: 'An invented breach.',
  DataClasses: ['Email addresses'],
  IsVerified: true,
  IsFabricated: false,
  IsSensitive: false,
  IsRetired: false,
  IsSpamList: false,
};

function setUp(env: Record<string, string>, refreshedAgoMs: number | null, xonEnabled = false) {
  const state = { source: 'hibp', refreshedAt: refreshedAgoMs === null ? null : new Date(Date.now() - refreshedAgoMs) } as BreachCatalogueStateEntity;
  const store: jest.Mocked<CatalogueRefreshStore> = {
    state: jest.fn(async () => state),
    replaceAll: jest.fn<Promise<void>, [BreachCatalogueEntity[], Date]>(async () => undefined),
    recordFailure: jest.fn<Promise<void>, [string, Date]>(async () => undefined),
  };
  const repository = {
    withRefreshLock: jest.fn(async (_source: string, work: (s: CatalogueRefreshStore) => Promise<unknown>) => ({ acquired: true, value: await work(store) })),
  };
  const hibp = { breaches: jest.fn(async () => ({ status: 'ok' as const, data: [BREACH] })) };
  const xposedOrNot = { enabled: xonEnabled, breaches: jest.fn(async () => ({ status: 'ok' as const, data: [] })) };
  const service = new BreachCatalogueService(
    loadConfig(env),
    hibp as unknown as HibpSource,
    xposedOrNot as unknown as XposedOrNotSource,
    repository as unknown as BreachCatalogueRepository,
  );
  return { service, repository, hibp, xposedOrNot, store };
}

const PRODUCTION = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/footprint' };

describe('BreachCatalogueService scheduling', () => {
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes a stale copy shortly after start, without making the start wait', async () => {
    const { service, hibp, store } = setUp(PRODUCTION, CATALOGUE_MAX_AGE_MS + 60_000);
    expect(service.onApplicationBootstrap()).toBeUndefined();
    expect(hibp.breaches).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS);
    expect(hibp.breaches).toHaveBeenCalledTimes(1);
    expect(store.replaceAll).toHaveBeenCalledWith([expect.objectContaining({ source: 'hibp', name: 'Invented', domain: 'invented.example' })], expect.any(Date));
  });

  it('refreshes each enabled source under its own lock, and never a source that is turned off', async () => {
    const on = setUp(PRODUCTION, null, true);
    on.service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS);
    expect(on.repository.withRefreshLock.mock.calls.map((call) => call[0])).toEqual(['hibp', 'xposedornot']);
    expect(on.xposedOrNot.breaches).toHaveBeenCalledTimes(1);

    const off = setUp(PRODUCTION, null, false);
    off.service.onApplicationBootstrap();
    off.service.daily();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS);
    expect(off.repository.withRefreshLock.mock.calls.map((call) => call[0])).toEqual(['hibp', 'hibp']);
    expect(off.xposedOrNot.breaches).not.toHaveBeenCalled();
    await expect(off.service.refresh('xposedornot')).resolves.toEqual({ status: 'skipped', reason: 'off' });
  });

  it('refreshes a missing copy after start, but leaves a fresh one alone', async () => {
    const missing = setUp(PRODUCTION, null);
    missing.service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS);
    expect(missing.hibp.breaches).toHaveBeenCalledTimes(1);

    const fresh = setUp(PRODUCTION, 3600_000);
    fresh.service.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS);
    expect(fresh.repository.withRefreshLock).toHaveBeenCalledTimes(1);
    expect(fresh.hibp.breaches).not.toHaveBeenCalled();
  });

  it('does nothing by itself in tests or without a database (OpenAPI generation)', async () => {
    for (const env of [{ ...PRODUCTION, NODE_ENV: 'test' }, { NODE_ENV: 'production' }]) {
      const { service, repository } = setUp(env, null);
      service.onApplicationBootstrap();
      service.daily();
      await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS * 2);
      expect(repository.withRefreshLock).not.toHaveBeenCalled();
    }
  });

  it('does not start the refresh when the app stops before the delay', async () => {
    const { service, repository } = setUp(PRODUCTION, null);
    service.onApplicationBootstrap();
    await service.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(STARTUP_REFRESH_DELAY_MS * 2);
    expect(repository.withRefreshLock).not.toHaveBeenCalled();
  });

  it('runs the daily refresh unless another instance refreshed in the last hours', async () => {
    const stale = setUp(PRODUCTION, 20 * 3600_000);
    stale.service.daily();
    await jest.advanceTimersByTimeAsync(0);
    expect(stale.hibp.breaches).toHaveBeenCalledTimes(1);

    const recent = setUp(PRODUCTION, 3600_000);
    recent.service.daily();
    await jest.advanceTimersByTimeAsync(0);
    expect(recent.hibp.breaches).not.toHaveBeenCalled();
  });

  it('logs a background refresh that throws instead of letting it escape', async () => {
    const { service, repository } = setUp(PRODUCTION, null);
    repository.withRefreshLock.mockRejectedValueOnce(new Error('database down'));
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    service.daily();
    await jest.advanceTimersByTimeAsync(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('database down'));
    errors.mockRestore();
  });
});

describe('domainAndParents', () => {
  it('lists the host and its parents down to two labels', () => {
    expect(domainAndParents('a.b.shop.example')).toEqual(['a.b.shop.example', 'b.shop.example', 'shop.example']);
    expect(domainAndParents(' WWW.Shop.Example. ')).toEqual(['www.shop.example', 'shop.example']);
    expect(domainAndParents('shop.example')).toEqual(['shop.example']);
  });

  it('answers nothing for a bare label or a malformed host', () => {
    expect(domainAndParents('example')).toEqual([]);
    expect(domainAndParents('')).toEqual([]);
    expect(domainAndParents('a..example')).toEqual([]);
  });
});
