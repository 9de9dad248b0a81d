import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { createSocket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import { AppConfig, loadConfig } from '../../server/src/common/config/app.config';
import { EmailDnsSource, systemDnsResolverFactory } from '../../server/src/scans/sources/email-dns.source';
import { gravatarHash, GravatarSource } from '../../server/src/scans/sources/gravatar.source';
import { HIBP_KEY_MISSING_MESSAGE, HibpSource } from '../../server/src/scans/sources/hibp.source';
import { PwnedPasswordsSource } from '../../server/src/scans/sources/pwned-passwords.source';
import { RATE_LIMIT_MESSAGE } from '../../server/src/scans/sources/source-http.util';
import type { SourceResult } from '../../server/src/scans/sources/source.types';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp, sampleBreach } from '../fakes/hibp';

// Every source against its fake on 127.0.0.1: the real HTTP and DNS clients, every status.

const EMAIL = 'Jo.Tester+scan@Example.COM';
const config = (env: Record<string, string>): AppConfig => loadConfig({ PUBLIC_URL: 'https://footprint.test', ...env });
const never = () => new AbortController().signal;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

/** A TCP port nothing listens on (bound, then released). */
async function closedTcpPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function closedUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Awaits a result and how long it took. */
async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
}

function expectFailure(result: SourceResult<unknown>, status: string, message?: string | RegExp) {
  expect(result.status).toBe(status);
  if (result.status === 'ok') return;
  if (typeof message === 'string') expect(result.message).toBe(message);
  else if (message) expect(result.message).toMatch(message);
  // Messages are shown and may be logged: never the address, a hash or a URL.
  expect(result.message).not.toMatch(/@|127\.0\.0\.1|http/i);
}

