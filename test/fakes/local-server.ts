import { createServer, Server as HttpServer, RequestListener } from 'node:http';
import { AddressInfo, Server } from 'node:net';

/** Listens on `host` (127.0.0.1 unless said) on a port the system picks free (or `port`, when given); resolves that port. */
export async function listenOnFreePort(server: Server, host = '127.0.0.1', port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Stops listening and drops every connection first, so hanging requests and keep-alive sockets cannot hold the close up. */
export async function closeNow(server: HttpServer): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A fake's HTTP server on 127.0.0.1: started on a free port, stopped (and startable again) with every connection dropped. */
export class LocalHttpServer {
  private server?: HttpServer;
  private port?: number;

  /** `owner` names the fake in the errors. */
  constructor(
    private readonly owner: string,
    private readonly listener: RequestListener,
  ) {}

  /** `http://127.0.0.1:<port>`; the last one after a stop. */
  get origin(): string {
    if (this.port === undefined) throw new Error(`${this.owner} is not started`);
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    if (this.server) throw new Error(`${this.owner} is already started`);
    const server = createServer(this.listener);
    this.port = await listenOnFreePort(server);
    this.server = server;
    return this.origin;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await closeNow(server);
  }
}
