import { Module } from '@nestjs/common';
import { isIP } from 'node:net';
import { AppConfig } from '../../config/app.config';
import { APP_CONFIG } from '../../config/config.module';
import type { HostLookup } from './checked-address.resolver';
import { SsrfForwardProxy } from './forward.proxy';
import { SAFE_FETCH_LOOKUP, SafeFetcher, systemLookup } from './safe.fetcher';

/** The system resolver, with FETCH_HOSTS's names answered from its table first (the answer is still checked like any other). */
export function configuredLookup(hosts: Readonly<Record<string, string>>): HostLookup {
  if (Object.keys(hosts).length === 0) return systemLookup;
  return async (hostname, options) => {
    const address = hosts[hostname.toLowerCase().replace(/\.$/, '')];
    return address ? [{ address, family: isIP(address) }] : systemLookup(hostname, options);
  };
}

/**
 * The SSRF guard: SafeFetcher for the server's own fetches and the forward proxy the audit browser
 * goes through. Re-exported by the global SecurityModule, so any module can inject either.
 */
@Module({
  providers: [{ provide: SAFE_FETCH_LOOKUP, inject: [APP_CONFIG], useFactory: (config: AppConfig) => configuredLookup(config.fetch.hosts) }, SafeFetcher, SsrfForwardProxy],
  exports: [SafeFetcher, SsrfForwardProxy, SAFE_FETCH_LOOKUP],
})
export class SsrfModule {}
