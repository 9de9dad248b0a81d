import { Server } from 'node:net';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Injectable } from '@nestjs/common';

/**
 * How long a keep-alive connection that was idle when the drain began may still send a request
 * (answered, with `Connection: close`) before it is closed. Closing it at once raced requests the
 * client had already sent (they were reset); a client that sends within this time gets its answer.
 */
export const IDLE_CLOSE_GRACE_MS = 1_000;

/**
 * How long the instance keeps accepting connections after it turned not-ready, answering each
 * request with `Connection: close`: a load balancer polling /api/ready stops sending meanwhile, and
 * connections already waiting in the kernel's queue are served instead of reset when it closes.
 */
export const NOT_READY_BEFORE_CLOSE_MS = 1_000;

interface Tracked {
  /** Responses of this connection not yet finished. */
  active: Set<ServerResponse>;
  /** Bytes read when its last answer ended: more than that means a request is arriving. */
  readAtIdle: number;
}

/** Whether this instance is draining: /api/ready answers 503 from the first moment, so a load balancer stops sending. */
@Injectable()
export class DrainState {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  begin(): void {
    this.started = true;
  }
}

/**
 * Drains an HTTP server on shutdown: it stops accepting connections, answers every request still
 * arriving on an open connection with `Connection: close` (so the client opens its next one
 * elsewhere), lets the requests in flight finish, and closes idle keep-alive connections only once
 * nothing is arriving on them.
 */
export class HttpDrain {
  private readonly sockets = new Map<Socket, Tracked>();
  private draining = false;
  private settle?: () => void;

  constructor(private readonly server: HttpServer) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, { active: new Set(), readAtIdle: 0 });
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.check();
      });
    });
    // First, so the header is set before any handler can send its answer.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const tracked = this.sockets.get(req.socket);
      tracked?.active.add(res);
      if (this.draining && !res.headersSent) res.setHeader('Connection', 'close');
      res.once('close', () => {
        if (tracked) {
          tracked.active.delete(res);
          tracked.readAtIdle = req.socket.bytesRead;
        }
        this.check();
      });
    });
  }

  /** Requests in flight and connections open, for the shutdown's log line. */
  get stats(): { requests: number; connections: number } {
    let requests = 0;
    for (const tracked of this.sockets.values()) requests += tracked.active.size;
    return { requests, connections: this.sockets.size };
  }

  /**
   * Stops accepting and resolves once every connection has closed: `true`, or `false` when
   * `timeoutMs` passed first (the caller then decides what to cut).
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const began = Date.now();
    this.draining = true;
    // Answers still being prepared close their connection too.
    for (const tracked of this.sockets.values()) {
      for (const res of tracked.active) if (!res.headersSent) res.setHeader('Connection', 'close');
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(NOT_READY_BEFORE_CLOSE_MS, timeoutMs / 4)));
    // net.Server's close, not http.Server's: since Node 19 the latter also closes idle keep-alive
    // connections at once, which resets requests that are on their way on them.
    Server.prototype.close.call(this.server);
    const idleTimer = setInterval(() => this.closeIdle(), IDLE_CLOSE_GRACE_MS);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<boolean>((resolve) => {
        this.settle = () => resolve(true);
        timer = setTimeout(() => resolve(false), Math.max(0, timeoutMs - (Date.now() - began)));
        this.check();
      });
    } finally {
      clearInterval(idleTimer);
      clearTimeout(timer);
      this.settle = undefined;
    }
  }

  /** Ends the connections with nothing in flight and nothing arriving since their last answer. */
  private closeIdle(): void {
    for (const [socket, tracked] of this.sockets) {
      if (tracked.active.size === 0 && socket.bytesRead === tracked.readAtIdle) socket.destroy();
    }
  }

  /** A connection answered during the drain closes itself (Connection: close); idle ones go in closeIdle. */
  private check(): void {
    if (this.draining && this.sockets.size === 0) this.settle?.();
  }
}
