import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rendered website audit's shared work queue (server/src/browser-audit): one row per scan's
 * browser work, claimed with FOR UPDATE SKIP LOCKED by any instance with a free browser, and the
 * instances able to run it with their last heartbeat.
 */
export class BrowserJobs1764400000000 implements MigrationInterface {
  name = 'BrowserJobs1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "browser_jobs" (
        "id" uuid NOT NULL,
        "url" text NOT NULL,
        "status" text NOT NULL,
        "budget_ms" integer NOT NULL,
        "claim_by" TIMESTAMP WITH TIME ZONE NOT NULL,
        "worker_id" text,
        "claimed_at" TIMESTAMP WITH TIME ZONE,
        "result" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_browser_jobs" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_browser_jobs_status_created_at" ON "browser_jobs" ("status", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "browser_workers" (
        "id" text NOT NULL,
        "capacity" integer NOT NULL,
        "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_browser_workers" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "browser_workers"`);
    await queryRunner.query(`DROP TABLE "browser_jobs"`);
  }
}
