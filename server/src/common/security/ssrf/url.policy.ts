import { isIP } from 'node:net';
import type { AppConfig } from '../../config/app.config';
import { AddressAllowlist, AddressRefusal, checkAddress } from './address.policy';

/** What the guard reads from the configuration. */
export type FetchPolicyConfig = Pick<AppConfig['fetch'], 'allowedPorts' | 'allowedAddresses'>;

/** Every sentence the guard and the fetcher show to people: no address, port or host name in them. */
export const SSRF_MESSAGES = {
  invalidUrl: 'Invalid URL format',
  privateAddress: 'This URL points to a private or internal address and cannot be checked.',
  /** The default configuration gives: 'Only http:// and https:// addresses on ports 80 and 443 can be checked.' */
  schemeOrPort: (ports: readonly number[]) => `Only http:// and https:// addresses on ports ${listPorts(ports)} can be checked.`,
  credentials: 'Addresses with a user name or password cannot be checked.',
  tooManyRedirects: 'The website redirected too many times.',
  timedOut: 'The website took too long to answer.',
  unreachable: 'The website could not be reached.',
  notFound: "The website's address could not be found.",
  unreadable: "The website's answer could not be read.",
  headersTooLarge: "The website's response headers are too large.",
  tooManyCodings: "The website's answer was compressed in more layers than browsers accept.",
  untrustedCertificate: "The website's certificate could not be verified, so its answer could not be trusted.",
} as const;

function listPorts(ports: readonly number[]): string {
  if (ports.length <= 1) return ports.join('');
  return `${ports.slice(0, -1).join(', ')} and ${ports[ports.length - 1]}`;
}

export type UrlRefusalReason = 'invalid' | 'scheme' | 'port' | 'credentials' | 'address';

/** A URL the guard accepts: where to connect, before DNS. */
export interface CheckedUrl {
  ok: true;
  url: URL;
  /** The host as URLs write it, without IPv6 brackets; IP literals already normalized. */
  hostname: string;
  port: number;
  /** Set when the host is an IP literal (already checked: no DNS needed). */
  ip?: string;
}

export interface RefusedUrl {
  ok: false;
  reason: UrlRefusalReason;
  message: string;
  /** For 'address': which range (for logs and tests; never shown). */
  refusal?: AddressRefusal;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * The checks that need no DNS: http or https, a port from the allowlist, no credentials, a host,
 * and an IP-literal host outside every private range. The WHATWG parser has already normalized
 * decimal, octal, hex and shortened IPv4, percent-encoded and full-width hosts and IDN (to punycode).
 */
export function checkUrl(input: string | URL, config: FetchPolicyConfig, allowlist = new AddressAllowlist(config.allowedAddresses)): CheckedUrl | RefusedUrl {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input.trim()) : new URL(input.href);
  } catch {
    return refuse('invalid', SSRF_MESSAGES.invalidUrl);
  }
  const defaultPort = DEFAULT_PORTS[url.protocol];
  if (defaultPort === undefined) return refuse('scheme', SSRF_MESSAGES.schemeOrPort(config.allowedPorts));
  if (!url.hostname) return refuse('invalid', SSRF_MESSAGES.invalidUrl);
  if (url.username || url.password) return refuse('credentials', SSRF_MESSAGES.credentials);
  const port = url.port === '' ? defaultPort : Number(url.port);
  if (!config.allowedPorts.includes(port)) return refuse('port', SSRF_MESSAGES.schemeOrPort(config.allowedPorts));

  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(hostname) === 0) {
    // The URL parser takes anything numeric-looking as IPv4 or fails; this is defence in depth.
    if (/^[0-9.]+$/.test(hostname) || hostname.includes(':')) return refuse('invalid', SSRF_MESSAGES.invalidUrl);
    return { ok: true, url, hostname, port };
  }
  const refusal = checkAddress(hostname, allowlist);
  if (refusal) return { ...refuse('address', SSRF_MESSAGES.privateAddress), refusal };
  return { ok: true, url, hostname, port, ip: hostname };
}

function refuse(reason: UrlRefusalReason, message: string): RefusedUrl {
  return { ok: false, reason, message };
}
