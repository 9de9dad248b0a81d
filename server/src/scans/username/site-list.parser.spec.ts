import { isAdultCategory, MAX_LIST_SITES, normalizeSite, parseSiteList, substituteAccount, substituteBody } from './site-list.parser';

/** An entry in the format's shape, made up for these tests. */
const entry = (overrides: Record<string, unknown> = {}) => ({
  name: 'Example Forum',
  uri_check: 'https://forum.example/api/users/{account}',
  uri_pretty: 'https://forum.example/u/{account}',
  e_code: 200,
  e_string: '"member_since":',
  m_code: 404,
  m_string: 'no such member',
  known: ['alice', 'bob'],
  cat: 'Social',
  ...overrides,
});

describe('parseSiteList', () => {
  it('normalizes a valid entry with every optional field', () => {
    const { sites, dropped, disabled } = parseSiteList({
      license: ['made up for a test'],
      categories: ['social'],
      sites: [entry({ headers: { Accept: 'application/json' }, strip_bad_char: '.', protection: ['cloudflare'] })],
    });
    expect(dropped).toBe(0);
    expect(disabled).toBe(0);
    expect(sites).toEqual([
      {
        name: 'Example Forum',
        uriCheck: 'https://forum.example/api/users/{account}',
        uriPretty: 'https://forum.example/u/{account}',
        headers: { Accept: 'application/json' },
        stripBadChar: '.',
        eCode: 200,
        eString: '"member_since":',
        mCode: 404,
        mString: 'no such member',
        category: 'social',
        profilePage: false,
        adult: false,
        protection: ['cloudflare'],
      },
    ]);
  });

  it.each([null, undefined, 42, 'sites', [], {}, { sites: 'x' }, { sites: {} }])('answers an empty list for a document that is not one: %p', (doc) => {
    expect(parseSiteList(doc)).toEqual({ sites: [], dropped: 0, disabled: 0 });
  });

  it.each<[string, Record<string, unknown>]>([
    ['no name', { name: undefined }],
    ['an empty name', { name: '  ' }],
    ['a numeric name', { name: 7 }],
    ['no uri_check', { uri_check: undefined }],
    ['a uri_check without {account}', { uri_check: 'https://forum.example/api/users/' }],
    ['a file: uri_check', { uri_check: 'file:///etc/{account}' }],
    ['a javascript: uri_check', { uri_check: 'javascript:alert("{account}")' }],
    ['an ftp: uri_check', { uri_check: 'ftp://forum.example/{account}' }],
    ['a gopher: uri_pretty', { uri_pretty: 'gopher://forum.example/{account}' }],
    ['a string e_code that is no status', { e_code: 'ok' }],
    ['an e_code out of range', { e_code: 999 }],
    ['a fractional m_code', { m_code: 404.5 }],
    ['no m_code', { m_code: undefined }],
    ['an e_string that is not text', { e_string: ['x'] }],
    ['an empty e_string (a status alone proves nothing)', { e_string: '' }],
    ['no m_string', { m_string: undefined }],
    ['no category', { cat: undefined }],
    ['a post_body that is not text', { post_body: { name: '{account}' } }],
    ['a huge post_body', { post_body: `{"q":"${'a'.repeat(11_000)}{account}"}` }],
    ['a POST uri_check without {account} and a body without it either', { uri_check: 'https://forum.example/graphql', post_body: '{"q":"x"}' }],
    ['headers that are not an object', { headers: ['Accept: x'] }],
    ['a header value with a line break', { headers: { 'X-A': 'a\r\nHost: evil' } }],
    ['a header name that is no token', { headers: { 'Bad Name': 'x' } }],
    ['a strip_bad_char that is not text', { strip_bad_char: 5 }],
    ['a huge e_string', { e_string: 'x'.repeat(5_000) }],
    ['a huge uri_check', { uri_check: `https://forum.example/${'a'.repeat(3_000)}/{account}` }],
  ])('drops an entry with %s and counts it', (_why, overrides) => {
    const { sites, dropped } = parseSiteList({ sites: [entry(overrides), entry({ name: 'Kept' })] });
    expect(sites.map((s) => s.name)).toEqual(['Kept']);
    expect(dropped).toBe(1);
  });

  it('keeps a POST entry, the name in its body and the check address fixed', () => {
    const site = normalizeSite(
      entry({
        uri_check: 'https://api.forum.example/graphql',
        post_body: '{"query":"query{User(name:\\"{account}\\"){id}}"}',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      }),
    );
    expect(site).toMatchObject({
      uriCheck: 'https://api.forum.example/graphql',
      postBody: '{"query":"query{User(name:\\"{account}\\"){id}}"}',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    });
    // A POST entry still needs its profile link to hold the name.
    expect(normalizeSite(entry({ uri_check: 'https://api.forum.example/graphql', post_body: '{"u":"{account}"}', uri_pretty: 'https://forum.example/' }))).toBeUndefined();
  });

  it('reads status codes written as strings, as older lists do', () => {
    expect(normalizeSite(entry({ e_code: '200', m_code: '302' }))).toMatchObject({ eCode: 200, mCode: 302 });
  });

  it('accepts an empty m_string (the code alone then decides a miss)', () => {
    expect(normalizeSite(entry({ m_string: '' }))).toMatchObject({ mString: '' });
  });

  it('skips entries the list marks invalid without calling them dropped', () => {
    const result = parseSiteList({ sites: [entry({ valid: false }), entry({ name: 'Other', valid: true })] });
    expect(result.sites.map((s) => s.name)).toEqual(['Other']);
    expect(result).toMatchObject({ dropped: 0, disabled: 1 });
  });

  it('keeps the first of two entries with the same name (case-insensitive)', () => {
    const result = parseSiteList({ sites: [entry(), entry({ name: 'EXAMPLE FORUM', uri_check: 'https://other.example/{account}' })] });
    expect(result.sites).toHaveLength(1);
    expect(result.sites[0].uriCheck).toBe('https://forum.example/api/users/{account}');
    expect(result.dropped).toBe(1);
  });

  it('marks adult categories', () => {
    expect(normalizeSite(entry({ cat: 'XX NSFW XX' }))).toMatchObject({ category: 'xx nsfw xx', adult: true });
    expect(isAdultCategory('adult')).toBe(true);
    expect(isAdultCategory('gaming')).toBe(false);
  });

  it('never throws on hostile documents and stops at the site limit', () => {
    const hostile = [
      { sites: [null, 1, 'x', [], { name: {} }, { toString: 'boom' }, entry({ e_code: { valueOf: () => 200 } })] },
      { sites: new Array(3).fill(Object.create(null)) },
      JSON.parse('{"sites":[{"__proto__":{"name":"x"},"name":"Proto","uri_check":"https://p.example/{account}","e_code":200,"e_string":"a","m_code":404,"m_string":"","cat":"x"}]}'),
    ];
    for (const doc of hostile) expect(() => parseSiteList(doc)).not.toThrow();
    expect(parseSiteList(hostile[0])).toMatchObject({ sites: [], dropped: 7 });
    expect(parseSiteList(hostile[2]).sites.map((s) => s.name)).toEqual(['Proto']);

    const huge = { sites: Array.from({ length: MAX_LIST_SITES + 10 }, (_, i) => entry({ name: `Site ${i}` })) };
    const parsed = parseSiteList(huge);
    expect(parsed.sites).toHaveLength(MAX_LIST_SITES);
    expect(parsed.dropped).toBe(10);
  });
});

