import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { AdvisoryLocks } from '../common/database/advisory-locks.service';
import { RETENTION_ROW_BATCH, RetentionJob, untilDone } from '../common/scheduling/retention-job.util';
import { ProfileService } from '../auth/profile.service';
import { effectivePlan, RETENTION_DAYS, retentionDaysOf } from '../vocabulary/plan.catalogue';
import { ScanRepository } from './scan.repository';

const DAY_MS = 24 * 3600_000;
/** A scan still 'running' this long after it started was cut short (a crash, a restart): it is marked failed. */
export const STALE_RUNNING_MS = 3600_000;
/** Users read per query while looking for old scans. */
const USER_BATCH = 200;

export interface ScanRetentionOutcome {
  staleScansFailed: number;
  scansDeleted: number;
}

/**
 * The privacy policy's promise for scans: results go after 30 days on the free plan and 90 on paid
 * plans (the plan that applies at the time of the run). Scans left 'running' for over an hour are
 * marked failed rather than deleted: the history shows they ended, and they stop counting against
 * the monthly quota. Hourly, one instance at a time, in bounded batches.
 */
@Injectable()
export class ScanRetentionService extends RetentionJob<ScanRetentionOutcome> {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    locks: AdvisoryLocks,
    private readonly scans: ScanRepository,
    private readonly clock: Clock,
    private readonly profiles: ProfileService,
  ) {
    super('scan-retention', config, locks);
  }

  protected async purge(): Promise<ScanRetentionOutcome> {
    const now = this.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const staleScansFailed = await untilDone(() => this.scans.failRunningStartedBefore(ago(STALE_RUNNING_MS), now, RETENTION_ROW_BATCH));

    // Only users with scans past the shortest window can have anything to delete.
    let scansDeleted = 0;
    let after: string | null = null;
    for (;;) {
      const userIds = await this.scans.userIdsWithScansBefore(ago(RETENTION_DAYS.free * DAY_MS), after, USER_BATCH);
      // The plans come from auth, the owner of the users table.
      const accounts = await this.profiles.accountsOf(userIds);
      for (const userId of userIds) {
        const account = accounts.get(userId);
        if (!account) continue; // deleted meanwhile: its scans went with it
        const plan = effectivePlan(account.plan, now);
        const cutoff = ago(retentionDaysOf(plan.tier) * DAY_MS);
        scansDeleted += await untilDone(() => this.scans.deleteOfUserBefore(userId, cutoff, RETENTION_ROW_BATCH));
      }
      if (userIds.length < USER_BATCH) break;
      after = userIds[userIds.length - 1];
    }
    return { staleScansFailed, scansDeleted };
  }
}
