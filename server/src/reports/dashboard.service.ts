import { Injectable } from '@nestjs/common';
import { AccountService } from '../auth/account.service';
import { Clock } from '../common/clock/clock.service';
import { ScanSummaryDto } from '../scans/scan.dto';
import { privacyTrend } from './privacy-trend.rules';
import type { DashboardDto } from './reports.dto';
import { ReportsRepository } from './reports.repository';
import { retentionDaysOf } from './retention.rules';

const RECENT_SCANS = 5;
const DAY_MS = 24 * 3600_000;

/** The dashboard's overview, aggregated by the database from the user's stored scans. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly repository: ReportsRepository,
    private readonly accounts: AccountService,
    private readonly clock: Clock,
  ) {}

  async overview(userId: string): Promise<DashboardDto> {
    const profile = await this.accounts.profile(userId);
    const since = new Date(this.clock.now().getTime() - retentionDaysOf(profile.plan.tier) * DAY_MS);
    const [totals, recent, riskDistribution, scoreTrend, history] = await Promise.all([
      this.repository.totals(userId),
      this.repository.recent(userId, RECENT_SCANS),
      this.repository.riskDistribution(userId),
      this.repository.dailyScores(userId, since),
      this.repository.privacyScores(userId),
    ]);
    return {
      totalScans: totals.totalScans,
      averagePrivacyScore: totals.averagePrivacyScore,
      privacyTrend: privacyTrend(history),
      lastScanAt: totals.lastScanAt?.toISOString() ?? null,
      recentScans: recent.map((s) => ScanSummaryDto.from(s)),
      riskDistribution,
      scoreTrend,
    };
  }
}
