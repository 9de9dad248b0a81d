import { loadConfig } from '../../common/config/app.config';
import { SOCIAL_PLATFORMS } from '../../browser-shared/scan-input.rules';
import type { UsernameSiteListSource } from '../sources/username-site-list.source';
import { normalizeSite } from './site-list.parser';
import type { UsernameSiteListEntity } from './username-site-list.entity';
import type { DownloadedListStore } from '../../common/downloaded-list/downloaded-list.refresher';
import type { StoredSiteList, UsernameSiteListRepository } from './username-site-list.repository';
import { WHATSMYNAME_CREDIT } from './site-list.credit';
import { UsernameSiteListService } from './username-site-list.service';
import { testSite as configured } from './username-site.test-helpers';
import { BUILT_IN_USERNAME_SITES } from './username-sites.catalogue';

const LIST_URL = 'https://lists.example/sites.json';

describe('the built-in site list', () => {
  it('covers at least 25 sites, each a valid entry of the format with a unique name', () => {
    expect(BUILT_IN_USERNAME_SITES.length).toBeGreaterThanOrEqual(25);
    const names = BUILT_IN_USERNAME_SITES.map((s) => s.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const site of BUILT_IN_USERNAME_SITES) {
      // The same checks a configured list goes through.
      const asFormat = {
        name: site.name,
        uri_check: site.uriCheck,
        uri_pretty: site.uriPretty,
        e_code: site.eCode,
        e_string: site.eString,
        m_code: site.mCode,
        m_string: site.mString,
        cat: site.category,
      };
      expect({ name: site.name, parsed: normalizeSite(asFormat) !== undefined }).toEqual({ name: site.name, parsed: true });
      expect(site.uriCheck.startsWith('https://')).toBe(true);
      expect(site.adult).toBe(false);
      if (site.platform) expect(SOCIAL_PLATFORMS).toContain(site.platform);
    }
    expect(BUILT_IN_USERNAME_SITES.filter((s) => s.platform).map((s) => s.platform)).toEqual(expect.arrayContaining(['reddit', 'youtube']));
  });
});

/** The service over an in-memory stand-in for its repository and a scripted download. */
function setup(env: Record<string, string>, stored: Partial<UsernameSiteListEntity> | null, download?: UsernameSiteListSource['download']) {
  let row: UsernameSiteListEntity | null = stored ? ({ id: 1, sourceUrl: LIST_URL, raw: '{}', sites: [], dropped: 0, etag: null, fetchedAt: new Date(), attemptedAt: null, lastError: null, ...stored } as UsernameSiteListEntity) : null;
  const failures: string[] = [];
  const store: DownloadedListStore<UsernameSiteListEntity, StoredSiteList> = {
    current: async () => row,
    replace: async (sourceUrl: string, list: StoredSiteList, etag: string | null, at: Date) => {
      row = { id: 1, sourceUrl, ...list, etag, fetchedAt: at, attemptedAt: at, lastError: null };
    },
    confirm: async (at: Date) => {
      if (row) row = { ...row, fetchedAt: at };
    },
    recordFailure: async (_sourceUrl: string, error: string) => {
      failures.push(error);
    },
  };
  const repository = {
    current: async () => row,
    withRefreshLock: async <T>(work: (s: DownloadedListStore<UsernameSiteListEntity, StoredSiteList>) => Promise<T>) => ({ acquired: true as const, value: await work(store) }),
  };
  const source = { download: download ?? (async () => ({ status: 'unavailable' as const, message: 'offline' })) };
  const service = new UsernameSiteListService(
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://db.example/x', ...env }),
    source as unknown as UsernameSiteListSource,
    repository as unknown as UsernameSiteListRepository,
  );
  return { service, failures, row: () => row };
}

