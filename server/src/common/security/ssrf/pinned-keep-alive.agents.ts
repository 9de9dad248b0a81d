import { Agent as HttpAgent, ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Duplex } from 'node:stream';

/**
 * Idle connections kept per (name, pinned address, port, TLS options): enough for the one-request-at-
 * a-time politeness of the username check and a source's follow-up request, not a crowd.
 */
export const IDLE_SOCKETS_PER_KEY = 2;
/** Idle connections kept at most across all keys of one agent; a connection beyond it is closed when its answer is read. */
export const IDLE_SOCKETS_TOTAL = 128;
/**
 * An idle connection is closed after this long (or sooner when the server's Keep-Alive header says so):
 * shorter than common server idle timeouts (Node 5 s, nginx 75 s), so we close first and rarely send on a
 * connection the server is closing.
 */
export const IDLE_TIMEOUT_MS = 4_000;

/** Request options naming the address the SSRF guard checked and pinned for this request. */
export interface PinnedRequestArgs extends ClientRequestArgs {
  pinnedAddress: string;
}

/**
 * The pool key: Node's own (host name, port, family; for TLS the server name and TLS options) plus the
 * pinned address. A socket is only ever handed to a request whose guard approved the very address it is
 * connected to: a new DNS answer is a new key, so it never inherits a socket connected elsewhere.
 */
function pinnedName(base: string, options: ClientRequestArgs | undefined): string {
  const pinned = (options as Partial<PinnedRequestArgs> | undefined)?.pinnedAddress;
  // No pinned address is a bug in the caller: such a request must not share a connection with anything.
  if (!pinned) throw new Error('pinned keep-alive agent: a request without its checked address');
  return `${base}|${pinned}`;
}

function idleCount(free: NodeJS.ReadOnlyDict<unknown[]>): number {
  let count = 0;
  for (const sockets of Object.values(free)) count += sockets?.length ?? 0;
  return count;
}

const AGENT_OPTIONS = { keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_KEY, timeout: IDLE_TIMEOUT_MS, scheduling: 'lifo' as const };

/** Plain HTTP connections kept alive per pinned address (SafeFetcher). */
export class PinnedHttpAgent extends HttpAgent {
  constructor() {
    super(AGENT_OPTIONS);
  }

  override getName(options?: ClientRequestArgs): string {
    return pinnedName(super.getName(options), options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    // Node's agent closes the socket when this answers false.
    if (idleCount(this.freeSockets) >= IDLE_SOCKETS_TOTAL) return false;
    return (super.keepSocketAlive(socket) as unknown as boolean | undefined) !== false;
  }
}

/**
 * Verified TLS connections kept alive per pinned address (SafeFetcher; never its 'report' connections).
 * Node's own session cache is off: SafeFetcher resumes sessions from its TlsSessionCache, keyed the same way.
 */
export class PinnedHttpsAgent extends HttpsAgent {
  constructor() {
    super({ ...AGENT_OPTIONS, maxCachedSessions: 0 });
  }

  override getName(options?: ClientRequestArgs): string {
    // Node's name includes the session offered; a new connection still gets it (createConnection reads the options), but
    // the pool key must not change with each ticket or no connection would ever be reused.
    const withoutSession = options && { ...options, session: undefined };
    return pinnedName(super.getName(withoutSession), options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    if (idleCount(this.freeSockets) >= IDLE_SOCKETS_TOTAL) return false;
    return (super.keepSocketAlive(socket) as unknown as boolean | undefined) !== false;
  }
}
