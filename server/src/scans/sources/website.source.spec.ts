import { gzipSync } from 'node:zlib';
import type { SafeFetcher } from '../../common/security/ssrf/safe.fetcher';
import { SafeFetchError, SafeFetchOptions, SafeFetchResponse } from '../../common/security/ssrf/safe-fetch.types';
import { decodeBody, schemeForms, WEBSITE_MAX_BODY_BYTES, WEBSITE_SECOND_FORM_GRACE_MS, WebsiteSource } from './website.source';

type Answer = SafeFetchResponse | SafeFetchError | ((options: SafeFetchOptions) => Promise<SafeFetchResponse>);

/** A stand-in for the SSRF guard's fetcher: answers per URL, records every call. */
function fetcher(answers: Record<string, Answer>) {
  const calls: { url: string; options: SafeFetchOptions }[] = [];
  const fake = {
    calls,
    fetch: async (url: string, options: SafeFetchOptions) => {
      calls.push({ url, options });
      const answer = answers[url];
      if (answer === undefined) throw new SafeFetchError('unavailable', 'The website could not be reached.');
      if (answer instanceof SafeFetchError) throw answer;
      return typeof answer === 'function' ? answer(options) : answer;
    },
  };
  return { source: new WebsiteSource(fake as unknown as SafeFetcher), calls };
}

function response(url: string, overrides: Partial<SafeFetchResponse> = {}): SafeFetchResponse {
  return {
    url,
    status: 200,
    headers: { 'content-type': ['text/html; charset=utf-8'], 'set-cookie': ['a=1; Secure', 'b=2; HttpOnly'] },
    body: Buffer.from('<p>Hello</p>'),
    truncated: false,
    hops: [{ url, status: 200 }],
    remoteAddress: '203.0.113.7',
    ...overrides,
  };
}

const signal = () => new AbortController().signal;

