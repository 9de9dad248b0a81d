import { Client } from 'pg';
import { BreachCatalogueService } from '../../server/src/scans/breach-catalogue/breach-catalogue.service';
import { fromHibp } from '../../server/src/scans/breaches/breach-record.mapper';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { FakeXposedOrNot, sampleXonBreach } from '../fakes/xposedornot';
import { createTestApp, TestApp } from '../support/test-app';

/** The lock key BreachCatalogueRepository takes for HIBP's catalogue (pg_try_advisory_lock, held on its own connection); XposedOrNot's is the next one. */
const REFRESH_LOCK_KEY = 4_640_297_105;

// The breach sources' cached catalogues: refreshed from each fake's /breaches into PostgreSQL, read merged.
describe('breach catalogue', () => {
  const fake = new FakeHibp();
  const xon = new FakeXposedOrNot();
  let t: TestApp;
  let catalogue: BreachCatalogueService;
  /** HIBP's breaches of a host, as records. */
  const hibpOf = async (host: string) => (await catalogue.findByDomain(host)).breaches.map((b) => b.record);

  const lantern = sampleBreach({ Domain: 'LanternMarket.example' });
  const orbit = sampleBreach({
    Name: 'OrbitForum',
    Title: 'Orbit Forum',
    Domain: 'orbitforum.example',
    BreachDate: '2019-11-02',
    AddedDate: '2020-01-20T18:04:11Z',
    ModifiedDate: '2022-06-01T07:00:00Z',
    PwnCount: 9_007_199_254,
    DataClasses: ['Email addresses', 'Usernames', 'IP addresses'],
    IsSensitive: true,
  });
  const quill = sampleBreach({ Name: 'QuillNotes', Title: 'Quill Notes', Domain: '', IsSpamList: true, IsVerified: false });

  beforeAll(async () => {
    await Promise.all([fake.start(), xon.start()]);
    t = await createTestApp({ ...fake.env, ...xon.env });
    catalogue = t.app.get(BreachCatalogueService);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([fake.close(), xon.close()]);
  });
  beforeEach(() => {
    fake.resetBehaviour();
    xon.resetBehaviour();
  });

  it('stores the whole catalogue and answers it by domain, fields intact', async () => {
    expect(await catalogue.state()).toEqual({ refreshedAt: null, breachCount: 0, attemptedAt: null, lastError: null });
    fake.catalogue = [lantern, orbit, quill];
    const before = Date.now();
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'refreshed', breachCount: 3 });
    expect(fake.requestsTo('breaches')).toHaveLength(1);

    const state = await catalogue.state();
    expect(state.breachCount).toBe(3);
    expect(state.lastError).toBeNull();
    expect(state.refreshedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);

    // Domains are stored lower-cased; everything else comes back as HIBP sent it.
    await expect(hibpOf('lanternmarket.example')).resolves.toEqual([fromHibp({ ...lantern, Domain: 'lanternmarket.example' })]);
    await expect(hibpOf('orbitforum.example')).resolves.toEqual([fromHibp(orbit)]);
  });

  it('replaces the catalogue on the next refresh: changed rows updated, unlisted ones removed', async () => {
    fake.catalogue = [lantern, orbit, quill];
    await catalogue.refresh();
    const changed = { ...orbit, Title: 'Orbit Forums (renamed)', PwnCount: 12, DataClasses: ['Email addresses'], ModifiedDate: '2024-02-02T02:02:02Z' };
    const newcomer = sampleBreach({ Name: 'TidepoolGames', Title: 'Tidepool Games', Domain: 'tidepool.example' });
    fake.catalogue = [changed, newcomer];
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'refreshed', breachCount: 2 });

    await expect(hibpOf('orbitforum.example')).resolves.toEqual([fromHibp(changed)]);
    await expect(hibpOf('tidepool.example')).resolves.toEqual([fromHibp(newcomer)]);
    await expect(hibpOf('lanternmarket.example')).resolves.toEqual([]);
    expect((await catalogue.state()).breachCount).toBe(2);
    expect(await rowCount()).toBe(2);
  });

  it('keeps the stored rows when a refresh fails, and records why', async () => {
    fake.catalogue = [lantern, orbit];
    await catalogue.refresh();
    const good = await catalogue.state();

    fake.failures.breaches = { kind: 'status', status: 500 };
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'failed', error: 'API error: 500' });
    const failed = await catalogue.state();
    expect(failed.lastError).toBe('API error: 500');
    expect(failed.refreshedAt).toEqual(good.refreshedAt);
    expect(failed.breachCount).toBe(2);
    expect(failed.attemptedAt!.getTime()).toBeGreaterThan(good.attemptedAt!.getTime());
    expect(await rowCount()).toBe(2);
    await expect(hibpOf('orbitforum.example')).resolves.toEqual([fromHibp(orbit)]);

    fake.failures.breaches = { kind: 'malformed' };
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'failed', error: 'Have I Been Pwned answered with a malformed response' });
    fake.failures.breaches = undefined;
    fake.catalogue = [];
    await expect(catalogue.refresh()).resolves.toMatchObject({ status: 'failed', error: expect.stringMatching(/empty breach catalogue/) });
    expect(await rowCount()).toBe(2);

    // The next success clears the error.
    fake.catalogue = [lantern];
    await catalogue.refresh();
    expect(await catalogue.state()).toMatchObject({ lastError: null, breachCount: 1 });
  });

  it('finds breaches of the host and of its parent domains, never of a sibling, a child or a bare TLD', async () => {
    const shop = sampleBreach({ Name: 'Shop', Domain: 'shop.example', BreachDate: '2018-01-01' });
    const euShop = sampleBreach({ Name: 'EuShop', Domain: 'eu.shop.example', BreachDate: '2020-01-01' });
    const other = sampleBreach({ Name: 'Other', Domain: 'othershop.example' });
    const tld = sampleBreach({ Name: 'Tld', Domain: 'example' });
    fake.catalogue = [shop, euShop, other, tld, quill];
    await catalogue.refresh();

    const names = async (host: string) => (await hibpOf(host)).map((b) => b.name);
    await expect(names('www.eu.shop.example')).resolves.toEqual(['EuShop', 'Shop']); // newest breach first
    await expect(names('Shop.Example.')).resolves.toEqual(['Shop']);
    await expect(names('othershop.example')).resolves.toEqual(['Other']);
    await expect(names('example')).resolves.toEqual([]);
    await expect(names('')).resolves.toEqual([]);
    await expect(names('nowhere.example')).resolves.toEqual([]);
  });

  it('shares one fetch between concurrent refreshes, and skips a fresh copy when asked to', async () => {
    fake.catalogue = [lantern];
    fake.delayMs = 100;
    const [a, b] = await Promise.all([catalogue.refresh(), catalogue.refresh()]);
    expect(a).toEqual({ status: 'refreshed', breachCount: 1 });
    expect(b).toEqual(a);
    expect(fake.requestsTo('breaches')).toHaveLength(1);

    await expect(catalogue.refresh('hibp', { ifOlderThanMs: 3_600_000 })).resolves.toEqual({ status: 'skipped', reason: 'fresh' });
    expect(fake.requestsTo('breaches')).toHaveLength(1);
    await expect(catalogue.refresh('hibp', { ifOlderThanMs: 0 })).resolves.toEqual({ status: 'refreshed', breachCount: 1 });
    expect(fake.requestsTo('breaches')).toHaveLength(2);
  });

  it('lets only one instance refresh at a time (another holding the lock makes it skip)', async () => {
    const other = new Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [REFRESH_LOCK_KEY]);
      await expect(catalogue.refresh()).resolves.toEqual({ status: 'skipped', reason: 'busy' });
      expect(fake.requestsTo('breaches')).toHaveLength(0);
      // Each source has its own lock: XposedOrNot's refresh is not held up by HIBP's.
      xon.catalogue = [sampleXonBreach()];
      await expect(catalogue.refresh('xposedornot')).resolves.toMatchObject({ status: 'refreshed' });
      await other.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK_KEY]);
      await expect(catalogue.refresh()).resolves.toMatchObject({ status: 'refreshed' });
    } finally {
      await other.end();
    }
  });

  it("merges both sources' catalogues: one entry per breach, each with the sources that list it", async () => {
    fake.catalogue = [lantern, orbit];
    xon.catalogue = [
      sampleXonBreach({ breachID: 'LanternMarket', domain: 'lanternmarket.example' }),
      sampleXonBreach({ breachID: 'OrbitForum2019', domain: 'orbitforum.example', breachedDate: '2019-07-01T00:00:00' }),
      sampleXonBreach({ breachID: 'OrbitScrape', domain: 'orbitforum.example', breachedDate: '2023-02-01T00:00:00', exposedData: ['Usernames'] }),
    ];
    await expect(catalogue.refresh('hibp')).resolves.toEqual({ status: 'refreshed', breachCount: 2 });
    await expect(catalogue.refresh('xposedornot')).resolves.toEqual({ status: 'refreshed', breachCount: 3 });
    expect(await catalogue.states()).toMatchObject({ hibp: { breachCount: 2 }, xposedornot: { breachCount: 3, lastError: null } });

    const orbitSite = await catalogue.findByDomain('forum.orbitforum.example');
    expect(orbitSite.loaded).toEqual(['hibp', 'xposedornot']);
    expect(orbitSite.breaches.map((b) => [b.record.source, b.record.name, b.sources, b.sourceNames])).toEqual([
      ['hibp', 'OrbitForum', ['hibp', 'xposedornot'], { hibp: 'OrbitForum', xposedornot: 'OrbitForum2019' }],
      ['xposedornot', 'OrbitScrape', ['xposedornot'], { xposedornot: 'OrbitScrape' }],
    ]);
    // XposedOrNot's own fields where only it knows the breach.
    expect(orbitSite.breaches[1].record).toMatchObject({ breachDate: '2023-02-01', dataClasses: ['Usernames'], addedDate: '2021-06-01T10:00:00Z' });

    // A failed XposedOrNot refresh keeps its rows and leaves HIBP's alone.
    xon.failures.breaches = { kind: 'rate-limited', retryAfter: '30' };
    await expect(catalogue.refresh('xposedornot')).resolves.toEqual({ status: 'failed', error: 'Rate limit exceeded. Please try again later.' });
    expect((await catalogue.findByDomain('orbitforum.example')).breaches).toHaveLength(2);
    // Nor does an HIBP refresh touch XposedOrNot's rows.
    fake.catalogue = [lantern];
    await catalogue.refresh('hibp');
    expect((await catalogue.findByDomain('orbitforum.example')).breaches.map((b) => b.sources)).toEqual([['xposedornot'], ['xposedornot']]);
  });

  async function rowCount(): Promise<number> {
    const client = new Client({ connectionString: t.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM breach_catalogue WHERE source = 'hibp'`);
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }
});
