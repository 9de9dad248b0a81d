import { Logger } from '@nestjs/common';
import { AppConfig, loadConfig } from '../../common/config/app.config';
import { MAX_FILTER_LIST_DOMAINS, parseFilterList, TrackerCatalogueService } from './tracker-catalogue.service';
import { FILTER_LIST_CATEGORY, FILTER_LIST_COMPANY, TRACKER_CATALOGUE } from './tracker.catalogue';

describe('parseFilterList', () => {
  it.each([
    ['||ads.invented.example^', 'ads.invented.example'],
    ['||tracker.invented.org^$third-party', 'tracker.invented.org'],
    ['||pixel.invented.net^$script,image,3p', 'pixel.invented.net'],
    ['||beacon.invented.io^$ping,xmlhttprequest,important', 'beacon.invented.io'],
    ['||narrow.invented.example^$~image', 'narrow.invented.example'],
    ['||ends.invented.example^|', 'ends.invented.example'],
    ['||UPPER.Invented.Example^', 'upper.invented.example'],
    ['||dotted.invented.example.^', 'dotted.invented.example'],
    ['||bücher.invented.example^', 'xn--bcher-kva.invented.example'],
    ['  ||padded.invented.example^  ', 'padded.invented.example'],
    ['||shop.invented.co.uk^', 'shop.invented.co.uk'],
  ])('takes the simple domain rule %j', (rule, domain) => {
    expect(parseFilterList(rule)).toEqual({ domains: [domain], ignored: 0 });
  });

  it.each([
    ['an exception', '@@||good.invented.example^'],
    ['a cosmetic rule', 'invented.example##.advert'],
    ['a generic cosmetic rule', '##.banner-ad'],
    ['a cosmetic exception', 'invented.example#@#.advert'],
    ['an extended cosmetic rule', 'invented.example#?#div:has(> .ad)'],
    ['a scriptlet', 'invented.example##+js(set-constant, x, true)'],
    ['a regular expression', '/^https?:\\/\\/ads[0-9]+\\./'],
    ['a path rule', '||invented.example/ads/'],
    ['a rule with a path after ^', '||invented.example^*/banner.js'],
    ['a wildcard domain', '||*.invented.example^'],
    ['a rule without ^ (a prefix match)', '||invented.example'],
    ['an address-anchored rule', '|https://invented.example^'],
    ['a plain substring rule', 'ads.invented.example'],
    ['a rule limited to some sites', '||limited.invented.example^$domain=site.example'],
    ['a first-party-only rule', '||own.invented.example^$~third-party'],
    ['a 1p rule', '||own.invented.example^$1p'],
    ['a pop-up rule', '||pop.invented.example^$popup'],
    ['a parameter-removal rule', '||params.invented.example^$removeparam=utm_source'],
    ['a redirect rule', '||redir.invented.example^$script,redirect=noopjs'],
    ['a badfilter rule', '||bad.invented.example^$badfilter'],
    ['an empty option list', '||empty.invented.example^$'],
    ['a bare public suffix', '||co.uk^'],
    ['a top-level domain', '||com^'],
    ['an IP address', '||192.0.2.10^'],
    ['a hosts line pointing to a real address', '192.0.2.10 nas.invented.example'],
    ['a malformed domain', '||bad domain.example^'],
  ])('ignores %s: %j', (_what, rule) => {
    expect(parseFilterList(rule)).toEqual({ domains: [], ignored: 1 });
  });

  it.each([
    ['0.0.0.0 hosts.invented.example', ['hosts.invented.example']],
    ['127.0.0.1\ta.invented.example b.invented.example # two names', ['a.invented.example', 'b.invented.example']],
    [':: six.invented.example', ['six.invented.example']],
    ['0.0.0.0 Mixed.Invented.Example', ['mixed.invented.example']],
  ])('takes the hosts-file line %j', (line, domains) => {
    expect(parseFilterList(line)).toEqual({ domains, ignored: 0 });
  });

  it('skips the local names every hosts file has, without counting them as ignored rules', () => {
    const hosts = ['# hosts file', '127.0.0.1 localhost', '::1 localhost ip6-localhost', '0.0.0.0 0.0.0.0', '0.0.0.0 ads.invented.example'];
    expect(parseFilterList(hosts.join('\n'))).toEqual({ domains: ['ads.invented.example'], ignored: 0 });
  });

  it('skips comments, headers and blank lines without counting them, and keeps each domain once', () => {
    const list = [
      '[Adblock Plus 2.0]',
      '! Title: Invented list',
      '',
      '||one.invented.example^',
      '||two.invented.example^$third-party',
      '||one.invented.example^$script',
      'invented.example##.ad',
      '\r',
    ].join('\r\n');
    expect(parseFilterList(list)).toEqual({ domains: ['one.invented.example', 'two.invented.example'], ignored: 1 });
  });

  it('stops at the domain cap', () => {
    const list = Array.from({ length: 10 }, (_, i) => `||d${i}.invented.example^`).join('\n');
    expect(parseFilterList(list, 3).domains).toEqual(['d0.invented.example', 'd1.invented.example', 'd2.invented.example']);
    expect(MAX_FILTER_LIST_DOMAINS).toBeGreaterThanOrEqual(100_000);
  });
});

