import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestRateLimit } from '../config/app.config';
import { OutboundQueueRepository } from './outbound-queue.repository';

/** How to ask for a turn: the service's limits, and by when the request must have started. */
export interface TurnRequest {
  service: string;
  limits: readonly RequestRateLimit[];
  /** Epoch ms (this process's clock): a turn that comes later is refused, not waited for. */
  startBy: number;
  signal: AbortSignal;
}

export type Turn = { status: 'granted' } | { status: 'queue_full'; retryAfterSeconds: number } | { status: 'aborted' };

/**
 * One queue per outside service across every instance (the turns are reserved in PostgreSQL), so
 * together they keep within what the service allows, however many scans and monitors ask. A turn
 * that would come after the caller's deadline is refused with the time it would have come, so the
 * check says "rate limited, try again in N s" instead of waiting past its deadline. At its time a
 * turn is checked once more against the requests that really went out (a busy process wakes late,
 * and turns taken late must not go out together).
 */
@Injectable()
export class OutboundQueue {
  private readonly logger = new Logger(OutboundQueue.name);

  constructor(private readonly queues: OutboundQueueRepository) {}

  async turn({ service, limits, startBy, signal }: TurnRequest): Promise<Turn> {
    if (signal.aborted) return { status: 'aborted' };
    if (limits.length === 0) return { status: 'granted' };
    const reservation = await this.queues.reserve(service, limits, Math.max(0, startBy - Date.now()));
    const waitMs = reservation.slot - reservation.now;
    if (!reservation.granted) {
      this.logger.debug(`queue full: service=${service} nextTurnInMs=${waitMs}`);
      return { status: 'queue_full', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    const turn = await this.departAt(service, limits, startBy, signal, waitMs);
    // A turn reserved and not used goes back to the queue: otherwise a burst of scans that gave up
    // would spend the hour's allowance on requests that never went out.
    if (turn.status !== 'granted') await this.queues.giveBack(service, reservation.slot).catch((err: unknown) => this.logger.warn(`giving a turn back failed: service=${service} error=${err instanceof Error ? err.name : 'unknown'}`));
    return turn;
  }

  /** Waits for the reserved turn; it goes out once the requests that really went out leave room for it. */
  private async departAt(service: string, limits: readonly RequestRateLimit[], startBy: number, signal: AbortSignal, waitMs: number): Promise<Turn> {
    if (!(await this.pause(waitMs, signal))) return { status: 'aborted' };
    for (;;) {
      const departure = await this.queues.depart(service, limits);
      if (departure.sent) return { status: 'granted' };
      if (Date.now() + departure.waitMs > startBy) return { status: 'queue_full', retryAfterSeconds: Math.max(1, Math.ceil(departure.nextTurnMs / 1000)) };
      if (!(await this.pause(departure.waitMs, signal))) return { status: 'aborted' };
    }
  }

  /** Waits `ms` unless the signal aborts first (false). */
  private async pause(ms: number, signal: AbortSignal): Promise<boolean> {
    if (ms <= 0) return !signal.aborted;
    try {
      await sleep(ms, undefined, { signal });
      return true;
    } catch {
      return false;
    }
  }

  /** The service answered 429: every instance holds its requests for `seconds`. */
  async backOff(service: string, seconds: number): Promise<void> {
    await this.queues.block(service, Math.max(1, Math.min(seconds, 86_400)));
    this.logger.warn(`outside service rate limited us: service=${service} retryAfterSeconds=${seconds}`);
  }
}
