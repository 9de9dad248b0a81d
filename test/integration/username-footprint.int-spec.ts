import { loadConfig } from '../../server/src/common/config/app.config';
import { SafeFetcher, systemLookup } from '../../server/src/common/security/ssrf/safe.fetcher';
import { UsernameFootprintSource } from '../../server/src/scans/username/username-footprint.source';
import type { UsernameSiteListService } from '../../server/src/scans/username/username-site-list.service';
import { UsernameSiteListService as SiteListService } from '../../server/src/scans/username/username-site-list.service';
import type { UsernameFootprint, UsernameSiteResult } from '../../server/src/scans/username/username-site.types';
import { BUILT_IN_USERNAME_SITES } from '../../server/src/scans/username/username-sites.catalogue';
import { WHATSMYNAME_CREDIT } from '../../server/src/scans/username/site-list.credit';
import { parseSiteList } from '../../server/src/scans/username/site-list.parser';
import { FakeUsernameSites } from '../fakes/username-sites';
import { CanaryServer } from '../fakes/websites';
import { freshIp, query } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

const CONCURRENCY = 4;
// Generous, so a loaded machine never times out the 100 ms sites; the slow site is far beyond it.
const TIMEOUT_MS = 2_000;
const CROWDED_ENTRIES = 6;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
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
    { name: 'GraphApi', behaviour: 'honest', accounts: [TAKEN], request: 'post', delayMs: 100 },
    { name: 'BrowserOnly', behaviour: 'honest', accounts: [TAKEN], requires: { 'User-Agent': BROWSER, 'X-Requested-With': 'XMLHttpRequest' } },
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
      // The same site under another name: asked once.
      { ...fakes.site('Honest').entry(), name: 'Honest (mirror)', uri_check: `${fakes.site('Honest').origin}/u/{account}/` },
      // Headers the SSRF guard owns (Host, TE) among the entry's own: dropped, the rest sent.
      {
        ...fakes.site('BrowserOnly').entry(),
        name: 'BrowserOnly via Host',
        uri_check: `${fakes.site('BrowserOnly').origin}/u/{account}?via=host`,
        headers: { 'User-Agent': BROWSER, 'X-Requested-With': 'XMLHttpRequest', Host: 'evil.example', TE: 'trailers' },
      },
    ];
    t = await createTestApp({
      USERNAME_SITE_LIST_URL: fakes.listUrl,
      USERNAME_BUILTIN_SITES: 'false',
      USERNAME_CHECK_CONCURRENCY: String(CONCURRENCY),
      USERNAME_CHECK_TIMEOUT_MS: String(TIMEOUT_MS),
      FETCH_ALLOWED_PORTS: ['80', '443', ...fakes.ports, canary.port].join(','),
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
    // 13 sites, the crowded site's mirrors, Internal, Honest's mirror and BrowserOnly via Host; 'Local file' dropped.
    expect(await t.app.get(SiteListService).refresh()).toEqual({ status: 'refreshed', siteCount: 13 + CROWDED_ENTRIES - 1 + 3, dropped: 1 });
  });

  afterAll(async () => {
    await t?.close();
    await Promise.all([fakes.close(), canary.close()]);
  });

  beforeEach(async () => {
    await fakes.settled();
    fakes.resetCounts();
  });

  it('caches the configured list in the database and asks for it again with its ETag', async () => {
    const [row] = await query<{ source_url: string; sites: unknown[]; dropped: number; etag: string; fetched_at: Date; raw: string }>(
      t,
      'SELECT source_url, sites, dropped, etag, fetched_at, raw FROM username_site_list',
    );
    expect(row).toMatchObject({ source_url: fakes.listUrl, dropped: 1 });
    expect(row.sites).toHaveLength(21);
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
    // A POST entry, the name in its body; the profile link is its uri_pretty.
    expect(sites.GraphApi).toMatchObject({ outcome: 'hit', reason: 'HTTP 200 and the profile marker', url: `${fakes.site('GraphApi').origin}/u/${TAKEN}` });
    // The entry's own headers, its browser User-Agent included, reach the site that insists on them.
    expect(sites.BrowserOnly).toMatchObject({ outcome: 'hit' });
    expect(sites['BrowserOnly via Host']).toMatchObject({ outcome: 'hit' });
  });

  it("sends an entry's own headers, except those the SSRF guard owns, and a POST entry's body", async () => {
    await footprint(TAKEN);
    const browserOnly = fakes.site('BrowserOnly');
    expect(browserOnly.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of browserOnly.requests) {
      expect(request.headers).toMatchObject({ 'user-agent': BROWSER, 'x-requested-with': 'XMLHttpRequest', host: new URL(browserOnly.origin).host });
      expect(request.headers.te).toBeUndefined();
    }
    const posts = fakes.site('GraphApi').requests.filter((r) => r.body.includes(TAKEN));
    expect(posts.at(-1)).toMatchObject({ method: 'POST', body: `{"query":"user(login: \\"${TAKEN}\\") { id }"}`, headers: { 'content-type': 'application/json' } });
    // Our own User-Agent where the entry names none.
    expect(fakes.site('Honest').requests.at(-1)?.headers['user-agent']).toMatch(/^Footprint\//);
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
    expect(sites.GraphApi).toMatchObject({ outcome: 'miss', reason: 'HTTP 404 and the missing-account marker', httpStatus: 404 });
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

  it('leaves adult sites out unless asked for, and asks a site listed twice once', async () => {
    const data = await footprint(TAKEN);
    expect(data.sites.map((s) => s.site)).not.toContain('Adult');
    expect(fakes.site('Adult').inFlight.total).toBe(0);
    expect(data.sites.map((s) => s.site)).not.toContain('Honest (mirror)');
    expect(fakes.site('Honest').inFlight.total).toBe(1);
    expect(data.checked).toBe(13 - 1 + CROWDED_ENTRIES - 1 + 2);
    expect(data.lists).toEqual({ builtIn: 0, configured: data.checked, list: { credit: WHATSMYNAME_CREDIT, loaded: true } });
  });

  it('refuses the internal address of a hostile list through the SSRF guard', async () => {
    const data = await footprint(TAKEN);
    expect(bySite(data).Internal).toMatchObject({
      outcome: 'unknown',
      reason: 'not asked: This URL points to a private or internal address and cannot be checked.',
    });
    expect(data.sites.map((s) => s.site)).not.toContain('Local file');
    expect(canary.hits).toBe(0);
  });

  it('reaches that address when the operator allows it (closed networks)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', FETCH_ALLOWED_PORTS: String(canary.port), FETCH_ALLOWED_ADDRESSES: '127.0.0.2/32' });
    const [internal] = parseSiteList({ sites: [fakes.siteListDocument().sites.find((s) => s.name === 'Internal')] }).sites;
    const list = { inUse: async () => ({ sites: [internal], list: null }) } as unknown as UsernameSiteListService;
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
  /**
   * Entries that ask about the same accounts as built-in sites, under other names, the way a
   * maintained list names them (written here; no request is made to them).
   */
  const sameAccounts = [
    ['GitHub (User)', 'https://api.github.com/users/{account}'],
    ['YouTube User2', 'https://www.youtube.com/@{account}'],
    ['dev.to', 'https://dev.to/api/users/by_username?url={account}'],
    ['Docker Hub (User)', 'https://hub.docker.com/v2/users/{account}/'],
    ['Fosstodon.org (Mastodon Instance)', 'https://fosstodon.org/api/v1/accounts/lookup?acct={account}'],
    ['Bluesky Username', 'https://public.api.bsky.app/xrpc/app.bsky.actor.getProfile?actor={account}.bsky.social'],
    // Its check address is our Hacker News profile address.
    ['HackerNews', 'https://news.ycombinator.com/user?id={account}'],
  ].map(([name, uri]) => ({ name, uri_check: uri, e_code: 200, e_string: '"id":', m_code: 404, m_string: 'Not Found', known: ['a', 'b'], cat: 'social' }));
  let t: TestApp;

  beforeAll(async () => {
    await fakes.start();
    fakes.extraEntries = sameAccounts;
    t = await createTestApp({ USERNAME_SITE_LIST_URL: fakes.listUrl, USERNAME_INCLUDE_ADULT: 'true' });
  });

  afterAll(async () => {
    await t?.close();
    await fakes.close();
  });

  it('checks the built-in sites until the list is loaded, then both, no account twice', async () => {
    const service = t.app.get(SiteListService);
    fakes.listStatus = 503;
    expect(await service.refresh()).toEqual({ status: 'failed', error: 'Username site list answered with HTTP 503' });
    fakes.listStatus = 200;
    expect(await service.state()).toMatchObject({ fetchedAt: null, siteCount: 0, lastError: 'Username site list answered with HTTP 503' });
    const before = await service.inUse();
    expect(before.sites.map((s) => s.name)).toEqual(BUILT_IN_USERNAME_SITES.map((s) => s.name));
    expect(before.list).toEqual({ credit: WHATSMYNAME_CREDIT, loaded: false });

    expect(await service.refresh()).toMatchObject({ status: 'refreshed', siteCount: 3 + sameAccounts.length });
    expect(await service.state()).toMatchObject({ url: fakes.listUrl, siteCount: 3 + sameAccounts.length, lastError: null });
    const after = await service.inUse();
    expect(after.list).toEqual({ credit: WHATSMYNAME_CREDIT, loaded: true });
    const names = after.sites.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Forum', 'Adult', 'Reddit', 'YouTube', 'GitHub', 'DEV Community', 'Docker Hub', 'Fosstodon', 'Bluesky', 'Hacker News']));
    for (const { name } of sameAccounts) expect(names).not.toContain(name);
    expect(names.filter((n) => n === 'GitHub')).toHaveLength(1);
    // Forum and Adult are new; every other entry replaced a built-in site.
    expect(after.sites.length).toBe(BUILT_IN_USERNAME_SITES.length + 2);
    const byName = Object.fromEntries(after.sites.map((s) => [s.name, s]));
    expect(byName.GitHub).toMatchObject({ uriCheck: `${fakes.site('GitHub').origin}/u/{account}`, origin: 'configured' });
    expect(byName.YouTube).toMatchObject({ uriCheck: 'https://www.youtube.com/@{account}', eString: '"id":', platform: 'youtube', origin: 'configured' });
    expect(byName['Hacker News']).toMatchObject({ uriCheck: 'https://news.ycombinator.com/user?id={account}', origin: 'configured' });
    expect(byName.Adult).toMatchObject({ adult: true, category: 'xx nsfw xx' });
    expect(byName.Reddit.origin).toBe('built-in');
  });
});

