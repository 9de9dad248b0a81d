import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { AddressAllowlist, checkAddress, parseAddress } from './address.policy';
import { SSRF_MESSAGES } from './url.policy';

/** Resolves a host name to every address (A and AAAA); the shape of `dns.promises.lookup(name, { all: true })`. */
export type HostLookup = (hostname: string, options: { all: true; verbatim: true }) => Promise<LookupAddress[]>;

/** Where a name may be connected to, or why not: every address checked, one private address refuses the name. */
export type CheckedAddresses =
  | { ok: true; addresses: LookupAddress[] }
  | { ok: false; kind: 'refused' | 'unavailable'; message: string };

/**
 * The SSRF guard's step after the URL checks: resolve the name once and check every address it
 * has. The caller then connects only to one of these addresses (pinnedLookup), so a second DNS
 * answer (rebinding) is never asked for. Shared by SafeFetcher and the browser's forward proxy.
 */
export async function resolveChecked(hostname: string, lookup: HostLookup, allowlist: AddressAllowlist): Promise<CheckedAddresses> {
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(hostname, { all: true, verbatim: true });
  } catch {
    return { ok: false, kind: 'unavailable', message: SSRF_MESSAGES.notFound };
  }
  if (addresses.length === 0) return { ok: false, kind: 'unavailable', message: SSRF_MESSAGES.notFound };
  if (addresses.some(({ address }) => checkAddress(address, allowlist) !== null)) return { ok: false, kind: 'refused', message: SSRF_MESSAGES.privateAddress };
  return { ok: true, addresses };
}

/** Answers Node's connect-time lookup with the one address that was checked, whatever it asks. */
export function pinnedLookup(address: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
}

/** The socket's peer is the address that was checked (compared in one notation). */
export function sameAddress(actual: string | undefined, expected: string): boolean {
  if (!actual) return false;
  const a = parseAddress(actual);
  const b = parseAddress(expected);
  return a !== undefined && b !== undefined && a.address.toNormalizedString() === b.address.toNormalizedString();
}