describe('WebsiteSource', () => {
  it('fetches the https and http forms of the address through the guard, with the body capped at 2 MB', async () => {
    const { source, calls } = fetcher({
      'https://shop.example.org/a?b=1': response('https://shop.example.org/a?b=1', { tls: { authorized: true, validTo: '2030-01-01T00:00:00.000Z' } }),
      'http://shop.example.org/a?b=1': response('https://shop.example.org/a?b=1', {
        hops: [
          { url: 'http://shop.example.org/a?b=1', status: 301, location: 'https://shop.example.org/a?b=1' },
          { url: 'https://shop.example.org/a?b=1', status: 200 },
        ],
      }),
    });
    const result = await source.fetchSite('http://shop.example.org/a?b=1#top', signal());
    expect(calls.map((c) => c.url).sort()).toEqual(['http://shop.example.org/a?b=1', 'https://shop.example.org/a?b=1']);
    expect(calls.every((c) => c.options.maxBodyBytes === WEBSITE_MAX_BODY_BYTES && c.options.followRedirects === true)).toBe(true);
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.data.url).toBe('http://shop.example.org/a?b=1');
    expect(result.data.https).toMatchObject({
      ok: true,
      page: { url: 'https://shop.example.org/a?b=1', status: 200, contentType: 'text/html', html: '<p>Hello</p>', setCookies: ['a=1; Secure', 'b=2; HttpOnly'], tls: { authorized: true } },
    });
    expect(result.data.http).toMatchObject({ ok: true, page: { hops: [{ status: 301 }, { status: 200 }] } });
  });

  it('keeps going with the form that answered', async () => {
    const { source } = fetcher({ 'http://plain.example.org/': response('http://plain.example.org/') });
    const result = await source.fetchSite('https://plain.example.org/', signal());
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.data.https).toEqual({ ok: false, kind: 'unavailable', message: 'The website could not be reached.' });
  });

  it("is not applicable, with the guard's own sentence, when the guard refuses the site", async () => {
    const refused = new SafeFetchError('refused', 'This URL points to a private or internal address and cannot be checked.');
    const { source } = fetcher({ 'https://internal.example.org/': refused, 'http://internal.example.org/': refused });
    expect(await source.fetchSite('https://internal.example.org/', signal())).toEqual({
      status: 'not_applicable',
      message: 'This URL points to a private or internal address and cannot be checked.',
    });
  });

  it('times out when neither form answered in time', async () => {
    const late = new SafeFetchError('timed_out', 'The website took too long to answer.');
    const { source } = fetcher({ 'https://slow.example.org/': late, 'http://slow.example.org/': new SafeFetchError('unavailable', 'The website could not be reached.') });
    expect(await source.fetchSite('https://slow.example.org/', signal())).toEqual({ status: 'timed_out', message: 'The website took too long to answer.' });
  });

  it("says 'Failed to analyze URL' with the reason when the site cannot be reached at all", async () => {
    const { source } = fetcher({});
    expect(await source.fetchSite('https://gone.example.org/', signal())).toEqual({
      status: 'unavailable',
      message: 'Failed to analyze URL. The website could not be reached.',
    });
  });

  it("uses the spec's messages for a missing or malformed URL, without fetching", async () => {
    const { source, calls } = fetcher({});
    expect(await source.fetchSite(undefined, signal())).toEqual({ status: 'not_applicable', message: 'No URL provided' });
    expect(await source.fetchSite('   ', signal())).toEqual({ status: 'not_applicable', message: 'No URL provided' });
    expect(await source.fetchSite('not a url', signal())).toEqual({ status: 'not_applicable', message: 'Invalid URL format' });
    expect(await source.fetchSite('ftp://files.example.org/', signal())).toEqual({ status: 'not_applicable', message: 'Invalid URL format' });
    expect(calls).toEqual([]);
  });

  it('gives up on the second form a short while after the first answered', async () => {
    jest.useFakeTimers();
    try {
      const { source } = fetcher({
        'https://half.example.org/': response('https://half.example.org/'),
        'http://half.example.org/': (options) =>
          new Promise((_resolve, reject) => options.signal.addEventListener('abort', () => reject(new SafeFetchError('timed_out', 'The website took too long to answer.')))),
      });
      const pending = source.fetchSite('https://half.example.org/', signal());
      await jest.advanceTimersByTimeAsync(WEBSITE_SECOND_FORM_GRACE_MS + 10);
      const result = await pending;
      expect(result.status).toBe('ok');
      if (result.status === 'ok') expect(result.data.http).toEqual({ ok: false, kind: 'timed_out', message: 'The website took too long to answer.' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not decode bodies that are not text', async () => {
    const { source } = fetcher({
      'https://img.example.org/x.png': response('https://img.example.org/x.png', { headers: { 'content-type': ['image/png'] }, body: Buffer.from([0x89, 0x50]) }),
    });
    const result = await source.fetchSite('https://img.example.org/x.png', signal());
    expect(result.status === 'ok' && result.data.https.ok && result.data.https.page).toMatchObject({ contentType: 'image/png', html: '' });
  });
});

describe('decodeBody', () => {
  it.each([
    ['a charset in Content-Type', Buffer.from('caf\xe9', 'latin1'), 'text/html; charset=ISO-8859-1', 'café'],
    ['a <meta charset>', Buffer.from('<meta charset="windows-1252"><p>\x80 caf\xe9', 'latin1'), 'text/html', '<meta charset="windows-1252"><p>€ café'],
    ['a UTF-8 byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('café')]), 'text/html; charset=latin1', 'café'],
    ['a UTF-16 byte-order mark', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]), 'text/html', 'hé'],
    ['nothing: UTF-8', Buffer.from('café'), 'text/html', 'café'],
    ['an unknown charset: UTF-8', Buffer.from('café'), 'text/html; charset=x-made-up', 'café'],
  ])('decodes by %s', (_how, body, contentType, text) => {
    expect(decodeBody(body, contentType)).toBe(text);
  });

  it('is given bodies the guard already decompressed (sanity: a gzip body is not text)', () => {
    expect(decodeBody(gzipSync('hello'), 'text/html')).not.toBe('hello');
  });
});

describe('schemeForms', () => {
  it('keeps host, port, path and query, drops the fragment', () => {
    expect(schemeForms('https://Shop.Example.org:8443/a/b?c=1#frag')).toEqual({
      submitted: 'https://shop.example.org:8443/a/b?c=1',
      https: 'https://shop.example.org:8443/a/b?c=1',
      http: 'http://shop.example.org:8443/a/b?c=1',
    });
    expect(schemeForms('http://shop.example.org')).toMatchObject({ https: 'https://shop.example.org/', http: 'http://shop.example.org/' });
  });
});