/** Configuration read from the environment, as at start: TRACKER_FILTER_LIST_URL names the list. */
function withFilterListUrl(env: Record<string, string>, url: string): AppConfig {
  return loadConfig({ ...env, TRACKER_FILTER_LIST_URL: url });
}

describe('TrackerCatalogueService with a filter list', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('adds the list\'s domains (and their subdomains) as unknown advertising or tracking', () => {
    const service = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
    expect(service.match('px.listed.example')).toBeUndefined();
    expect(service.useFilterList('||listed.example^\n||other.invented.org^$third-party')).toEqual({ added: 2, ignored: 0 });
    expect(service.match('px.listed.example')).toEqual({ domain: 'listed.example', company: FILTER_LIST_COMPANY, category: FILTER_LIST_CATEGORY });
    expect(service.match('OTHER.invented.org.')?.domain).toBe('other.invented.org');
    expect(service.match('invented.org')).toBeUndefined();
    expect(service.size).toBe(TRACKER_CATALOGUE.length + 2);
    expect(service.filterListSize).toBe(2);
  });

  it('lets built-in entries win: same domain, a parent we know, or a host under one of ours', () => {
    const service = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
    const list = ['||doubleclick.net^', '||stats.g.doubleclick.net^', '||static.hotjar.com^', '||new.invented.example^'].join('\n');
    // Only the domain our catalogue does not answer for is kept.
    expect(service.useFilterList(list)).toEqual({ added: 1, ignored: 0 });
    expect(service.match('stats.g.doubleclick.net')).toMatchObject({ company: 'Google', category: 'advertising' });
    expect(service.match('static.hotjar.com')).toMatchObject({ category: 'session recording' });
    expect(service.match('new.invented.example')?.company).toBe(FILTER_LIST_COMPANY);
  });

  it('replaces the previous list instead of adding to it', () => {
    const service = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
    service.useFilterList('||first.invented.example^');
    service.useFilterList('||second.invented.example^');
    expect(service.match('first.invented.example')).toBeUndefined();
    expect(service.match('second.invented.example')).toBeDefined();
    expect(service.filterListSize).toBe(1);
  });
});

describe('TrackerCatalogueService at start', () => {
  const originalFetch = global.fetch;
  let fetchMock: jest.Mock;
  beforeAll(() => Logger.overrideLogger(false));
  beforeEach(() => {
    fetchMock = jest.fn(async () => new Response('||started.invented.example^\n', { status: 200 }));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    global.fetch = originalFetch;
  });

  it('downloads the configured list in the background, without making the start wait', async () => {
    const service = new TrackerCatalogueService(withFilterListUrl({ NODE_ENV: 'production' }, 'https://lists.invented.example/list.txt'));
    expect(service.onApplicationBootstrap()).toBeUndefined();
    expect(service.match('started.invented.example')).toBeUndefined();
    expect(service.loading).toBeDefined();
    await expect(service.loading).resolves.toEqual({ status: 'loaded', added: 1, ignored: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('https://lists.invented.example/list.txt');
    expect(service.match('started.invented.example')?.company).toBe(FILTER_LIST_COMPANY);
  });

  it('does not download in tests unless asked', async () => {
    const service = new TrackerCatalogueService(withFilterListUrl({ NODE_ENV: 'test' }, 'https://lists.invented.example/list.txt'));
    service.onApplicationBootstrap();
    expect(service.loading).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(service.loadFilterList()).resolves.toMatchObject({ status: 'loaded', added: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing when no list is configured', async () => {
    const service = new TrackerCatalogueService(withFilterListUrl({ NODE_ENV: 'production' }, '  '));
    service.onApplicationBootstrap();
    expect(service.loading).toBeUndefined();
    await expect(service.loadFilterList()).resolves.toEqual({ status: 'not_configured' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(service.size).toBe(TRACKER_CATALOGUE.length);
  });

  it('shares one download between concurrent calls', async () => {
    const service = new TrackerCatalogueService(withFilterListUrl({ NODE_ENV: 'test' }, 'https://lists.invented.example/list.txt'));
    const [a, b] = await Promise.all([service.loadFilterList(), service.loadFilterList()]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the catalogue as it was when the download fails', async () => {
    const service = new TrackerCatalogueService(withFilterListUrl({ NODE_ENV: 'test' }, 'https://lists.invented.example/list.txt'));
    await service.loadFilterList();
    fetchMock.mockImplementation(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(service.loadFilterList()).resolves.toEqual({ status: 'failed', error: 'Could not reach Tracker filter list' });
    expect(service.match('started.invented.example')).toBeDefined();
  });
});
