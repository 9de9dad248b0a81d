import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import type { AnalyticsEventName } from './analytics-event.catalogue';
import { AnalyticsEventEntity } from './analytics-event.entity';
import type { StoredParameters } from './analytics-parameters.rules';

export interface DailyCountRow {
  /** YYYY-MM-DD, UTC. */
  day: string;
  event: string;
  count: number;
}

@Injectable()
export class AnalyticsEventRepository {
  constructor(@InjectRepository(AnalyticsEventEntity) private readonly events: Repository<AnalyticsEventEntity>) {}

  async insert(userId: string, event: AnalyticsEventName, parameters: StoredParameters, occurredAt: Date): Promise<void> {
    await this.events.insert({ id: randomUUID(), userId, event, parameters, occurredAt });
  }

  /** Events per UTC day and name in [from, to). */
  async dailyCounts(from: Date, to: Date): Promise<DailyCountRow[]> {
    const rows: Array<{ day: string; event: string; count: string }> = await this.events
      .createQueryBuilder('e')
      .select(`to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`, 'day')
      .addSelect('e.event', 'event')
      .addSelect('count(*)', 'count')
      .where('e.occurred_at >= :from AND e.occurred_at < :to', { from, to })
      .groupBy('day')
      .addGroupBy('e.event')
      .getRawMany();
    return rows.map((r) => ({ day: r.day, event: r.event, count: Number(r.count) }));
  }

  /** Deletes at most `limit` events received before `before` (the retention job); answers how many went. */
  async deleteOccurredBefore(before: Date, limit: number): Promise<number> {
    const [, affected] = (await this.events.query(
      'DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE occurred_at < $1 LIMIT $2)',
      [before, limit],
    )) as [unknown, number];
    return affected;
  }

  allOfUser(userId: string): Promise<AnalyticsEventEntity[]> {
    return this.events.find({ where: { userId }, order: { occurredAt: 'DESC' } });
  }
}
