import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second breach source (XposedOrNot) beside HIBP: the breach catalogue and its state per source;
 * one request queue per outside service shared by every instance (server/src/common/outbound);
 * and the per-address breach answer cache, keyed by a keyed hash of the address, with the accounts
 * that used each answer (server/src/scans/breaches).
 */
export class BreachSources1764500000000 implements MigrationInterface {
  name = 'BreachSources1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The stored catalogue is HIBP's: its rows and state row become the 'hibp' source's.
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ADD "source" text NOT NULL DEFAULT 'hibp'`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ALTER COLUMN "source" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" DROP CONSTRAINT "PK_breach_catalogue"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ADD CONSTRAINT "PK_breach_catalogue" PRIMARY KEY ("source", "name")`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ALTER COLUMN "added_date" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ALTER COLUMN "modified_date" DROP NOT NULL`);

    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ADD "source" text`);
    await queryRunner.query(`UPDATE "breach_catalogue_state" SET "source" = 'hibp'`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ALTER COLUMN "source" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" DROP CONSTRAINT "PK_breach_catalogue_state"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" DROP COLUMN "id"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ADD CONSTRAINT "PK_breach_catalogue_state" PRIMARY KEY ("source")`);

    await queryRunner.query(`
      CREATE TABLE "outbound_request_queues" (
        "service" text NOT NULL,
        "slots" jsonb NOT NULL DEFAULT '[]',
        "sent" jsonb NOT NULL DEFAULT '[]',
        "blocked_until" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_outbound_request_queues" PRIMARY KEY ("service")
      )`);

    await queryRunner.query(`
      CREATE TABLE "breach_lookup_cache" (
        "source" text NOT NULL,
        "lookup_key" text NOT NULL,
        "answer" bytea NOT NULL,
        "stored_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_breach_lookup_cache" PRIMARY KEY ("source", "lookup_key")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_breach_lookup_cache_expires_at" ON "breach_lookup_cache" ("expires_at")`);
    await queryRunner.query(`
      CREATE TABLE "breach_lookup_cache_readers" (
        "lookup_key" text NOT NULL,
        "user_id" uuid NOT NULL,
        CONSTRAINT "PK_breach_lookup_cache_readers" PRIMARY KEY ("lookup_key", "user_id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_breach_lookup_cache_readers_user_id" ON "breach_lookup_cache_readers" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "breach_lookup_cache_readers"`);
    await queryRunner.query(`DROP TABLE "breach_lookup_cache"`);
    await queryRunner.query(`DROP TABLE "outbound_request_queues"`);
    await queryRunner.query(`DELETE FROM "breach_catalogue_state" WHERE "source" <> 'hibp'`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" DROP CONSTRAINT "PK_breach_catalogue_state"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ADD "id" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ALTER COLUMN "id" DROP DEFAULT`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue_state" ADD CONSTRAINT "PK_breach_catalogue_state" PRIMARY KEY ("id")`);
    await queryRunner.query(`DELETE FROM "breach_catalogue" WHERE "source" <> 'hibp' OR "added_date" IS NULL OR "modified_date" IS NULL`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ALTER COLUMN "modified_date" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ALTER COLUMN "added_date" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" DROP CONSTRAINT "PK_breach_catalogue"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "breach_catalogue" ADD CONSTRAINT "PK_breach_catalogue" PRIMARY KEY ("name")`);
  }
}
