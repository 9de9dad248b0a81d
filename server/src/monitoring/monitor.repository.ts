import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';
import { NewOutboxMessage, OutboxRepository } from '../mail/outbox.repository';
import type { OutboxMessage } from '../mail/outbox-message.entity';
import { MonitorNoticeEntity } from './monitor-notice.entity';
import { type MonitorKind, type MonitorRunStatus, type MonitorType, NoticeItem } from './monitoring.types';
import { MonitorRunEntity } from './monitor-run.entity';
import { DomainProof, MonitorTargetEntity, MonitorTargetKind } from './monitor-target.entity';
import { MonitorEntity } from './monitor.entity';
import type { ClaimedMonitor, ClaimedTarget, TargetUpdate } from './monitor-run.types';

export type { ClaimedMonitor } from './monitor-run.types';

/** A monitor with its targets and latest runs, as the API shows it. */
export interface MonitorView {
  monitor: MonitorEntity;
  targets: MonitorTargetEntity[];
  runs: MonitorRunEntity[];
}

export interface NewTarget {
  kind: MonitorTargetKind;
  value: string;
  verifiedAt: Date | null;
  tokenHash: string | null;
  tokenExpiresAt: Date | null;
  /** A domain's value to publish. */
  challenge?: string;
}

export interface FinishedRun {
  monitorId: string;
  leaseToken: string;
  runId: string;
  finishedAt: Date;
  status: Exclude<MonitorRunStatus, 'running'>;
  newItems: number;
  summary: string;
  schedule: { nextRunAt: Date; scheduledAt: Date; failedAttempts: number };
  /** Pause the monitor (its plan no longer allows monitors, or its domain's proof lapsed). */
  deactivate?: boolean;
  knownKeys?: string[];
  /** What the run alerted about, kept with the run for its history. */
  changes?: NoticeItem[];
  /** Watch states and domain proofs, committed with the run. */
  targetUpdates?: TargetUpdate[];
  notice?: { userId: string; summary: string; items: NoticeItem[] };
  mail?: NewOutboxMessage;
}

const LATEST_RUNS = 5;
const INTERRUPTED = 'The run was interrupted (the server stopped); the monitor ran again.';

interface ClaimRow {
  id: string;
  user_id: string;
  kind: MonitorKind;
  type: MonitorType;
  scheduled_at: Date | null;
  next_run_at: Date;
  failed_attempts: number;
  active_before: number;
  run_id: string;
  targets: { kind: MonitorTargetKind; value: string; challenge: string | null; verified_by: DomainProof | null; watch_state: unknown }[];
  known_keys: string[];
}

