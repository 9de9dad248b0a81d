import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plans and payments, first-party analytics and the A/B test (server/src/billing, server/src/analytics):
 * the end of a user's paid period, the Stripe PaymentIntents we created, the webhook events already
 * processed (a replay is ignored), analytics events, and sticky A/B variants. Rows of a user go
 * with the user.
 */
export class Billing1763810000000 implements MigrationInterface {
  name = 'Billing1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "plan_expires_at" TIMESTAMP WITH TIME ZONE`);

    await queryRunner.query(`
      CREATE TABLE "payment_intents" (
        "id" text NOT NULL,
        "user_id" uuid NOT NULL,
        "plan_tier" text NOT NULL,
        "amount_cents" integer NOT NULL,
        "currency" text NOT NULL,
        "status" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "succeeded_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_payment_intents" PRIMARY KEY ("id"),
        CONSTRAINT "FK_payment_intents_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_payment_intents_user_id" ON "payment_intents" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "stripe_webhook_events" (
        "id" text NOT NULL,
        "type" text NOT NULL,
        "outcome" text NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_stripe_webhook_events" PRIMARY KEY ("id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "analytics_events" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "event" text NOT NULL,
        "parameters" jsonb NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_analytics_events" PRIMARY KEY ("id"),
        CONSTRAINT "FK_analytics_events_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_analytics_events_occurred_at" ON "analytics_events" ("occurred_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_analytics_events_user_id" ON "analytics_events" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "ab_test_assignments" (
        "test_name" text NOT NULL,
        "subject" text NOT NULL,
        "user_id" uuid,
        "variant" text NOT NULL,
        "chosen_by" text NOT NULL,
        "assigned_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_ab_test_assignments" PRIMARY KEY ("test_name", "subject"),
        CONSTRAINT "FK_ab_test_assignments_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_ab_test_assignments_user_id" ON "ab_test_assignments" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_ab_test_assignments_assigned_at" ON "ab_test_assignments" ("assigned_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "ab_test_assignments"`);
    await queryRunner.query(`DROP TABLE "analytics_events"`);
    await queryRunner.query(`DROP TABLE "stripe_webhook_events"`);
    await queryRunner.query(`DROP TABLE "payment_intents"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "plan_expires_at"`);
  }
}
