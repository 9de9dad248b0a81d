import { MigrationInterface, QueryRunner } from 'typeorm';

/** The mail outbox (server/src/mail/outbox-message.entity.ts). gen_random_uuid() is built into PostgreSQL 13+. */
export class OutboxMessages1763770000000 implements MigrationInterface {
  name = 'OutboxMessages1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outbox_messages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "recipient" character varying(320) NOT NULL,
        "subject" text NOT NULL,
        "text" text NOT NULL,
        "html" text NOT NULL,
        "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sentAt" TIMESTAMP WITH TIME ZONE,
        "attempts" integer NOT NULL DEFAULT 0,
        "lastError" text,
        CONSTRAINT "PK_outbox_messages" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "IDX_outbox_messages_pending" ON "outbox_messages" ("createdAt") WHERE "sentAt" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_outbox_messages_pending"`);
    await queryRunner.query(`DROP TABLE "outbox_messages"`);
  }
}
