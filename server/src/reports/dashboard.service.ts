import { Injectable } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
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
  ) {}

  async overview(userId: string): Promise<DashboardDto> {
    const profile = await this.profiles.profile(userId);
    const since = new Date(this.clock.now().getTime() - retentionDaysOf(profile.plan.tier) * DAY_MS);
    const [totals, recentScans, riskDistribution, scoreTrend, privacyScores] = await Promise.all([
      this.history.totals(userId),
      this.history.recent(userId, RECENT_SCANS),
      this.history.riskDistribution(userId),
      this.history.dailyScores(userId, since),
      this.history.privacyScores(userId),
    ]);
    return {
      totalScans: totals.totalScans,
      averagePrivacyScore: totals.averagePrivacyScore,
      privacyTrend: privacyTrend(privacyScores),
      lastScanAt: totals.lastScanAt?.toISOString() ?? null,
      recentScans,
      riskDistribution,
      scoreTrend,
    };
  }
}
