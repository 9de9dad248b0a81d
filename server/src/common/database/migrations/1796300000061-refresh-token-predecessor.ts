import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A lost refresh answer must not sign the person out: each refresh token records the token whose
 * use issued it (`predecessor_id`), so a used token presented again within a short grace can be
 * renewed when its successor was never used (the browser never received it), and how often that
 * happened is counted. Rows of older versions keep NULL: their used tokens get no grace, as before.
 */
export class RefreshTokenPredecessor1796300000061 implements MigrationInterface {
  name = 'RefreshTokenPredecessor1796300000061';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" ADD "predecessor_id" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP COLUMN "predecessor_id"`);
  }
}
