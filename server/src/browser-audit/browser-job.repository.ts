import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { BrowserJobStatus } from './browser-job.entity';

/** The channel instances hear about queued and finished jobs on ('queued', or 'done:<id>'). */
export const BROWSER_JOBS_CHANNEL = 'browser_jobs';

export interface ClaimedJob {
  id: string;
  url: string;
  budgetMs: number;
  /** When its scan stops waiting, in ms from the claim (database clock); null on rows of an older version. */
  answerInMs: number | null;
}

/** A queued job's times, in ms from now on the database's clock. */
export interface WaitingJob {
  id: string;
  claimInMs: number;
  answerInMs: number | null;
}

/** A scan's job as it reads it: its state, and whether its times have passed on the database's clock. */
export interface ReadJob {
  status: BrowserJobStatus;
  result: unknown;
  /** Queued and past claim_by: nobody will claim it now. */
  unclaimable: boolean;
  /** Past answer_by plus the grace the scan gives a claimed job. */
  late: boolean;
}

/** The browser work queue in PostgreSQL (the only code touching browser_jobs and browser_workers). */
@Injectable()
export class BrowserJobRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Jobs waiting for a browser across every instance: of one priority, or all. */
  async queuedCount(priority?: number): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM browser_jobs WHERE status = 'queued' AND ($1::int IS NULL OR priority = $1) AND claim_by > now()`, [priority ?? null]);
    return (row as { n: number }).n;
  }

  /** In one statement: the browser contexts there are (as liveCapacity) and the jobs of one priority waiting for them. */
  async capacityAndQueued(freshSeconds: number, priority: number): Promise<{ capacity: number; queued: number }> {
    const [row] = await this.db.query(
      `SELECT (SELECT coalesce(sum(capacity), 0)::int FROM browser_workers WHERE seen_at > now() - make_interval(secs => $1)) AS capacity,
              (SELECT count(*)::int FROM browser_jobs WHERE status = 'queued' AND priority = $2 AND claim_by > now()) AS queued`,
      [freshSeconds, priority],
    );
    return row as { capacity: number; queued: number };
  }

  /** Browser contexts the instances that showed life within `freshSeconds` offer together. */
  async liveCapacity(freshSeconds: number): Promise<number> {
    const [row] = await this.db.query(`SELECT coalesce(sum(capacity), 0)::int AS n FROM browser_workers WHERE seen_at > now() - make_interval(secs => $1)`, [freshSeconds]);
    return (row as { n: number }).n;
  }

  /** Queues a job to be claimed within `claimWithinMs` (unless a worker promises a browser later) and answered within `answerWithinMs`. */
  async enqueue(id: string, url: string, budgetMs: number, claimWithinMs: number, answerWithinMs: number, priority = 0): Promise<void> {
    await this.db.query(
      `INSERT INTO browser_jobs (id, url, status, budget_ms, claim_by, answer_by, priority)
       VALUES ($1, $2, 'queued', $3, now() + make_interval(secs => $4::double precision / 1000), now() + make_interval(secs => $5::double precision / 1000), $6)`,
      [id, url, budgetMs, claimWithinMs, answerWithinMs, priority],
    );
    await this.notify('queued');
  }

  /** The oldest job still claimable of the first priority (people's scans before monitors'), taken by this worker; none when the queue is empty (or every job is taken). */
  async claim(workerId: string): Promise<ClaimedJob | undefined> {
    const [row] = (await this.db.query(
      `WITH claimed AS (
         UPDATE browser_jobs SET status = 'running', worker_id = $1, claimed_at = now()
         WHERE id = (
           SELECT id FROM browser_jobs WHERE status = 'queued' AND claim_by > now()
           ORDER BY priority, created_at FOR UPDATE SKIP LOCKED LIMIT 1
         )
         RETURNING id, url, budget_ms, extract(epoch FROM answer_by - now()) * 1000 AS answer_in
       ) SELECT * FROM claimed`,
      [workerId],
    )) as { id: string; url: string; budget_ms: number; answer_in: string | number | null }[];
    return row ? { id: row.id, url: row.url, budgetMs: row.budget_ms, answerInMs: row.answer_in === null ? null : Number(row.answer_in) } : undefined;
  }

  /** The jobs of one priority still waiting to be claimed, oldest first (the order claim takes them in). */
  async waiting(priority: number, limit: number): Promise<WaitingJob[]> {
    const rows = (await this.db.query(
      `SELECT id, extract(epoch FROM claim_by - now()) * 1000 AS claim_in, extract(epoch FROM answer_by - now()) * 1000 AS answer_in
       FROM browser_jobs WHERE status = 'queued' AND priority = $1 AND claim_by > now() ORDER BY created_at LIMIT $2`,
      [priority, limit],
    )) as { id: string; claim_in: string | number; answer_in: string | number | null }[];
    return rows.map((row) => ({ id: row.id, claimInMs: Number(row.claim_in), answerInMs: row.answer_in === null ? null : Number(row.answer_in) }));
  }

  /** Moves a waiting job's claim_by later (a worker's promise); never revives one already past it, never moves it earlier. */
  async extendClaim(id: string, claimInMs: number): Promise<void> {
    await this.db.query(
      `UPDATE browser_jobs SET claim_by = now() + make_interval(secs => $2::double precision / 1000)
       WHERE id = $1 AND status = 'queued' AND claim_by > now() AND claim_by < now() + make_interval(secs => $2::double precision / 1000)`,
      [id, claimInMs],
    );
  }

  /** Stores the answer of a job this worker holds; a job its scan gave up (deleted) stays gone. */
  async finish(id: string, workerId: string, status: Extract<BrowserJobStatus, 'done' | 'failed'>, result: unknown): Promise<void> {
    await this.db.query(`UPDATE browser_jobs SET status = $3, result = $4::jsonb WHERE id = $1 AND worker_id = $2`, [id, workerId, status, JSON.stringify(result)]);
    await this.notify(`done:${id}`);
  }

  /** A job and, on the database's clock, whether it can still be claimed and whether its answer is late (`graceMs` after answer_by). */
  async read(id: string, graceMs: number): Promise<ReadJob | undefined> {
    const [row] = (await this.db.query(
      `SELECT status, result, (status = 'queued' AND claim_by <= now()) AS unclaimable,
              coalesce(answer_by, claim_by + make_interval(secs => budget_ms::double precision / 1000)) + make_interval(secs => $2::double precision / 1000) < now() AS late
       FROM browser_jobs WHERE id = $1`,
      [id, graceMs],
    )) as ReadJob[];
    return row;
  }

  /** Takes a job back: gone whatever its state (a worker still running it stores nothing). Answers the state it had. */
  async remove(id: string): Promise<BrowserJobStatus | undefined> {
    const [row] = (await this.db.query(`WITH gone AS (DELETE FROM browser_jobs WHERE id = $1 RETURNING status) SELECT * FROM gone`, [id])) as { status: BrowserJobStatus }[];
    return row?.status;
  }

  async heartbeat(workerId: string, capacity: number): Promise<void> {
    await this.db.query(
      `INSERT INTO browser_workers (id, capacity, seen_at) VALUES ($1, $2, now())
       ON CONFLICT (id) DO UPDATE SET capacity = EXCLUDED.capacity, seen_at = EXCLUDED.seen_at`,
      [workerId, capacity],
    );
  }

  async removeWorker(workerId: string): Promise<void> {
    await this.db.query(`DELETE FROM browser_workers WHERE id = $1`, [workerId]);
  }

  /** Jobs older than an hour (their scans ended long ago) and workers silent for ten minutes. */
  async purge(): Promise<void> {
    await this.db.query(`DELETE FROM browser_jobs WHERE created_at < now() - interval '1 hour'`);
    await this.db.query(`DELETE FROM browser_workers WHERE seen_at < now() - interval '10 minutes'`);
  }

  private async notify(payload: string): Promise<void> {
    await this.db.query(`SELECT pg_notify($1, $2)`, [BROWSER_JOBS_CHANNEL, payload]);
  }
}
