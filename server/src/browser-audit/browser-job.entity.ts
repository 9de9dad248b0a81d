import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export const BROWSER_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type BrowserJobStatus = (typeof BROWSER_JOB_STATUSES)[number];

/**
 * One website scan's browser work, shared by every instance on the database: queued by the
 * instance running the scan, claimed by any instance with a free browser (FOR UPDATE SKIP
 * LOCKED), answered with the capture, read and deleted by the scan. Rows never outlive their
 * scan by long: the requester deletes its job, and workers delete what is older than an hour.
 */
@Entity({ name: 'browser_jobs' })
@Index('IDX_browser_jobs_status_priority_created_at', ['status', 'priority', 'createdAt'])
export class BrowserJobEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_browser_jobs' })
  id!: string;

  /** The page to load (already accepted by the SSRF guard's URL checks). */
  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  status!: BrowserJobStatus;

  /** 0: a person's scan; 1: a monitor's run, claimed only when no person's page waits. */
  @Column({ type: 'integer', default: 0 })
  priority!: number;

  /** The time the browser work may take, both visits together. */
  @Column({ name: 'budget_ms', type: 'integer' })
  budgetMs!: number;

  /** A job nobody claimed by then is given up (the scan has fallen back to the static analysis). */
  @Column({ name: 'claim_by', type: 'timestamptz' })
  claimBy!: Date;

  /**
   * When the scan stops waiting for the answer. A worker's promise of a browser (fair-share.rules.ts)
   * moves claim_by later only while the job could still end by then; a job claimed late runs only
   * until then. NULL on rows of an older version: no promise, the whole budget.
   */
  @Column({ name: 'answer_by', type: 'timestamptz', nullable: true })
  answerBy!: Date | null;

  /** The instance that claimed it. */
  @Column({ name: 'worker_id', type: 'text', nullable: true })
  workerId!: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** RenderedCapture, or the failure: { unavailable: string }. */
  @Column({ type: 'jsonb', nullable: true })
  result!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** An instance able to run browser work, and its last sign of life. */
@Entity({ name: 'browser_workers' })
export class BrowserWorkerEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_browser_workers' })
  id!: string;

  /** Browser contexts it runs at once. */
  @Column({ type: 'integer' })
  capacity!: number;

  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt!: Date;
}
