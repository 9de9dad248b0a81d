/**
 * Sessions kept per (server name, checked address, port): enough for every site of the username
 * list (about 670) and the other checks' hosts. A session is a few hundred bytes to a few KB, so
 * the cache stays under a few MB; the least recently used session goes first.
 */
export const MAX_CACHED_TLS_SESSIONS = 1024;

/**
 * TLS sessions of verified connections, for resumption: a later connection to the same name at the
 * same pinned address and port skips the key exchange and the certificate chain (measured in
 * test/bench/tls-reuse.mjs). The key holds the address the SSRF guard checked and pinned, so a
 * session is only ever offered to the server it was made with; another address of the same name
 * makes its own. Only connections that verify the certificate keep sessions (see SafeFetcher).
 */
export class TlsSessionCache {
  private readonly sessions = new Map<string, Buffer>();

  constructor(private readonly max = MAX_CACHED_TLS_SESSIONS) {}

  static keyOf(servername: string, address: string, port: number): string {
    return `${servername.toLowerCase()} ${address} ${port}`;
  }

  get size(): number {
    return this.sessions.size;
  }

  get(key: string): Buffer | undefined {
    const session = this.sessions.get(key);
    if (session) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      this.sessions.delete(key);
      this.sessions.set(key, session);
    }
    return session;
  }

  /** The server's newest session (TLS 1.3: its newest ticket) replaces the one before. */
  set(key: string, session: Buffer): void {
    this.sessions.delete(key);
    this.sessions.set(key, session);
    if (this.sessions.size > this.max) this.sessions.delete(this.sessions.keys().next().value as string);
  }

  /** After a failed connection: the next one makes a full handshake. */
  forget(key: string): void {
    this.sessions.delete(key);
  }
}
