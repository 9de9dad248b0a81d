import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * HIBP's public breach catalogue, cached (server/src/scans/breach-catalogue): one row per breach,
 * looked up by domain, and one state row recording the last refresh and its error.
 */
export class BreachCatalogue1763800000001 implements MigrationInterface {
  name = 'BreachCatalogue1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "breach_catalogue" (
        "name" text NOT NULL,
        "title" text NOT NULL,
        "domain" text NOT NULL,
        "breach_date" date NOT NULL,
        "added_date" TIMESTAMP WITH TIME ZONE NOT NULL,
        "modified_date" TIMESTAMP WITH TIME ZONE NOT NULL,
        "pwn_count" bigint NOT NULL,
        "description" text NOT NULL,
        "data_classes" jsonb NOT NULL,
        "is_verified" boolean NOT NULL,
        "is_fabricated" boolean NOT NULL,
        "is_sensitive" boolean NOT NULL,
        "is_retired" boolean NOT NULL,
        "is_spam_list" boolean NOT NULL,
        "is_malware" boolean NOT NULL DEFAULT false,
        "is_stealer_log" boolean NOT NULL DEFAULT false,
        "is_subscription_free" boolean NOT NULL DEFAULT false,
        CONSTRAINT "PK_breach_catalogue" PRIMARY KEY ("name")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_breach_catalogue_domain" ON "breach_catalogue" ("domain")`);
    await queryRunner.query(`
      CREATE TABLE "breach_catalogue_state" (
        "id" integer NOT NULL,
        "refreshed_at" TIMESTAMP WITH TIME ZONE,
        "breach_count" integer NOT NULL DEFAULT 0,
        "attempted_at" TIMESTAMP WITH TIME ZONE,
        "last_error" text,
        CONSTRAINT "PK_breach_catalogue_state" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "breach_catalogue_state"`);
    await queryRunner.query(`DROP TABLE "breach_catalogue"`);
  }
}
