import { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed-in users' scans (server/src/scans/scan.entity.ts); deleted with their user. */
export class Scans1763800000000 implements MigrationInterface {
  name = 'Scans1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "scans" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "scan_type" text NOT NULL,
        "input" text NOT NULL,
        "input_type" text NOT NULL,
        "status" text NOT NULL,
        "score" integer,
        "finding_counts" jsonb,
        "result" jsonb,
        "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "completed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_scans" PRIMARY KEY ("id"),
        CONSTRAINT "FK_scans_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_scans_user_id_started_at" ON "scans" ("user_id", "started_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "scans"`);
  }
}
