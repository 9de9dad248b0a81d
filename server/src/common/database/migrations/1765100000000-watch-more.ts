import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitors of websites and of whole email domains (issue 25):
 * - monitors.kind: what a monitor watches ('identity': emails and handles, 'website', 'domain');
 * - monitor_targets: a domain's proof of control (the challenge to publish, how it was proven,
 *   when it was last checked) and each target's watch state (a website's accepted baseline and
 *   the changes awaiting confirmation; a domain's breached addresses and Have I Been Pwned's answer);
 * - monitor_runs.changes: what a run alerted about, with before, after and the evidence;
 * - browser_jobs.priority: a monitor's page waits behind people's own scans.
 */
export class WatchMore1765100000000 implements MigrationInterface {
  name = 'WatchMore1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "monitors" ADD "kind" text NOT NULL DEFAULT 'identity'`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "challenge" text`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "verified_by" text`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "checked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" ADD "watch_state" jsonb`);
    await queryRunner.query(`ALTER TABLE "monitor_runs" ADD "changes" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "browser_jobs" ADD "priority" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`DROP INDEX "IDX_browser_jobs_status_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_browser_jobs_status_priority_created_at" ON "browser_jobs" ("status", "priority", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_browser_jobs_status_priority_created_at"`);
    await queryRunner.query(`CREATE INDEX "IDX_browser_jobs_status_created_at" ON "browser_jobs" ("status", "created_at")`);
    await queryRunner.query(`ALTER TABLE "browser_jobs" DROP COLUMN "priority"`);
    await queryRunner.query(`ALTER TABLE "monitor_runs" DROP COLUMN "changes"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "watch_state"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "checked_at"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "verified_by"`);
    await queryRunner.query(`ALTER TABLE "monitor_targets" DROP COLUMN "challenge"`);
    await queryRunner.query(`ALTER TABLE "monitors" DROP COLUMN "kind"`);
  }
}
