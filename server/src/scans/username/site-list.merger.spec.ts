import { mergeSiteLists, normalizedTemplate } from './site-list.merger';
import { testSite as site } from './username-site.test-helpers';
import type { UsernameSite } from './username-site.types';

const names = (sites: readonly UsernameSite[]) => sites.map((s) => s.name);

describe('mergeSiteLists', () => {
  const builtIn = [
    site('GitHub', { uriCheck: 'https://api.github.example/users/{account}', uriPretty: 'https://github.example/{account}', profilePage: true, category: 'coding' }),
    site('Reddit', { platform: 'reddit' }),
    site('Hacker News', { uriCheck: 'https://hn-api.example/v0/user/{account}.json', uriPretty: 'https://news.example/user?id={account}', profilePage: true }),
    site('Fosstodon', { uriCheck: 'https://fosstodon.example/api/v1/accounts/lookup?acct={account}', uriPretty: 'https://fosstodon.example/@{account}' }),
  ];

  it('lets a configured entry replace the built-in one of the same name, case-insensitively, keeping the built-in name and platform', () => {
    const { sites, replaced, duplicates } = mergeSiteLists(builtIn, [site('REDDIT', { uriCheck: 'https://old.reddit.example/u/{account}', eString: 'karma' })]);
    expect(names(sites)).toEqual(['GitHub', 'Reddit', 'Hacker News', 'Fosstodon']);
    expect(sites[1]).toMatchObject({ name: 'Reddit', uriCheck: 'https://old.reddit.example/u/{account}', eString: 'karma', platform: 'reddit', origin: 'configured' });
    expect(sites[0].origin).toBe('built-in');
    expect({ replaced, duplicates }).toEqual({ replaced: 1, duplicates: 0 });
  });

  it('merges an entry that asks about the same account under another name: the same check address', () => {
    const configured = [
      // The same check address, written another way (scheme, www., trailing slash, case).
      site('GitHub (User)', { uriCheck: 'http://www.API.github.example/users/{account}/', eString: '"id":' }),
      // Its check address is our profile address.
      site('HackerNews', { uriCheck: 'https://news.example/user?id={account}' }),
      // The same check address, the query written in another order.
      site('Fosstodon.org (Mastodon Instance)', { uriCheck: 'https://fosstodon.example/api/v1/accounts/lookup?acct={account}' }),
      site('Forum', { uriCheck: 'https://forum.example/u/{account}' }),
    ];
    const { sites, replaced } = mergeSiteLists(builtIn, configured);
    expect(names(sites)).toEqual(['GitHub', 'Reddit', 'Hacker News', 'Fosstodon', 'Forum']);
    expect(replaced).toBe(3);
    expect(sites[0]).toMatchObject({ uriCheck: 'http://www.API.github.example/users/{account}/', eString: '"id":', origin: 'configured' });
    expect(sites[3].origin).toBe('configured');
  });

  it('keeps distinct checks of one profile page: a user and an organisation, a public and a private blog', () => {
    const hub = site('Docker Hub', { uriCheck: 'https://hub.example/v2/users/{account}', uriPretty: 'https://hub.example/u/{account}' });
    const { sites, replaced, duplicates } = mergeSiteLists(
      [hub],
      [
        // Listed first, with the built-in's profile address: still another check, added beside it.
        site('Docker Hub (Organization)', { uriCheck: 'https://hub.example/v2/orgs/{account}', uriPretty: 'https://hub.example/u/{account}' }),
        site('Docker Hub (User)', { uriCheck: 'https://hub.example/v2/users/{account}', uriPretty: 'https://hub.example/u/{account}' }),
        site('Blogs (Public)', { uriCheck: 'https://{account}.blogs.example/', uriPretty: 'https://{account}.blogs.example/' }),
        site('Blogs (Private)', { uriCheck: 'https://{account}.blogs.example/wp-json', uriPretty: 'https://{account}.blogs.example/' }),
      ],
    );
    expect(names(sites)).toEqual(['Docker Hub', 'Docker Hub (Organization)', 'Blogs (Public)', 'Blogs (Private)']);
    expect(sites[0]).toMatchObject({ uriCheck: 'https://hub.example/v2/users/{account}', origin: 'configured' });
    expect({ replaced, duplicates }).toEqual({ replaced: 1, duplicates: 0 });
  });

  it('counts one account once when the list itself names it twice', () => {
    const { sites, duplicates } = mergeSiteLists(builtIn, [
      site('GitHub', { uriCheck: 'https://github.example/{account}' }),
      site('GitHub (User)', { uriCheck: 'https://api.github.example/users/{account}' }),
      site('Forum', { uriCheck: 'https://forum.example/u/{account}' }),
      site('Forum mirror', { uriCheck: 'https://forum.example/u/{account}/' }),
    ]);
    expect(names(sites)).toEqual(['GitHub', 'Reddit', 'Hacker News', 'Fosstodon', 'Forum']);
    expect(duplicates).toBe(2);
  });

  it('keeps apart what only looks alike: other paths, other hosts, POST entries with other bodies', () => {
    const configured = [
      site('GitHub (Gists)', { uriCheck: 'https://api.github.example/users/{account}/gists' }),
      site('Reddit Mirror', { uriCheck: 'https://reddit.mirror.example/{account}' }),
      site('Graph A', { uriCheck: 'https://graph.example/api', postBody: '{"user":"{account}"}' }),
      site('Graph B', { uriCheck: 'https://graph.example/api', postBody: '{"team":"{account}"}' }),
    ];
    const { sites, replaced, duplicates } = mergeSiteLists(builtIn, configured);
    expect(names(sites)).toEqual(['GitHub', 'Reddit', 'Hacker News', 'Fosstodon', 'GitHub (Gists)', 'Reddit Mirror', 'Graph A', 'Graph B']);
    expect({ replaced, duplicates }).toEqual({ replaced: 0, duplicates: 0 });
  });

  it('keeps reading a replaced profile page only when the configured entry asks the same host', () => {
    expect(mergeSiteLists(builtIn, [site('GitHub', { uriCheck: 'https://api.github.example/v2/{account}' })]).sites[0].profilePage).toBe(true);
    expect(mergeSiteLists(builtIn, [site('GitHub', { uriCheck: 'https://github.example/{account}' })]).sites[0].profilePage).toBe(false);
  });

  it('gives a new configured entry the platform of its profile host, and never a profile reading of its own', () => {
    const { sites } = mergeSiteLists([], [site('Insta', { uriCheck: 'https://i.example/api/{account}', uriPretty: 'https://www.instagram.com/{account}/', profilePage: true }), site('Elsewhere')]);
    expect(sites[0]).toMatchObject({ platform: 'instagram', profilePage: false, origin: 'configured' });
    expect(sites[1].platform).toBeUndefined();
  });
});

describe('normalizedTemplate', () => {
  it.each([
    ['https://www.Example.org/u/{account}/', 'example.org/u/__account__'],
    ['http://example.org:80/u/{account}', 'example.org/u/__account__'],
    ['https://example.org:8443/u/{account}', 'example.org:8443/u/__account__'],
    ['https://example.org/api?b=2&u={account}&a=1', 'example.org/api?a=1&b=2&u=__account__'],
    ['https://{account}.blog.example/', '__account__.blog.example'],
  ])('%s → %s', (template, normalized) => {
    expect(normalizedTemplate(template)).toBe(normalized);
  });

  it('answers undefined for what is no URL', () => {
    expect(normalizedTemplate('not a url {account}')).toBeUndefined();
  });
});
