import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitors of websites and of whole email domains (issue 25):
 * - monitors.kind: what a monitor watches ('identity': emails and handles, 'website', 'domain');
 * - monitor_targets: the proof of control of a watched domain (its challenge, how it was proven,
 *   when it was last checked) and each target's watch state (a website's accepted baseline and
 *   the changes awaiting confirmation; a domain's breached addresses);
 * - monitor_runs.changes: what a run alerted about, with before, after and the evidence;
 * - monitor_snapshots: the normalized snapshot of a watched website taken by each run;
 * - browser_jobs.priority: monitor runs queue their pages behind people's own scans.
 */
export class WatchMore1764800000000 implements MigrationInterface {
  name = 'WatchMore1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "monitors" ADD "kind" text NOT NULL DEFAULT 'identity'`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "challenge" text`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "verified_by" text`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "checked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "watch_state" jsonb`);
    await queryRunner.query(`ALTER TABLE "monitor_runs" ADD "changes" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`
      CREATE TABLE "monitor_snapshots" (
        "id" uuid NOT NULL,
        "monitor_id" uuid NOT NULL,
        "run_id" uuid NOT NULL,
        "target" text NOT NULL,
        "taken_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "snapshot" jsonb NOT NULL,
        CONSTRAINT "PK_monitor_snapshots" PRIMARY KEY ("id"),
        CONSTRAINT "FK_monitor_snapshots_monitor_id" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "FK_monitor_snapshots_run_id" FOREIGN KEY ("run_id") REFERENCES "monitor_runs"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_snapshots_monitor_id_taken_at" ON "monitor_snapshots" ("monitor_id", "taken_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_snapshots_run_id" ON "monitor_snapshots" ("run_id")`);
    await queryRunner.query(`ALTER TABLE "browser_jobs" ADD "priority" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`DROP INDEX "IDX_browser_jobs_status_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_browser_jobs_status_priority_created_at" ON "browser_jobs" ("status", "priority", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_browser_jobs_status_priority_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_browser_jobs_status_created_at" ON "browser_jobs" ("status", "created_at")`);
    await queryRunner.query(`ALTER TABLE "browser_jobs" DROP COLUMN "priority"`);
    await queryRunner.query(`DROP TABLE "monitor_snapshots"`);
    await queryRunner.query(`ALTER TABLE "monitor_runs" DROP COLUMN "changes"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "watch_state"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "checked_at"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "verified_by"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "challenge"`);
    await queryRunner.query(`ALTER TABLE "monitors" DROP COLUMN "kind"`);
  }
}
