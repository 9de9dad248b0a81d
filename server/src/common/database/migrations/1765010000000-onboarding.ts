import { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether a person finished the first-time tour, kept per user so it does not show in every new browser. */
export class Onboarding1765010000000 implements MigrationInterface {
  name = 'Onboarding1765010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "onboarding_completed_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "onboarding_completed_at"`);
  }
}