/** The monitoring tables: the only monitoring code that talks to TypeORM. */
@Injectable()
export class MonitorRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxRepository,
  ) {}

  private get monitors() {
    return this.db.getRepository(MonitorEntity);
  }
  private get targets() {
    return this.db.getRepository(MonitorTargetEntity);
  }
  private get runs() {
    return this.db.getRepository(MonitorRunEntity);
  }
  private get notices() {
    return this.db.getRepository(MonitorNoticeEntity);
  }

  /** Whether the user has a monitor, active or paused. */
  async anyOfUser(userId: string): Promise<boolean> {
    return this.monitors.existsBy({ userId });
  }

  countActiveOfUser(userId: string): Promise<number> {
    return this.monitors.countBy({ userId, active: true });
  }

  /**
   * Inserts an active monitor with its targets unless the user already has `limit` active ones.
   * A per-user advisory lock serialises creations and activations, so parallel requests cannot
   * overshoot the limit. Undefined: at the limit.
   */
  async createWithinLimit(
    userId: string,
    limit: number,
    fields: { type: MonitorType; kind: MonitorKind; now: Date },
    targets: NewTarget[],
  ): Promise<MonitorEntity | undefined> {
    return this.db.transaction(async (manager) => {
      if ((await this.lockedActiveCount(manager, userId)) >= limit) return undefined;
      const monitor = await manager.save(
        manager.create(MonitorEntity, {
          id: randomUUID(),
          userId,
          type: fields.type,
          kind: fields.kind,
          active: true,
          nextRunAt: fields.now,
          scheduledAt: fields.now,
          failedAttempts: 0,
          leaseUntil: null,
          leaseToken: null,
          createdAt: fields.now,
        }),
      );
      if (targets.length > 0) {
        await manager.insert(
          MonitorTargetEntity,
          targets.map((t, position) => ({ id: randomUUID(), monitorId: monitor.id, position, ...t })),
        );
      }
      return monitor;
    });
  }

  /**
   * Activates a paused monitor within the limit (same lock as creation). A schedule in the past
   * restarts from now. 'not_found' for a monitor that is not the user's.
   */
  async activateWithinLimit(userId: string, id: string, limit: number, now: Date): Promise<'ok' | 'not_found' | 'at_limit'> {
    return this.db.transaction(async (manager) => {
      const active = await this.lockedActiveCount(manager, userId);
      const monitor = await manager.findOneBy(MonitorEntity, { id, userId });
      if (!monitor) return 'not_found';
      if (monitor.active) return 'ok';
      if (active >= limit) return 'at_limit';
      const restart = !monitor.nextRunAt || monitor.nextRunAt.getTime() < now.getTime();
      await manager.update(
        MonitorEntity,
        { id },
        { active: true, ...(restart ? { nextRunAt: now, scheduledAt: now, failedAttempts: 0 } : {}) },
      );
      return 'ok';
    });
  }

  async pause(userId: string, id: string): Promise<boolean> {
    const result = await this.monitors.update({ id, userId }, { active: false });
    return (result.affected ?? 0) > 0;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.monitors.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  private async lockedActiveCount(manager: EntityManager, userId: string): Promise<number> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`monitor-limit:${userId}`]);
    return manager.countBy(MonitorEntity, { userId, active: true });
  }

  /** The user's monitors, newest first, with targets and the latest runs. */
  /** One page of the user's monitors with their details, newest first, and how many the user has. */
  async viewsOfUser(userId: string, page: { offset: number; limit: number }): Promise<[MonitorView[], number]> {
    const [monitors, total] = await this.monitors.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: page.offset,
      take: page.limit,
    });
    return [await this.withDetails(monitors, LATEST_RUNS), total];
  }

  async viewOfUser(userId: string, id: string): Promise<MonitorView | undefined> {
    const monitor = await this.monitors.findOneBy({ id, userId });
    return monitor ? (await this.withDetails([monitor], LATEST_RUNS))[0] : undefined;
  }

  /** The account export's notices of queued scans (no monitor), dismissed ones included, newest first. */
  scanNoticesOfUser(userId: string): Promise<MonitorNoticeEntity[]> {
    return this.notices.find({ where: { userId, monitorId: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Everything of the user's monitors for the account export: every run and notice. */
  async exportOfUser(userId: string): Promise<(MonitorView & { notices: MonitorNoticeEntity[]; knownItems: number })[]> {
    const monitors = await this.monitors.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    const views = await this.withDetails(monitors, undefined);
    const ids = monitors.map((m) => m.id);
    const [notices, counts] = await Promise.all([
      ids.length ? this.notices.find({ where: { monitorId: In(ids) }, order: { createdAt: 'DESC', id: 'DESC' } }) : [],
      ids.length
        ? this.db.query<{ monitor_id: string; n: number }[]>(
            `SELECT monitor_id, count(*)::int AS n FROM monitor_known_items WHERE monitor_id = ANY($1) GROUP BY monitor_id`,
            [ids],
          )
        : [],
    ]);
    return views.map((view) => ({
      ...view,
      notices: notices.filter((n) => n.monitorId === view.monitor.id),
      knownItems: counts.find((c) => c.monitor_id === view.monitor.id)?.n ?? 0,
    }));
  }

  private async withDetails(monitors: MonitorEntity[], latestRuns: number | undefined): Promise<MonitorView[]> {
    if (monitors.length === 0) return [];
    const ids = monitors.map((m) => m.id);
    const targets = await this.targets.find({ where: { monitorId: In(ids) }, order: { position: 'ASC' } });
    let runs: MonitorRunEntity[];
    if (latestRuns === undefined) {
      runs = await this.runs.find({ where: { monitorId: In(ids) }, order: { startedAt: 'DESC', id: 'DESC' } });
    } else {
      const rows = await this.db.query<{ id: string }[]>(
        `SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY monitor_id ORDER BY started_at DESC, id DESC) AS n
           FROM monitor_runs WHERE monitor_id = ANY($1)
         ) latest WHERE n <= $2`,
        [ids, latestRuns],
      );
      runs = rows.length ? await this.runs.find({ where: { id: In(rows.map((r) => r.id)) }, order: { startedAt: 'DESC', id: 'DESC' } }) : [];
    }
    return monitors.map((monitor) => ({
      monitor,
      targets: targets.filter((t) => t.monitorId === monitor.id),
      runs: runs.filter((r) => r.monitorId === monitor.id),
    }));
  }

  /** One page of a monitor's runs, newest first, and how many it has; undefined: not the user's monitor. */
  async runsOfMonitor(userId: string, monitorId: string, page: { offset: number; limit: number }): Promise<[MonitorRunEntity[], number] | undefined> {
    if (!(await this.monitors.existsBy({ id: monitorId, userId }))) return undefined;
    return this.runs.findAndCount({ where: { monitorId }, order: { startedAt: 'DESC', id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  /** The user's monitor with its domain target; undefined when it is not the user's or watches no domain. */
  async domainTargetOf(userId: string, monitorId: string): Promise<{ monitor: MonitorEntity; target: MonitorTargetEntity } | undefined> {
    const monitor = await this.monitors.findOneBy({ id: monitorId, userId });
    if (!monitor) return undefined;
    const target = await this.targets.findOneBy({ monitorId, kind: 'domain' });
    return target ? { monitor, target } : undefined;
  }

  /**
   * Records a proof of a domain's control that was just checked: verified (and how) or not. A domain
   * proven now joins its monitor's next run at once when the monitor is active.
   */
  async recordDomainProof(monitorId: string, value: string, proof: { checkedAt: Date; verifiedBy: DomainProof | null }): Promise<void> {
    await this.db.transaction(async (manager) => {
      const verified = proof.verifiedBy !== null;
      await manager.update(
        MonitorTargetEntity,
        { monitorId, kind: 'domain', value },
        { checkedAt: proof.checkedAt, verifiedBy: proof.verifiedBy, verifiedAt: verified ? proof.checkedAt : null },
      );
      if (verified) {
        await manager.query(`UPDATE monitors SET next_run_at = $2, scheduled_at = $2, failed_attempts = 0 WHERE id = $1 AND active AND next_run_at > $2`, [monitorId, proof.checkedAt]);
      }
    });
  }

  /** Emails the user has verified for monitoring on any of their monitors (lower-cased). */
  /** The email addresses the user's monitors watch (verified or not). */
  async monitoredEmailsOfUser(userId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT t.value FROM monitor_targets t JOIN monitors m ON m.id = t.monitor_id WHERE m.user_id = $1 AND t.kind = 'email'`,
      [userId],
    )) as { value: string }[];
    return rows.map((r) => r.value);
  }

  /** Of these addresses, those no monitor of anyone watches. */
  async unmonitoredEmails(addresses: string[]): Promise<string[]> {
    if (addresses.length === 0) return [];
    const rows = (await this.db.query(`SELECT DISTINCT value FROM monitor_targets WHERE kind = 'email' AND value = ANY($1::text[])`, [addresses])) as { value: string }[];
    const watched = new Set(rows.map((r) => r.value));
    return addresses.filter((a) => !watched.has(a));
  }

  async verifiedEmailsOfUser(userId: string): Promise<Set<string>> {
    const rows = await this.db.query<{ value: string }[]>(
      `SELECT DISTINCT t.value FROM monitor_targets t JOIN monitors m ON m.id = t.monitor_id
       WHERE m.user_id = $1 AND t.kind = 'email' AND t.verified_at IS NOT NULL`,
      [userId],
    );
    return new Set(rows.map((r) => r.value));
  }

  /** The addresses of the user's monitor that still await verification; undefined: no such monitor. */
  async pendingEmailsOf(userId: string, monitorId: string): Promise<string[] | undefined> {
    const rows = await this.db.query<{ value: string | null }[]>(
      `SELECT t.value FROM monitors m
         LEFT JOIN monitor_targets t ON t.monitor_id = m.id AND t.kind = 'email' AND t.verified_at IS NULL
        WHERE m.id = $1 AND m.user_id = $2
        ORDER BY t.position`,
      [monitorId, userId],
    );
    if (rows.length === 0) return undefined;
    return rows.flatMap((r) => (r.value === null ? [] : [r.value]));
  }

  /** New links for pending addresses: the new token hash replaces the old one (which stops working). */
  async renewVerificationTokens(monitorId: string, tokens: { email: string; tokenHash: string; expiresAt: Date }[]): Promise<void> {
    await this.db.transaction(async (manager) => {
      for (const token of tokens) {
        await manager.query(
          `UPDATE monitor_targets SET token_hash = $3, token_expires_at = $4
            WHERE monitor_id = $1 AND kind = 'email' AND value = $2 AND verified_at IS NULL`,
          [monitorId, token.email, token.tokenHash, token.expiresAt],
        );
      }
    });
  }

  /**
   * Uses a verification token once: marks its email verified on every monitor of the same user.
   * Undefined when the token is unknown, used or expired.
   */
  async verifyEmailByToken(tokenHash: string, now: Date): Promise<{ email: string; userId: string } | undefined> {
    return this.db.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE monitor_targets t SET verified_at = $2, token_hash = NULL, token_expires_at = NULL
         FROM monitors m
         WHERE m.id = t.monitor_id AND t.token_hash = $1 AND t.kind = 'email' AND t.verified_at IS NULL AND t.token_expires_at > $2
         RETURNING t.value, m.user_id`,
        [tokenHash, now],
      )) as [{ value: string; user_id: string }[], number];
      const row = rows[0];
      if (!row) return undefined;
      await manager.query(
        `UPDATE monitor_targets t SET verified_at = $3, token_hash = NULL, token_expires_at = NULL
         FROM monitors m
         WHERE m.id = t.monitor_id AND m.user_id = $1 AND t.kind = 'email' AND t.value = $2 AND t.verified_at IS NULL`,
        [row.user_id, row.value, now],
      );
      // The address joins its monitors' next run at once (its baseline is recorded silently then),
      // not a week or a month later.
      await manager.query(
        `UPDATE monitors m SET next_run_at = $3, scheduled_at = $3, failed_attempts = 0
         WHERE m.user_id = $1 AND m.active AND m.next_run_at > $3
           AND EXISTS (SELECT 1 FROM monitor_targets t WHERE t.monitor_id = m.id AND t.kind = 'email' AND t.value = $2)`,
        [row.user_id, row.value, now],
      );
      return { email: row.value, userId: row.user_id };
    });
  }

  /** One page of the user's undismissed notices, newest first, and how many there are in all. */
  undismissedNotices(userId: string, offset: number, limit: number): Promise<[MonitorNoticeEntity[], number]> {
    return this.notices.findAndCount({ where: { userId, dismissedAt: IsNull() }, order: { createdAt: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  /** False when the user has no such notice (dismissing twice is fine). */
  async dismissNotice(userId: string, id: string, now: Date): Promise<boolean> {
    const [, affected] = (await this.db.query(
      `UPDATE monitor_notices SET dismissed_at = COALESCE(dismissed_at, $3) WHERE id = $1 AND user_id = $2`,
      [id, userId, now],
    )) as [unknown, number];
    return affected > 0;
  }

  /**
   * The scheduler's backlog across every instance, for the metrics: active monitors due and not
   * claimed, those of them due since before `overdueBefore`, those running (leased), and when the
   * longest-waiting one fell due (null: none is waiting).
   */
  async schedulerBacklog(now: Date, overdueBefore: Date): Promise<{ due: number; overdue: number; running: number; oldestDueAt: Date | null }> {
    const [row] = await this.db.query<{ due: number; overdue: number; running: number; oldest_due_at: Date | null }[]>(
      `SELECT
         count(*) FILTER (WHERE waiting)::int AS due,
         count(*) FILTER (WHERE waiting AND next_run_at < $2)::int AS overdue,
         count(*) FILTER (WHERE lease_until > $1)::int AS running,
         min(next_run_at) FILTER (WHERE waiting) AS oldest_due_at
       FROM (SELECT next_run_at, lease_until, next_run_at <= $1 AND (lease_until IS NULL OR lease_until <= $1) AS waiting
               FROM monitors WHERE active) m`,
      [now, overdueBefore],
    );
    return { due: row.due, overdue: row.overdue, running: row.running, oldestDueAt: row.oldest_due_at };
  }

  /**
   * Claims the most overdue active monitor whose lease is free, in one statement: the row lock
   * with SKIP LOCKED keeps two instances off the same monitor, the lease keeps others off it while
   * it runs (and hands it on when a crash leaves the lease to expire). The same statement marks a
   * run a crash left 'running' as failed, records the new run, and reads the owner, the verified
   * targets and the known keys. Undefined: nothing is due.
   */
  /** The owner's address and plan are not in it: they are auth's (ProfileService.accountsOf). */
  async claimNext(now: Date, leaseUntil: Date, options: { websites: boolean } = { websites: true }): Promise<Omit<ClaimedMonitor, 'userEmail' | 'plan'> | undefined> {
    const leaseToken = randomUUID();
    const rows = await this.db.query<ClaimRow[]>(
      `WITH due AS (
         SELECT id FROM monitors
         WHERE active AND next_run_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           -- Website monitors wait here, due, rather than in the browser queue while its browsers are busy.
           AND ($5::boolean OR kind <> 'website')
         ORDER BY next_run_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE monitors m SET lease_until = $2, lease_token = $3,
           -- A run a crash left behind counts as a failed attempt, so a run that keeps killing
           -- the process is given up on like any failing run.
           failed_attempts = m.failed_attempts
             + (EXISTS (SELECT 1 FROM monitor_runs r WHERE r.monitor_id = m.id AND r.status = 'running'))::int
         FROM due WHERE m.id = due.id
         RETURNING m.id, m.user_id, m.kind, m.type, m.scheduled_at, m.next_run_at, m.failed_attempts, m.created_at
       ), interrupted AS (
         UPDATE monitor_runs r SET status = 'failed', finished_at = $1, summary = $4
         FROM claimed WHERE r.monitor_id = claimed.id AND r.status = 'running'
         RETURNING r.id
       ), run AS (
         INSERT INTO monitor_runs (id, monitor_id, started_at, status, attempt, new_items, summary)
         SELECT gen_random_uuid(), id, $1, 'running', failed_attempts + 1, 0, '' FROM claimed
         RETURNING id, monitor_id
       )
       SELECT c.*, run.id AS run_id,
         (SELECT count(*)::int FROM monitors o
            WHERE o.user_id = c.user_id AND o.active AND (o.created_at, o.id) < (c.created_at, c.id)) AS active_before,
         -- Verified targets, and a domain awaiting proof (its run says what to publish).
         (SELECT coalesce(json_agg(json_build_object('kind', t.kind, 'value', t.value, 'challenge', t.challenge, 'verified_by', t.verified_by,
                   'watch_state', t.watch_state) ORDER BY t.kind, t.position), '[]'::json)
            FROM monitor_targets t WHERE t.monitor_id = c.id AND (t.verified_at IS NOT NULL OR t.kind = 'domain')) AS targets,
         (SELECT coalesce(array_agg(k.item_key), '{}'::text[]) FROM monitor_known_items k WHERE k.monitor_id = c.id) AS known_keys
       FROM claimed c JOIN run ON run.monitor_id = c.id`,
      [now, leaseUntil, leaseToken, INTERRUPTED, options.websites],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      type: row.type,
      scheduledAt: row.scheduled_at ?? row.next_run_at,
      dueAt: row.next_run_at,
      failedAttempts: row.failed_attempts,
      activeBefore: row.active_before,
      runId: row.run_id,
      leaseToken,
      targets: row.targets.map(
        (t): ClaimedTarget => ({
          kind: t.kind,
          value: t.value,
          ...(t.kind === 'domain' ? { challenge: t.challenge, verifiedBy: t.verified_by } : {}),
          ...(t.watch_state !== null ? { watchState: t.watch_state } : {}),
        }),
      ),
      knownKeys: new Set(row.known_keys),
    };
  }

  /** Whether a website monitor is due and free to claim (the scheduler waits for browser room only then). */
  async websiteDue(now: Date): Promise<boolean> {
    const [row] = await this.db.query<{ due: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM monitors WHERE active AND kind = 'website' AND next_run_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)) AS due`,
      [now],
    );
    return row?.due === true;
  }

  /**
   * Records a run's end in one transaction that first checks the claim still holds the lease (a
   * run whose lease another instance took over commits nothing): the schedule, the run, the new
   * known keys, the notice and the alert email all commit together or not at all. Answers the
   * stored email (to deliver after the commit), or 'lease_lost'.
   */
  async finishRun(run: FinishedRun): Promise<{ mail?: OutboxMessage } | 'lease_lost'> {
    const lost = Symbol('lease lost');
    try {
      return await this.db.transaction(async (manager) => {
        const [held] = (await manager.query(
          `UPDATE monitors SET next_run_at = $3, scheduled_at = $4, failed_attempts = $5, lease_until = NULL, lease_token = NULL,
             active = active AND NOT $6
           WHERE id = $1 AND lease_token = $2 RETURNING id`,
          [run.monitorId, run.leaseToken, run.schedule.nextRunAt, run.schedule.scheduledAt, run.schedule.failedAttempts, run.deactivate === true],
        )) as [unknown[], number];
        if (held.length === 0) throw lost;
        await manager.update(
          MonitorRunEntity,
          { id: run.runId },
          { status: run.status, finishedAt: run.finishedAt, newItems: run.newItems, summary: run.summary, changes: run.changes ?? [] },
        );
        for (const update of run.targetUpdates ?? []) await this.updateTarget(manager, run.monitorId, update);
        if (run.knownKeys && run.knownKeys.length > 0) {
          await manager.query(
            `INSERT INTO monitor_known_items (monitor_id, item_key, first_seen_at)
             SELECT $1, unnest($2::text[]), $3 ON CONFLICT DO NOTHING`,
            [run.monitorId, run.knownKeys, run.finishedAt],
          );
        }
        if (run.notice) {
          await manager.insert(MonitorNoticeEntity, {
            id: randomUUID(),
            monitorId: run.monitorId,
            userId: run.notice.userId,
            createdAt: run.finishedAt,
            summary: run.notice.summary,
            items: run.notice.items,
            dismissedAt: null,
          });
        }
        const mail = run.mail ? await this.outbox.addWithin(manager, run.mail) : undefined;
        return { mail };
      });
    } catch (err) {
      if (err === lost) return 'lease_lost';
      throw err;
    }
  }

  /**
   * A queued scan's notice and its email (if any) in one transaction: answers the stored email, to
   * deliver after the commit. The notice goes with the scan (ON DELETE CASCADE).
   */
  async addScanNotice(notice: { scanId: string; userId: string; createdAt: Date; summary: string; items: NoticeItem[] }, mail?: NewOutboxMessage): Promise<OutboxMessage | undefined> {
    return this.db.transaction(async (manager) => {
      await manager.insert(MonitorNoticeEntity, { id: randomUUID(), monitorId: null, ...notice, dismissedAt: null });
      return mail ? this.outbox.addWithin(manager, mail) : undefined;
    });
  }

  /** A watch state and a domain's proof as a run left them; a lapsed proof unverifies the domain. */
  private async updateTarget(manager: EntityManager, monitorId: string, update: TargetUpdate): Promise<void> {
    await manager.query(
      `UPDATE monitor_targets SET
         watch_state = CASE WHEN $4 THEN $5::jsonb ELSE watch_state END,
         checked_at = CASE WHEN $6 THEN $7::timestamptz ELSE checked_at END,
         verified_by = CASE WHEN $6 THEN $8::text ELSE verified_by END,
         verified_at = CASE WHEN $6 AND $8::text IS NULL THEN NULL ELSE verified_at END
       WHERE monitor_id = $1 AND kind = $2 AND value = $3`,
      [
        monitorId,
        update.kind,
        update.value,
        update.watchState !== undefined,
        update.watchState === undefined ? null : JSON.stringify(update.watchState),
        update.proof !== undefined,
        update.proof?.checkedAt ?? null,
        update.proof?.verifiedBy ?? null,
      ],
    );
  }
}
