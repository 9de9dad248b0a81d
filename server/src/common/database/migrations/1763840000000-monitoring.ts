import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitoring (server/src/monitoring): monitors with their scheduler state and lease, the emails
 * and handles they watch (with the verification of other people's addresses), their runs, the
 * keys of findings already seen, and in-app notices. Scans a monitor ran are marked with its id
 * (no foreign key: they stay in the history, outside the monthly quota, when the monitor goes).
 * Rows of a user go with the user.
 */
export class Monitoring1763840000000 implements MigrationInterface {
  name = 'Monitoring1763840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "monitors" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "type" text NOT NULL,
        "active" boolean NOT NULL,
        "next_run_at" TIMESTAMP WITH TIME ZONE,
        "scheduled_at" TIMESTAMP WITH TIME ZONE,
        "failed_attempts" integer NOT NULL DEFAULT 0,
        "lease_until" TIMESTAMP WITH TIME ZONE,
        "lease_token" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_monitors" PRIMARY KEY ("id"),
        CONSTRAINT "FK_monitors_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_monitors_user_id" ON "monitors" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_monitors_next_run_at" ON "monitors" ("next_run_at")`);

    await queryRunner.query(`
      CREATE TABLE "monitor_targets" (
        "id" uuid NOT NULL,
        "monitor_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "value" text NOT NULL,
        "position" integer NOT NULL,
        "verified_at" TIMESTAMP WITH TIME ZONE,
        "token_hash" text,
        "token_expires_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_monitor_targets" PRIMARY KEY ("id"),
        CONSTRAINT "FK_monitor_targets_monitor_id" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_monitor_targets_value" ON "monitor_targets" ("monitor_id", "kind", "value")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_monitor_targets_token_hash" ON "monitor_targets" ("token_hash")`);

    await queryRunner.query(`
      CREATE TABLE "monitor_runs" (
        "id" uuid NOT NULL,
        "monitor_id" uuid NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        "status" text NOT NULL,
        "attempt" integer NOT NULL,
        "new_items" integer NOT NULL,
        "summary" text NOT NULL,
        CONSTRAINT "PK_monitor_runs" PRIMARY KEY ("id"),
        CONSTRAINT "FK_monitor_runs_monitor_id" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_runs_monitor_id_started_at" ON "monitor_runs" ("monitor_id", "started_at")`);

    await queryRunner.query(`
      CREATE TABLE "monitor_known_items" (
        "monitor_id" uuid NOT NULL,
        "item_key" text NOT NULL,
        "first_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_monitor_known_items" PRIMARY KEY ("monitor_id", "item_key"),
        CONSTRAINT "FK_monitor_known_items_monitor_id" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);

    await queryRunner.query(`
      CREATE TABLE "monitor_notices" (
        "id" uuid NOT NULL,
        "monitor_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "summary" text NOT NULL,
        "items" jsonb NOT NULL,
        "dismissed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_monitor_notices" PRIMARY KEY ("id"),
        CONSTRAINT "FK_monitor_notices_monitor_id" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT "FK_monitor_notices_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_notices_user_id_created_at" ON "monitor_notices" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_notices_monitor_id" ON "monitor_notices" ("monitor_id")`);

    await queryRunner.query(`ALTER TABLE "scans" ADD "monitor_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "monitor_id"`);
    await queryRunner.query(`DROP TABLE "monitor_notices"`);
    await queryRunner.query(`DROP TABLE "monitor_known_items"`);
    await queryRunner.query(`DROP TABLE "monitor_runs"`);
    await queryRunner.query(`DROP TABLE "monitor_targets"`);
    await queryRunner.query(`DROP TABLE "monitors"`);
  }
}