describe('HIBP source against the fake', () => {
  const fake = new FakeHibp();
  let hibp: HibpSource;
  let appConfig: AppConfig;

  beforeAll(async () => {
    await fake.start();
    appConfig = config(fake.env);
    hibp = new HibpSource(appConfig);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.resetBehaviour());

  it('answers every breach of the account, asking with the key, our user agent and truncateResponse=false', async () => {
    const breaches = [sampleBreach(), sampleBreach({ Name: 'OrbitForum', Title: 'Orbit Forum', Domain: 'orbitforum.example', IsSensitive: true })];
    fake.setBreaches(EMAIL, breaches);
    const result = await hibp.breachedAccount(EMAIL, never());
    expect(result).toEqual({ status: 'ok', data: breaches });

    const [request] = fake.requestsTo('breachedaccount');
    expect(fake.requests).toHaveLength(1);
    expect(request.path).toBe(`/api/v3/breachedaccount/${encodeURIComponent(EMAIL)}`);
    expect(request.query).toEqual({ truncateResponse: 'false' });
    expect(request.headers['hibp-api-key']).toBe(fake.apiKey);
    expect(request.headers['user-agent']).toBe(appConfig.sources.userAgent);
    expect(request.headers['user-agent']).toMatch(/^Footprint\/\S+ \(privacy audit; https:\/\/footprint\.test\)$/);
  });

  it('keeps only the fields we know from each breach', async () => {
    fake.setBreaches('extra@example.test', [{ ...sampleBreach(), Unexpected: '<script>' } as never]);
    const result = await hibp.breachedAccount('extra@example.test', never());
    expect(result.status).toBe('ok');
    if (result.status === 'ok') expect(result.data[0]).not.toHaveProperty('Unexpected');
  });

  it('answers an empty list when HIBP says 404 (the account is in no breach)', async () => {
    await expect(hibp.breachedAccount('nobody@example.test', never())).resolves.toEqual({ status: 'ok', data: [] });
    expect(fake.requestsTo('breachedaccount')).toHaveLength(1);
  });

  it('is not configured without a key, and then asks nothing', async () => {
    const unkeyed = new HibpSource(config({ HIBP_API_URL: fake.apiUrl }));
    expectFailure(await unkeyed.breachedAccount(EMAIL, never()), 'not_configured', HIBP_KEY_MISSING_MESSAGE);
    // Visitors read it: plain words, no setting names.
    expect(HIBP_KEY_MISSING_MESSAGE).not.toMatch(/[A-Z]+_[A-Z]+/);
    expect(fake.requests).toHaveLength(0);
  });

  it('reports a refused key (401) as not configured', async () => {
    const wrongKey = new HibpSource(config({ ...fake.env, HIBP_API_KEY: 'not-the-key' }));
    expectFailure(await wrongKey.breachedAccount(EMAIL, never()), 'not_configured', /refused the API key \(this server's key for it is not accepted\)/);
    expect(fake.requests[0].headers['hibp-api-key']).toBe('not-the-key');
  });

  it('reports 429 as rate limited with Retry-After in seconds or as a date', async () => {
    fake.failures.breachedaccount = { kind: 'rate-limited', retryAfter: '7' };
    const seconds = await hibp.breachedAccount(EMAIL, never());
    expectFailure(seconds, 'rate_limited', RATE_LIMIT_MESSAGE);
    expect(seconds).toMatchObject({ retryAfterSeconds: 7 });

    fake.failures.breachedaccount = { kind: 'rate-limited', retryAfter: new Date(Date.now() + 30_000).toUTCString() };
    const date = await hibp.breachedAccount(EMAIL, never());
    expect(date.status === 'rate_limited' && date.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(date.status === 'rate_limited' && date.retryAfterSeconds).toBeLessThanOrEqual(31);

    fake.failures.breachedaccount = { kind: 'rate-limited' };
    const none = await hibp.breachedAccount(EMAIL, never());
    expectFailure(none, 'rate_limited', RATE_LIMIT_MESSAGE);
    expect(none).not.toHaveProperty('retryAfterSeconds');
  });

  it('reports 403 and other statuses as unavailable', async () => {
    fake.failures.breachedaccount = { kind: 'status', status: 403 };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'Have I Been Pwned refused the request');
    fake.failures.breachedaccount = { kind: 'status', status: 500 };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'API error: 500');
    fake.failures.breachedaccount = { kind: 'status', status: 503 };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'API error: 503');
  });

  it('reports a malformed body (not JSON, or breaches missing fields) as unavailable', async () => {
    fake.failures.breachedaccount = { kind: 'malformed' };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'Have I Been Pwned answered with a malformed response');
    fake.failures.breachedaccount = { kind: 'malformed', body: '<html>maintenance</html>' };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'Have I Been Pwned answered with a malformed response');
    fake.failures.breachedaccount = { kind: 'malformed', body: JSON.stringify({ breaches: [] }) };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', /malformed/);
    const { IsSensitive: _dropped, ...withoutFlag } = sampleBreach();
    fake.failures.breachedaccount = { kind: 'malformed', body: JSON.stringify([withoutFlag]) };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', /malformed/);
    fake.failures.breachedaccount = { kind: 'malformed', body: JSON.stringify([sampleBreach({ BreachDate: 'last spring' })]) };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', /malformed/);
  });

  it('times out when the caller’s signal aborts before HIBP answers', async () => {
    fake.delayMs = 3_000;
    const { result, ms } = await timed(hibp.breachedAccount(EMAIL, AbortSignal.timeout(200)));
    expectFailure(result, 'timed_out', 'Have I Been Pwned did not answer in time');
    expect(ms).toBeLessThan(1_500);
  });

  it('times out on a request that never gets an answer', async () => {
    fake.failures.breachedaccount = { kind: 'hang' };
    const { result, ms } = await timed(hibp.breachedAccount(EMAIL, AbortSignal.timeout(200)));
    expectFailure(result, 'timed_out');
    expect(ms).toBeLessThan(1_500);
  });

  it('is unavailable when nothing listens (connection refused)', async () => {
    const port = await closedTcpPort();
    const unreachable = new HibpSource(config({ HIBP_API_URL: `http://127.0.0.1:${port}/api/v3`, HIBP_API_KEY: 'k' }));
    expectFailure(await unreachable.breachedAccount(EMAIL, never()), 'unavailable', 'Could not reach Have I Been Pwned');
  });

  it('refuses a body over the size cap', async () => {
    fake.failures.breachedaccount = { kind: 'oversize' };
    expectFailure(await hibp.breachedAccount(EMAIL, never()), 'unavailable', 'Have I Been Pwned answered with a response that is too large');
  });

  it('fetches the whole catalogue from /breaches without sending the key', async () => {
    fake.catalogue = [sampleBreach(), sampleBreach({ Name: 'QuillNotes', Domain: 'quillnotes.example', IsSpamList: true })];
    await expect(hibp.breaches(never())).resolves.toEqual({ status: 'ok', data: fake.catalogue });
    const [request] = fake.requestsTo('breaches');
    expect(request.path).toBe('/api/v3/breaches');
    expect(request.headers['hibp-api-key']).toBeUndefined();
    expect(request.headers['user-agent']).toBe(appConfig.sources.userAgent);
  });

  it('maps the catalogue’s failures the same way', async () => {
    fake.failures.breaches = { kind: 'status', status: 500 };
    expectFailure(await hibp.breaches(never()), 'unavailable', 'API error: 500');
    fake.failures.breaches = { kind: 'rate-limited', retryAfter: '3' };
    expect(await hibp.breaches(never())).toMatchObject({ status: 'rate_limited', retryAfterSeconds: 3 });
    fake.failures.breaches = { kind: 'malformed' };
    expectFailure(await hibp.breaches(never()), 'unavailable', /malformed/);
  });
});

