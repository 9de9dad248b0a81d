import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Queued breach checks (issue 38, point 4c): a signed-in person's email scan that meets its breach
 * sources at their request limit is stored as `queued` with when it is expected to run
 * (`scans.expected_by`, with a partial index for the runner's claims) and finished later. Its
 * notice is one of the existing notices, tied to the scan instead of a monitor: `monitor_id`
 * becomes optional and `scan_id` is new (deleted with the scan). Only additions and a relaxed
 * NOT NULL: the running version keeps working on the new schema.
 */
export class QueuedBreachChecks1796200000000 implements MigrationInterface {
  name = 'QueuedBreachChecks1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "scans" ADD "expected_by" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_scans_queued_expected_by" ON "scans" ("expected_by") WHERE "status" = 'queued'`);
    await queryRunner.query(`ALTER TABLE "monitor_notices" ALTER COLUMN "monitor_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "monitor_notices" ADD "scan_id" uuid`);
    await queryRunner.query(`CREATE INDEX "IDX_monitor_notices_scan_id" ON "monitor_notices" ("scan_id")`);
    await queryRunner.query(
      `ALTER TABLE "monitor_notices" ADD CONSTRAINT "FK_monitor_notices_scan_id" FOREIGN KEY ("scan_id") REFERENCES "scans"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "monitor_notices" DROP CONSTRAINT "FK_monitor_notices_scan_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_monitor_notices_scan_id"`);
    await queryRunner.query(`DELETE FROM "monitor_notices" WHERE "monitor_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "monitor_notices" DROP COLUMN "scan_id"`);
    await queryRunner.query(`ALTER TABLE "monitor_notices" ALTER COLUMN "monitor_id" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "public"."IDX_scans_queued_expected_by"`);
    // Queued scans never ran: the older version has no such state.
    await queryRunner.query(`UPDATE "scans" SET "status" = 'failed', "completed_at" = now() WHERE "status" = 'queued'`);
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "expected_by"`);
  }
}
