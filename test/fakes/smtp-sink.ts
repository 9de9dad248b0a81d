import { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerDataStream } from 'smtp-server';
import { parseMail } from './mime';

/** One message as the sink received it. */
export interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** The envelope recipients (RCPT TO). */
  to: string[];
  /** The message as received after DATA (UTF-8 decoded). */
  raw: string;
  /** Decoded Subject, From and To headers. */
  subject: string;
  headerFrom: string;
  headerTo: string;
  /** Decoded text/plain and text/html bodies, LF line endings. */
  text?: string;
  html?: string;
  /** The user name of the AUTH command, when the client authenticated. */
  user?: string;
}

export interface SmtpSinkOptions {
  /** Recipients to refuse at RCPT TO with 550, quoting the address as real servers do. */
  rejectRecipient?: (address: string) => boolean;
  /** Largest message accepted, in bytes (default 1 MB). */
  sizeLimit?: number;
}

type Waiter = { predicate: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void };

/**
 * A real SMTP server on 127.0.0.1 (smtp-server): no TLS, AUTH optional (any credentials pass),
 * a size limit. It keeps every message it accepts, so tests exercise the app's real SMTP client.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private server?: SMTPServer;
  private port?: number;
  private waiters = new Set<Waiter>();

  constructor(private readonly options: SmtpSinkOptions = {}) {}

  /** Listens on 127.0.0.1, on `port` or a free one. */
  async start(port = 0): Promise<this> {
    if (this.server) throw new Error('SmtpSink is already started');
    const server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      size: this.options.sizeLimit ?? 1_000_000,
      logger: false,
      closeTimeout: 1_000,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onRcptTo: (address, _session, callback) => {
        if (this.options.rejectRecipient?.(address.address)) {
          callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), { responseCode: 550 }));
        } else {
          callback();
        }
      },
      onData: (stream: SMTPServerDataStream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (err) => callback(err));
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
            return;
          }
          const raw = Buffer.concat(chunks);
          const parsed = parseMail(raw);
          const mailFrom = session.envelope.mailFrom;
          this.receive({
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: raw.toString('utf8'),
            subject: parsed.subject,
            headerFrom: parsed.from,
            headerTo: parsed.to,
            text: parsed.text,
            html: parsed.html,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    server.on('error', () => undefined); // client errors (a dropped connection) are not test failures
    await new Promise<void>((resolve, reject) => {
      const net = server.listen(port, '127.0.0.1', () => {
        net.off('error', reject);
        resolve();
      });
      net.once('error', reject);
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  get url(): string {
    if (this.port === undefined) throw new Error('SmtpSink is not started');
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (m: ReceivedMail) => boolean = () => true, timeoutMs = 5_000): Promise<ReceivedMail> {
    const found = this.messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (m) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const seen = this.messages.map((m) => JSON.stringify(m.subject)).join(', ') || 'none';
        reject(new Error(`SmtpSink: no matching message within ${timeoutMs} ms (received: ${seen})`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.port = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private receive(message: ReceivedMail) {
    this.messages.push(message);
    for (const waiter of [...this.waiters]) if (waiter.predicate(message)) waiter.resolve(message);
  }
}
