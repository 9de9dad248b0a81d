import { loadConfig } from '../../common/config/app.config';
import type { SafeFetcher } from '../../common/security/ssrf/safe.fetcher';
import { SafeFetchError, SafeFetchOptions, SafeFetchResponse } from '../../common/security/ssrf/safe-fetch.types';
import type { UsernameSiteListService } from './username-site-list.service';
import type { UsernameSite } from './username-site.types';
import { testSite } from './username-site.test-helpers';
import { normalizeUsername, USERNAME_MAX_BODY_BYTES, USERNAME_MESSAGES, USERNAME_PROFILE_MAX_CHARS, UsernameFootprintSource } from './username-footprint.source';

type Answer = Partial<SafeFetchResponse> | SafeFetchError | ((options: SafeFetchOptions) => Promise<SafeFetchResponse>);

const site = (name: string, overrides: Partial<UsernameSite> = {}): UsernameSite =>
  testSite(name, { uriCheck: `https://${name.toLowerCase()}.example/api/{account}`, eString: '"id":', ...overrides });

function response(url: string, overrides: Partial<SafeFetchResponse>): SafeFetchResponse {
  return { url, status: 200, headers: { 'content-type': ['application/json'] }, body: Buffer.alloc(0), truncated: false, hops: [{ url, status: 200 }], remoteAddress: '203.0.113.5', ...overrides };
}

/** The source with a stand-in for the SSRF guard's fetcher (answers per URL, records every call) and a fixed site list. */
function setup(sites: UsernameSite[], answers: Record<string, Answer>, env: Record<string, string> = {}) {
  const calls: { url: string; options: SafeFetchOptions }[] = [];
  const fetcher = {
    fetch: async (url: string, options: SafeFetchOptions) => {
      calls.push({ url, options });
      const answer = answers[url];
      if (answer === undefined) throw new SafeFetchError('unavailable', 'The website could not be reached.');
      if (answer instanceof SafeFetchError) throw answer;
      if (typeof answer === 'function') return answer(options);
      return response(url, answer);
    },
  };
  const list = { inUse: async () => ({ sites, list: null }) };
  const source = new UsernameFootprintSource(loadConfig({ NODE_ENV: 'test', ...env }), fetcher as unknown as SafeFetcher, list as unknown as UsernameSiteListService);
  return { source, calls };
}

const signal = () => new AbortController().signal;
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('normalizeUsername', () => {
  it.each([
    ['jane_doe', 'jane_doe'],
    ['@jane.doe', 'jane.doe'],
    ['  Jane-Doe ', 'Jane-Doe'],
  ])('accepts %j as %j', (raw, name) => expect(normalizeUsername(raw)).toBe(name));

  it.each(['', '@', '...', 'a b', 'jane/../admin', 'jane?x=1', 'jäne', 'a'.repeat(65), '127.0.0.1:8080', 'x%2F'])('refuses %j', (raw) => {
    expect(normalizeUsername(raw)).toBeUndefined();
  });
});

