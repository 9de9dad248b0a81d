import { Injectable } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { MonitoringService } from '../monitoring/monitoring.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import { retentionDaysOf } from '../vocabulary/plan.catalogue';
import { privacyTrend } from './privacy-trend.rules';
import type { DashboardDto } from './reports.dto';

const RECENT_SCANS = 5;
const DAY_MS = 24 * 3600_000;

/** The dashboard's overview, aggregated by the database from the user's stored scans. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly history: ScanHistoryService,
    private readonly profiles: ProfileService,
    private readonly clock: Clock,
    private readonly monitoring: MonitoringService,
  ) {}

  async overview(userId: string): Promise<DashboardDto> {
    const profile = await this.profiles.profile(userId);
    const since = new Date(this.clock.now().getTime() - retentionDaysOf(profile.plan.tier) * DAY_MS);
    const [totals, recentScans, riskDistribution, scoreTrend, privacyScores, hasMonitors] = await Promise.all([
      this.history.totals(userId),
      this.history.recent(userId, RECENT_SCANS),
      this.history.riskDistribution(userId),
      this.history.dailyScores(userId, since),
      this.history.privacyScores(userId),
      this.monitoring.hasMonitors(userId),
    ]);
    return {
      totalScans: totals.totalScans,
      // A scan or a monitor is history; the onboarding tour (done or skipped) is not.
      hasHistory: totals.totalScans > 0 || hasMonitors,
      averagePrivacyScore: totals.averagePrivacyScore,
      privacyTrend: privacyTrend(privacyScores),
      lastScanAt: totals.lastScanAt?.toISOString() ?? null,
      recentScans,
      riskDistribution,
      scoreTrend,
    };
  }
}
