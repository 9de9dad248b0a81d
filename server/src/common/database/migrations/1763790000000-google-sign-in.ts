import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Google sign-in (server/src/auth/google-sign-in.service.ts): the account's Google subject (one
 * account per Google identity) and the sign-ins in progress (state, nonce and PKCE verifier).
 */
export class GoogleSignIn1763790000000 implements MigrationInterface {
  name = 'GoogleSignIn1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "google_subject" text`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_google_subject" ON "users" ("google_subject")`);
    await queryRunner.query(`
      CREATE TABLE "oidc_login_attempts" (
        "state_hash" text NOT NULL,
        "browser_hash" text NOT NULL,
        "nonce" text NOT NULL,
        "code_verifier" text NOT NULL,
        "remember_me" boolean NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_oidc_login_attempts" PRIMARY KEY ("state_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_oidc_login_attempts_expires_at" ON "oidc_login_attempts" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_oidc_login_attempts_expires_at"`);
    await queryRunner.query(`DROP TABLE "oidc_login_attempts"`);
    await queryRunner.query(`DROP INDEX "UQ_users_google_subject"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "google_subject"`);
  }
}
