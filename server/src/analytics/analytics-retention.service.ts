import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { AdvisoryLocks } from '../common/database/advisory-locks.service';
import { RETENTION_ROW_BATCH, RetentionJob, untilDone } from '../common/scheduling/retention-job.util';
import { AnalyticsEventRepository } from './analytics-event.repository';

/** Analytics events are kept this long, whatever the plan. */
export const ANALYTICS_RETENTION_DAYS = 90;

export interface AnalyticsRetentionOutcome {
  analyticsEventsDeleted: number;
}

/** Usage events go after 90 days. Hourly, one instance at a time, in bounded batches. */
@Injectable()
export class AnalyticsRetentionService extends RetentionJob<AnalyticsRetentionOutcome> {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    locks: AdvisoryLocks,
    private readonly events: AnalyticsEventRepository,
    private readonly clock: Clock,
  ) {
    super('analytics-retention', config, locks);
  }

  protected async purge(): Promise<AnalyticsRetentionOutcome> {
    const cutoff = new Date(this.clock.now().getTime() - ANALYTICS_RETENTION_DAYS * 24 * 3600_000);
    return { analyticsEventsDeleted: await untilDone(() => this.events.deleteOccurredBefore(cutoff, RETENTION_ROW_BATCH)) };
  }
}
