import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy-rights requests (issue 40), three new tables that the running version never reads:
 * - organisations, organisation_catalogue_state: the datarequests.org catalogue (public, shared,
 *   replaced by each weekly refresh) and how its last refresh went;
 * - rights_requests: each account's requests with the identifiers their letters need, deleted with
 *   the account (ON DELETE CASCADE).
 */
export class RightsRequests1796171611763 implements MigrationInterface {
  name = 'RightsRequests1796171611763';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rights_requests" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "kind" text NOT NULL, "jurisdiction" text NOT NULL, "country" text, "status" text NOT NULL, "organisation_slug" text, "organisation_name" text NOT NULL, "organisation_email" text, "organisation_webform" text, "needs_id_document" boolean NOT NULL DEFAULT false, "identity" jsonb NOT NULL, "context" text, "notes" text NOT NULL DEFAULT '', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, "sent_on" date, "due_on" date, "extended" boolean NOT NULL DEFAULT false, "answered_on" date, "reminders_sent" text array NOT NULL DEFAULT '{}', CONSTRAINT "PK_rights_requests" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_rights_requests_status_due_on" ON "rights_requests"  ("status", "due_on") `);
    await queryRunner.query(`CREATE INDEX "IDX_rights_requests_user_id_created_at" ON "rights_requests"  ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "organisations" ("kind" text NOT NULL, "slug" text NOT NULL, "name" text NOT NULL, "web" text, "email" text, "webform" text, "address" text NOT NULL, "countries" text array NOT NULL, "categories" text array NOT NULL, "runs" text array NOT NULL, "domains" text array NOT NULL, "required_elements" jsonb NOT NULL, "needs_id_document" boolean NOT NULL, "transport" text NOT NULL, "quality" text NOT NULL, "complaint_language" text, "search_text" text NOT NULL, CONSTRAINT "PK_organisations" PRIMARY KEY ("kind", "slug"))`);
    await queryRunner.query(`CREATE TABLE "organisation_catalogue_state" ("id" integer NOT NULL, "source_url" text, "etag" text, "company_count" integer NOT NULL DEFAULT '0', "authority_count" integer NOT NULL DEFAULT '0', "dropped" integer NOT NULL DEFAULT '0', "fetched_at" TIMESTAMP WITH TIME ZONE, "attempted_at" TIMESTAMP WITH TIME ZONE, "last_error" text, CONSTRAINT "PK_organisation_catalogue_state" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "rights_requests" ADD CONSTRAINT "FK_rights_requests_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rights_requests" DROP CONSTRAINT "FK_rights_requests_user_id"`);
    await queryRunner.query(`DROP TABLE "organisation_catalogue_state"`);
    await queryRunner.query(`DROP TABLE "organisations"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_rights_requests_user_id_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_rights_requests_status_due_on"`);
    await queryRunner.query(`DROP TABLE "rights_requests"`);
  }
}
