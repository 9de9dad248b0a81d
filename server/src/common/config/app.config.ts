import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import type { AdmissionLimits } from '../backpressure/admission.queue';
import { appVersion } from '../package-info.util';
import { readFileSync } from 'node:fs';
import type { LogLevel } from './log-level.catalogue';
import { readGroup } from './setting.schema';
import type { RequestRateLimit } from './setting.parsers';
import { authSettings } from './settings/auth.settings';
import { billingSettings } from './settings/billing.settings';
import { browserAuditSettings } from './settings/browser-audit.settings';
import { databaseSettings } from './settings/database.settings';
import { fetchSettings } from './settings/fetch.settings';
import { mailSettings } from './settings/mail.settings';
import { monitoringSettings } from './settings/monitoring.settings';
import { requestsSettings } from './settings/requests.settings';
import { scansSettings, SITE_LIST_OFF } from './settings/scans.settings';
import { serverSettings } from './settings/server.settings';
import { SETTING_GROUPS } from './settings/settings.registry';

/*
 * The server's configuration. Each setting is declared once, in the settings file of the module
 * that reads it (./settings/*.settings.ts: type, default, words); this file turns their values
 * into the AppConfig the modules receive. CONTRIBUTING.md "Adding a setting" says how to add one.
 */

export { LOG_LEVELS, type LogLevel } from './log-level.catalogue';
export { parseMailbox, type RequestRateLimit } from './setting.parsers';

/**
 * Tuning that operators had no reason to change: fixed here, each with why it has its value. Tests
 * that need another value set it on the AppConfig they build.
 */