describe('Pwned Passwords source against the fake', () => {
  const fake = new FakeHibp();
  let passwords: PwnedPasswordsSource;
  let appConfig: AppConfig;

  beforeAll(async () => {
    await fake.start();
    fake.addPassword('hunter2', 12345);
    appConfig = config(fake.env);
    passwords = new PwnedPasswordsSource(appConfig);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.resetBehaviour());

  it('sends only the 5-character prefix, asks for padding, and answers the padded range', async () => {
    const hash = sha1('hunter2');
    const result = await passwords.range(hash.slice(0, 5).toLowerCase(), never());
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    const lines = result.data.split('\r\n');
    expect(lines).toContain(`${hash.slice(5)}:12345`);
    expect(lines.length).toBeGreaterThanOrEqual(300);
    expect(lines.filter((line) => line.endsWith(':0')).length).toBe(lines.length - 1);

    const [request] = fake.requestsTo('range');
    expect(request.path).toBe(`/range/${hash.slice(0, 5)}`);
    expect(request.path.split('/').pop()).toHaveLength(5);
    expect(request.path).not.toContain(hash.slice(5, 10));
    expect(request.headers['add-padding']).toBe('true');
    expect(request.headers['user-agent']).toBe(appConfig.sources.userAgent);
  });

  it('accepts LF line ends and a final line break, and refuses anything that is not SUFFIX:COUNT', async () => {
    fake.failures.range = { kind: 'malformed', body: `${'A'.repeat(35)}:3\n${'B'.repeat(35)}:0\n` };
    expect((await passwords.range('ABCDE', never())).status).toBe('ok');
    fake.failures.range = { kind: 'malformed' };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', 'Pwned Passwords answered with a malformed response');
    fake.failures.range = { kind: 'malformed', body: `${'a'.repeat(35)}:3` };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', /malformed/);
    fake.failures.range = { kind: 'malformed', body: '' };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', /malformed/);
  });

  it('maps 429, 403 and 500, a timeout, a refused connection and an oversized body', async () => {
    fake.failures.range = { kind: 'rate-limited', retryAfter: '2' };
    expect(await passwords.range('ABCDE', never())).toEqual({ status: 'rate_limited', message: RATE_LIMIT_MESSAGE, retryAfterSeconds: 2 });
    fake.failures.range = { kind: 'status', status: 403 };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', 'Pwned Passwords refused the request');
    fake.failures.range = { kind: 'status', status: 500 };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', 'API error: 500');
    fake.failures.range = { kind: 'oversize' };
    expectFailure(await passwords.range('ABCDE', never()), 'unavailable', /too large/);
    fake.failures.range = { kind: 'hang' };
    expectFailure(await passwords.range('ABCDE', AbortSignal.timeout(200)), 'timed_out', 'Pwned Passwords did not answer in time');

    const port = await closedTcpPort();
    const unreachable = new PwnedPasswordsSource(config({ PWNED_PASSWORDS_URL: `http://127.0.0.1:${port}` }));
    expectFailure(await unreachable.range('ABCDE', never()), 'unavailable', 'Could not reach Pwned Passwords');
  });

  it('refuses to send anything but a 5-character hex prefix', async () => {
    for (const bad of ['ABCD', 'ABCDEF', 'ABCDG', sha1('hunter2'), '../x']) {
      await expect(passwords.range(bad, never())).rejects.toThrow('5 hex characters');
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Gravatar source against the fake', () => {
  const fake = new FakeGravatar();
  let gravatar: GravatarSource;
  let appConfig: AppConfig;

  beforeAll(async () => {
    await fake.start();
    fake.apiKey = 'fake-gravatar-key';
    appConfig = config(fake.env);
    gravatar = new GravatarSource(appConfig);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.resetBehaviour());

  it('finds the profile by the SHA-256 of the trimmed, lower-cased address, with the key as a bearer token', async () => {
    const published = fake.addProfile('jo.tester@example.com', {
      display_name: 'Jo Tester',
      location: 'Lisbon',
      job_title: 'Nurse',
      verified_accounts: [{ service_type: 'mastodon', service_label: 'Mastodon', url: 'https://social.example/@jo', is_hidden: false }],
      contact_info: { cell_phone: '+1 555 0100' },
    });
    const result = await gravatar.profile('  Jo.Tester@Example.com ', never());
    expect(result).toEqual({ status: 'ok', data: published });

    const expectedHash = createHash('sha256').update('jo.tester@example.com').digest('hex');
    expect(gravatarHash(' Jo.Tester@EXAMPLE.com')).toBe(expectedHash);
    const [request] = fake.requests;
    expect(request.path).toBe(`/v3/profiles/${expectedHash}`);
    expect(request.headers.authorization).toBe('Bearer fake-gravatar-key');
    expect(request.headers['user-agent']).toBe(appConfig.sources.userAgent);
  });

  it('sends no Authorization header without a key', async () => {
    const keyless = new GravatarSource(config({ GRAVATAR_API_URL: fake.apiUrl }));
    await keyless.profile('nobody@example.test', never());
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('answers null for an address without a profile (404)', async () => {
    await expect(gravatar.profile('nobody@example.test', never())).resolves.toEqual({ status: 'ok', data: null });
  });

  it('keeps only known fields of the documented types', async () => {
    fake.failures.profile = { kind: 'malformed', body: JSON.stringify({ hash: 'abc', display_name: 42, location: 'Oslo', links: 'x', secret: 'y' }) };
    await expect(gravatar.profile('x@example.test', never())).resolves.toEqual({ status: 'ok', data: { hash: 'abc', location: 'Oslo' } });
  });

  it('maps 429 (with and without Retry-After), 401, 403 and 500', async () => {
    fake.failures.profile = { kind: 'rate-limited', retryAfter: '11' };
    expect(await gravatar.profile(EMAIL, never())).toEqual({ status: 'rate_limited', message: RATE_LIMIT_MESSAGE, retryAfterSeconds: 11 });
    fake.failures.profile = { kind: 'rate-limited' };
    expect(await gravatar.profile(EMAIL, never())).toEqual({ status: 'rate_limited', message: RATE_LIMIT_MESSAGE });
    fake.failures.profile = { kind: 'status', status: 401 };
    expectFailure(await gravatar.profile(EMAIL, never()), 'not_configured', /GRAVATAR_API_KEY/);
    fake.failures.profile = { kind: 'status', status: 403 };
    expectFailure(await gravatar.profile(EMAIL, never()), 'unavailable', 'Gravatar refused the request');
    fake.failures.profile = { kind: 'status', status: 500 };
    expectFailure(await gravatar.profile(EMAIL, never()), 'unavailable', 'API error: 500');
  });

  it('reports a refused key as not configured', async () => {
    const wrongKey = new GravatarSource(config({ GRAVATAR_API_URL: fake.apiUrl, GRAVATAR_API_KEY: 'wrong' }));
    fake.addProfile('keyed@example.test');
    expectFailure(await wrongKey.profile('keyed@example.test', never()), 'not_configured', 'Gravatar refused the API key (check GRAVATAR_API_KEY)');
  });

  it('reports a malformed body, a timeout, a refused connection and an oversized body', async () => {
    fake.failures.profile = { kind: 'malformed' };
    expectFailure(await gravatar.profile(EMAIL, never()), 'unavailable', 'Gravatar answered with a malformed response');
    fake.failures.profile = { kind: 'malformed', body: '[1,2' };
    expectFailure(await gravatar.profile(EMAIL, never()), 'unavailable', /malformed/);
    fake.failures.profile = { kind: 'oversize' };
    expectFailure(await gravatar.profile(EMAIL, never()), 'unavailable', /too large/);
    fake.failures.profile = undefined;
    fake.delayMs = 3_000;
    const { result, ms } = await timed(gravatar.profile(EMAIL, AbortSignal.timeout(200)));
    expectFailure(result, 'timed_out', 'Gravatar did not answer in time');
    expect(ms).toBeLessThan(1_500);

    const port = await closedTcpPort();
    const unreachable = new GravatarSource(config({ GRAVATAR_API_URL: `http://127.0.0.1:${port}/v3` }));
    expectFailure(await unreachable.profile(EMAIL, never()), 'unavailable', 'Could not reach Gravatar');
  });
});

describe('email DNS source against the fake DNS server', () => {
  const fake = new FakeDnsServer();
  let dns: EmailDnsSource;

  beforeAll(async () => {
    await fake.start();
    fake
      .set('mail-ok.example', {
        MX: [
          { exchange: 'mx2.mail-ok.example', priority: 20 },
          { exchange: 'mx1.mail-ok.example', priority: 10 },
        ],
        // An SPF record split over two strings (as long records are), and an unrelated TXT record.
        TXT: [['v=spf1 include:_spf.mail-ok.example ', 'ip4:192.0.2.0/24 -all'], ['site-verification=abc123']],
      })
      .set('_dmarc.mail-ok.example', { TXT: [['v=DMARC1; p=reject; ', 'rua=mailto:d@mail-ok.example']] })
      .set('bare.example', { A: ['192.0.2.10'] });
    dns = new EmailDnsSource(systemDnsResolverFactory(config(fake.env)));
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.resetBehaviour());

  it('reads MX (by priority), SPF (strings joined) and DMARC, asking the three names in parallel', async () => {
    fake.delayMs = 600;
    const { result, ms } = await timed(dns.lookup('Mail-OK.example.', never()));
    expect(result).toEqual({
      status: 'ok',
      data: {
        domain: 'mail-ok.example',
        domainExists: true,
        mx: [
          { exchange: 'mx1.mail-ok.example', priority: 10 },
          { exchange: 'mx2.mail-ok.example', priority: 20 },
        ],
        spf: ['v=spf1 include:_spf.mail-ok.example ip4:192.0.2.0/24 -all'],
        dmarc: ['v=DMARC1; p=reject; rua=mailto:d@mail-ok.example'],
      },
    });
    // Three lookups of 600 ms each, not one after another (that would take 1,800 ms or more): wide
    // margins both ways, for a loaded machine.
    expect(ms).toBeLessThan(1_500);
    expect(fake.queries).toEqual(
      expect.arrayContaining([
        { name: 'mail-ok.example', type: 'MX' },
        { name: 'mail-ok.example', type: 'TXT' },
        { name: '_dmarc.mail-ok.example', type: 'TXT' },
      ]),
    );
  });

  it('says the domain does not exist on NXDOMAIN', async () => {
    await expect(dns.lookup('no-such-domain.example', never())).resolves.toEqual({
      status: 'ok',
      data: { domain: 'no-such-domain.example', domainExists: false, mx: [], spf: [], dmarc: [] },
    });
  });

  it('answers empty lists for a domain without those records (NODATA)', async () => {
    await expect(dns.lookup('bare.example', never())).resolves.toEqual({
      status: 'ok',
      data: { domain: 'bare.example', domainExists: true, mx: [], spf: [], dmarc: [] },
    });
  });

  it('is unavailable when the server fails (SERVFAIL) or refuses (REFUSED)', async () => {
    fake.mode = 'servfail';
    expectFailure(await dns.lookup('mail-ok.example', never()), 'unavailable', 'The DNS server failed to answer (SERVFAIL)');
    fake.mode = 'refused';
    expectFailure(await dns.lookup('mail-ok.example', never()), 'unavailable', 'The DNS server refused the query');
  });

  it('is unavailable when one question fails: a SERVFAIL for DMARC is not "no DMARC record"', async () => {
    fake.fail('_dmarc.mail-ok.example', 'servfail', 'TXT');
    expectFailure(await dns.lookup('mail-ok.example', never()), 'unavailable', 'The DNS server failed to answer (SERVFAIL)');
    fake.resetBehaviour();
    fake.fail('mail-ok.example', 'refused', 'MX');
    expectFailure(await dns.lookup('mail-ok.example', never()), 'unavailable', 'The DNS server refused the query');
  });

  it('is unavailable when the answers contradict each other (NXDOMAIN for MX, records for TXT)', async () => {
    fake.fail('mail-ok.example', 'nxdomain', 'MX');
    expectFailure(await dns.lookup('mail-ok.example', never()), 'unavailable', /contradictory/);
  });

  it('times out when only one question goes unanswered', async () => {
    fake.fail('mail-ok.example', 'drop', 'MX');
    const { result, ms } = await timed(dns.lookup('mail-ok.example', AbortSignal.timeout(300)));
    expectFailure(result, 'timed_out', 'The DNS servers did not answer in time');
    expect(ms).toBeLessThan(1_500);
  });

  it('takes NXDOMAIN for both questions as an answer, even from a resolver that says it of everything (the check weighs it)', async () => {
    fake.mode = 'nxdomain';
    await expect(dns.lookup('mail-ok.example', never())).resolves.toEqual({
      status: 'ok',
      data: { domain: 'mail-ok.example', domainExists: false, mx: [], spf: [], dmarc: [] },
    });
  });

  it('times out when our signal aborts, cancelling the queries', async () => {
    fake.mode = 'drop';
    const { result, ms } = await timed(dns.lookup('mail-ok.example', AbortSignal.timeout(200)));
    expectFailure(result, 'timed_out', 'The DNS servers did not answer in time');
    expect(ms).toBeLessThan(1_000);
  });

  it('cancels only the aborted lookup’s queries: a parallel lookup still gets its answer', async () => {
    const real = systemDnsResolverFactory(config(fake.env));
    const cancelled: number[] = [];
    let made = 0;
    const counted = new EmailDnsSource(() => {
      const id = ++made;
      const resolver = real();
      return { resolveMx: (n) => resolver.resolveMx(n), resolveTxt: (n) => resolver.resolveTxt(n), cancel: () => (cancelled.push(id), resolver.cancel()) };
    });
    fake.delayMs = 400;
    const [aborted, patient] = await Promise.all([
      counted.lookup('mail-ok.example', AbortSignal.timeout(100)),
      counted.lookup('mail-ok.example', never()),
    ]);
    expectFailure(aborted, 'timed_out');
    expect(patient).toMatchObject({ status: 'ok', data: { domainExists: true, spf: [expect.stringMatching(/^v=spf1/)] } });
    expect(cancelled).toEqual([1]);
  });

  it('times out when the resolver gives up by itself (ETIMEOUT)', async () => {
    fake.mode = 'drop';
    const quick = new EmailDnsSource(systemDnsResolverFactory(config({ ...fake.env, SCAN_CHECK_TIMEOUT_MS: '300' })));
    const { result, ms } = await timed(quick.lookup('mail-ok.example', never()));
    expectFailure(result, 'timed_out');
    expect(ms).toBeLessThan(5_000);
  });

  it('is unavailable when nothing answers on the server’s port', async () => {
    const port = await closedUdpPort();
    const nowhere = new EmailDnsSource(systemDnsResolverFactory(config({ DNS_SERVERS: `127.0.0.1:${port}`, SCAN_CHECK_TIMEOUT_MS: '300' })));
    // Linux hands the ICMP port-unreachable to the resolver as ECONNREFUSED.
    expectFailure(await nowhere.lookup('mail-ok.example', never()), 'unavailable', 'Could not reach the DNS server');
  });
});
