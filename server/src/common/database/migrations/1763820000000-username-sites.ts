import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The configured username site list (WhatsMyName format), cached (server/src/scans/username): one
 * row holding the document, the sites kept of it, its ETag and how the last refresh went.
 */
export class UsernameSites1763820000000 implements MigrationInterface {
  name = 'UsernameSites1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "username_site_list" (
        "id" integer NOT NULL,
        "source_url" text,
        "raw" text,
        "sites" jsonb NOT NULL,
        "dropped" integer NOT NULL DEFAULT 0,
        "etag" text,
        "fetched_at" TIMESTAMP WITH TIME ZONE,
        "attempted_at" TIMESTAMP WITH TIME ZONE,
        "last_error" text,
        CONSTRAINT "PK_username_site_list" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "username_site_list"`);
  }
}
