import ipaddr from 'ipaddr.js';

/**
 * The bucket a per-address rate limit counts a client in. A person's IPv6 host usually has a
 * whole /64 (or more) to itself and picks new addresses in it at will, so IPv6 clients are counted
 * by their network (`ipv6Prefix` bits, 64 by default); an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`,
 * what a dual-stack socket reports for IPv4) is the IPv4 address it carries. Anything that does
 * not parse is counted as it is.
 */
export function addressBucket(address: string, ipv6Prefix: number): string {
  const plain = address.trim().replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names the interface, not the client
  if (!ipaddr.isValid(plain)) return address;
  const parsed = ipaddr.process(plain); // unwraps IPv4-mapped addresses
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6Prefix}`);
  return `${network.toString()}/${ipv6Prefix}`;
}
