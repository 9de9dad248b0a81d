import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * California's data broker registry joins the organisation catalogue (issue 40): each organisation
 * row says which source's refresh replaces it. Existing rows are the datarequests.org records; the
 * running version never reads the column and its refresh deletes every row, brokers included,
 * which the next broker refresh puts back.
 */
export class BrokerRegistry1796200000000 implements MigrationInterface {
  name = 'BrokerRegistry1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "organisations" ADD "source" text NOT NULL DEFAULT 'datarequests'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "organisations" WHERE "source" <> 'datarequests'`);
    await queryRunner.query(`DELETE FROM "organisation_catalogue_state" WHERE "id" <> 1`);
    await queryRunner.query(`ALTER TABLE "organisations" DROP COLUMN "source"`);
  }
}