describe('UsernameFootprintSource', () => {
  it('asks each site through the guard without following redirects, capped, and classifies each answer', async () => {
    const sites = [site('Alpha', { uriPretty: 'https://alpha.example/u/{account}' }), site('Beta', { mCode: 302 }), site('Gamma', { mCode: 200, mString: 'No such user' })];
    const { source, calls } = setup(sites, {
      'https://alpha.example/api/jane': { body: json({ id: 1 }) },
      'https://beta.example/api/jane': { status: 302, headers: { location: ['/login'] }, body: Buffer.alloc(0) },
      'https://gamma.example/api/jane': { body: Buffer.from('No such user') },
    });
    const result = await source.check('@jane', { signal: signal() });
    expect(calls).toHaveLength(3);
    expect(calls.every(({ options }) => options.followRedirects === false && options.maxBodyBytes === USERNAME_MAX_BODY_BYTES && options.method === 'GET')).toBe(true);
    expect(result).toEqual({
      status: 'ok',
      data: {
        checked: 3,
        sites: [
          // The API address asked is kept beside the profile link, so the evidence says what answered.
          { site: 'Alpha', category: 'social', origin: 'built-in', url: 'https://alpha.example/u/jane', askedUrl: 'https://alpha.example/api/jane', outcome: 'hit', reason: 'HTTP 200 and the profile marker', httpStatus: 200 },
          { site: 'Beta', category: 'social', origin: 'built-in', url: 'https://beta.example/api/jane', outcome: 'miss', reason: 'redirect to /login (a missing account)', httpStatus: 302 },
          { site: 'Gamma', category: 'social', origin: 'built-in', url: 'https://gamma.example/api/jane', outcome: 'miss', reason: 'HTTP 200 and the missing-account marker', httpStatus: 200 },
        ],
        lists: { builtIn: 3, configured: 0, list: null },
      },
    });
  });

  it('hands on the page of a hit on a profile-page site only, capped', async () => {
    const big = `{"id":1,"bio":"${'x'.repeat(USERNAME_PROFILE_MAX_CHARS)}"}`;
    const { source } = setup([site('Profile', { profilePage: true, platform: 'reddit' }), site('Plain')], {
      'https://profile.example/api/jane': { body: Buffer.from(big) },
      'https://plain.example/api/jane': { body: json({ id: 2 }) },
    });
    const result = await source.check('jane', { signal: signal() });
    if (result.status !== 'ok') throw new Error(result.message);
    const [plain, profile] = result.data.sites;
    expect(profile).toMatchObject({ site: 'Profile', platform: 'reddit', outcome: 'hit' });
    expect(profile.profileHtml).toHaveLength(USERNAME_PROFILE_MAX_CHARS);
    expect(big.startsWith(profile.profileHtml ?? '-')).toBe(true);
    expect(plain.profileHtml).toBeUndefined();
  });

  it('says why a site gave no answer: its time limit, the guard, the network', async () => {
    const { source } = setup([site('Slow'), site('Private'), site('Down'), site('Fine')], {
      'https://slow.example/api/jane': (options) =>
        new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')))),
      'https://private.example/api/jane': new SafeFetchError('refused', 'This URL points to a private or internal address and cannot be checked.'),
      'https://fine.example/api/jane': { status: 404 },
    }, { USERNAME_CHECK_TIMEOUT_MS: '150' });
    const result = await source.check('jane', { signal: signal() });
    if (result.status !== 'ok') throw new Error(result.message);
    const byName = Object.fromEntries(result.data.sites.map((s) => [s.site, s]));
    expect(byName.Slow).toMatchObject({ outcome: 'unknown', reason: 'timed out after 0.1 s' });
    expect(byName.Slow.httpStatus).toBeUndefined();
    expect(byName.Private).toMatchObject({ outcome: 'unknown', reason: 'not asked: This URL points to a private or internal address and cannot be checked.' });
    expect(byName.Down).toMatchObject({ outcome: 'unknown', reason: 'no answer: The website could not be reached.' });
    expect(byName.Fine).toMatchObject({ outcome: 'miss' });
    // Found first, then unknown, then not found; by name within each.
    expect(result.data.sites.map((s) => s.site)).toEqual(['Down', 'Private', 'Slow', 'Fine']);
  });

  it('is unavailable when no site gave a usable answer, rather than a clean result', async () => {
    const { source } = setup([site('A'), site('B')], { 'https://a.example/api/jane': { status: 429 } });
    const result = await source.check('jane', { signal: signal() });
    expect(result).toEqual({ status: 'unavailable', message: USERNAME_MESSAGES.noAnswer(2, { builtIn: 2, configured: 0, list: null }) });
    expect(result.status === 'unavailable' && result.message).toBe(
      "None of the 2 sites (Footprint's own list) gave a usable answer (timeouts, rate limits, bot walls or unexpected answers).",
    );
  });

  it('is rate limited, not unavailable, when every site answered 429', async () => {
    const { source } = setup([site('A'), site('B')], { 'https://a.example/api/jane': { status: 429 }, 'https://b.example/api/jane': { status: 429 } });
    const result = await source.check('jane', { signal: signal() });
    expect(result).toEqual({ status: 'rate_limited', message: USERNAME_MESSAGES.allRateLimited(2, { builtIn: 2, configured: 0, list: null }) });
    expect(result.status === 'rate_limited' && result.message).toBe(
      'Every one of the 2 sites (Footprint\'s own list) answered "too many requests" (HTTP 429). Please try again later.',
    );
  });

  it('checks only the sites of a platform when asked', async () => {
    const { source, calls } = setup([site('Reddit', { platform: 'reddit' }), site('Other')], { 'https://reddit.example/api/jane': { status: 404 } });
    const result = await source.check('jane', { signal: signal(), onlyPlatform: 'reddit' });
    expect(calls.map((c) => c.url)).toEqual(['https://reddit.example/api/jane']);
    expect(result).toMatchObject({ status: 'ok', data: { checked: 1, sites: [{ site: 'Reddit', platform: 'reddit', outcome: 'miss' }] } });
  });

  it("applies a site's bad characters, and leaves out a site the name cannot be sent to", async () => {
    const { source, calls } = setup([site('Dotless', { stripBadChar: '.' })], { 'https://dotless.example/api/janedoe': { status: 404 } });
    const result = await source.check('jane.doe', { signal: signal() });
    expect(calls.map((c) => c.url)).toEqual(['https://dotless.example/api/janedoe']);
    expect(result).toMatchObject({ status: 'ok', data: { checked: 1 } });
    const none = await setup([site('Empty', { stripBadChar: 'ab' })], {}).source.check('abba', { signal: signal() });
    expect(none).toEqual({ status: 'ok', data: { checked: 0, sites: [], lists: { builtIn: 0, configured: 0, list: null } } });
  });

  it('sends nothing for a name that is not a username', async () => {
    const { source, calls } = setup([site('A')], {});
    expect(await source.check('../../admin', { signal: signal() })).toEqual({ status: 'unavailable', message: USERNAME_MESSAGES.invalid });
    expect(calls).toHaveLength(0);
  });

  it("gives up when the scan's signal aborts, and does not start the requests still waiting", async () => {
    const controller = new AbortController();
    const sites = [site('One', { uriCheck: 'https://same.example/1/{account}' }), site('Two', { uriCheck: 'https://same.example/2/{account}' })];
    const { source, calls } = setup(sites, {
      'https://same.example/1/jane': (options) =>
        new Promise((_, reject) => {
          options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')));
          setImmediate(() => controller.abort());
        }),
    });
    expect(await source.check('jane', { signal: controller.signal })).toEqual({ status: 'timed_out', message: USERNAME_MESSAGES.timedOut });
    expect(calls.map((c) => c.url)).toEqual(['https://same.example/1/jane']);
  });

  it('answers by its answer-by time with the sites that answered, the rest unknown', async () => {
    const sites = [site('Fast'), site('Slow')];
    const { source } = setup(sites, {
      'https://fast.example/api/jane': { body: json({ id: 1 }) },
      'https://slow.example/api/jane': (options) =>
        new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')))),
    });
    const result = await source.check('jane', { signal: signal(), answerBy: Date.now() + 50 });
    expect(result).toEqual({
      status: 'ok',
      data: {
        checked: 2,
        sites: [
          expect.objectContaining({ site: 'Fast', outcome: 'hit' }),
          expect.objectContaining({ site: 'Slow', outcome: 'unknown', reason: 'not answered before the check ran out of time' }),
        ],
        lists: { builtIn: 2, configured: 0, list: null },
      },
    });
  });

  it('reports the sites still waiting for their turn at the answer-by time as unknown, never as not found', async () => {
    // One host, so the sites wait for each other; the first never answers.
    const sites = [site('First', { uriCheck: 'https://one.example/1/{account}' }), site('Second', { uriCheck: 'https://one.example/2/{account}' }), site('Other')];
    const { source, calls } = setup(sites, {
      'https://other.example/api/jane': { status: 404 },
      'https://one.example/1/jane': (options) =>
        new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')))),
    });
    const result = await source.check('jane', { signal: signal(), answerBy: Date.now() + 50 });
    if (result.status !== 'ok') throw new Error(result.message);
    expect(result.data.sites.map((s) => [s.site, s.outcome, s.reason])).toEqual([
      ['First', 'unknown', 'not answered before the check ran out of time'],
      ['Second', 'unknown', 'not asked: the check ran out of time'],
      ['Other', 'miss', 'HTTP 404 (a missing account)'],
    ]);
    expect(calls.map((c) => c.url)).not.toContain('https://one.example/2/jane');
  });

  it("sends the entry's own headers over ours, its User-Agent to the guard as the one to send", async () => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)', Host: 'other.example' };
    const { source, calls } = setup([site('Api', { headers }), site('Plain')], { 'https://api.example/api/jane': { status: 404 }, 'https://plain.example/api/jane': { status: 404 } });
    await source.check('jane', { signal: signal() });
    const byUrl = Object.fromEntries(calls.map((c) => [c.url, c.options]));
    expect(byUrl['https://api.example/api/jane']).toMatchObject({
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      // Host goes to the guard, which owns it and drops it.
      headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json', 'accept-language': 'en;q=0.9, *;q=0.5', host: 'other.example' },
    });
    expect(byUrl['https://api.example/api/jane'].headers).not.toHaveProperty('user-agent');
    expect(byUrl['https://plain.example/api/jane'].userAgent).toBeUndefined();
  });

  it('sends a POST entry as a POST, the name in its body, through the same politeness rules', async () => {
    const graph = (name: string, kind: string) =>
      site(name, { uriCheck: 'https://graph.example/api', uriPretty: `https://graph.example/${kind}/{account}`, postBody: `{"query":"${kind}(name:\\"{account}\\"){id}"}`, headers: { 'Content-Type': 'application/json' } });
    let inFlight = 0;
    let most = 0;
    const answer = (body: string) => async (): Promise<SafeFetchResponse> => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return response('https://graph.example/api', { body: Buffer.from(body) });
    };
    const calls: SafeFetchOptions[] = [];
    const { source } = setup([graph('Graph Users', 'user'), graph('Graph Teams', 'team')], {
      'https://graph.example/api': async (options) => {
        calls.push(options);
        return answer(options.body?.includes('user(') ? '{"data":{"id":7}}' : '{"errors":[{"message":"Not Found"}]}')();
      },
    });
    const result = await source.check('jane', { signal: signal() });
    expect(calls.map((c) => [c.method, c.body, c.headers?.['content-type']])).toEqual(
      expect.arrayContaining([
        ['POST', '{"query":"user(name:\\"jane\\"){id}"}', 'application/json'],
        ['POST', '{"query":"team(name:\\"jane\\"){id}"}', 'application/json'],
      ]),
    );
    // One host: one request at a time.
    expect(most).toBe(1);
    expect(result).toMatchObject({
      status: 'ok',
      data: { sites: [{ site: 'Graph Users', outcome: 'hit', url: 'https://graph.example/user/jane' }, { site: 'Graph Teams', outcome: 'unknown' }] },
    });
  });

  describe('scans of one handle at the same time', () => {
    /** An answer that waits until released, so several scans are in flight together. */
    function held(body: unknown) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const answer = async (options: SafeFetchOptions) => {
        await Promise.race([gate, new Promise((_, reject) => options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')), { once: true }))]);
        return response('https://alpha.example/api/jane', { body: json(body) });
      };
      return { answer, release };
    }

    it('ask each site once and give every scan the same answer', async () => {
      const { answer, release } = held({ id: 1 });
      const { source, calls } = setup([site('Alpha'), site('Beta')], { 'https://alpha.example/api/jane': answer, 'https://beta.example/api/jane': { status: 404, body: Buffer.alloc(0) } });
      const scans = [1, 2, 3, 4].map(() => source.check('jane', { signal: signal() }));
      await new Promise((r) => setImmediate(r));
      release();
      const results = await Promise.all(scans);
      expect(calls.map((c) => c.url).sort()).toEqual(['https://alpha.example/api/jane', 'https://beta.example/api/jane']);
      for (const result of results) expect(result).toEqual(results[0]);
      expect(results[0].status === 'ok' && results[0].data.sites.map((s) => [s.site, s.outcome])).toEqual([['Alpha', 'hit'], ['Beta', 'miss']]);
      // Settled requests are not kept: a later scan asks again.
      await source.check('jane', { signal: signal() });
      expect(calls).toHaveLength(4);
    });

    it('keep the shared request for the scans still waiting when one scan gives up, and stop it when all have', async () => {
      let current = held({ id: 1 });
      const { source, calls } = setup([site('Alpha')], { 'https://alpha.example/api/jane': (options) => current.answer(options) });
      const quitter = new AbortController();
      const gaveUp = source.check('jane', { signal: quitter.signal });
      const stayed = source.check('jane', { signal: signal() });
      await new Promise((r) => setImmediate(r));
      quitter.abort();
      await expect(gaveUp).resolves.toMatchObject({ status: 'timed_out' });
      current.release();
      await expect(stayed).resolves.toMatchObject({ status: 'ok', data: { sites: [{ site: 'Alpha', outcome: 'hit' }] } });
      expect(calls).toHaveLength(1);

      current = held({ id: 1 });
      const [first, second] = [new AbortController(), new AbortController()];
      const both = [source.check('jane', { signal: first.signal }), source.check('jane', { signal: second.signal })];
      await new Promise((r) => setImmediate(r));
      const asked = calls[1].options.signal;
      first.abort();
      expect(asked.aborted).toBe(false);
      second.abort();
      expect(asked.aborted).toBe(true);
      await Promise.all(both);
    });
  });
});
