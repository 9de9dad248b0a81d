import { createSocket, RemoteInfo, Socket } from 'node:dgram';
import { AddressInfo } from 'node:net';
import * as dnsPacket from 'dns-packet';

/** The records of one name. TXT records are lists of strings (one DNS record may hold several). */
export interface FakeDnsRecords {
  A?: string[];
  MX?: { exchange: string; priority: number }[];
  TXT?: string[][];
}

/**
 * normal: answer from the records; servfail / refused: answer that rcode to everything; drop: never
 * answer; nxdomain: "no such name" to everything, as a resolver cut off from the Internet may.
 */
export type FakeDnsMode = 'normal' | 'servfail' | 'refused' | 'drop' | 'nxdomain';

/** One question answered other than normally: that name (and record type, when given) only. */
export interface FakeDnsFailure {
  name: string;
  type?: string;
  mode: Exclude<FakeDnsMode, 'normal'>;
}

export interface FakeDnsQuery {
  name: string;
  type: string;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const FAILURE_RCODE = { servfail: RCODE.SERVFAIL, refused: RCODE.REFUSED, nxdomain: RCODE.NXDOMAIN } as const;

/**
 * A DNS server over UDP on 127.0.0.1 (dns-packet), authoritative for the names it is given:
 * NXDOMAIN for unknown names, NODATA (NOERROR, no answers) for a known name without records of
 * the asked type. `mode` makes it fail or go silent for every question, `failures` for chosen
 * names and types, `delayMs` slows every answer.
 */
export class FakeDnsServer {
  mode: FakeDnsMode = 'normal';
  readonly failures: FakeDnsFailure[] = [];
  delayMs = 0;
  readonly queries: FakeDnsQuery[] = [];
  private readonly zone = new Map<string, FakeDnsRecords>();
  private socket?: Socket;
  private port?: number;

  /** `127.0.0.1:port`, for DNS_SERVERS. */
  get server(): string {
    if (this.port === undefined) throw new Error('FakeDnsServer is not started');
    return `127.0.0.1:${this.port}`;
  }

  /** The environment pointing the app's resolver here. */
  get env(): Record<string, string> {
    return { DNS_SERVERS: this.server };
  }

  /** Answers questions about `name` (of `type` only, when given) with `mode` until resetBehaviour(). */
  fail(name: string, mode: FakeDnsFailure['mode'], type?: string): this {
    this.failures.push({ name: normalize(name), mode, ...(type ? { type } : {}) });
    return this;
  }

  /** Adds records to a name (merged with those it has). */
  set(name: string, records: FakeDnsRecords): this {
    const key = normalize(name);
    const existing = this.zone.get(key) ?? {};
    this.zone.set(key, {
      A: [...(existing.A ?? []), ...(records.A ?? [])],
      MX: [...(existing.MX ?? []), ...(records.MX ?? [])],
      TXT: [...(existing.TXT ?? []), ...(records.TXT ?? [])],
    });
    return this;
  }

  /** Replaces every record of a name (a record taken down); the name stays known. */
  replace(name: string, records: FakeDnsRecords): this {
    this.zone.delete(normalize(name));
    return this.set(name, records);
  }

  /** Back to answering normally, promptly, with no queries recorded (the records stay). */
  resetBehaviour(): void {
    this.mode = 'normal';
    this.delayMs = 0;
    this.queries.length = 0;
    this.failures.length = 0;
  }

  /** Listens on 127.0.0.1 on a free UDP port; answers `127.0.0.1:port`. */
  async start(): Promise<string> {
    if (this.socket) throw new Error('FakeDnsServer is already started');
    const socket = createSocket('udp4');
    socket.on('message', (message, remote) => void this.handle(message, remote));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    this.socket = socket;
    this.port = (socket.address() as AddressInfo).port;
    return this.server;
  }

  async close(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private async handle(message: Buffer, remote: RemoteInfo): Promise<void> {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return; // not DNS: ignore, as servers do
    }
    const questions = query.questions ?? [];
    for (const q of questions) this.queries.push({ name: normalize(q.name), type: q.type });
    const failure = questions
      .map((q) => this.failures.find((f) => f.name === normalize(q.name) && (f.type === undefined || f.type === q.type))?.mode)
      .find((mode) => mode !== undefined);
    const mode = failure ?? this.mode;
    if (mode === 'drop') return;
    // Unref: a delayed answer to a client that gave up must not keep the test process alive.
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs).unref());

    let rcode: number = RCODE.NOERROR;
    const answers: dnsPacket.Answer[] = [];
    if (mode !== 'normal') rcode = FAILURE_RCODE[mode];
    else {
      for (const q of questions) {
        const records = this.zone.get(normalize(q.name));
        if (!records) {
          rcode = RCODE.NXDOMAIN;
          continue;
        }
        answers.push(...answersOf(q, records));
      }
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (query.flag_rd ? dnsPacket.RECURSION_DESIRED : 0) | dnsPacket.RECURSION_AVAILABLE | rcode,
      questions,
      answers,
    });
    this.socket?.send(response, remote.port, remote.address);
  }
}

const normalize = (name: string) => name.toLowerCase().replace(/\.$/, '');

function answersOf(q: dnsPacket.Question, records: FakeDnsRecords): dnsPacket.Answer[] {
  const base = { name: q.name, ttl: 300, class: 'IN' as const };
  switch (q.type) {
    case 'A':
      return (records.A ?? []).map((data) => ({ ...base, type: 'A' as const, data }));
    case 'MX':
      return (records.MX ?? []).map((mx) => ({ ...base, type: 'MX' as const, data: { preference: mx.priority, exchange: mx.exchange } }));
    case 'TXT':
      return (records.TXT ?? []).map((strings) => ({ ...base, type: 'TXT' as const, data: strings }));
    default:
      return [];
  }
}
