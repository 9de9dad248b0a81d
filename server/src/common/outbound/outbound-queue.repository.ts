import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { RequestRateLimit } from '../config/app.config';
import { keptSlots, nextSlot, withoutSlot } from './outbound-schedule.rules';

export type Reservation = { granted: true; slot: number; now: number } | { granted: false; slot: number; now: number };
/**
 * Sent: the request may go now (and is recorded as gone); otherwise how long to wait first, and
 * how far off the next free turn is (what a caller who gives up should be told).
 */
export type Departure = { sent: true } | { sent: false; waitMs: number; nextTurnMs: number };

/** The outbound_request_queues table: every instance reserves its turns here, one row lock per service. */
@Injectable()
export class OutboundQueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Reserves the next turn of `service` if it comes within `maxWaitMs`; otherwise reserves nothing
   * and says when it would have come. Times are the database's (one clock for every instance).
   */
  reserve(service: string, limits: readonly RequestRateLimit[], maxWaitMs: number): Promise<Reservation> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO "outbound_request_queues" ("service") VALUES ($1) ON CONFLICT ("service") DO NOTHING`, [service]);
      const { row, now } = await lockedQueue(manager, service);
      const slot = nextSlot(row.slots, limits, now, row.blockedUntil ?? 0);
      if (slot - now > maxWaitMs) return { granted: false as const, slot, now };
      await manager.query(`UPDATE "outbound_request_queues" SET "slots" = $2::jsonb WHERE "service" = $1`, [
        service,
        JSON.stringify(keptSlots([...row.slots, slot], limits, now)),
      ]);
      return { granted: true as const, slot, now };
    });
  }

  /**
   * At the turn's time: records that a request goes out now if every limit allows it counted on
   * the requests that really went out; otherwise says how long to wait. Keeps the service's limits
   * even when a process was too busy to start its turns on time.
   */
  depart(service: string, limits: readonly RequestRateLimit[]): Promise<Departure> {
    return this.dataSource.transaction(async (manager) => {
      const { row, now } = await lockedQueue(manager, service);
      const earliest = nextSlot(row.sent, limits, now, row.blockedUntil ?? 0);
      if (earliest > now) {
        const nextTurn = nextSlot(row.slots, limits, now, row.blockedUntil ?? 0);
        return { sent: false as const, waitMs: earliest - now, nextTurnMs: Math.max(earliest, nextTurn) - now };
      }
      await manager.query(`UPDATE "outbound_request_queues" SET "sent" = $2::jsonb WHERE "service" = $1`, [
        service,
        JSON.stringify(keptSlots([...row.sent, now], limits, now)),
      ]);
      return { sent: true as const };
    });
  }

  /**
   * A reserved turn that was not used (its caller gave up or ran out of time while waiting): it is
   * given back, so the hour's allowance is spent on requests that really went out.
   */
  giveBack(service: string, slot: number): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const { row } = await lockedQueue(manager, service);
      if (!row.slots.includes(slot)) return;
      await manager.query(`UPDATE "outbound_request_queues" SET "slots" = $2::jsonb WHERE "service" = $1`, [service, JSON.stringify(withoutSlot(row.slots, slot))]);
    });
  }

  /** The service said 429: no instance sends before `seconds` from now (a longer wait already set stays). */
  async block(service: string, seconds: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "outbound_request_queues" ("service", "blocked_until") VALUES ($1, clock_timestamp() + make_interval(secs => $2))
       ON CONFLICT ("service") DO UPDATE
         SET "blocked_until" = GREATEST(COALESCE("outbound_request_queues"."blocked_until", 'epoch'::timestamptz), EXCLUDED."blocked_until")`,
      [service, seconds],
    );
  }
}

interface QueueRow {
  slots: number[];
  sent: number[];
  blockedUntil: number | null;
}

/** The service's queue row, locked until the transaction ends, and the database's time (epoch ms). */
async function lockedQueue(manager: EntityManager, service: string): Promise<{ row: QueueRow; now: number }> {
  const [row] = (await manager.query(
    `SELECT "slots", "sent", (EXTRACT(EPOCH FROM "blocked_until") * 1000)::float8 AS "blockedUntil",
            (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::float8 AS "now"
       FROM "outbound_request_queues" WHERE "service" = $1 FOR UPDATE`,
    [service],
  )) as (QueueRow & { now: number })[];
  return { row, now: Math.floor(row.now) };
}
