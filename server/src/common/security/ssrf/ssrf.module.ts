import { Module } from '@nestjs/common';
import { SsrfForwardProxy } from './forward-proxy';
import { SAFE_FETCH_LOOKUP, SafeFetcher, systemLookup } from './safe-fetcher';

/**
 * The SSRF guard: SafeFetcher for the server's own fetches and the forward proxy the audit browser
 * goes through. Re-exported by the global SecurityModule, so any module can inject either.
 */
@Module({
  providers: [{ provide: SAFE_FETCH_LOOKUP, useValue: systemLookup }, SafeFetcher, SsrfForwardProxy],
  exports: [SafeFetcher, SsrfForwardProxy, SAFE_FETCH_LOOKUP],
})
export class SsrfModule {}
