import { Inject, Injectable, Provider } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure } from './source-http.util';
import type { EmailDnsRecords, SourceResult } from './source.types';

/** The part of node:dns/promises' Resolver the email DNS check uses. */
export interface DnsResolver {
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  resolveTxt(name: string): Promise<string[][]>;
  /** Ends every query still outstanding on this resolver (they reject with ECANCELLED). */
  cancel(): void;
}

/**
 * Makes a resolver for one lookup. A factory rather than one shared resolver, because cancel()
 * ends every outstanding query of a resolver: one scan timing out must not cancel the others'.
 */
export type DnsResolverFactory = () => DnsResolver;

/** Injection token of the DnsResolverFactory (tests can provide their own). */
export const DNS_RESOLVER = Symbol('DNS_RESOLVER');

/** Per-try timeout of the system resolver; two tries each, all bounded by the check's signal too. */
const dnsTryTimeoutMs = (config: AppConfig) => Math.min(5_000, Math.max(250, Math.floor(config.scans.checkTimeoutMs / 3)));

/** The default: node's resolver (c-ares), on DNS_SERVERS when set, else the system's servers. */
export function systemDnsResolverFactory(config: AppConfig): DnsResolverFactory {
  const timeout = dnsTryTimeoutMs(config);
  const servers = config.sources.dnsServers;
  return () => {
    const resolver = new Resolver({ timeout, tries: 2 });
    if (servers) resolver.setServers(servers);
    return resolver;
  };
}

export const dnsResolverProvider: Provider = { provide: DNS_RESOLVER, inject: [APP_CONFIG], useFactory: systemDnsResolverFactory };

type Lookup<T> = { kind: 'ok'; value: T } | { kind: 'nxdomain' } | { kind: 'nodata' } | { kind: 'failed'; result: SourceResult<never> };

/** A lookup that stopped because our signal aborted. */
class Aborted extends Error {}

/**
 * The mail-related DNS records of a domain: MX, SPF (TXT at the domain) and DMARC (TXT at
 * `_dmarc.<domain>`), looked up in parallel. Only confirmed answers count: NXDOMAIN for both the
 * MX and the TXT question says the domain does not exist, NODATA is an empty list for the record
 * asked. A server failure (SERVFAIL), a refusal, a timeout, no resolver answering, or answers that
 * contradict each other make the whole lookup unavailable: nothing is guessed around them.
 */
@Injectable()
export class EmailDnsSource {
  constructor(@Inject(DNS_RESOLVER) private readonly createResolver: DnsResolverFactory) {}

  async lookup(domain: string, signal: AbortSignal): Promise<SourceResult<EmailDnsRecords>> {
    const name = domain.trim().toLowerCase().replace(/\.$/, '');
    if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name) || name.length > 253) {
      throw new Error('EmailDnsSource.lookup: not a domain name');
    }
    if (signal.aborted) return timedOut();

    const resolver = this.createResolver();
    let onAbort: () => void = () => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => {
        resolver.cancel();
        reject(new Aborted());
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
    aborted.catch(() => undefined);
    const run = <T>(query: Promise<T>): Promise<Lookup<T>> =>
      Promise.race([query, aborted]).then(
        (value): Lookup<T> => ({ kind: 'ok', value }),
        (err: unknown): Lookup<T> => classify(err, signal),
      );

    try {
      const [mx, txt, dmarcTxt] = await Promise.all([
        run(resolver.resolveMx(name)),
        run(resolver.resolveTxt(name)),
        run(resolver.resolveTxt(`_dmarc.${name}`)),
      ]);
      for (const lookup of [mx, txt, dmarcTxt]) if (lookup.kind === 'failed') return lookup.result;
      // "Does not exist" is a finding, so it needs the same answer for both questions about the name:
      // one NXDOMAIN beside records (or NODATA) for the other is a resolver to distrust, not a fact.
      if (mx.kind === 'nxdomain' || txt.kind === 'nxdomain') {
        if (mx.kind !== txt.kind) return failure('unavailable', 'The DNS server gave contradictory answers (the domain both exists and does not)');
        return { status: 'ok', data: { domain: name, domainExists: false, mx: [], spf: [], dmarc: [] } };
      }
      const records = (lookup: Lookup<string[][]>) => (lookup.kind === 'ok' ? lookup.value.map((chunks) => chunks.join('')) : []);
      return {
        status: 'ok',
        data: {
          domain: name,
          domainExists: true,
          mx: mx.kind === 'ok' ? [...mx.value].sort((a, b) => a.priority - b.priority || a.exchange.localeCompare(b.exchange)) : [],
          spf: records(txt).filter((record) => /^v=spf1(\s|$)/i.test(record)),
          dmarc: records(dmarcTxt).filter((record) => /^v=DMARC1\s*(;|$)/i.test(record)),
        },
      };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

const timedOut = () => failure('timed_out', 'The DNS servers did not answer in time');

function classify<T>(err: unknown, signal: AbortSignal): Lookup<T> {
  if (err instanceof Aborted || signal.aborted) return { kind: 'failed', result: timedOut() };
  switch ((err as { code?: unknown } | undefined)?.code) {
    case 'ENOTFOUND':
      return { kind: 'nxdomain' };
    case 'ENODATA':
      return { kind: 'nodata' };
    case 'ETIMEOUT':
      return { kind: 'failed', result: timedOut() };
    case 'ESERVFAIL':
      return { kind: 'failed', result: failure('unavailable', 'The DNS server failed to answer (SERVFAIL)') };
    case 'EREFUSED':
      return { kind: 'failed', result: failure('unavailable', 'The DNS server refused the query') };
    case 'ECONNREFUSED':
      return { kind: 'failed', result: failure('unavailable', 'Could not reach the DNS server') };
    default:
      return { kind: 'failed', result: failure('unavailable', 'The DNS lookup failed') };
  }
}