export const TUNING = {
  /** A request that finds no free connection in 3 s gets 503 with Retry-After rather than a slow answer. */
  dbPoolWaitMs: 3_000,
  /** A burst of sign-ins waits briefly; more than this many waiting means overload, answered 503. */
  passwordHashQueue: 16,
  /** A sign-in that has waited 1.5 s for a worker is refused (503) rather than kept: an accepted one then answers within about 2 s. */
  passwordHashWaitMs: 1_500,
  /** Scans waiting for a turn beyond SCAN_CONCURRENCY: eight times as many, so a burst is absorbed and a flood refused. */
  scanQueue: 256,
  /** A scan still waiting after 10 s is refused (503, no quota used): the person can retry sooner than a timed-out scan. */
  scanQueueWaitMs: 10_000,
  /** IPv6 clients get a /64 each from their provider: rate limits count the network, not the address. */
  rateLimitIpv6Prefix: 64,
  /** A job waiting longer than 10 s for a browser falls back to the static analysis within the scan's time. */
  browserQueueWaitMs: 10_000,
  /** Both visits of one scan (plain, then with Global Privacy Control): the same 15 s as a whole scan. */
  browserTimeoutMs: 15_000,
  /** 20 MiB per visit is several times a heavy page; past it further requests are refused. */
  browserMaxPageBytes: 20 * 1024 * 1024,
  /** Monitors' pages wait behind people's scans; a minute is nothing to a weekly check. */
  monitorBrowserWaitMs: 60_000,
} as const;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset means: start the embedded PostgreSQL under dataDir. DATABASE_PASSWORD, when set, is already in it. */
  databaseUrl?: string;
  /**
   * Whether this instance applies pending migrations at start (one instance at a time, under an
   * advisory lock). false: migrations are a separate rollout step and the instance refuses to
   * start while any is pending.
   */
  migrateOnStart: boolean;
  dataDir: string;
  embeddedPgPort?: number;
  publicUrl: string;
  logLevel: LogLevel;
  contactEmail: string;
  shutdownTimeoutMs: number;
  /** Outgoing mail server; unset means mail stays in the outbox table (and the log says so). */
  smtpUrl?: string;
  /** The From header of every email. */
  mailFrom: string;
  /** Key of the access tokens (HS256). Unset: generated once and kept in the database (app_secrets). */
  jwtSecret?: string;
  /** Express's 'trust proxy': whose X-Forwarded-For gives the client address (rate limits use it). */
  trustProxy: number | string[];
  /** Google sign-in (OpenID Connect): the issuer, and the OAuth client when both halves are set. */
  oidc: {
    issuer: string;
    /** Unset unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. */
    client?: { id: string; secret: string };
  };
  /** The outside services of the analysis (docs/OPERATIONS.md "Outside services and personal data"); base URLs without a trailing slash. */
  sources: {
    /**
     * Have I Been Pwned API v3; breachedaccount needs the key (no key: not asked about addresses),
     * the breach catalogue does not. `rateLimits`: what the key's plan allows, kept by one queue
     * shared by every instance.
     */
    hibp: { apiUrl: string; apiKey?: string; rateLimits: RequestRateLimit[] };
    /** XposedOrNot's free API (no key): breaches and pastes of an address, and its breach catalogue. */
    xposedOrNot: { enabled: boolean; apiUrl: string; rateLimits: RequestRateLimit[] };
    /** How long an address's answer from a breach source is reused (scans and monitors alike); 0: never. */
    breachCacheTtlSeconds: number;
    pwnedPasswords: { enabled: boolean; url: string };
    gravatar: { enabled: boolean; apiUrl: string; apiKey?: string };
    /** The email DNS checks (MX, SPF, DMARC): off sends no domain to any resolver. */
    emailDnsEnabled: boolean;
    /** Resolvers for the email DNS checks; unset means the system's. */
    dnsServers?: string[];
    /** The User-Agent of every outside request: names the product and where to reach us. */
    userAgent: string;
    /** A filter list (hosts or adblock syntax) that extends our tracker catalogue at start; unset: the catalogue alone. */
    trackerFilterListUrl?: string;
    /** A tracker list in third-party-web's format (its published one by default), fetched at run time and cached in the database; undefined (off): the built-in catalogue alone. */
    trackerListUrl?: string;
  };
  /** Proof of control of a watched email domain: where its file is fetched from, `{domain}` standing for the domain. */
  domainProof: { fileUrl: string };
  /** The SSRF guard of every fetch of a user-supplied URL (docs/ARCHITECTURE.md). */
  fetch: {
    /** The only ports such a URL may use. */
    allowedPorts: number[];
    /** IPs and CIDR ranges exempt from the private-address refusal: for tests and closed networks only. */
    allowedAddresses: string[];
    /** Names answered from this table instead of DNS (a hosts file for the fetcher and the browser's proxy): tests and closed networks only. */
    hosts: Record<string, string>;
  };
  scans: {
    /** Each check's own time limit. */
    checkTimeoutMs: number;
    /** The whole scan's limit: checks still running then are reported as timed out. */
    scanTimeoutMs: number;
    /** Scans a visitor (no account) may run per hour from one IP address. */
    visitorScansPerHour: number;
  };
  /** The username footprint check (sites in the WhatsMyName format). */
  username: {
    /** A site list in the WhatsMyName format (WhatsMyName's own by default), loaded at run time and cached in the database; undefined (off): the built-in list alone. */
    siteListUrl?: string;
    /** Check the built-in sites too (false: the configured list only). */
    builtInSites: boolean;
    /** Check sites for adult content too. */
    includeAdult: boolean;
    /** Requests in flight at once across every check of this process (one per host at most, whatever this says). */
    concurrency: number;
    /** Each site request's time limit. */
    requestTimeoutMs: number;
  };
  /** Privacy-rights requests. */
  requests: {
    /** The organisation catalogue (a gzipped tar of the datarequests.org data repository), loaded at run time and refreshed weekly; undefined (off): no catalogue. */
    catalogueUrl?: string;
    /** California's data broker registry (CSV), loaded at run time and refreshed weekly; undefined (off): none. */
    caBrokerRegistryUrl?: string;
  };
  /** Card payments (Stripe). Payments are possible only when `keys` is set. */
  stripe: {
    /** Where the server's Stripe SDK sends its requests (scheme, host and port are used). */
    apiUrl: string;
    /** The Stripe.js script the pricing page loads. */
    jsUrl: string;
    /** Unset unless STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set. */
    keys?: { secretKey: string; publishableKey: string; webhookSecret: string };
  };
  /** The bearer token of the operators' endpoints (analytics, metrics); unset: they answer 404. */
  operatorToken?: string;
  /** Prometheus metrics: also served without a token on this loopback-only port when set. */
  metrics: { port?: number };
  /**
   * 'all': the web app (API, client, scheduler) and, when browserAudit.concurrency > 0, browser work.
   * 'browser-worker': no HTTP at all; this instance only loads pages for the rendered website audit.
   */
  role: 'all' | 'browser-worker';
  /** The rendered website audit: pages loaded in headless Chromium behind the SSRF proxy. */
  browserAudit: {
    /** False: every website is analysed without running its scripts (the static fallback). */
    enabled: boolean;
    /** The Chromium binary (Debian's by default). */
    executable: string;
    /** Browser contexts this instance runs at once; 0: it runs none (other instances do the work). */
    concurrency: number;
    /** Jobs waiting for a browser across every instance; one more makes a website scan answer 503. */
    maxQueued: number;
    /** How long a job may wait for a free browser before the scan falls back to the static analysis. */
    queueWaitMs: number;
    /** The same for a monitor's page, which waits behind people's scans. */
    backgroundWaitMs: number;
    /** Both visits of one scan (plain and with Global Privacy Control) together. */
    timeoutMs: number;
    /** Bytes one visit may download through the proxy; past it further requests are refused. */
    maxPageBytes: number;
    /** Anonymous memory the browser's processes may hold together; past it the browser is killed. */
    maxMemoryBytes: number;
  };
  /** The monitor scheduler of this instance (every instance on one database shares the work). */
  monitoring: {
    /** Seconds between ticks; 0: this instance runs no monitors. */
    tickSeconds: number;
    /** How long a claimed monitor stays with this instance before another may take it over (a crash). */
    leaseSeconds: number;
    /** Monitors one tick claims at most. */
    batchSize: number;
    /** Monitors run at the same time. */
    concurrency: number;
    /** How soon a website monitor looks again to confirm a change it saw once (what a page loads can come and go). */
    confirmDelaySeconds: number;
  };
  /** The connection pool: its size, and how long a request waits for a free connection before a 503. */
  database: { poolSize: number; poolWaitMs: number };
  /** scrypt runs in worker threads; hashes beyond the workers wait in a bounded queue (else 503). */
  passwordHashing: AdmissionLimits;
  /** Privacy scans this instance runs at once, and how many may wait for a turn (else 503). */
  scanAdmission: AdmissionLimits;
  /** Per-address rate limits count an IPv6 client by this prefix (its /64 network by default). */
  rateLimitIpv6Prefix: number;
  /** Serve the Swagger UI at /api/docs (the document at /api/docs-json is always served). */
  apiDocsUi: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const fromFiles = readFileVariables(source, settingNames());
  const env = fromFiles.env;
  const problems = [...fromFiles.problems];
  const server = readGroup(serverSettings, env, problems);
  const db = readGroup(databaseSettings, env, problems);
  const mail = readGroup(mailSettings, env, problems);
  const auth = readGroup(authSettings, env, problems);
  const scans = readGroup(scansSettings, env, problems);
  const fetch = readGroup(fetchSettings, env, problems);
  const browser = readGroup(browserAuditSettings, env, problems);
  const monitoring = readGroup(monitoringSettings, env, problems);
  const requests = readGroup(requestsSettings, env, problems);
  const billing = readGroup(billingSettings, env, problems);
  const database = databaseUrlWithPassword(db.DATABASE_URL, db.DATABASE_PASSWORD);
  if (typeof database === 'string') problems.push(database);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = server.PUBLIC_URL;
  return {
    env: server.NODE_ENV,
    port: server.PORT,
    host: server.HOST,
    databaseUrl: typeof database === 'object' ? database.url : undefined,
    migrateOnStart: db.MIGRATE_ON_START,
    dataDir: resolve(db.DATA_DIR),
    embeddedPgPort: db.EMBEDDED_PG_PORT,
    publicUrl: (publicUrl ?? `http://localhost:${server.PORT}`).replace(/\/+$/, ''),
    logLevel: server.LOG_LEVEL,
    contactEmail: server.CONTACT_EMAIL,
    shutdownTimeoutMs: server.SHUTDOWN_TIMEOUT_MS,
    smtpUrl: mail.SMTP_URL,
    mailFrom: mail.MAIL_FROM,
    jwtSecret: auth.JWT_SECRET,
    trustProxy: server.TRUST_PROXY,
    oidc: {
      issuer: trimSlash(auth.OIDC_ISSUER),
      client: auth.GOOGLE_CLIENT_ID && auth.GOOGLE_CLIENT_SECRET ? { id: auth.GOOGLE_CLIENT_ID, secret: auth.GOOGLE_CLIENT_SECRET } : undefined,
    },
    sources: {
      hibp: { apiUrl: trimSlash(scans.HIBP_API_URL), apiKey: scans.HIBP_API_KEY, rateLimits: scans.HIBP_RATE_LIMITS },
      xposedOrNot: {
        enabled: scans.XPOSEDORNOT_ENABLED,
        apiUrl: trimSlash(scans.XPOSEDORNOT_API_URL),
        rateLimits: scans.XPOSEDORNOT_RATE_LIMITS,
      },
      breachCacheTtlSeconds: scans.BREACH_CACHE_TTL_SECONDS,
      pwnedPasswords: { enabled: scans.PWNED_PASSWORDS_ENABLED, url: trimSlash(scans.PWNED_PASSWORDS_URL) },
      gravatar: { enabled: scans.GRAVATAR_ENABLED, apiUrl: trimSlash(scans.GRAVATAR_API_URL), apiKey: scans.GRAVATAR_API_KEY },
      emailDnsEnabled: scans.EMAIL_DNS_ENABLED,
      dnsServers: scans.DNS_SERVERS,
      userAgent: `Footprint/${appVersion()} (privacy audit; ${publicUrl ?? 'self-hosted'})`,
      trackerFilterListUrl: scans.TRACKER_FILTER_LIST_URL,
      trackerListUrl: scans.TRACKER_LIST_URL === SITE_LIST_OFF ? undefined : scans.TRACKER_LIST_URL,
    },
    domainProof: { fileUrl: monitoring.DOMAIN_VERIFICATION_FILE_URL },
    fetch: {
      allowedPorts: [...new Set(fetch.FETCH_ALLOWED_PORTS)],
      allowedAddresses: fetch.FETCH_ALLOWED_ADDRESSES ?? [],
      hosts: fetch.FETCH_HOSTS ?? {},
    },
    scans: {
      checkTimeoutMs: scans.SCAN_CHECK_TIMEOUT_MS,
      scanTimeoutMs: scans.SCAN_TIMEOUT_MS,
      visitorScansPerHour: scans.VISITOR_SCANS_PER_HOUR,
    },
    username: {
      siteListUrl: scans.USERNAME_SITE_LIST_URL === SITE_LIST_OFF ? undefined : scans.USERNAME_SITE_LIST_URL,
      builtInSites: scans.USERNAME_BUILTIN_SITES,
      includeAdult: scans.USERNAME_INCLUDE_ADULT,
      concurrency: scans.USERNAME_CHECK_CONCURRENCY,
      requestTimeoutMs: scans.USERNAME_CHECK_TIMEOUT_MS,
    },
    requests: {
      catalogueUrl: requests.ORGANISATION_CATALOGUE_URL === SITE_LIST_OFF ? undefined : requests.ORGANISATION_CATALOGUE_URL,
      caBrokerRegistryUrl: requests.CA_BROKER_REGISTRY_URL === SITE_LIST_OFF ? undefined : requests.CA_BROKER_REGISTRY_URL,
    },
    stripe: {
      apiUrl: trimSlash(billing.STRIPE_API_URL),
      jsUrl: billing.STRIPE_JS_URL,
      keys:
        billing.STRIPE_SECRET_KEY && billing.STRIPE_PUBLISHABLE_KEY && billing.STRIPE_WEBHOOK_SECRET
          ? { secretKey: billing.STRIPE_SECRET_KEY, publishableKey: billing.STRIPE_PUBLISHABLE_KEY, webhookSecret: billing.STRIPE_WEBHOOK_SECRET }
          : undefined,
    },
    operatorToken: server.OPERATOR_TOKEN,
    metrics: { port: server.METRICS_PORT },
    role: server.INSTANCE_ROLE,
    browserAudit: {
      enabled: browser.BROWSER_AUDIT,
      executable: browser.BROWSER_EXECUTABLE,
      concurrency: browser.BROWSER_CONCURRENCY,
      maxQueued: browser.BROWSER_QUEUE,
      queueWaitMs: TUNING.browserQueueWaitMs,
      backgroundWaitMs: TUNING.monitorBrowserWaitMs,
      timeoutMs: TUNING.browserTimeoutMs,
      maxPageBytes: TUNING.browserMaxPageBytes,
      maxMemoryBytes: (browser.BROWSER_MAX_MEMORY_MB ?? defaultBrowserMemoryMb()) * 1024 * 1024,
    },
    monitoring: {
      tickSeconds: monitoring.MONITOR_TICK_SECONDS,
      leaseSeconds: monitoring.MONITOR_LEASE_SECONDS,
      batchSize: monitoring.MONITOR_BATCH_SIZE,
      concurrency: monitoring.MONITOR_CONCURRENCY,
      confirmDelaySeconds: monitoring.MONITOR_CONFIRM_DELAY_SECONDS,
    },
    database: { poolSize: db.DB_POOL_SIZE, poolWaitMs: TUNING.dbPoolWaitMs },
    passwordHashing: {
      // One core left to the event loop and PostgreSQL: 1 worker on 2 cores, at most 4.
      concurrency: auth.PASSWORD_HASH_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      maxQueued: TUNING.passwordHashQueue,
      maxWaitMs: TUNING.passwordHashWaitMs,
    },
    scanAdmission: {
      concurrency: scans.SCAN_CONCURRENCY,
      maxQueued: TUNING.scanQueue,
      maxWaitMs: TUNING.scanQueueWaitMs,
    },
    rateLimitIpv6Prefix: TUNING.rateLimitIpv6Prefix,
    apiDocsUi: server.API_DOCS_UI,
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The names of every setting the server reads. */
export function settingNames(): Set<string> {
  return new Set(SETTING_GROUPS.flatMap((group) => Object.keys(group.settings)));
}

/**
 * Docker secrets and the like: any setting NAME can instead be given as NAME_FILE, the path of a
 * file holding the value (one trailing line break is dropped). Setting both is an error, and so is
 * a file that cannot be read. Works for every setting of EnvironmentVariables, present and future.
 */
export function readFileVariables(
  source: NodeJS.ProcessEnv,
  names: Set<string>,
): { env: Record<string, string | undefined>; problems: string[] } {
  const env: Record<string, string | undefined> = { ...source };
  const problems: string[] = [];
  for (const name of names) {
    const path = source[`${name}_FILE`]?.trim();
    if (!path) continue;
    if (source[name]?.trim()) {
      problems.push(`Set ${name} or ${name}_FILE, not both`);
      continue;
    }
    try {
      env[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : 'unreadable');
      problems.push(`${name}_FILE names a file that cannot be read (${code}): ${path}`);
    }
  }
  return { env, problems };
}

/**
 * DATABASE_URL with DATABASE_PASSWORD put in (percent-encoded, so any character works); a string
 * names what is wrong. DATABASE_PASSWORD lets a password come from a secret file (DATABASE_PASSWORD_FILE)
 * while the URL itself stays in plain configuration.
 */
function databaseUrlWithPassword(url: string | undefined, password: string | undefined): { url?: string } | string {
  if (password === undefined) return { url };
  if (url === undefined) return 'DATABASE_PASSWORD needs DATABASE_URL (the embedded PostgreSQL makes its own password)';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url }; // DATABASE_URL's own validation names the problem
  }
  if (parsed.password) return 'DATABASE_URL already carries a password: leave it out there, or leave DATABASE_PASSWORD unset';
  if (!parsed.username) return 'DATABASE_PASSWORD needs a user name in DATABASE_URL (postgres://user@host/database)';
  parsed.password = encodeURIComponent(password);
  return { url: parsed.toString() };
}

/**
 * BROWSER_MAX_MEMORY_MB's default: half of what this server may use, so the browser cannot take
 * the server and its database down with it, between 1 GB (two pages need about 300 MB, a heavy
 * news site a few hundred more) and 4 GB. In a container the limit is the cgroup's, not the host's.
 */
export function defaultBrowserMemoryMb(): number {
  let bytes = totalmem();
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const limit = Number(readFileSync(file, 'utf8').trim());
      if (Number.isFinite(limit) && limit > 0) bytes = Math.min(bytes, limit);
    } catch {
      // not in a cgroup with a memory limit (or 'max'): the machine's memory
    }
  }
  return Math.min(4096, Math.max(1024, Math.floor(bytes / 2 / 1024 / 1024)));
}
