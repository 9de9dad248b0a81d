import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { ScanInputType } from '../browser-shared/scan-input.rules';
import type { FindingGroup, StoredFinding } from '../vocabulary/finding.types';
import type { ImageRiskLevel } from '../vocabulary/image-risk.catalogue';

/** 'privacy': the email/website/social scan; 'image': the image metadata check. */
export type ScanType = 'privacy' | 'image';
/**
 * 'running' is shown as in progress; a scan whose instance died is failed by another instance
 * (ScanRecoveryService). 'queued': a signed-in person's email scan whose breach sources were at their
 * request limit, run later by QueuedScanRunner (expected by `expectedBy`).
 */
export type ScanStatus = 'queued' | 'running' | 'completed' | 'failed';
export type FindingCounts = Record<FindingGroup, number>;

/** A signed-in user's scan: the spec's stored scan record plus the full result. Visitors' scans are never stored. */
@Entity({ name: 'scans' })
@Index('IDX_scans_user_id_started_at', ['userId', 'startedAt'])
// The crash recovery looks up running scans by instance every few seconds: only running rows are indexed.
@Index('IDX_scans_running_instance_id', ['instanceId'], { where: `status = 'running'` })
@Index('IDX_scans_queued_expected_by', ['expectedBy'], { where: `"status" = 'queued'` })
export class ScanEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_scans' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_scans_user_id' })
  user?: UserEntity;

  @Column({ name: 'scan_type', type: 'text' })
  scanType!: ScanType;

  /** What was scanned: the normalized input, or the image's file name. */
  @Column({ type: 'text' })
  input!: string;

  @Column({ name: 'input_type', type: 'text' })
  inputType!: ScanInputType | 'image';

  @Column({ type: 'text' })
  status!: ScanStatus;

  /** Completed privacy scans: the privacy score (0-100, higher is better). Null for image checks. */
  @Column({ type: 'integer', nullable: true })
  score!: number | null;

  /** Completed image checks: the risk level of the image (the band of its risk score). Null for privacy scans. */
  @Column({ name: 'risk_level', type: 'text', nullable: true })
  riskLevel!: ImageRiskLevel | null;

  @Column({ name: 'finding_counts', type: 'jsonb', nullable: true })
  findingCounts!: FindingCounts | null;

  /** Every finding in the one stored shape, written when the scan completes: what the dashboard and reports read. */
  @Column({ type: 'jsonb', nullable: true })
  findings!: StoredFinding[] | null;

  /** The whole result as the API returned it (AnalysisResult, or the image analysis): the scan's own view. */
  @Column({ type: 'jsonb', nullable: true })
  result!: unknown;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** The instance (instances table) running it while `running`: when that instance dies, another fails the scan. */
  @Column({ name: 'instance_id', type: 'uuid', nullable: true })
  instanceId!: string | null;

  /** Why a failed scan failed, in words for the person (null: not said, or not failed). */
  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;

  /**
   * A queued scan: when it is expected to run (its breach sources have a turn again). While a runner
   * holds it, the end of that runner's lease; kept after completion as the time it was expected.
   */
  @Column({ name: 'expected_by', type: 'timestamptz', nullable: true })
  expectedBy!: Date | null;

  /** Set when a monitor ran the scan: such scans do not count against the monthly quota (no foreign key: they outlive the monitor). */
  @Column({ name: 'monitor_id', type: 'uuid', nullable: true })
  monitorId!: string | null;
}