// Out of the box: WhatsMyName's list by default, the built-in list while it cannot be downloaded
// (as on a machine without Internet), and the scan's check line saying which list was used. The
// "published list" is a fake's; only the discard port may be fetched besides the fakes, so the
// built-in sites (real hosts on 443) are refused before any lookup.
describe('the username check out of the box', () => {
  const fakes = new FakeUsernameSites([
    { name: 'Forum', behaviour: 'honest', accounts: [TAKEN] },
    { name: 'Board', behaviour: 'honest', accounts: [] },
  ]);
  let t: TestApp;

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp({
      USERNAME_SITE_LIST_URL: fakes.listUrl,
      FETCH_ALLOWED_PORTS: ['9', ...fakes.ports].join(','),
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
  });

  afterAll(async () => {
    await t?.close();
    await fakes.close();
  });

  const usernameCheck = async () => {
    const { body } = await t.http().post('/api/scans').set('X-Forwarded-For', freshIp()).send({ input: `@${TAKEN}` }).expect(200);
    return { check: (body.checks as { id: string; status: string; message: string }[]).find((c) => c.id === 'username'), body };
  };

  it('asks the built-in sites while the list cannot be downloaded, and says so', async () => {
    fakes.listStatus = 503;
    try {
      expect(await t.app.get(SiteListService).refresh()).toMatchObject({ status: 'failed' });
    } finally {
      fakes.listStatus = 200;
    }
    const { check, body } = await usernameCheck();
    expect(check).toMatchObject({
      status: 'unavailable',
      message: `Failed to analyze social media profile: None of the ${BUILT_IN_USERNAME_SITES.length} sites (Footprint's own list; WhatsMyName's list could not be downloaded yet) gave a usable answer (timeouts, rate limits, bot walls or unexpected answers).`,
    });
    expect(body.usernameSiteList).toBeUndefined();
  });

  it('asks both lists once the list is downloaded, crediting WhatsMyName', async () => {
    expect(await t.app.get(SiteListService).refresh()).toMatchObject({ status: 'refreshed', siteCount: 2 });
    const { check, body } = await usernameCheck();
    const total = BUILT_IN_USERNAME_SITES.length + 2;
    // Only the two list sites answer here (the built-in ones are out of reach): too few for a verdict.
    expect(check).toMatchObject({
      status: 'partial',
      message: `Only 2 of ${total} sites gave a usable answer (${Math.ceil(total * 0.8)} needed for a verdict), so this result gives no score. Checked ${total} sites (WhatsMyName's list and Footprint's own): 1 found, 1 not found, ${total - 2} could not be determined`,
      answers: { answered: 2, asked: total, required: Math.ceil(total * 0.8) },
    });
    expect(body.privacyScore).toBeNull();
    expect(body.coverage.complete).toBe(false);
    expect(body.usernameSiteList).toEqual({ builtIn: BUILT_IN_USERNAME_SITES.length, configured: 2, list: { ...WHATSMYNAME_CREDIT, loaded: true } });
    expect((body.usernameSites as { site: string; outcome: string }[]).slice(0, 1)).toEqual([expect.objectContaining({ site: 'Forum', outcome: 'hit' })]);
  });
});
