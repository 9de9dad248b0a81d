import { TlsSessionCache } from './tls-session.cache';

describe('TlsSessionCache', () => {
  const session = (text: string) => Buffer.from(text);

  it('keys a session by name, address and port, so another address of the name has none', () => {
    const cache = new TlsSessionCache();
    cache.set(TlsSessionCache.keyOf('Site.Test', '192.0.2.1', 443), session('a'));
    expect(cache.get(TlsSessionCache.keyOf('site.test', '192.0.2.1', 443))?.toString()).toBe('a');
    expect(cache.get(TlsSessionCache.keyOf('site.test', '192.0.2.2', 443))).toBeUndefined();
    expect(cache.get(TlsSessionCache.keyOf('site.test', '192.0.2.1', 8443))).toBeUndefined();
    expect(cache.get(TlsSessionCache.keyOf('other.test', '192.0.2.1', 443))).toBeUndefined();
  });

  it('keeps the newest session of a key, forgets on demand, and drops the least recently used beyond its bound', () => {
    const cache = new TlsSessionCache(2);
    cache.set('a', session('a1'));
    cache.set('a', session('a2'));
    expect(cache.get('a')?.toString()).toBe('a2');
    cache.set('b', session('b'));
    cache.get('a'); // now 'b' is the least recently used
    cache.set('c', session('c'));
    expect([cache.size, cache.get('a')?.toString(), cache.get('b'), cache.get('c')?.toString()]).toEqual([2, 'a2', undefined, 'c']);
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
