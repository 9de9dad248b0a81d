import { loadConfig } from '../../server/src/common/config/app-config';
import { SafeFetcher, systemLookup } from '../../server/src/common/security/ssrf/safe-fetcher';
import { UsernameFootprintSource } from '../../server/src/scans/sources/username-footprint.source';
import type { UsernameSiteListService } from '../../server/src/scans/username/username-site-list.service';
import { UsernameSiteListService as SiteListService } from '../../server/src/scans/username/username-site-list.service';
import type { UsernameFootprint, UsernameSiteResult } from '../../server/src/scans/username/username-site.types';
import { BUILT_IN_USERNAME_SITES } from '../../server/src/scans/username/username-sites.catalogue';
import { parseSiteList } from '../../server/src/scans/username/site-list.parser';
import { FakeUsernameSites } from '../fakes/username-sites';
import { CanaryServer } from '../fakes/websites';
import { query } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const CONCURRENCY = 4;
// Generous, so a loaded machine never times out the 100 ms sites; the slow site is far beyond it.
const TIMEOUT_MS = 2_000;
const CROWDED_ENTRIES = 6;
/** A name that exists on the sites that have accounts. */
const TAKEN = 'jane_doe';
/** A name that exists nowhere. */
const FREE = 'nobody.here';

// The username footprint end to end: the configured list fetched from a fake, cached in the
// database, and every site asked over real HTTP through the real SSRF guard (127.0.0.1 allowed, as
// for a closed network; 127.0.0.2 not).
describe('the username footprint check', () => {
  const fakes = new FakeUsernameSites([
    { name: 'Honest', behaviour: 'honest', accounts: [TAKEN], delayMs: 100 },
    { name: 'CatchAll', behaviour: 'catch-all', accounts: [TAKEN], delayMs: 100 },
    { name: 'Soft404', behaviour: 'soft-404', accounts: [TAKEN], delayMs: 100 },
    { name: 'LoginRedirect', behaviour: 'redirect-login', accounts: [TAKEN], delayMs: 100 },
    { name: 'HomeRedirect', behaviour: 'redirect-home', accounts: [TAKEN], delayMs: 100 },
    { name: 'Wall403', behaviour: 'bot-wall-403', accounts: [TAKEN] },
    { name: 'Wall503', behaviour: 'bot-wall-503', accounts: [TAKEN] },
    { name: 'Limited', behaviour: 'rate-limited', accounts: [TAKEN] },
    { name: 'Slow', behaviour: 'honest', accounts: [TAKEN], delayMs: 8_000 },
    { name: 'Adult', behaviour: 'honest', accounts: [TAKEN], category: 'xx NSFW xx' },
    { name: 'Crowded', behaviour: 'honest', accounts: [TAKEN], delayMs: 100 },
  ]);
  const canary = new CanaryServer();
  let t: TestApp;

  const footprint = async (name: string): Promise<UsernameFootprint> => {
    const result = await t.app.get(UsernameFootprintSource).check(name, { signal: new AbortController().signal });
    if (result.status !== 'ok') throw new Error(`${result.status}: ${result.message}`);
    return result.data;
  };
  const bySite = (data: UsernameFootprint): Record<string, UsernameSiteResult> => Object.fromEntries(data.sites.map((s) => [s.site, s]));

  beforeAll(async () => {
    await Promise.all([fakes.start(), canary.start()]);
    const crowded = fakes.site('Crowded');
    // Several entries on one host: the checker must ask them one at a time.
    fakes.extraEntries = [
      ...Array.from({ length: CROWDED_ENTRIES - 1 }, (_, i) => ({ ...crowded.entry(), name: `Crowded ${i + 2}`, uri_check: `${crowded.origin}/u/{account}?mirror=${i + 2}` })),
      // A hostile list: an internal address, and entries that are not what the format allows.
      { name: 'Internal', uri_check: `http://127.0.0.2:${canary.port}/{account}`, e_code: 200, e_string: 'canary', m_code: 404, m_string: '', cat: 'social' },
      { name: 'Local file', uri_check: 'file:///etc/{account}', e_code: 200, e_string: 'root', m_code: 404, m_string: '', cat: 'social' },
      { name: 'Posted', uri_check: `${crowded.origin}/api`, post_body: '{"u":"{account}"}', e_code: 200, e_string: 'x', m_code: 404, m_string: '', cat: 'social' },
    ];
    t = await createTestApp({
      USERNAME_SITE_LIST_URL: fakes.listUrl,
      USERNAME_BUILTIN_SITES: 'false',
      USERNAME_CHECK_CONCURRENCY: String(CONCURRENCY),
      USERNAME_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
      FETCH_ALLOWED_PORTS: ['80', '443', ...fakes.ports, canary.port].join(','),
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
    expect(await t.app.get(SiteListService).refresh()).toEqual({ status: 'refreshed', siteCount: 11 + CROWDED_ENTRIES - 1 + 1, dropped: 2 });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([fakes.close(), canary.close()]);
  });

  beforeEach(() => fakes.resetCounts());

  it('caches the configured list in the database and asks for it again with its ETag', async () => {
    const [row] = await query<{ source_url: string; sites: unknown[]; dropped: number; etag: string; fetched_at: Date; raw: string }>(
      t,
      'SELECT source_url, sites, dropped, etag, fetched_at, raw FROM username_site_list',
    );
    expect(row).toMatchObject({ source_url: fakes.listUrl, dropped: 2 });
    expect(row.sites).toHaveLength(17);
    expect(row.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(JSON.parse(row.raw)).toEqual(fakes.siteListDocument());

    const before = fakes.listNotModified;
    expect(await t.app.get(SiteListService).refresh()).toEqual({ status: 'unchanged' });
    expect(fakes.listNotModified).toBe(before + 1);
  });

  it('finds a taken name where the sites say so, and on no trap', async () => {
    const sites = bySite(await footprint(TAKEN));
    expect(sites.Honest).toMatchObject({ outcome: 'hit', reason: 'HTTP 200 and the profile marker', httpStatus: 200, url: `${fakes.site('Honest').origin}/u/${TAKEN}` });
    expect(sites.CatchAll).toMatchObject({ outcome: 'hit' });
    expect(sites.Soft404).toMatchObject({ outcome: 'hit' });
    expect(sites.LoginRedirect).toMatchObject({ outcome: 'hit' });
    expect(sites.HomeRedirect).toMatchObject({ outcome: 'hit' });
    // The account exists there too, but the site never let us see it.
    expect(sites.Wall403).toMatchObject({ outcome: 'unknown', reason: 'bot wall (HTTP 403 with a challenge page)' });
    expect(sites.Wall503).toMatchObject({ outcome: 'unknown', reason: 'bot wall (HTTP 503 with a challenge page)' });
    expect(sites.Limited).toMatchObject({ outcome: 'unknown', reason: 'rate limited (HTTP 429)' });
    expect(sites.Slow).toMatchObject({ outcome: 'unknown', reason: 'timed out after 2 s' });
  });

  it('finds a free name nowhere: no false hit on the sites that answer every name', async () => {
    const data = await footprint(FREE);
    expect(data.sites.filter((s) => s.outcome === 'hit')).toEqual([]);
    const sites = bySite(data);
    expect(sites.Honest).toMatchObject({ outcome: 'miss', reason: 'HTTP 404 (a missing account)' });
    expect(sites.CatchAll).toMatchObject({ outcome: 'miss', reason: 'HTTP 200 and the missing-account marker', httpStatus: 200 });
    // The entry expects a 404; the site says 200 'not found': undecided, never found.
    expect(sites.Soft404).toMatchObject({ outcome: 'unknown', reason: 'HTTP 200 without the profile marker' });
    expect(sites.LoginRedirect).toMatchObject({ outcome: 'miss', reason: 'redirect to /login (a missing account)', httpStatus: 302 });
    expect(sites.HomeRedirect).toMatchObject({ outcome: 'miss', reason: 'redirect to / (a missing account)', httpStatus: 301 });
    for (const trap of ['Wall403', 'Wall503', 'Limited', 'Slow']) expect(sites[trap].outcome).toBe('unknown');
    // Redirects were not followed: the fakes saw no request for /login or /.
    expect(fakes.site('LoginRedirect').paths).not.toContain('/login');
    expect(fakes.site('HomeRedirect').paths).not.toContain('/');
  });

  it('never has two requests in flight to one host, while using the whole global limit', async () => {
    const data = await footprint(TAKEN);
    expect(data.sites.filter((s) => s.site.startsWith('Crowded')).map((s) => s.outcome)).toEqual(new Array(CROWDED_ENTRIES).fill('hit'));
    expect(fakes.site('Crowded').inFlight.total).toBe(CROWDED_ENTRIES);
    expect(fakes.site('Crowded').inFlight.max).toBe(1);
    expect(fakes.maxInFlightPerHost).toBe(1);
    expect(fakes.global.max).toBe(CONCURRENCY);
  });

  it('leaves adult sites out unless asked for', async () => {
    const data = await footprint(TAKEN);
    expect(data.sites.map((s) => s.site)).not.toContain('Adult');
    expect(fakes.site('Adult').inFlight.total).toBe(0);
    expect(data.checked).toBe(16);
  });

  it('refuses the internal address of a hostile list through the SSRF guard', async () => {
    const data = await footprint(TAKEN);
    expect(bySite(data).Internal).toMatchObject({
      outcome: 'unknown',
      reason: 'not asked: This URL points to a private or internal address and cannot be checked.',
    });
    expect(data.sites.map((s) => s.site)).not.toContain('Local file');
    expect(data.sites.map((s) => s.site)).not.toContain('Posted');
    expect(canary.hits).toBe(0);
  });

  it('reaches that address when the operator allows it (closed networks)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', FETCH_ALLOWED_PORTS: String(canary.port), FETCH_ALLOWED_ADDRESSES: '127.0.0.2/32' });
    const [internal] = parseSiteList({ sites: [fakes.siteListDocument().sites.find((s) => s.name === 'Internal')] }).sites;
    const list = { sites: async () => [internal] } as unknown as UsernameSiteListService;
    const source = new UsernameFootprintSource(config, new SafeFetcher(config, systemLookup), list);
    const result = await source.check(TAKEN, { signal: new AbortController().signal });
    expect(result).toMatchObject({ status: 'ok', data: { sites: [{ site: 'Internal', outcome: 'hit', httpStatus: 200 }] } });
    expect(canary.hits).toBe(1);
  });

  it('keeps the stored list when a refresh fails', async () => {
    fakes.listStatus = 500;
    try {
      expect(await t.app.get(SiteListService).refresh()).toEqual({ status: 'failed', error: 'Username site list answered with HTTP 500' });
    } finally {
      fakes.listStatus = 200;
    }
    // The refresh dropped the in-memory copy: these come from the database.
    expect((await t.app.get(SiteListService).sites()).map((s) => s.name)).toContain('Honest');
    const [row] = await query<{ last_error: string }>(t, 'SELECT last_error FROM username_site_list');
    expect(row.last_error).toBe('Username site list answered with HTTP 500');
  });
});