describe('substituteBody', () => {
  it('puts the name in the body, bad characters removed first', () => {
    expect(substituteBody('{"username":"{account}","again":"{account}"}', 'jane.doe', '.')).toBe('{"username":"janedoe","again":"janedoe"}');
    expect(substituteBody('user={account}&x=1', 'Jane_Doe-1')).toBe('user=Jane_Doe-1&x=1');
  });

  it('refuses a name that would need escaping in the body, or nothing left of it', () => {
    expect(substituteBody('{"u":"{account}"}', 'a"b')).toBeUndefined();
    expect(substituteBody('{"u":"{account}"}', 'a\\b')).toBeUndefined();
    expect(substituteBody('{"u":"{account}"}', '..', '.')).toBeUndefined();
  });
});

describe('substituteAccount', () => {
  it('puts the name in place of every {account}, percent-encoded', () => {
    expect(substituteAccount('https://a.example/{account}?q={account}', 'jane_doe')).toBe('https://a.example/jane_doe?q=jane_doe');
    expect(substituteAccount('https://a.example/u/{account}', 'a b&c')).toBe('https://a.example/u/a%20b%26c');
  });

  it("removes the site's bad characters first", () => {
    expect(substituteAccount('https://a.example/{account}', 'jane.doe-1', '.-')).toBe('https://a.example/janedoe1');
  });

  it('answers undefined when nothing of the name is left', () => {
    expect(substituteAccount('https://a.example/{account}', '...', '.')).toBeUndefined();
  });

  it('answers undefined when the result is no http(s) URL', () => {
    expect(substituteAccount('https://{account}/', 'a b')).toBeUndefined();
    expect(substituteAccount('mailto:{account}@a.example', 'jane')).toBeUndefined();
  });

  it('keeps a name in a host name a host name', () => {
    expect(substituteAccount('https://{account}.blog.example/', 'Jane-Doe')).toBe('https://jane-doe.blog.example/');
  });
});
