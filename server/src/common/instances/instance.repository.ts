import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The instances table (the only code touching it). Every time is the database's now(). */
@Injectable()
export class InstanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async register(id: string): Promise<void> {
    await this.db.query(
      `INSERT INTO instances (id, started_at, beat_at) VALUES ($1, now(), now()) ON CONFLICT (id) DO UPDATE SET beat_at = now()`,
      [id],
    );
  }

  /** Beats; false when the row is gone (another instance took this one for dead). */
  async beat(id: string): Promise<boolean> {
    const [, affected] = (await this.db.query(`UPDATE instances SET beat_at = now() WHERE id = $1`, [id])) as [unknown, number];
    return affected > 0;
  }

  async remove(id: string): Promise<void> {
    await this.db.query(`DELETE FROM instances WHERE id = $1`, [id]);
  }

  /**
   * Removes the instances silent for more than `silentMs`; answers their ids. The rows are taken
   * with FOR UPDATE SKIP LOCKED, so of two live instances reaping at once each dead one goes to
   * exactly one of them.
   */
  async removeSilent(silentMs: number): Promise<string[]> {
    const rows = (await this.db.query(
      `DELETE FROM instances WHERE id IN (
         SELECT id FROM instances WHERE beat_at < now() - make_interval(secs => $1::double precision / 1000) FOR UPDATE SKIP LOCKED
       ) RETURNING id`,
      [silentMs],
    )) as [{ id: string }[], number];
    return rows[0].map((r) => r.id);
  }
}
