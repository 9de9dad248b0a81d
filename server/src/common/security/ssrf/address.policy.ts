import ipaddr from 'ipaddr.js';
import { isIPv4 } from 'node:net';

/**
 * Which IP addresses a fetch of a user-supplied URL may connect to (the SSRF guard, docs/ARCHITECTURE.md).
 * Only public unicast addresses: IPv4 outside every special-purpose range, IPv6 inside global
 * unicast 2000::/3 outside its special ranges, and the transition forms (IPv4-mapped, NAT64 64:ff9b::/96,
 * 6to4, Teredo) only when every IPv4 address they embed is public too.
 */

/** Why an address is refused. */
export type AddressRange =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade-nat'
  | 'benchmarking'
  | 'documentation'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'unique-local'
  | 'site-local'
  | 'discard'
  | 'ipv4-compatible'
  | 'ipv4-translated'
  | 'nat64-local'
  | 'as112'
  | 'amt'
  | 'orchid'
  | 'scoped';

/** An IPv6 form that carries an IPv4 address, and where. */
export type EmbeddingForm = 'ipv4-mapped' | 'nat64' | '6to4' | 'teredo-server' | 'teredo-client';

export interface AddressRefusal {
  range: AddressRange;
  /** Set when the refused part is an IPv4 address embedded in an IPv6 one. */
  embedded?: { form: EmbeddingForm; ipv4: string };
}

type Refined<T> = [T, number, AddressRange][];
const refined4 = (table: [string, AddressRange][]): Refined<ipaddr.IPv4> =>
  table.map(([cidr, range]) => [...ipaddr.IPv4.parseCIDR(cidr), range]);
const refined6 = (table: [string, AddressRange][]): Refined<ipaddr.IPv6> =>
  table.map(([cidr, range]) => [...ipaddr.IPv6.parseCIDR(cidr), range]);

// ipaddr.js lumps these into 'reserved'; the finer name says more in logs and tests.
const IPV4_REFINED = refined4([
  ['198.18.0.0/15', 'benchmarking'],
  ['192.0.2.0/24', 'documentation'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
]);

const IPV6_REFINED = refined6([
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  // Local-use NAT64 (RFC 8215): where the IPv4 address sits depends on the operator's prefix length.
  ['64:ff9b:1::/48', 'nat64-local'],
  // RFC 6145 IPv4-translated addresses: never a destination on the Internet.
  ['::ffff:0:0:0/96', 'ipv4-translated'],
]);

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');

/** ipaddr.js range names (including ones its types omit) → ours. Any other non-unicast name: 'reserved'. */
const IPADDR_NAMES: Record<string, AddressRange> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade-nat',
  private: 'private',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  as112: 'as112',
  as112v6: 'as112',
  amt: 'amt',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard',
  deprecatedOrchid: 'orchid',
  orchid2: 'orchid',
};

type Parsed = { kind: 'ipv4'; address: ipaddr.IPv4 } | { kind: 'ipv6'; address: ipaddr.IPv6; zone?: string };

/**
 * Parses an address the way the WHATWG URL parser reads hosts, so the guard and the connection agree:
 * IPv4 in every notation URLs accept (decimal 2130706433, octal 0177.0.0.1, hex 0x7f.1, shortened 127.1),
 * IPv6 with or without a dotted IPv4 tail. ipaddr.js alone is not used for IPv6 text because it reads
 * the deprecated `::a.b.c.d` as IPv4-mapped, where URLs (and sockets) read it as IPv4-compatible.
 */
export function parseAddress(text: string): Parsed | undefined {
  if (text.includes(':')) {
    const [address, zone, ...rest] = text.replace(/^\[(.*)\]$/, '$1').split('%');
    if (rest.length > 0 || zone === '') return undefined;
    const host = hostOf(`[${address}]`);
    if (!host?.startsWith('[')) return undefined;
    return { kind: 'ipv6', address: ipaddr.IPv6.parse(host.slice(1, -1)), ...(zone !== undefined ? { zone } : {}) };
  }
  if (!/^[0-9a-fx.]+$/i.test(text)) return undefined;
  const host = hostOf(text);
  return host && isIPv4(host) ? { kind: 'ipv4', address: ipaddr.IPv4.parse(host) } : undefined;
}

function hostOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

function classifyIpv4(address: ipaddr.IPv4): AddressRange | undefined {
  for (const [network, bits, range] of IPV4_REFINED) if (address.match(network, bits)) return range;
  const name = address.range();
  return name === 'unicast' ? undefined : (IPADDR_NAMES[name] ?? 'reserved');
}

const ipv4From = (high: number, low: number) => ipaddr.IPv4.parse(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);

/** The IPv4 addresses an IPv6 transition form carries; undefined for any other address. */
export function embeddedIpv4(address: ipaddr.IPv6): { form: EmbeddingForm; ipv4: ipaddr.IPv4 }[] | undefined {
  const p = address.parts;
  if (address.match(IPV4_MAPPED)) return [{ form: 'ipv4-mapped', ipv4: ipv4From(p[6], p[7]) }];
  if (address.match(NAT64)) return [{ form: 'nat64', ipv4: ipv4From(p[6], p[7]) }];
  if (address.match(SIX_TO_FOUR)) return [{ form: '6to4', ipv4: ipv4From(p[1], p[2]) }];
  if (address.match(TEREDO)) {
    // RFC 4380: the server's address in clear, the client's with every bit inverted.
    return [
      { form: 'teredo-server', ipv4: ipv4From(p[2], p[3]) },
      { form: 'teredo-client', ipv4: ipv4From(~p[6] & 0xffff, ~p[7] & 0xffff) },
    ];
  }
  return undefined;
}

function classifyIpv6(address: ipaddr.IPv6): AddressRefusal | undefined {
  const embedded = embeddedIpv4(address);
  if (embedded) {
    for (const { form, ipv4 } of embedded) {
      const range = classifyIpv4(ipv4);
      if (range) return { range, embedded: { form, ipv4: ipv4.toString() } };
    }
    return undefined;
  }
  for (const [network, bits, range] of IPV6_REFINED) if (address.match(network, bits)) return { range };
  const p = address.parts;
  if (p.slice(0, 6).every((part) => part === 0) && address.range() === 'unicast') return { range: 'ipv4-compatible' };
  const name = address.range();
  if (name !== 'unicast') return { range: IPADDR_NAMES[name] ?? 'reserved' };
  return address.match(GLOBAL_UNICAST) ? undefined : { range: 'reserved' };
}

/** Why `ip` may not be connected to, or null when it is a public address. */
export function classifyAddress(ip: string): AddressRefusal | null {
  const parsed = parseAddress(ip);
  if (!parsed) return { range: 'invalid' };
  if (parsed.kind === 'ipv4') {
    const range = classifyIpv4(parsed.address);
    return range ? { range } : null;
  }
  const refusal = classifyIpv6(parsed.address);
  if (refusal) return refusal;
  // A zone only makes sense on link-local addresses; on anything else it is a trick.
  return parsed.zone !== undefined ? { range: 'scoped' } : null;
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === null;
}

/** FETCH_ALLOWED_ADDRESSES: addresses exempt from the refusal (tests and closed networks only). */
export class AddressAllowlist {
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  constructor(entries: readonly string[]) {
    this.ranges = entries.map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    });
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  has(ip: string): boolean {
    if (this.ranges.length === 0) return false;
    const parsed = parseAddress(ip);
    if (!parsed || (parsed.kind === 'ipv6' && parsed.zone !== undefined)) return false;
    const candidates: (ipaddr.IPv4 | ipaddr.IPv6)[] = [parsed.address];
    if (parsed.kind === 'ipv6' && parsed.address.match(IPV4_MAPPED)) candidates.push(parsed.address.toIPv4Address());
    return candidates.some((address) =>
      this.ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits)),
    );
  }
}

/** The refusal for `ip` under the allowlist, or null when it may be connected to. */
export function checkAddress(ip: string, allowlist: AddressAllowlist): AddressRefusal | null {
  return allowlist.has(ip) ? null : classifyAddress(ip);
}
