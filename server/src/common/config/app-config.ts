import { plainToInstance, Transform } from 'class-transformer';
import {
  getMetadataStorage,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  isEmail,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { AdmissionLimits } from '../backpressure/admission-queue';
import { appVersion } from '../package-info';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Unset and empty variables both mean "use the default".
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const toNumber = ({ value }: { value: unknown }) => {
  const v = emptyToUndefined({ value });
  return v === undefined ? undefined : Number(v);
};

export const DEFAULT_OIDC_ISSUER = 'https://accounts.google.com';
export const DEFAULT_HIBP_API_URL = 'https://haveibeenpwned.com/api/v3';
export const DEFAULT_XPOSEDORNOT_API_URL = 'https://api.xposedornot.com/v1';
/** HIBP's smallest paid plan (Pwned 1) allows 10 breach searches a minute; set yours in HIBP_RATE_LIMITS. */
export const DEFAULT_HIBP_RATE_LIMITS = '10/minute';
/**
 * XposedOrNot's free API: its documentation says 2 requests a second per IP; its server also counts
 * 25 an hour and 100 a day per IP and route (api/v1/breaches.py). One a second leaves room for
 * the time a request takes on the way.
 */
export const DEFAULT_XPOSEDORNOT_RATE_LIMITS = '1/second,25/hour,100/day';
export const DEFAULT_PWNED_PASSWORDS_URL = 'https://api.pwnedpasswords.com';
export const DEFAULT_GRAVATAR_API_URL = 'https://api.gravatar.com/v3';
export const DEFAULT_MAIL_FROM = 'Footprint <no-reply@footprint.example>';
export const DEFAULT_STRIPE_API_URL = 'https://api.stripe.com';
export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';
/** WhatsMyName's published site list (CC BY-SA 4.0): fetched at run time, never shipped. */
export const DEFAULT_USERNAME_SITE_LIST_URL = 'https://raw.githubusercontent.com/WebBreacher/WhatsMyName/main/wmn-data.json';
/** The value of USERNAME_SITE_LIST_URL that turns the configured list off. */
export const SITE_LIST_OFF = 'off';
/** The datarequests.org company database (CC0 1.0) as GitHub's archive of its repository: fetched at run time, never shipped. */
export const DEFAULT_ORGANISATION_CATALOGUE_URL = 'https://codeload.github.com/datenanfragen/data/tar.gz/refs/heads/master';

/**
 * A sender as mail headers write it: `name@example.com` or `Display Name <name@example.com>`.
 * The name may not hold control characters, quotes or angle brackets, so it cannot add headers.
 */
export function parseMailbox(value: string): { name?: string; address: string } | undefined {
  const trimmed = value.trim();
  if (/\p{Cc}/u.test(trimmed)) return undefined; // line breaks and other control characters
  const named = /^([^"<>]*?)[ \t]*<([^<>\s]+)>$/.exec(trimmed);
  const address = named ? named[2] : trimmed;
  if (!isEmail(address, { require_tld: false })) return undefined;
  const name = named?.[1].trim();
  return name ? { name, address } : { address };
}

const IsMailbox = (message: string) =>
  ValidateBy(
    {
      name: 'isMailbox',
      validator: { validate: (value) => typeof value === 'string' && parseMailbox(value) !== undefined, defaultMessage: () => message },
    },
    { message },
  );

/**
 * Which proxies' X-Forwarded-For Express believes (its 'trust proxy' setting): a hop count, or
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Never plain "true".
 */
export function parseTrustProxy(value: string): number | string[] | undefined {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const items = trimmed.split(',').map((item) => item.trim());
  const valid = (item: string) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
    const [address, prefix, ...rest] = item.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  return items.length > 0 && items.every(valid) ? items : undefined;
}

const HTTP_URL = { protocols: ['http', 'https'], require_tld: false, require_protocol: true };

/** DNS_SERVERS: `1.1.1.1`, `127.0.0.1:5353`, `[::1]:53`, comma-separated; undefined when malformed. */
export function parseDnsServers(value: string): string[] | undefined {
  const items = value.split(',').map((item) => item.trim()).filter(Boolean);
  const valid = (item: string) => {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(item);
    if (bracketed) return isIP(bracketed[1]) === 6 && (bracketed[2] === undefined || Number(bracketed[2]) <= 65535);
    if (isIP(item) !== 0) return true;
    const withPort = /^([\d.]+):(\d{1,5})$/.exec(item);
    return withPort !== null && isIP(withPort[1]) === 4 && Number(withPort[2]) <= 65535;
  };
  return items.length > 0 && items.every(valid) ? items : undefined;
}

const IsDnsServers = (message: string) =>
  ValidateBy(
    {
      name: 'isDnsServers',
      validator: { validate: (value) => typeof value === 'string' && parseDnsServers(value) !== undefined, defaultMessage: () => message },
    },
    { message },
  );

/** FETCH_ALLOWED_PORTS: comma-separated TCP ports (1-65535); undefined when malformed or empty. */
export function parsePortList(value: string): number[] | undefined {
  const items = value.split(',').map((item) => item.trim());
  if (items.some((item) => !/^\d{1,5}$/.test(item))) return undefined;
  const ports = items.map(Number);
  return ports.every((port) => port >= 1 && port <= 65535) ? [...new Set(ports)] : undefined;
}

/** FETCH_ALLOWED_ADDRESSES: comma-separated IP addresses and CIDR ranges; undefined when malformed. */
export function parseAddressList(value: string): string[] | undefined {
  const items = value.split(',').map((item) => item.trim());
  const valid = (item: string) => {
    const [address, prefix, ...rest] = item.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  return items.every(valid) ? items : undefined;
}

/** One limit of an outside service: at most `limit` requests in any `periodMs`. */
export interface RequestRateLimit {
  limit: number;
  periodMs: number;
}

const RATE_UNITS: Record<string, number> = { s: 1_000, second: 1_000, m: 60_000, minute: 60_000, h: 3_600_000, hour: 3_600_000, d: 86_400_000, day: 86_400_000 };

/** `1/second,25/hour,100/day` (units second, minute, hour, day or s, m, h, d); undefined when malformed. */
export function parseRateLimits(value: string): RequestRateLimit[] | undefined {
  const items = value.split(',').map((item) => item.trim().toLowerCase());
  const limits: RequestRateLimit[] = [];
  for (const item of items) {
    const match = /^(\d{1,7})\s*\/\s*([a-z]+)$/.exec(item);
    // "25/hours" reads as "25/hour"; "s" alone is seconds.
    const unit = match && match[2].length > 1 ? match[2].replace(/(second|minute|hour|day)s$/, '$1') : match?.[2];
    const periodMs = unit !== undefined && Object.hasOwn(RATE_UNITS, unit) ? RATE_UNITS[unit] : undefined;
    if (!match || periodMs === undefined || Number(match[1]) < 1) return undefined;
    limits.push({ limit: Number(match[1]), periodMs });
  }
  return limits.length > 0 ? limits : undefined;
}

const IsRateLimits = (message: string) =>
  ValidateBy(
    { name: 'isRateLimits', validator: { validate: (value) => typeof value === 'string' && parseRateLimits(value) !== undefined, defaultMessage: () => message } },
    { message },
  );

const IsBooleanText = (name: string) => IsIn(['true', 'false'], { message: `${name} must be true or false` });

/** FETCH_HOSTS: comma-separated `name=ip` pairs (a hosts file for the fetcher); undefined when malformed. */
export function parseHostMap(value: string): Record<string, string> | undefined {
  const map: Record<string, string> = {};
  for (const item of value.split(',').map((i) => i.trim()).filter(Boolean)) {
    const [name, address, ...rest] = item.split('=').map((part) => part.trim());
    if (rest.length > 0 || !name || !address || isIP(address) === 0 || !/^[a-z0-9.-]+$/i.test(name)) return undefined;
    map[name.toLowerCase().replace(/\.$/, '')] = address;
  }
  return map;
}

const IsHostMap = (message: string) =>
  ValidateBy(
    { name: 'isHostMap', validator: { validate: (value) => typeof value === 'string' && parseHostMap(value) !== undefined, defaultMessage: () => message } },
    { message },
  );

const IsPortList = (message: string) =>
  ValidateBy(
    { name: 'isPortList', validator: { validate: (value) => typeof value === 'string' && parsePortList(value) !== undefined, defaultMessage: () => message } },
    { message },
  );

const IsAddressList = (message: string) =>
  ValidateBy(
    {
      name: 'isAddressList',
      validator: { validate: (value) => typeof value === 'string' && parseAddressList(value) !== undefined, defaultMessage: () => message },
    },
    { message },
  );

const IsTrustProxy = (message: string) =>
  ValidateBy(
    {
      name: 'isTrustProxy',
      validator: { validate: (value) => typeof value === 'string' && parseTrustProxy(value) !== undefined, defaultMessage: () => message },
    },
    { message },
  );

/** The environment variables the server reads. Each is validated at boot. */
class EnvironmentVariables {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
  NODE_ENV?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'PORT must be a whole number between 0 and 65535' })
  @Min(0)
  @Max(65535)
  PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  HOST?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true },
    { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' },
  )
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATABASE_PASSWORD?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'MIGRATE_ON_START must be true or false' })
  MIGRATE_ON_START?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'EMBEDDED_PG_PORT must be a whole number between 1 and 65535' })
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_tld: false, require_protocol: true },
    { message: 'PUBLIC_URL must be an http:// or https:// URL' },
  )
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'CONTACT_EMAIL must be an email address' })
  CONTACT_EMAIL?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true },
    { message: 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587' },
  )
  SMTP_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsMailbox('MAIL_FROM must be an email address, optionally with a name: Footprint <no-reply@example.com>')
  MAIL_FROM?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long (use 32 or more random bytes)' })
  JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsTrustProxy(
    'TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
  )
  TRUST_PROXY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_tld: false, require_protocol: true },
    { message: 'OIDC_ISSUER must be an http:// or https:// URL, such as https://accounts.google.com' },
  )
  OIDC_ISSUER?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  HIBP_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'HIBP_API_URL must be an http:// or https:// URL, such as https://haveibeenpwned.com/api/v3' })
  HIBP_API_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsRateLimits('HIBP_RATE_LIMITS must be comma-separated limits such as 10/minute or 1/second,25/hour')
  HIBP_RATE_LIMITS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsBooleanText('XPOSEDORNOT_ENABLED')
  XPOSEDORNOT_ENABLED?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'XPOSEDORNOT_API_URL must be an http:// or https:// URL, such as https://api.xposedornot.com/v1' })
  XPOSEDORNOT_API_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsRateLimits('XPOSEDORNOT_RATE_LIMITS must be comma-separated limits such as 1/second,25/hour,100/day')
  XPOSEDORNOT_RATE_LIMITS?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BREACH_CACHE_TTL_SECONDS must be a whole number of seconds (0 turns the cache off)' })
  @Min(0)
  @Max(7 * 86_400)
  BREACH_CACHE_TTL_SECONDS?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsBooleanText('PWNED_PASSWORDS_ENABLED')
  PWNED_PASSWORDS_ENABLED?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsBooleanText('GRAVATAR_ENABLED')
  GRAVATAR_ENABLED?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsBooleanText('EMAIL_DNS_ENABLED')
  EMAIL_DNS_ENABLED?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'PWNED_PASSWORDS_URL must be an http:// or https:// URL, such as https://api.pwnedpasswords.com' })
  PWNED_PASSWORDS_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'GRAVATAR_API_URL must be an http:// or https:// URL, such as https://api.gravatar.com/v3' })
  GRAVATAR_API_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  GRAVATAR_API_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsDnsServers('DNS_SERVERS must be a comma-separated list of IP addresses, each optionally with a port: 1.1.1.1,[2606:4700::1111]:53')
  DNS_SERVERS?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SCAN_CHECK_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(120_000)
  SCAN_CHECK_TIMEOUT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SCAN_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(300_000)
  SCAN_TIMEOUT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'VISITOR_SCANS_PER_HOUR must be a whole number' })
  @Min(0)
  @Max(1_000_000)
  VISITOR_SCANS_PER_HOUR?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsPortList('FETCH_ALLOWED_PORTS must be a comma-separated list of ports between 1 and 65535: 80,443')
  FETCH_ALLOWED_PORTS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsAddressList('FETCH_ALLOWED_ADDRESSES must be a comma-separated list of IP addresses or CIDR ranges: 127.0.0.1/32,10.1.2.0/24')
  FETCH_ALLOWED_ADDRESSES?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsHostMap('FETCH_HOSTS must be a comma-separated list of name=address pairs: shop.test=127.0.0.1,cdn.test=127.0.0.1')
  FETCH_HOSTS?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'TRACKER_FILTER_LIST_URL must be an http:// or https:// URL' })
  TRACKER_FILTER_LIST_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/\{domain\}(:\d{1,5})?\/\S*$/, {
    message: 'DOMAIN_VERIFICATION_FILE_URL must be an http:// or https:// URL whose host is {domain}, such as https://{domain}/.well-known/footprint-verification.txt',
  })
  DOMAIN_VERIFICATION_FILE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @ValidateIf((env: { USERNAME_SITE_LIST_URL?: string }) => env.USERNAME_SITE_LIST_URL?.trim() !== SITE_LIST_OFF)
  @IsUrl(HTTP_URL, { message: `USERNAME_SITE_LIST_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}` })
  USERNAME_SITE_LIST_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @ValidateIf((env: { ORGANISATION_CATALOGUE_URL?: string }) => env.ORGANISATION_CATALOGUE_URL?.trim() !== SITE_LIST_OFF)
  @IsUrl(HTTP_URL, { message: `ORGANISATION_CATALOGUE_URL must be an http:// or https:// URL, or ${SITE_LIST_OFF}` })
  ORGANISATION_CATALOGUE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'USERNAME_BUILTIN_SITES must be true or false' })
  USERNAME_BUILTIN_SITES?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'USERNAME_INCLUDE_ADULT must be true or false' })
  USERNAME_INCLUDE_ADULT?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'USERNAME_CHECK_CONCURRENCY must be a whole number between 1 and 256' })
  @Min(1)
  @Max(256)
  USERNAME_CHECK_CONCURRENCY?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'USERNAME_CHECK_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(60_000)
  USERNAME_CHECK_TIMEOUT_MS?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[sr]k_\S+$/, { message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)' })
  STRIPE_SECRET_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^pk_\S+$/, { message: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…)' })
  STRIPE_PUBLISHABLE_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^whsec_\S+$/, { message: 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)' })
  STRIPE_WEBHOOK_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'STRIPE_API_URL must be an http:// or https:// URL, such as https://api.stripe.com' })
  STRIPE_API_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'STRIPE_JS_URL must be an http:// or https:// URL, such as https://js.stripe.com/v3/' })
  STRIPE_JS_URL?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_TICK_SECONDS must be a whole number of seconds (0 turns the monitor scheduler off)' })
  @Min(0)
  @Max(86_400)
  MONITOR_TICK_SECONDS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_LEASE_SECONDS must be a whole number of seconds' })
  @Min(1)
  @Max(86_400)
  MONITOR_LEASE_SECONDS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_BATCH_SIZE must be a whole number' })
  @Min(1)
  @Max(10_000)
  MONITOR_BATCH_SIZE?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_CONCURRENCY must be a whole number' })
  @Min(1)
  @Max(100)
  MONITOR_CONCURRENCY?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_CONFIRM_DELAY_SECONDS must be a whole number of seconds between 0 and 86400' })
  @Min(0)
  @Max(86_400)
  MONITOR_CONFIRM_DELAY_SECONDS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'MONITOR_BROWSER_WAIT_MS must be a whole number of milliseconds between 0 and 600000' })
  @Min(0)
  @Max(600_000)
  MONITOR_BROWSER_WAIT_MS?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['all', 'browser-worker'], { message: 'INSTANCE_ROLE must be all or browser-worker' })
  INSTANCE_ROLE?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'BROWSER_AUDIT must be true or false' })
  BROWSER_AUDIT?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  BROWSER_EXECUTABLE?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BROWSER_CONCURRENCY must be a whole number between 0 and 32 (0: this instance loads no pages)' })
  @Min(0)
  @Max(32)
  BROWSER_CONCURRENCY?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BROWSER_QUEUE must be a whole number between 0 and 10000' })
  @Min(0)
  @Max(10_000)
  BROWSER_QUEUE?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BROWSER_QUEUE_WAIT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(300_000)
  BROWSER_QUEUE_WAIT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BROWSER_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(1_000)
  @Max(120_000)
  BROWSER_TIMEOUT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'BROWSER_MAX_PAGE_BYTES must be a whole number of bytes' })
  @Min(100_000)
  @Max(500_000_000)
  BROWSER_MAX_PAGE_BYTES?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'OPERATOR_TOKEN must be at least 32 characters long (use 32 or more random bytes)' })
  OPERATOR_TOKEN?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'METRICS_PORT must be a whole number between 1 and 65535' })
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'DB_POOL_SIZE must be a whole number between 1 and 200' })
  @Min(1)
  @Max(200)
  DB_POOL_SIZE?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'DB_POOL_WAIT_MS must be a whole number of milliseconds' })
  @Min(100)
  @Max(60_000)
  DB_POOL_WAIT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'PASSWORD_HASH_WORKERS must be a whole number between 1 and 64' })
  @Min(1)
  @Max(64)
  PASSWORD_HASH_WORKERS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'PASSWORD_HASH_QUEUE must be a whole number between 0 and 10000' })
  @Min(0)
  @Max(10_000)
  PASSWORD_HASH_QUEUE?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'PASSWORD_HASH_WAIT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(60_000)
  PASSWORD_HASH_WAIT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SCAN_CONCURRENCY must be a whole number between 1 and 1000' })
  @Min(1)
  @Max(1_000)
  SCAN_CONCURRENCY?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SCAN_QUEUE must be a whole number between 0 and 10000' })
  @Min(0)
  @Max(10_000)
  SCAN_QUEUE?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SCAN_QUEUE_WAIT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(120_000)
  SCAN_QUEUE_WAIT_MS?: number;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'RATE_LIMIT_IPV6_PREFIX must be a whole number between 1 and 128' })
  @Min(1)
  @Max(128)
  RATE_LIMIT_IPV6_PREFIX?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'API_DOCS_UI must be true or false' })
  API_DOCS_UI?: string;
}

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
  /** The outside services of the analysis (DESIGN.md "Data the product uses"); base URLs without a trailing slash. */
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
  };
  /** Proof of control of a watched email domain: where its file is fetched from, `{domain}` standing for the domain. */
  domainProof: { fileUrl: string };
  /** The SSRF guard of every fetch of a user-supplied URL (DESIGN.md). */
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
  const env = plainToInstance(EnvironmentVariables, fromFiles.env, { excludeExtraneousValues: false });
  const errors = validateSync(env, { skipMissingProperties: false, forbidUnknownValues: false });
  const problems = [
    ...fromFiles.problems,
    ...errors.map((e) => {
      // The type/format message says most; range messages only make sense for a number.
      const constraints = e.constraints ?? {};
      const key = ['isInt', 'isIn', 'isUrl', 'isEmail'].find((k) => k in constraints) ?? Object.keys(constraints)[0];
      const message = key ? constraints[key] : 'is invalid';
      return message.startsWith(e.property) ? message : `${e.property} ${message}`;
    }),
  ];
  const database = databaseUrlWithPassword(env.DATABASE_URL, env.DATABASE_PASSWORD);
  if (typeof database === 'string') problems.push(database);
  if (problems.length > 0) throw new ConfigError(problems);
  const port = env.PORT ?? 3000;
  return {
    env: (env.NODE_ENV as AppConfig['env']) ?? 'production',
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: typeof database === 'object' ? database.url : undefined,
    migrateOnStart: env.MIGRATE_ON_START !== 'false',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    contactEmail: env.CONTACT_EMAIL ?? 'privacy@footprint.example',
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM?.trim() ?? DEFAULT_MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? 'loopback') ?? ['loopback'],
    oidc: {
      issuer: (env.OIDC_ISSUER ?? DEFAULT_OIDC_ISSUER).trim().replace(/\/+$/, ''),
      client:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { id: env.GOOGLE_CLIENT_ID.trim(), secret: env.GOOGLE_CLIENT_SECRET.trim() }
          : undefined,
    },
    sources: {
      hibp: {
        apiUrl: trimSlash(env.HIBP_API_URL ?? DEFAULT_HIBP_API_URL),
        apiKey: env.HIBP_API_KEY?.trim(),
        rateLimits: parseRateLimits(env.HIBP_RATE_LIMITS ?? DEFAULT_HIBP_RATE_LIMITS) ?? [],
      },
      xposedOrNot: {
        enabled: env.XPOSEDORNOT_ENABLED !== 'false',
        apiUrl: trimSlash(env.XPOSEDORNOT_API_URL ?? DEFAULT_XPOSEDORNOT_API_URL),
        rateLimits: parseRateLimits(env.XPOSEDORNOT_RATE_LIMITS ?? DEFAULT_XPOSEDORNOT_RATE_LIMITS) ?? [],
      },
      breachCacheTtlSeconds: env.BREACH_CACHE_TTL_SECONDS ?? 3600,
      pwnedPasswords: { enabled: env.PWNED_PASSWORDS_ENABLED !== 'false', url: trimSlash(env.PWNED_PASSWORDS_URL ?? DEFAULT_PWNED_PASSWORDS_URL) },
      gravatar: {
        enabled: env.GRAVATAR_ENABLED !== 'false',
        apiUrl: trimSlash(env.GRAVATAR_API_URL ?? DEFAULT_GRAVATAR_API_URL),
        apiKey: env.GRAVATAR_API_KEY?.trim(),
      },
      emailDnsEnabled: env.EMAIL_DNS_ENABLED !== 'false',
      dnsServers: env.DNS_SERVERS ? parseDnsServers(env.DNS_SERVERS) : undefined,
      userAgent: `Footprint/${appVersion()} (privacy audit; ${(env.PUBLIC_URL ?? '').trim() || 'self-hosted'})`,
      trackerFilterListUrl: env.TRACKER_FILTER_LIST_URL?.trim(),
    },
    domainProof: { fileUrl: env.DOMAIN_VERIFICATION_FILE_URL?.trim() ?? 'https://{domain}/.well-known/footprint-verification.txt' },
    fetch: {
      allowedPorts: parsePortList(env.FETCH_ALLOWED_PORTS ?? '80,443') ?? [80, 443],
      allowedAddresses: env.FETCH_ALLOWED_ADDRESSES ? (parseAddressList(env.FETCH_ALLOWED_ADDRESSES) ?? []) : [],
      hosts: env.FETCH_HOSTS ? (parseHostMap(env.FETCH_HOSTS) ?? {}) : {},
    },
    scans: {
      checkTimeoutMs: env.SCAN_CHECK_TIMEOUT_MS ?? 8_000,
      scanTimeoutMs: env.SCAN_TIMEOUT_MS ?? 15_000,
      visitorScansPerHour: env.VISITOR_SCANS_PER_HOUR ?? 10,
    },
    username: {
      siteListUrl: siteListUrl(env.USERNAME_SITE_LIST_URL),
      builtInSites: env.USERNAME_BUILTIN_SITES !== 'false',
      includeAdult: env.USERNAME_INCLUDE_ADULT === 'true',
      concurrency: env.USERNAME_CHECK_CONCURRENCY ?? 32,
      requestTimeoutMs: env.USERNAME_CHECK_TIMEOUT_MS ?? 5_000,
    },
    requests: {
      catalogueUrl: offOr(env.ORGANISATION_CATALOGUE_URL, DEFAULT_ORGANISATION_CATALOGUE_URL),
    },
    stripe: {
      apiUrl: trimSlash(env.STRIPE_API_URL ?? DEFAULT_STRIPE_API_URL),
      jsUrl: (env.STRIPE_JS_URL ?? DEFAULT_STRIPE_JS_URL).trim(),
      keys:
        env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
          ? { secretKey: env.STRIPE_SECRET_KEY.trim(), publishableKey: env.STRIPE_PUBLISHABLE_KEY.trim(), webhookSecret: env.STRIPE_WEBHOOK_SECRET.trim() }
          : undefined,
    },
    operatorToken: env.OPERATOR_TOKEN,
    metrics: { port: env.METRICS_PORT },
    role: env.INSTANCE_ROLE === 'browser-worker' ? 'browser-worker' : 'all',
    browserAudit: {
      enabled: env.BROWSER_AUDIT !== 'false',
      executable: env.BROWSER_EXECUTABLE?.trim() || '/usr/bin/chromium',
      concurrency: env.BROWSER_CONCURRENCY ?? 2,
      maxQueued: env.BROWSER_QUEUE ?? 8,
      queueWaitMs: env.BROWSER_QUEUE_WAIT_MS ?? 10_000,
      backgroundWaitMs: env.MONITOR_BROWSER_WAIT_MS ?? 60_000,
      timeoutMs: env.BROWSER_TIMEOUT_MS ?? 15_000,
      maxPageBytes: env.BROWSER_MAX_PAGE_BYTES ?? 20 * 1024 * 1024,
    },
    monitoring: {
      tickSeconds: env.MONITOR_TICK_SECONDS ?? 60,
      leaseSeconds: env.MONITOR_LEASE_SECONDS ?? 600,
      batchSize: env.MONITOR_BATCH_SIZE ?? 50,
      concurrency: env.MONITOR_CONCURRENCY ?? 5,
      confirmDelaySeconds: env.MONITOR_CONFIRM_DELAY_SECONDS ?? 600,
    },
    database: { poolSize: env.DB_POOL_SIZE ?? 10, poolWaitMs: env.DB_POOL_WAIT_MS ?? 3_000 },
    passwordHashing: {
      // One core left to the event loop and PostgreSQL: 1 worker on 2 cores, at most 4.
      concurrency: env.PASSWORD_HASH_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      maxQueued: env.PASSWORD_HASH_QUEUE ?? 16,
      // A sign-in that has waited 1.5 s for a worker is refused (503, Retry-After) rather than kept:
      // an accepted one then answers within about 2 s, however many arrive at once.
      maxWaitMs: env.PASSWORD_HASH_WAIT_MS ?? 1_500,
    },
    scanAdmission: {
      concurrency: env.SCAN_CONCURRENCY ?? 32,
      maxQueued: env.SCAN_QUEUE ?? 256,
      maxWaitMs: env.SCAN_QUEUE_WAIT_MS ?? 10_000,
    },
    rateLimitIpv6Prefix: env.RATE_LIMIT_IPV6_PREFIX ?? 64,
    apiDocsUi: env.API_DOCS_UI !== 'false',
  };
}

const trimSlash = (url: string) => url.trim().replace(/\/+$/, '');

/** The names of every setting the server reads (the properties of EnvironmentVariables). */
function settingNames(): Set<string> {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(EnvironmentVariables, '', true, false);
  return new Set(metadata.map((m) => m.propertyName));
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

/** A URL setting whose unset value is `fallback` and whose value `off` turns it off. */
function offOr(value: string | undefined, fallback: string): string | undefined {
  const url = value?.trim() ?? fallback;
  return url === SITE_LIST_OFF ? undefined : url;
}

/** USERNAME_SITE_LIST_URL: unset means WhatsMyName's list, `off` none. */
function siteListUrl(value: string | undefined): string | undefined {
  const url = value?.trim() ?? DEFAULT_USERNAME_SITE_LIST_URL;
  return url === SITE_LIST_OFF ? undefined : url;
}
