import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { RateLimitCounterEntity } from './rate-limit-counter.entity';

@Injectable()
export class RateLimitRepository {
  constructor(@InjectRepository(RateLimitCounterEntity) private readonly counters: Repository<RateLimitCounterEntity>) {}

  /** Adds one to the key's counter for the window, atomically across instances; returns the new count. */
  async increment(key: string, windowStart: Date): Promise<number> {
    const rows: { count: number }[] = await this.counters.query(
      `INSERT INTO rate_limit_counters (key, window_start, count) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
       RETURNING count`,
      [key, windowStart],
    );
    return Number(rows[0].count);
  }

  /** Takes one back from the key's counter for the window (never below zero). */
  async decrement(key: string, windowStart: Date): Promise<void> {
    await this.counters.query(`UPDATE rate_limit_counters SET count = count - 1 WHERE key = $1 AND window_start = $2 AND count > 0`, [key, windowStart]);
  }

  async deleteWindowsBefore(cutoff: Date): Promise<void> {
    await this.counters.delete({ windowStart: LessThan(cutoff) });
  }
}
