import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fetched tracker list (third-party-web's entities by default), cached (server/src/scans/trackers):
 * one row holding the trackers kept of it, its ETag and how the last refresh went.
 */
export class TrackerList1796200000002 implements MigrationInterface {
  name = 'TrackerList1796200000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tracker_list" (
        "id" integer NOT NULL,
        "source_url" text,
        "trackers" jsonb NOT NULL,
        "dropped" integer NOT NULL DEFAULT 0,
        "etag" text,
        "fetched_at" TIMESTAMP WITH TIME ZONE,
        "attempted_at" TIMESTAMP WITH TIME ZONE,
        "last_error" text,
        CONSTRAINT "PK_tracker_list" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tracker_list"`);
  }
}
