import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, defaultBrowserMemoryMb, loadConfig, TUNING } from './app.config';
import { parseAddressList, parseDnsServers, parseMailbox, parsePortList, parseRateLimits } from './setting.parsers';

const SMTP_MESSAGE = 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587';
const MAIL_FROM_MESSAGE = 'MAIL_FROM must be an email address, optionally with a name: Footprint <no-reply@example.com>';

/** What loadConfig says is wrong with `env`; fails the test when it accepts it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('loadConfig accepted it');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      migrateOnStart: true,
      dataDir: resolve('./data'),
      embeddedPgPort: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      contactEmail: 'privacy@footprint.example',
      shutdownTimeoutMs: 10_000,
      smtpUrl: undefined,
      mailFrom: 'Footprint <no-reply@footprint.example>',
      jwtSecret: undefined,
      trustProxy: ['loopback'],
      oidc: { issuer: 'https://accounts.google.com', client: undefined },
      sources: {
        hibp: { apiUrl: 'https://haveibeenpwned.com/api/v3', apiKey: undefined, rateLimits: [{ limit: 10, periodMs: 60_000 }] },
        xposedOrNot: {
          enabled: true,
          apiUrl: 'https://api.xposedornot.com/v1',
          rateLimits: [
            { limit: 1, periodMs: 1_000 },
            { limit: 25, periodMs: 3_600_000 },
            { limit: 100, periodMs: 86_400_000 },
          ],
        },
        breachCacheTtlSeconds: 3600,
        pwnedPasswords: { enabled: true, url: 'https://api.pwnedpasswords.com' },
        gravatar: { enabled: true, apiUrl: 'https://api.gravatar.com/v3', apiKey: undefined },
        emailDnsEnabled: true,
        dnsServers: undefined,
        userAgent: expect.stringMatching(/^Footprint\/\d+\.\d+\.\d+ \(privacy audit; self-hosted\)$/),
        trackerFilterListUrl: undefined,
        trackerListUrl: 'https://cdn.jsdelivr.net/npm/third-party-web/dist/entities.json',
      },
      scans: { checkTimeoutMs: 8000, scanTimeoutMs: 15000, visitorScansPerHour: 10 },
      domainProof: { fileUrl: 'https://{domain}/.well-known/footprint-verification.txt' },
      fetch: { allowedPorts: [80, 443], allowedAddresses: [], hosts: {} },
      username: {
        siteListUrl: 'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json',
        builtInSites: true,
        includeAdult: false,
        concurrency: 32,
        requestTimeoutMs: 5000,
      },
      stripe: { apiUrl: 'https://api.stripe.com', jsUrl: 'https://js.stripe.com/v3/', keys: undefined },
      operatorToken: undefined,
      metrics: { port: undefined },
      monitoring: { tickSeconds: 60, leaseSeconds: 600, batchSize: 50, concurrency: 5, confirmDelaySeconds: 600 },
      role: 'all',
      browserAudit: { enabled: true, executable: '/usr/bin/chromium', concurrency: 2, maxQueued: 8, queueWaitMs: 10_000, backgroundWaitMs: 60_000, timeoutMs: 15_000, maxPageBytes: 20 * 1024 * 1024, maxMemoryBytes: defaultBrowserMemoryMb() * 1024 * 1024 },
      database: { poolSize: 10, poolWaitMs: 3000 },
      passwordHashing: { concurrency: Math.min(4, Math.max(1, availableParallelism() - 1)), maxQueued: 16, maxWaitMs: 1500 },
      scanAdmission: { concurrency: 32, maxQueued: 256, maxWaitMs: 10000 },
      rateLimitIpv6Prefix: 64,
      requests: { catalogueUrl: 'https://codeload.github.com/datenanfragen/data/tar.gz/refs/heads/master', caBrokerRegistryUrl: 'https://cppa.ca.gov/data_broker_registry/registry.csv' },
      apiDocsUi: true,
    });
  });

  it('reads the back-pressure and API docs settings; the rest of the tuning is fixed (TUNING)', () => {
    const config = loadConfig({ DB_POOL_SIZE: '4', PASSWORD_HASH_WORKERS: '2', SCAN_CONCURRENCY: '3', API_DOCS_UI: 'false' });
    expect(config.database).toEqual({ poolSize: 4, poolWaitMs: TUNING.dbPoolWaitMs });
    expect(config.passwordHashing).toEqual({ concurrency: 2, maxQueued: TUNING.passwordHashQueue, maxWaitMs: TUNING.passwordHashWaitMs });
    expect(config.scanAdmission).toEqual({ concurrency: 3, maxQueued: TUNING.scanQueue, maxWaitMs: TUNING.scanQueueWaitMs });
    expect(config.apiDocsUi).toBe(false);
  });

  it.each([
    ['DB_POOL_SIZE', '0', 'DB_POOL_SIZE must be a whole number between 1 and 200'],
    ['PASSWORD_HASH_WORKERS', 'many', 'PASSWORD_HASH_WORKERS must be a whole number between 1 and 64'],
    ['API_DOCS_UI', 'off', 'API_DOCS_UI must be true or false'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user:pw@db:5432/footprint',
      DATA_DIR: '/var/lib/footprint',
      EMBEDDED_PG_PORT: '5555',
      PUBLIC_URL: 'https://footprint.example/',
      LOG_LEVEL: 'debug',
      CONTACT_EMAIL: 'dpo@footprint.example',
      SMTP_URL: 'smtps://mailer:s%40cret@smtp.footprint.example:465',
      MAIL_FROM: 'Footprint Alerts <alerts@footprint.example>',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user:pw@db:5432/footprint',
      dataDir: '/var/lib/footprint',
      embeddedPgPort: 5555,
      publicUrl: 'https://footprint.example',
      logLevel: 'debug',
      contactEmail: 'dpo@footprint.example',
      smtpUrl: 'smtps://mailer:s%40cret@smtp.footprint.example:465',
      mailFrom: 'Footprint Alerts <alerts@footprint.example>',
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number between 0 and 65535'],
    ['PORT', '70000', 'PORT must be a whole number between 0 and 65535'],
    ['PORT', '3.5', 'PORT must be a whole number between 0 and 65535'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['PUBLIC_URL', 'footprint.example', 'PUBLIC_URL must be an http:// or https:// URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['CONTACT_EMAIL', 'not-an-email', 'CONTACT_EMAIL must be an email address'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, production, test'],
    ['EMBEDDED_PG_PORT', '0', 'EMBEDDED_PG_PORT must be a whole number between 1 and 65535'],
    ['SMTP_URL', 'mail.example.com:25', SMTP_MESSAGE],
    ['SMTP_URL', 'http://mail.example.com', SMTP_MESSAGE],
    ['SMTP_URL', 'smtp://', SMTP_MESSAGE],
    ['MAIL_FROM', 'Footprint', MAIL_FROM_MESSAGE],
    ['MAIL_FROM', 'Footprint <no-reply@footprint.example', MAIL_FROM_MESSAGE],
    ['MAIL_FROM', 'Foot\r\nBcc: x@evil.example <a@footprint.example>', MAIL_FROM_MESSAGE],
    ['MAIL_FROM', 'a@b.example, c@d.example', MAIL_FROM_MESSAGE],
    ['JWT_SECRET', 'too-short', 'JWT_SECRET must be at least 32 characters long (use 32 or more random bytes)'],
    ['OIDC_ISSUER', 'accounts.google.com', 'OIDC_ISSUER must be an http:// or https:// URL, such as https://accounts.google.com'],
    ['USERNAME_SITE_LIST_URL', 'file:///etc/passwd', 'USERNAME_SITE_LIST_URL must be an http:// or https:// URL, or off'],
    ['USERNAME_SITE_LIST_URL', 'none', 'USERNAME_SITE_LIST_URL must be an http:// or https:// URL, or off'],
    ['USERNAME_INCLUDE_ADULT', 'yes', 'USERNAME_INCLUDE_ADULT must be true or false'],
    ['USERNAME_CHECK_CONCURRENCY', '0', 'USERNAME_CHECK_CONCURRENCY must be a whole number between 1 and 256'],
    ['USERNAME_CHECK_TIMEOUT_MS', '1.5', 'USERNAME_CHECK_TIMEOUT_MS must be a whole number of milliseconds'],
    ['TRUST_PROXY', 'true', 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'],
    ['TRUST_PROXY', '10.0.0.0/33', 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'],
    ['TRUST_PROXY', 'loopback, proxy.example', 'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal'],
    ['MONITOR_TICK_SECONDS', '-1', 'MONITOR_TICK_SECONDS must be a whole number of seconds (0 turns the monitor scheduler off)'],
    ['MONITOR_TICK_SECONDS', '0.5', 'MONITOR_TICK_SECONDS must be a whole number of seconds (0 turns the monitor scheduler off)'],
    ['MONITOR_LEASE_SECONDS', '0', 'MONITOR_LEASE_SECONDS must be a whole number of seconds'],
    ['MONITOR_BATCH_SIZE', 'many', 'MONITOR_BATCH_SIZE must be a whole number'],
    ['MONITOR_CONCURRENCY', '101', 'MONITOR_CONCURRENCY must be a whole number'],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it.each(['smtp://mail:1025', 'smtp://127.0.0.1:2525', 'smtps://user:p%40ss@smtp.example.com:465', 'smtp://[::1]:25'])(
    'accepts SMTP_URL=%s',
    (url) => {
      expect(loadConfig({ SMTP_URL: url }).smtpUrl).toBe(url);
    },
  );

  it.each(['no-reply@footprint.example', 'Footprint <no-reply@footprint.example>', 'Smith, Jane <jane@localhost>'])(
    'accepts MAIL_FROM=%s',
    (from) => {
      expect(loadConfig({ MAIL_FROM: ` ${from} ` }).mailFrom).toBe(from);
    },
  );

  it('reads the username check settings', () => {
    expect(
      loadConfig({
        USERNAME_SITE_LIST_URL: 'https://lists.example/sites.json',
        USERNAME_BUILTIN_SITES: 'false',
        USERNAME_INCLUDE_ADULT: 'true',
        USERNAME_CHECK_CONCURRENCY: '4',
        USERNAME_CHECK_TIMEOUT_MS: '2500',
      }).username,
    ).toEqual({ siteListUrl: 'https://lists.example/sites.json', builtInSites: false, includeAdult: true, concurrency: 4, requestTimeoutMs: 2500 });
  });

  it("uses WhatsMyName's published list unless USERNAME_SITE_LIST_URL names another or is off", () => {
    const wmn = 'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json';
    expect(loadConfig({}).username.siteListUrl).toBe(wmn);
    expect(loadConfig({ USERNAME_SITE_LIST_URL: ' ' }).username.siteListUrl).toBe(wmn);
    expect(loadConfig({ USERNAME_SITE_LIST_URL: 'off' }).username.siteListUrl).toBeUndefined();
    expect(loadConfig({ USERNAME_SITE_LIST_URL: ' off ' }).username.siteListUrl).toBeUndefined();
  });

  it("uses third-party-web's published tracker list unless TRACKER_LIST_URL names another or is off", () => {
    expect(loadConfig({}).sources.trackerListUrl).toBe('https://cdn.jsdelivr.net/npm/third-party-web/dist/entities.json');
    expect(loadConfig({ TRACKER_LIST_URL: 'https://mirror.example/entities.json' }).sources.trackerListUrl).toBe('https://mirror.example/entities.json');
    expect(loadConfig({ TRACKER_LIST_URL: 'off' }).sources.trackerListUrl).toBeUndefined();
    expect(() => loadConfig({ TRACKER_LIST_URL: 'ftp://mirror.example/entities.json' })).toThrow(/TRACKER_LIST_URL must be an http:\/\/ or https:\/\/ URL, or off/);
  });

  it('reads JWT_SECRET, leaving it unset (generated and stored in the database) by default', () => {
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: '' }).jwtSecret).toBeUndefined();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('reads TRUST_PROXY as a hop count or a list, loopback by default', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::/8, 172.18.0.2' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
      '172.18.0.2',
    ]);
  });

  it('configures Google sign-in only when both the client id and the secret are set', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).oidc.client).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_SECRET: 'secret' }).oidc.client).toBeUndefined();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: ' ' }).oidc.client).toBeUndefined();
    expect(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:9999/', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).oidc,
    ).toEqual({ issuer: 'http://127.0.0.1:9999', client: { id: 'id', secret: 'secret' } });
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('parseMailbox', () => {
  it('splits a display name from the address', () => {
    expect(parseMailbox('Footprint <no-reply@footprint.example>')).toEqual({
      name: 'Footprint',
      address: 'no-reply@footprint.example',
    });
    expect(parseMailbox('  no-reply@footprint.example ')).toEqual({ address: 'no-reply@footprint.example' });
    expect(parseMailbox('<no-reply@footprint.example>')).toEqual({ address: 'no-reply@footprint.example' });
  });

  it('refuses values that are not one mailbox', () => {
    for (const bad of ['', 'Footprint', '"Foot" <a@b.example>', 'a\n<b@c.example>', '<a@b.example> x', 'a@b.example c@d.example']) {
      expect({ bad, parsed: parseMailbox(bad) }).toEqual({ bad, parsed: undefined });
    }
  });
});

describe('the analysis sources and scan limits', () => {
  it('reads the sources, trimming trailing slashes and keys', () => {
    const config = loadConfig({
      HIBP_API_URL: 'http://127.0.0.1:4010/api/v3/',
      HIBP_API_KEY: ' key ',
      PWNED_PASSWORDS_URL: 'http://127.0.0.1:4011',
      GRAVATAR_API_URL: 'http://127.0.0.1:4012/v3',
      DNS_SERVERS: '127.0.0.1:5353, [::1]:53',
      PUBLIC_URL: 'https://footprint.example',
      SCAN_CHECK_TIMEOUT_MS: '500',
      SCAN_TIMEOUT_MS: '900',
      VISITOR_SCANS_PER_HOUR: '0',
    });
    expect(config.sources).toMatchObject({
      hibp: { apiUrl: 'http://127.0.0.1:4010/api/v3', apiKey: 'key' },
      pwnedPasswords: { enabled: true, url: 'http://127.0.0.1:4011' },
      gravatar: { apiUrl: 'http://127.0.0.1:4012/v3' },
      dnsServers: ['127.0.0.1:5353', '[::1]:53'],
      userAgent: expect.stringContaining('https://footprint.example'),
    });
    expect(config.scans).toEqual({ checkTimeoutMs: 500, scanTimeoutMs: 900, visitorScansPerHour: 0 });
  });

  it('reads the breach sources, their rate limits, the cache and the switches of every outside service', () => {
    const config = loadConfig({
      XPOSEDORNOT_ENABLED: 'false',
      XPOSEDORNOT_API_URL: 'http://127.0.0.1:4013/v1/',
      XPOSEDORNOT_RATE_LIMITS: '2/s, 30/minutes,500/d',
      HIBP_RATE_LIMITS: '100/minute',
      BREACH_CACHE_TTL_SECONDS: '0',
      PWNED_PASSWORDS_ENABLED: 'false',
      GRAVATAR_ENABLED: 'false',
      EMAIL_DNS_ENABLED: 'false',
    });
    expect(config.sources).toMatchObject({
      hibp: { rateLimits: [{ limit: 100, periodMs: 60_000 }] },
      xposedOrNot: {
        enabled: false,
        apiUrl: 'http://127.0.0.1:4013/v1',
        rateLimits: [
          { limit: 2, periodMs: 1_000 },
          { limit: 30, periodMs: 60_000 },
          { limit: 500, periodMs: 86_400_000 },
        ],
      },
      breachCacheTtlSeconds: 0,
      pwnedPasswords: { enabled: false },
      gravatar: { enabled: false },
      emailDnsEnabled: false,
    });
  });

  it('refuses rate limits it cannot read', () => {
    for (const bad of ['10', '10/ms', '0/second', '1/second,', 'ten/minute', '1.5/hour']) {
      expect(parseRateLimits(bad)).toBeUndefined();
    }
    expect(() => loadConfig({ XPOSEDORNOT_RATE_LIMITS: '5/week' })).toThrow(/XPOSEDORNOT_RATE_LIMITS must be comma-separated limits/);
    expect(() => loadConfig({ XPOSEDORNOT_ENABLED: 'yes' })).toThrow(/XPOSEDORNOT_ENABLED must be true or false/);
    expect(() => loadConfig({ BREACH_CACHE_TTL_SECONDS: '-1' })).toThrow(/BREACH_CACHE_TTL_SECONDS/);
  });

  it('names each bad value', () => {
    expect(() => loadConfig({ HIBP_API_URL: 'ftp://x' })).toThrow(/HIBP_API_URL must be an http/);
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google' })).toThrow(/DNS_SERVERS must be a comma-separated list/);
    expect(() => loadConfig({ SCAN_TIMEOUT_MS: '5' })).toThrow(/SCAN_TIMEOUT_MS/);
  });

  it('accepts resolvers as IPv4 or IPv6, with or without a port', () => {
    expect(parseDnsServers('1.1.1.1')).toEqual(['1.1.1.1']);
    expect(parseDnsServers('2606:4700::1111,9.9.9.9:53')).toEqual(['2606:4700::1111', '9.9.9.9:53']);
    for (const bad of ['', 'example.com', '1.1.1.1:99999', '[1.1.1.1]:53', '::1:53x']) expect(parseDnsServers(bad)).toBeUndefined();
  });
});

describe('the SSRF guard settings', () => {
  it('allows ports 80 and 443 and no private address by default', () => {
    expect(loadConfig({}).fetch).toEqual({ allowedPorts: [80, 443], allowedAddresses: [], hosts: {} });
    expect(loadConfig({ FETCH_ALLOWED_PORTS: ' ', FETCH_ALLOWED_ADDRESSES: '' }).fetch).toEqual({ allowedPorts: [80, 443], allowedAddresses: [], hosts: {} });
  });

  it('reads the allowed ports and exempt addresses', () => {
    const config = loadConfig({ FETCH_ALLOWED_PORTS: '80, 443,8080', FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32, ::1, 10.1.2.0/24' });
    expect(config.fetch).toEqual({ allowedPorts: [80, 443, 8080], allowedAddresses: ['127.0.0.1/32', '::1', '10.1.2.0/24'], hosts: {} });
  });

  it('reads a hosts table for the fetcher, and refuses a malformed one', () => {
    expect(loadConfig({ FETCH_HOSTS: 'Shop.Test=127.0.0.1, static.hotjar.com=::1' }).fetch.hosts).toEqual({ 'shop.test': '127.0.0.1', 'static.hotjar.com': '::1' });
    expect(() => loadConfig({ FETCH_HOSTS: 'shop.test=not-an-ip' })).toThrow(/FETCH_HOSTS must be a comma-separated list of name=address pairs/);
  });

  it('reads the browser audit settings', () => {
    const config = loadConfig({ BROWSER_AUDIT: 'false', BROWSER_CONCURRENCY: '0', BROWSER_QUEUE: '3', INSTANCE_ROLE: 'browser-worker' });
    expect(config.browserAudit).toMatchObject({ enabled: false, concurrency: 0, maxQueued: 3, timeoutMs: TUNING.browserTimeoutMs });
    expect(config.role).toBe('browser-worker');
    expect(() => loadConfig({ BROWSER_CONCURRENCY: '-1' })).toThrow(/BROWSER_CONCURRENCY/);
    expect(() => loadConfig({ INSTANCE_ROLE: 'web' })).toThrow(/INSTANCE_ROLE must be all or browser-worker/);
  });

  it('reads the tracker filter list URL', () => {
    expect(loadConfig({ TRACKER_FILTER_LIST_URL: 'https://lists.example/trackers.txt' }).sources.trackerFilterListUrl).toBe(
      'https://lists.example/trackers.txt',
    );
  });

  it.each([
    ['FETCH_ALLOWED_PORTS', '80,http', 'FETCH_ALLOWED_PORTS must be a comma-separated list of ports between 1 and 65535: 80,443'],
    ['FETCH_ALLOWED_PORTS', '0', 'FETCH_ALLOWED_PORTS must be a comma-separated list of ports between 1 and 65535: 80,443'],
    ['FETCH_ALLOWED_PORTS', '443,70000', 'FETCH_ALLOWED_PORTS must be a comma-separated list of ports between 1 and 65535: 80,443'],
    ['FETCH_ALLOWED_ADDRESSES', 'localhost', 'FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges: 127.0.0.1/32,10.1.2.0/24'],
    ['FETCH_ALLOWED_ADDRESSES', '10.0.0.0/33', 'FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges: 127.0.0.1/32,10.1.2.0/24'],
    ['FETCH_ALLOWED_ADDRESSES', '127.0.0.1,', 'FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges: 127.0.0.1/32,10.1.2.0/24'],
    ['TRACKER_FILTER_LIST_URL', 'file:///etc/hosts', 'TRACKER_FILTER_LIST_URL must be an http:// or https:// URL'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('parses port and address lists strictly', () => {
    expect(parsePortList('443,443,80')).toEqual([443, 80]);
    for (const bad of ['', '80;443', '-1', '1e3', '65536']) expect(parsePortList(bad)).toBeUndefined();
    expect(parseAddressList('fd00::/8,192.168.0.1')).toEqual(['fd00::/8', '192.168.0.1']);
    for (const bad of ['', '1.2.3', '1.2.3.4/', '::1/129', '10.0.0.0/8/8']) expect(parseAddressList(bad)).toBeUndefined();
  });
});

describe('payments and the operators\' endpoint', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('configures Stripe only when the secret key, publishable key and webhook secret are all set', () => {
    expect(loadConfig(keys).stripe.keys).toEqual({ secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' });
    for (const missing of Object.keys(keys)) {
      expect(loadConfig({ ...keys, [missing]: '' }).stripe.keys).toBeUndefined();
    }
  });

  it('reads the Stripe API and Stripe.js addresses (for a fake in tests)', () => {
    const config = loadConfig({ STRIPE_API_URL: 'http://127.0.0.1:4010/', STRIPE_JS_URL: 'http://127.0.0.1:4011/v3/' });
    expect(config.stripe).toEqual({ apiUrl: 'http://127.0.0.1:4010', jsUrl: 'http://127.0.0.1:4011/v3/', keys: undefined });
  });

  it('reads OPERATOR_TOKEN', () => {
    expect(loadConfig({ OPERATOR_TOKEN: 'o'.repeat(32) }).operatorToken).toBe('o'.repeat(32));
  });

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_abc', 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_test_abc', 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…)'],
    ['STRIPE_WEBHOOK_SECRET', 'secret', 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)'],
    ['STRIPE_API_URL', 'api.stripe.com', 'STRIPE_API_URL must be an http:// or https:// URL, such as https://api.stripe.com'],
    ['STRIPE_JS_URL', 'ftp://js.stripe.com/v3/', 'STRIPE_JS_URL must be an http:// or https:// URL, such as https://js.stripe.com/v3/'],
    ['OPERATOR_TOKEN', 'short', 'OPERATOR_TOKEN must be at least 32 characters long (use 32 or more random bytes)'],
  ])('rejects %s=%s', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });
});

describe('settings from files (NAME_FILE, as Docker secrets are mounted)', () => {
  let dir: string;
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'footprint-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads any setting from the file NAME_FILE names, without its trailing line break', () => {
    const config = loadConfig({
      JWT_SECRET_FILE: file('jwt', `${'j'.repeat(40)}\n`),
      OPERATOR_TOKEN_FILE: file('operator', `${'o'.repeat(32)}\r\n`),
      STRIPE_SECRET_KEY_FILE: file('stripe', 'sk_test_from_file'),
      SMTP_URL_FILE: file('smtp', 'smtp://user:p%40ss@mail.example.com:587\n'),
      LOG_LEVEL_FILE: file('level', 'warn\n'),
    });
    expect(config.jwtSecret).toBe('j'.repeat(40));
    expect(config.operatorToken).toBe('o'.repeat(32));
    expect(config.smtpUrl).toBe('smtp://user:p%40ss@mail.example.com:587');
    expect(config.logLevel).toBe('warn');
    expect(loadConfig({ STRIPE_SECRET_KEY_FILE: file('sk', 'sk_test_x'), STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe.keys?.secretKey).toBe('sk_test_x');
  });

  it('validates a value from a file like any other', () => {
    expect(problemsOf({ OPERATOR_TOKEN_FILE: file('short', 'short\n') })).toEqual([
      'OPERATOR_TOKEN must be at least 32 characters long (use 32 or more random bytes)',
    ]);
  });

  it('refuses NAME and NAME_FILE together, and a file it cannot read', () => {
    expect(problemsOf({ HIBP_API_KEY: 'a', HIBP_API_KEY_FILE: file('hibp', 'b') })).toEqual(['Set HIBP_API_KEY or HIBP_API_KEY_FILE, not both']);
    expect(problemsOf({ GOOGLE_CLIENT_SECRET_FILE: join(dir, 'missing') })).toEqual([
      `GOOGLE_CLIENT_SECRET_FILE names a file that cannot be read (ENOENT): ${join(dir, 'missing')}`,
    ]);
  });

  it('ignores an empty NAME_FILE and variables that are not settings', () => {
    expect(loadConfig({ JWT_SECRET_FILE: '' }).jwtSecret).toBeUndefined();
    expect(() => loadConfig({ SOMETHING_ELSE_FILE: join(dir, 'missing') })).not.toThrow();
  });
});

describe('the database settings', () => {
  it('puts DATABASE_PASSWORD into DATABASE_URL, percent-encoded', () => {
    const password = 'p@ss:w/rd?#%41 é';
    const config = loadConfig({ DATABASE_URL: 'postgres://footprint@db:5432/footprint', DATABASE_PASSWORD: password });
    const url = new URL(config.databaseUrl ?? '');
    expect(decodeURIComponent(url.password)).toBe(password);
    expect(url.username).toBe('footprint');
    expect(url.host).toBe('db:5432');
    expect(url.pathname).toBe('/footprint');
  });

  it('reads the password from DATABASE_PASSWORD_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'footprint-config-'));
    try {
      const path = join(dir, 'postgres_password');
      writeFileSync(path, 's3cret\n');
      const config = loadConfig({ DATABASE_URL: 'postgres://footprint@db/footprint', DATABASE_PASSWORD_FILE: path });
      expect(new URL(config.databaseUrl ?? '').password).toBe('s3cret');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a DATABASE_PASSWORD it cannot place', () => {
    expect(problemsOf({ DATABASE_PASSWORD: 'x' })).toEqual(['DATABASE_PASSWORD needs DATABASE_URL (the embedded PostgreSQL makes its own password)']);
    expect(problemsOf({ DATABASE_URL: 'postgres://u:pw@db/f', DATABASE_PASSWORD: 'x' })).toEqual([
      'DATABASE_URL already carries a password: leave it out there, or leave DATABASE_PASSWORD unset',
    ]);
  });

  it('runs migrations at start unless MIGRATE_ON_START is false', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(problemsOf({ MIGRATE_ON_START: 'no' })).toEqual(['MIGRATE_ON_START must be true or false']);
  });

  it('reads METRICS_PORT', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464 });
    expect(problemsOf({ METRICS_PORT: '0' })[0]).toMatch(/^METRICS_PORT/);
  });
});
