import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { OPEN_STATUSES } from './request.types';
import { RightsRequestEntity } from './rights-request.entity';

/** A reminder to send: which request, whose, and which reminder. */
export interface DueReminder {
  id: string;
  userId: string;
  organisationName: string;
  dueOn: string;
  reminder: 'soon' | 'due';
}

/** Requests claimed per reminder pass. */
const REMINDER_BATCH = 200;

/** The rights_requests table: the requests' only TypeORM code. */
@Injectable()
export class RightsRequestRepository {
  constructor(@InjectRepository(RightsRequestEntity) private readonly rows: Repository<RightsRequestEntity>) {}

  async insert(row: RightsRequestEntity): Promise<void> {
    await this.rows.insert(row);
  }

  /** Several requests in one statement (a batch to data brokers). */
  async insertMany(rows: readonly RightsRequestEntity[]): Promise<void> {
    if (rows.length > 0) await this.rows.insert([...rows]);
  }

  /** Catalogue organisations the user has an open request of this kind with. */
  async openSlugsOf(userId: string, kind: string): Promise<Set<string>> {
    const rows = (await this.rows.query(
      `SELECT DISTINCT "organisation_slug" AS slug FROM "rights_requests" WHERE "user_id" = $1 AND "kind" = $2 AND "organisation_slug" IS NOT NULL AND "status" = ANY($3::text[])`,
      [userId, kind, [...OPEN_STATUSES]],
    )) as { slug: string }[];
    return new Set(rows.map((r) => r.slug));
  }

  /** The user's requests, newest first. */
  listOf(userId: string, limit: number): Promise<RightsRequestEntity[]> {
    return this.rows.find({ where: { userId }, order: { createdAt: 'DESC' }, take: limit });
  }

  /** One request, only when it is the user's. */
  findOwn(userId: string, id: string): Promise<RightsRequestEntity | null> {
    return this.rows.findOneBy({ id, userId });
  }

  async save(row: RightsRequestEntity): Promise<void> {
    await this.rows.save(row);
  }

  async deleteOwn(userId: string, id: string): Promise<boolean> {
    const result = await this.rows.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  countCreatedSince(userId: string, since: Date): Promise<number> {
    return this.rows.countBy({ userId, createdAt: MoreThanOrEqual(since) });
  }

  /**
   * Marks and answers the reminders due on `today`, each once, safe with several instances (rows
   * locked with SKIP LOCKED; the mark commits with the claim): 'soon' for sent requests due within
   * `soonDays`, 'due' for sent requests past their day, which become overdue.
   */
  async claimReminders(today: string, soonDays: number): Promise<DueReminder[]> {
    const rows = (await this.rows.query(
      `UPDATE "rights_requests" r
         SET "reminders_sent" = array_append(r."reminders_sent", c.reminder),
             "status" = CASE WHEN c.reminder = 'due' THEN 'overdue' ELSE r."status" END,
             "updated_at" = now()
       FROM (
         SELECT "id", CASE WHEN "due_on" < $1::date THEN 'due' ELSE 'soon' END AS reminder
           FROM "rights_requests"
          WHERE "status" = 'sent' AND "due_on" IS NOT NULL
            AND (("due_on" < $1::date AND NOT ('due' = ANY("reminders_sent")))
              OR ("due_on" >= $1::date AND "due_on" <= $1::date + $2::int AND NOT ('soon' = ANY("reminders_sent"))))
          ORDER BY "due_on"
          LIMIT ${REMINDER_BATCH}
          FOR UPDATE SKIP LOCKED
       ) c
       WHERE r."id" = c."id"
       RETURNING r."id", r."user_id", r."organisation_name", to_char(r."due_on", 'YYYY-MM-DD') AS due_on, c.reminder`,
      [today, soonDays],
    )) as [{ id: string; user_id: string; organisation_name: string; due_on: string; reminder: 'soon' | 'due' }[], number];
    return rows[0].map((r) => ({ id: r.id, userId: r.user_id, organisationName: r.organisation_name, dueOn: r.due_on, reminder: r.reminder }));
  }
}
