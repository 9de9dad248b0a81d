import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Crash recovery by heartbeat (issue 39): each app instance registers in `instances` and beats;
 * a reserved scan records the instance running it (`scans.instance_id`) so that, when that instance
 * dies, another fails the scan within seconds with the reason (`scans.failure_reason`). The running
 * version never reads the new table or columns: its scans keep a NULL instance and are failed by
 * the older time-based recovery, as before.
 */
export class InstanceHeartbeat1796200000001 implements MigrationInterface {
  name = 'InstanceHeartbeat1796200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "instances" ("id" uuid NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "beat_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_instances" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "scans" ADD "instance_id" uuid`);
    await queryRunner.query(`ALTER TABLE "scans" ADD "failure_reason" text`);
    await queryRunner.query(`CREATE INDEX "IDX_scans_running_instance_id" ON "scans" ("instance_id") WHERE status = 'running'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_scans_running_instance_id"`);
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "failure_reason"`);
    await queryRunner.query(`ALTER TABLE "scans" DROP COLUMN "instance_id"`);
    await queryRunner.query(`DROP TABLE "instances"`);
  }
}
