import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts (server/src/auth): users, refresh tokens, emailed single-use tokens and API tokens.
 * Secrets are stored only as SHA-256 hashes. Everything of a user goes when the user is deleted.
 */
export class Accounts1763780000001 implements MigrationInterface {
  name = 'Accounts1763780000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL,
        "email" text NOT NULL,
        "password_hash" text,
        "display_name" text,
        "email_verified_at" TIMESTAMP WITH TIME ZONE,
        "plan_tier" text NOT NULL DEFAULT 'free',
        "sessions_revoked_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id")
      )`);
    // One account per address, whatever the case (the entity declares it with synchronize: false).
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email"))`);

    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "family_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "persistent" boolean NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_refresh_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "FK_refresh_tokens_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_refresh_tokens_token_hash" ON "refresh_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_refresh_tokens_family_id" ON "refresh_tokens" ("family_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_refresh_tokens_user_id" ON "refresh_tokens" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "email_tokens" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "purpose" text NOT NULL,
        "token_hash" text NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_email_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "FK_email_tokens_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_email_tokens_token_hash" ON "email_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_email_tokens_user_id" ON "email_tokens" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "api_tokens" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "name" text NOT NULL,
        "prefix" text NOT NULL,
        "token_hash" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_api_tokens" PRIMARY KEY ("id"),
        CONSTRAINT "FK_api_tokens_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_api_tokens_token_hash" ON "api_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_api_tokens_user_id" ON "api_tokens" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_tokens"`);
    await queryRunner.query(`DROP TABLE "email_tokens"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
