/**
 * The contract of the one way server code fetches a user-supplied URL (the SSRF guard, docs/ARCHITECTURE.md).
 * Implemented by SafeFetcher (safe.fetcher.ts); the website and social sources use it.
 */

export interface SafeFetchOptions {
  /** Aborts the whole fetch (all redirect hops); an abort is reported as 'timed_out'. */
  signal: AbortSignal;
  method?: 'GET' | 'HEAD' | 'POST';
  /** The request body of a POST (its Content-Type among `headers`); sent again only on a 307/308 redirect. */
  body?: string;
  /** Follow redirects (each hop checked again), at most `maxRedirects` (default 5). False: return the 3xx itself. */
  followRedirects?: boolean;
  maxRedirects?: number;
  /**
   * Body cap after decompression (default 2 MB); more → the body is cut there and `truncated` set.
   * Decoding is bounded for every caller too: at most MAX_CONTENT_CODINGS layers (more: 'unavailable')
   * and MAX_DECODE_MS of decoding (more: the body is cut there and `truncated` set).
   */
  maxBodyBytes?: number;
  /**
   * Extra request headers. The guard owns those that decide where and how it connects and reads
   * (Host, Connection, Content-Length, Transfer-Encoding, TE, Upgrade, Accept-Encoding) and the
   * User-Agent: those given here are dropped.
   */
  headers?: Record<string, string>;
  /** The User-Agent to send instead of the configured one (a site that answers only browsers); no line breaks. */
  userAgent?: string;
  /**
   * 'verify' (the default): a certificate that does not verify (unknown CA, expired, wrong name)
   * ends the fetch, 'unavailable' with SSRF_MESSAGES.untrustedCertificate: anyone on the path could
   * have written the answer. 'report': connect anyway and give the verdict in `tls` (the website
   * check, whose job is to report a bad certificate). No other caller may use 'report'.
   */
  tls?: 'verify' | 'report';
}

/** One hop of a redirect chain. */
export interface SafeFetchHop {
  url: string;
  status: number;
  /** The Location header as sent (absent on the last hop). */
  location?: string;
}

/** What the TLS handshake showed (https hops only). */
export interface TlsInfo {
  /** The certificate chain verified against the system's trust store and the host name. */
  authorized: boolean;
  /** Node's reason when not authorized (CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, …). */
  authorizationError?: string;
  /**
   * The certificate's dates and names. Absent on a resumed session, where no certificate is sent:
   * only verified connections resume (SafeFetcher), so it was verified when the session was made.
   * 'report' connections never resume and always have them.
   */
  validFrom?: string;
  validTo?: string;
  issuer?: string;
  subject?: string;
  protocol?: string;
}

export interface SafeFetchResponse {
  /** The URL of the final hop. */
  url: string;
  status: number;
  /** Lower-cased header names; repeated headers (set-cookie) keep every value. */
  headers: Record<string, string[]>;
  body: Buffer;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
  /** Every hop, the first request included, in order. */
  hops: SafeFetchHop[];
  /** TLS of the final hop when it was https. */
  tls?: TlsInfo;
  /** The address actually connected to on the final hop (the one that was checked). */
  remoteAddress: string;
}

/** Why no response: refused by the guard (no request left), or the fetch failed. */
export type SafeFetchFailureKind = 'refused' | 'timed_out' | 'unavailable' | 'too_large' | 'too_many_redirects';

export class SafeFetchError extends Error {
  constructor(
    readonly kind: SafeFetchFailureKind,
    /** A user-facing sentence, free of internal details ("This address points to a private network and cannot be checked."). */
    message: string,
    /** The hops answered before the failure (for example the redirect that pointed at a private address); may be empty. */
    readonly hops: SafeFetchHop[] = [],
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}
