import { MigrationInterface, QueryRunner } from 'typeorm';

/** A sign-in address change waits for its link: the token carries the new address until then. */
export class EmailChange1765300000000 implements MigrationInterface {
  name = 'EmailChange1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_tokens" ADD "new_email" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "email_tokens" WHERE "purpose" = 'change-email'`);
    await queryRunner.query(`ALTER TABLE "email_tokens" DROP COLUMN "new_email"`);
  }
}