describe('UsernameSiteListService', () => {
  const adult = configured('Adult Site', { category: 'xx nsfw xx', adult: true });

  it('checks the built-in sites alone when the list is off', async () => {
    const { service } = setup({ USERNAME_SITE_LIST_URL: 'off' }, { sites: [configured('Stored')] });
    const inUse = await service.inUse();
    expect(inUse.sites.map((s) => s.name)).toEqual(BUILT_IN_USERNAME_SITES.map((s) => s.name));
    expect(inUse.list).toBeNull();
  });

  it("asks WhatsMyName's list by default, and the built-in sites alone until it is downloaded", async () => {
    const { service } = setup({}, null);
    const inUse = await service.inUse();
    expect(inUse.sites.map((s) => s.name)).toEqual(BUILT_IN_USERNAME_SITES.map((s) => s.name));
    expect(inUse.list).toEqual({ credit: WHATSMYNAME_CREDIT, loaded: false });
  });

  it('says the list is loaded once a download of this URL succeeded, and not after failures alone', async () => {
    const failedOnly = setup({ USERNAME_SITE_LIST_URL: LIST_URL }, { fetchedAt: null, raw: null, attemptedAt: new Date(), lastError: 'offline' });
    expect((await failedOnly.service.inUse()).list).toEqual({ credit: { name: 'lists.example', url: LIST_URL }, loaded: false });
    const loaded = setup({ USERNAME_SITE_LIST_URL: LIST_URL }, { sites: [configured('Forum')] });
    const inUse = await loaded.service.inUse();
    expect(inUse.list).toEqual({ credit: { name: 'lists.example', url: LIST_URL }, loaded: true });
    expect(inUse.sites.find((s) => s.name === 'Forum')).toMatchObject({ origin: 'configured' });
    expect(inUse.sites.find((s) => s.name === 'GitHub')).toMatchObject({ origin: 'built-in' });
  });

  it('merges the stored configured list and leaves adult sites out unless asked', async () => {
    const stored = { sites: [configured('Forum'), adult] };
    const names = async (env: Record<string, string>) => (await setup({ USERNAME_SITE_LIST_URL: LIST_URL, ...env }, stored).service.sites()).map((s) => s.name);
    const merged = await names({});
    expect(merged).toContain('Forum');
    expect(merged).toContain('GitHub');
    expect(merged).not.toContain('Adult Site');
    expect(await names({ USERNAME_INCLUDE_ADULT: 'true' })).toContain('Adult Site');
    expect(await names({ USERNAME_BUILTIN_SITES: 'false' })).toEqual(['Forum']);
  });

  it('ignores a stored copy of another URL', async () => {
    const { service } = setup({ USERNAME_SITE_LIST_URL: LIST_URL, USERNAME_BUILTIN_SITES: 'false' }, { sourceUrl: 'https://old.example/list.json', sites: [configured('Old')] });
    expect(await service.sites()).toEqual([]);
  });

  it('stores a fetched list, and keeps it when a later refresh fails or finds nothing usable', async () => {
    const document = { sites: [{ name: 'Forum', uri_check: 'https://forum.example/{account}', e_code: 200, e_string: 'x', m_code: 404, m_string: '', cat: 'social' }, { name: 'Bad' }] };
    let answer: Awaited<ReturnType<UsernameSiteListSource['download']>> = { status: 'ok', data: { notModified: false, text: JSON.stringify(document), etag: '"v1"' } };
    const calls: (string | null)[] = [];
    const { service, failures, row } = setup({ USERNAME_SITE_LIST_URL: LIST_URL, USERNAME_BUILTIN_SITES: 'false' }, null, async (_url, etag) => {
      calls.push(etag);
      return answer;
    });
    expect(await service.refresh()).toEqual({ status: 'refreshed', siteCount: 1, dropped: 1 });
    expect(row()).toMatchObject({ sourceUrl: LIST_URL, etag: '"v1"', dropped: 1 });
    expect((await service.sites()).map((s) => s.name)).toEqual(['Forum']);

    answer = { status: 'unavailable', message: 'Username site list answered with HTTP 500' };
    expect(await service.refresh()).toEqual({ status: 'failed', error: 'Username site list answered with HTTP 500' });
    answer = { status: 'ok', data: { notModified: false, text: '{"sites": "nope"}', etag: null } };
    expect(await service.refresh()).toEqual({ status: 'failed', error: 'Username site list held no usable site' });
    answer = { status: 'ok', data: { notModified: false, text: 'not json', etag: null } };
    expect(await service.refresh()).toEqual({ status: 'failed', error: 'Username site list answered with a malformed response' });
    expect(failures).toHaveLength(3);
    expect((await service.sites()).map((s) => s.name)).toEqual(['Forum']);

    answer = { status: 'ok', data: { notModified: true } };
    expect(await service.refresh()).toEqual({ status: 'unchanged' });
    // The stored copy's ETag is sent back.
    expect(calls).toEqual([null, '"v1"', '"v1"', '"v1"', '"v1"']);
  });

  it('retries hourly until a download succeeds, then leaves a copy younger than a day alone', async () => {
    const download = jest.fn(async () => ({ status: 'unavailable' as const, message: 'Username site list could not be reached' }));
    const production = { NODE_ENV: 'production', USERNAME_SITE_LIST_URL: LIST_URL };
    const never = setup(production, { fetchedAt: null, raw: null, attemptedAt: new Date(), lastError: 'offline' }, download);
    never.service.hourly();
    await never.service.beforeApplicationShutdown();
    expect(download).toHaveBeenCalledTimes(1);

    const fresh = setup(production, { fetchedAt: new Date(Date.now() - 3_600_000) }, download);
    fresh.service.hourly();
    await fresh.service.beforeApplicationShutdown();
    expect(download).toHaveBeenCalledTimes(1);

    const stale = setup(production, { fetchedAt: new Date(Date.now() - 25 * 3_600_000) }, download);
    stale.service.hourly();
    await stale.service.beforeApplicationShutdown();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('skips a fresh copy and does nothing without a URL', async () => {
    const download = jest.fn();
    const fresh = setup({ USERNAME_SITE_LIST_URL: LIST_URL }, { fetchedAt: new Date() }, download);
    expect(await fresh.service.refresh({ ifOlderThanMs: 3_600_000 })).toEqual({ status: 'skipped', reason: 'fresh' });
    expect(await setup({ USERNAME_SITE_LIST_URL: 'off' }, null, download).service.refresh()).toEqual({ status: 'skipped', reason: 'not_configured' });
    expect(download).not.toHaveBeenCalled();
  });
});
