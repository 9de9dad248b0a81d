import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { SafeFetchError } from '../../common/security/ssrf/safe-fetch.types';
import { SafeFetcher } from '../../common/security/ssrf/safe.fetcher';
import { DNS_RESOLVER, DnsResolverFactory } from '../../scans/sources/email-dns.source';
import { DnsProofAnswer, FileProofAnswer, proofFileUrl } from './domain-proof.rules';

/** The proof file is a line of text: more than this is not it. */
const MAX_PROOF_FILE_BYTES = 4 * 1024;
/** Redirects followed, each to the same host only (http → https, a trailing slash). */
const MAX_SAME_HOST_REDIRECTS = 3;

/**
 * The outside calls of a domain proof: the domain's TXT records through the project's resolver
 * (DNS_SERVERS, the DNS fake in tests) and the proof file through the SSRF guard. A redirect is
 * followed only to the same host, so a domain that redirects to a site someone else controls proves
 * nothing. Never throws: no answer comes back as 'failed' with why.
 */
@Injectable()
export class DomainProofSource {
  constructor(
    @Inject(DNS_RESOLVER) private readonly createResolver: DnsResolverFactory,
    private readonly fetcher: SafeFetcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async txtRecords(domain: string, signal: AbortSignal): Promise<DnsProofAnswer> {
    if (signal.aborted) return { kind: 'failed', message: 'no time was left to ask' };
    const resolver = this.createResolver();
    const onAbort = () => resolver.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return { kind: 'answer', records: await resolver.resolveTxt(domain) };
    } catch (err) {
      const code = (err as { code?: unknown } | undefined)?.code;
      // "No such name" and "no TXT record" are answers: the record is not there.
      if (code === 'ENOTFOUND' || code === 'ENODATA') return { kind: 'answer', records: [] };
      if (signal.aborted || code === 'ECANCELLED' || code === 'ETIMEOUT') return { kind: 'failed', message: 'the DNS servers did not answer in time' };
      if (code === 'ESERVFAIL') return { kind: 'failed', message: 'the DNS server failed to answer (SERVFAIL)' };
      if (code === 'EREFUSED') return { kind: 'failed', message: 'the DNS server refused the query' };
      return { kind: 'failed', message: 'the DNS lookup failed' };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  async wellKnownFile(domain: string, signal: AbortSignal): Promise<FileProofAnswer> {
    const first = proofFileUrl(this.config.domainProof.fileUrl, domain);
    let url = first;
    try {
      for (let hop = 0; ; hop += 1) {
        const res = await this.fetcher.fetch(url, { signal, followRedirects: false, maxBodyBytes: MAX_PROOF_FILE_BYTES, headers: { accept: 'text/plain' } });
        const location = res.headers.location?.[0];
        if (res.status >= 300 && res.status < 400 && location && hop < MAX_SAME_HOST_REDIRECTS) {
          const next = new URL(location, url);
          if (next.hostname !== new URL(first).hostname) return { kind: 'answer', url: first, status: res.status, body: '' };
          url = next.href;
          continue;
        }
        return { kind: 'answer', url: first, status: res.status, body: res.body.toString('utf8') };
      }
    } catch (err) {
      if (err instanceof SafeFetchError) return { kind: 'failed', url: first, message: err.message, refused: err.kind === 'refused' };
      return { kind: 'failed', url: first, message: 'the website could not be reached' };
    }
  }
}