describe('the username site list merged with the built-in one', () => {
  const fakes = new FakeUsernameSites([
    { name: 'Forum', behaviour: 'honest' },
    { name: 'GitHub', behaviour: 'honest' },
    { name: 'Adult', behaviour: 'honest', category: 'xx NSFW xx' },
  ]);
  let t: TestApp;

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp({ USERNAME_SITE_LIST_URL: fakes.listUrl, USERNAME_INCLUDE_ADULT: 'true' });
  });

  afterAll(async () => {
    await t?.close();
    await fakes.close();
  });

  it('checks the built-in sites until the list is loaded, then both, the configured entry winning by name', async () => {
    const service = t.app.get(SiteListService);
    fakes.listStatus = 503;
    expect(await service.refresh()).toEqual({ status: 'failed', error: 'Username site list answered with HTTP 503' });
    fakes.listStatus = 200;
    expect(await service.state()).toMatchObject({ fetchedAt: null, siteCount: 0, lastError: 'Username site list answered with HTTP 503' });
    expect((await service.sites()).map((s) => s.name)).toEqual(BUILT_IN_USERNAME_SITES.map((s) => s.name));
    expect(await service.refresh()).toMatchObject({ status: 'refreshed', siteCount: 3 });
    expect(await service.state()).toMatchObject({ url: fakes.listUrl, siteCount: 3, lastError: null });
    const sites = await service.sites();
    const names = sites.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Forum', 'Adult', 'Reddit', 'YouTube', 'GitHub']));
    expect(names.filter((n) => n === 'GitHub')).toHaveLength(1);
    expect(sites.length).toBe(BUILT_IN_USERNAME_SITES.length + 2);
    expect(sites.find((s) => s.name === 'GitHub')?.uriCheck).toBe(`${fakes.site('GitHub').origin}/u/{account}`);
    expect(sites.find((s) => s.name === 'Adult')).toMatchObject({ adult: true, category: 'xx nsfw xx' });
  });
});
