import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens get a scope (read-write, or read-only: GET requests only) and an optional expiry.
 * Tokens made before keep what they could do: read-write, never expiring.
 */
export class ApiTokenScopeExpiry1764700000000 implements MigrationInterface {
  name = 'ApiTokenScopeExpiry1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD "scope" text NOT NULL DEFAULT 'read-write'`);
    await queryRunner.query(`ALTER TABLE "api_tokens" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "expires_at"`);
    await queryRunner.query(`ALTER TABLE "api_tokens" DROP COLUMN "scope"`);
  }
}
