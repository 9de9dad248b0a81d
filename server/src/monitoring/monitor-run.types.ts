import type { PlanTier } from '../vocabulary/plan.catalogue';
import type { NoticeItem } from './monitoring.types';
import type { DomainProof, MonitorTargetKind } from './monitor-target.entity';
import type { MonitorKind, MonitorType } from './monitoring.types';

/** A target as a run sees it: verified ones only (a domain's proof is checked again by the run), with its watch state. */
export interface ClaimedTarget {
  kind: MonitorTargetKind;
  value: string;
  /** A domain's value to publish. */
  challenge?: string | null;
  verifiedBy?: DomainProof | null;
  watchState?: unknown;
}

/** A due monitor one instance claimed, with everything its run needs (read in the claiming query). */
export interface ClaimedMonitor {
  id: string;
  userId: string;
  /** 'identity' when left out (emails and handles). */
  kind?: MonitorKind;
  type: MonitorType;
  scheduledAt: Date;
  /** When this run was due: later than scheduledAt for a retry or a confirmation run. */
  dueAt?: Date;
  failedAttempts: number;
  /** How many of the owner's active monitors are older: the plan's limit keeps the oldest running. */
  activeBefore: number;
  runId: string;
  leaseToken: string;
  userEmail: string;
  plan: { tier: PlanTier; expiresAt: Date | null };
  /** Verified targets only (and a domain awaiting proof), in the order entered. */
  targets: ClaimedTarget[];
  knownKeys: Set<string>;
}

/** What changes on a target when its run commits. */
export interface TargetUpdate {
  kind: MonitorTargetKind;
  value: string;
  watchState?: unknown;
  /** A domain's proof checked: when, and how it holds (null: it lapsed, the target is unverified again). */
  proof?: { checkedAt: Date; verifiedBy: DomainProof | null };
}

/**
 * How one monitor's watch of its targets ended, before scheduling and recording:
 * - 'failed': nothing compared; retried with backoff when the cause may pass (`retry`), else at the
 *   next regular time; `pause` deactivates the monitor (its domain's proof lapsed), with `items`
 *   saying so by notice and email;
 * - 'succeeded' or 'partial' (the main check ran, not all of it: the summary says what was not
 *   compared): what is new, what to record, and whether a change seen once is confirmed by a run
 *   soon rather than a period later;
 * - 'waiting': nothing could be checked yet (addresses await verification, a domain's control is
 *   not proven); scheduled as a regular run.
 */
export type WatchOutcome =
  | { outcome: 'failed'; summary: string; retry: boolean; pause?: boolean; items?: NoticeItem[]; targetUpdates?: TargetUpdate[] }
  | {
      outcome: 'succeeded' | 'partial' | 'waiting';
      summary: string;
      items: NoticeItem[];
      knownKeys?: string[];
      targetUpdates?: TargetUpdate[];
      confirmSoon?: boolean;
    };
