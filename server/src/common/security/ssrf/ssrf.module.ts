import { Module } from '@nestjs/common';
import { SAFE_FETCH_LOOKUP, SafeFetcher, systemLookup } from './safe-fetcher';

/** The SSRF guard's fetcher; re-exported by the global SecurityModule, so any module can inject SafeFetcher. */
@Module({
  providers: [{ provide: SAFE_FETCH_LOOKUP, useValue: systemLookup }, SafeFetcher],
  exports: [SafeFetcher],
})
export class SsrfModule {}
