import { Client } from 'pg';
import { BreachCatalogueService } from '../../server/src/scans/breach-catalogue/breach-catalogue.service';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { createTestApp, TestApp } from '../support/test-app';

/** The lock key BreachCatalogueRepository takes (pg_try_advisory_xact_lock). */
const REFRESH_LOCK_KEY = 4_640_297_105;

// The cached HIBP breach catalogue: refreshed from the fake's /breaches into PostgreSQL.
describe('breach catalogue', () => {
  const fake = new FakeHibp();
  let t: TestApp;
  let catalogue: BreachCatalogueService;

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
    await fake.start();
    t = await createTestApp(fake.env);
    catalogue = t.app.get(BreachCatalogueService);
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });
  beforeEach(() => fake.resetBehaviour());

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
    await expect(catalogue.findByDomain('lanternmarket.example')).resolves.toEqual([{ ...lantern, Domain: 'lanternmarket.example' }]);
    await expect(catalogue.findByDomain('orbitforum.example')).resolves.toEqual([orbit]);
  });

  it('replaces the catalogue on the next refresh: changed rows updated, unlisted ones removed', async () => {
    fake.catalogue = [lantern, orbit, quill];
    await catalogue.refresh();
    const changed = { ...orbit, Title: 'Orbit Forums (renamed)', PwnCount: 12, DataClasses: ['Email addresses'], ModifiedDate: '2024-02-02T02:02:02Z' };
    const newcomer = sampleBreach({ Name: 'TidepoolGames', Title: 'Tidepool Games', Domain: 'tidepool.example' });
    fake.catalogue = [changed, newcomer];
    await expect(catalogue.refresh()).resolves.toEqual({ status: 'refreshed', breachCount: 2 });

    await expect(catalogue.findByDomain('orbitforum.example')).resolves.toEqual([changed]);
    await expect(catalogue.findByDomain('tidepool.example')).resolves.toEqual([newcomer]);
    await expect(catalogue.findByDomain('lanternmarket.example')).resolves.toEqual([]);
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
    await expect(catalogue.findByDomain('orbitforum.example')).resolves.toEqual([orbit]);

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

    const names = async (host: string) => (await catalogue.findByDomain(host)).map((b) => b.Name);
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

    await expect(catalogue.refresh({ ifOlderThanMs: 3_600_000 })).resolves.toEqual({ status: 'skipped', reason: 'fresh' });
    expect(fake.requestsTo('breaches')).toHaveLength(1);
    await expect(catalogue.refresh({ ifOlderThanMs: 0 })).resolves.toEqual({ status: 'refreshed', breachCount: 1 });
    expect(fake.requestsTo('breaches')).toHaveLength(2);
  });

  it('lets only one instance refresh at a time (another holding the lock makes it skip)', async () => {
    const other = new Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock($1)', [REFRESH_LOCK_KEY]);
      await expect(catalogue.refresh()).resolves.toEqual({ status: 'skipped', reason: 'busy' });
      expect(fake.requestsTo('breaches')).toHaveLength(0);
      await other.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK_KEY]);
      await expect(catalogue.refresh()).resolves.toMatchObject({ status: 'refreshed' });
    } finally {
      await other.end();
    }
  });

  async function rowCount(): Promise<number> {
    const client = new Client({ connectionString: t.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM breach_catalogue');
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }
});
