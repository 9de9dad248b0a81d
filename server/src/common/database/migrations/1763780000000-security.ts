import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared security state (server/src/common/security): the fixed-window rate-limit counters and the
 * secrets the app generates for itself (the access-token key when JWT_SECRET is unset).
 */
export class Security1763780000000 implements MigrationInterface {
  name = 'Security1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rate_limit_counters" (
        "key" text NOT NULL,
        "window_start" TIMESTAMP WITH TIME ZONE NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "PK_rate_limit_counters" PRIMARY KEY ("key", "window_start")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_rate_limit_counters_window_start" ON "rate_limit_counters" ("window_start")`);
    await queryRunner.query(`
      CREATE TABLE "app_secrets" (
        "name" text NOT NULL,
        "value" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_app_secrets" PRIMARY KEY ("name")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "app_secrets"`);
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
  }
}
