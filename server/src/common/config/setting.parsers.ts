import { isEmail } from 'class-validator';
import { isIP } from 'node:net';

/* Readers of the settings whose values have a structure; each answers undefined for a malformed value. */

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
