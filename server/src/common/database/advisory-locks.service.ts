import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Work that one instance at a time may do, across every instance sharing the database. */
@Injectable()
export class AdvisoryLocks {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` while holding a session-level advisory lock named `name`, on a connection of its
   * own; answers `acquired: false` without running it when another process holds the lock.
   */
  async withExclusiveLock<T>(name: string, work: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name])) as { locked: boolean }[];
      if (!locked) return { acquired: false };
      try {
        return { acquired: true, value: await work() };
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      await runner.release();
    }
  }
}
