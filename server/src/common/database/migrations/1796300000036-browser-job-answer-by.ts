import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36, fairness regardless of load: a queued job records when its scan stops waiting for the
 * answer (`answer_by`), so a worker that has promised a browser by a known time (it shortened its
 * running jobs to their fair share) may move the job's `claim_by` later, never past the point where
 * the job could still finish in time, and a job claimed late gets only the time that is left.
 * Rows queued by an older version keep NULL: they get no promise and their full budget, as before.
 */
export class BrowserJobAnswerBy1796300000036 implements MigrationInterface {
  name = 'BrowserJobAnswerBy1796300000036';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "browser_jobs" ADD "answer_by" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "browser_jobs" DROP COLUMN "answer_by"`);
  }
}
