import { ForbiddenException, Injectable } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { RequestsService } from '../requests/requests.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import { planFor } from '../vocabulary/plan.catalogue';
import { findingsCsv, FindingRow } from './findings-csv.writer';
import { buildReport } from './report.builder';
import { privacyTrend } from './privacy-trend.rules';
import { renderReportPdf } from './report-pdf.writer';
import { BREACH_SOURCE_IDS } from '../vocabulary/breach-source.catalogue';
import { BreachCatalogueService } from '../scans/breach-catalogue/breach-catalogue.service';
import type { BreachRecord } from '../scans/sources/source.types';
import { BreachExposureDto, REPORT_MESSAGES, ReportDto } from './reports.dto';
import { REPORT_RATE_LIMITS } from './reports-rate-limits.catalogue';

export interface ReportFile<T> {
  fileName: string;
  content: T;
}

/** Scans read per query while writing the CSV, so a long history is never one huge result set. */
const CSV_PAGE = 100;

/** The user's report (JSON, PDF for plans with reports, CSV for everyone), from their stored scans. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly history: ScanHistoryService,
    private readonly profiles: ProfileService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly catalogue: BreachCatalogueService,
    private readonly rightsRequests: RequestsService,
  ) {
    // Counted per user id: deleting the account deletes these counters too.
    limiter.countsPerAccount('user', Object.values(REPORT_RATE_LIMITS));
  }

  async report(userId: string): Promise<ReportDto> {
    const profile = await this.profiles.profile(userId);
    const [totals, scans, privacyScores, requests] = await Promise.all([
      this.history.totals(userId),
      this.history.latestCompletedPerInput(userId),
      this.history.privacyScores(userId),
      this.rightsRequests.reportOf(userId),
    ]);
    const report = buildReport({
      scans,
      averagePrivacyScore: totals.averagePrivacyScore,
      privacyTrend: privacyTrend(privacyScores),
      totalScans: totals.totalScans,
      lastScanAt: totals.lastScanAt,
      pdfAvailable: planFor(profile.plan.tier).reports,
      now: this.clock.now(),
      requests,
    });
    if (!report.sample) report.detailedFindings.breachExposures = await this.withCatalogue(report.detailedFindings.breachExposures);
    return report;
  }

  /**
   * Breaches as the merged breach catalogue describes them now: a stored result keeps what the
   * source said on the day of the scan, the catalogue what it says today (a corrected count, new
   * data classes, the day of a breach whose address lookup gave only its year).
   */
  private async withCatalogue(exposures: BreachExposureDto[]): Promise<BreachExposureDto[]> {
    const current = new Map<string, BreachRecord>();
    for (const source of BREACH_SOURCE_IDS) {
      const names = exposures.filter((e) => e.sources[0] === source).map((e) => e.name);
      if (names.length === 0) continue;
      for (const [name, record] of await this.catalogue.recordsByName(source, names)) current.set(`${source}\n${name}`, record);
    }
    return exposures.map((exposure) => {
      const record = current.get(`${exposure.sources[0]}\n${exposure.name}`);
      if (!record) return exposure;
      return { ...exposure, title: record.title, breachDate: record.breachDate, pwnCount: record.pwnCount, dataClasses: [...record.dataClasses] };
    });
  }

  /** 403 for plans without reports; rate-limited per user, since rendering costs CPU. */
  async pdf(userId: string): Promise<ReportFile<Buffer>> {
    const profile = await this.profiles.profile(userId);
    if (!planFor(profile.plan.tier).reports) throw new ForbiddenException(REPORT_MESSAGES.pdfNeedsPlan);
    await this.limiter.consume(REPORT_RATE_LIMITS.pdfPerUser, userId);
    const report = await this.report(userId);
    return { fileName: `footprint-report-${day(report.generatedAt)}.pdf`, content: await renderReportPdf(report) };
  }

  /** Every finding of every completed scan kept, newest scan first; then the privacy-rights requests. */
  async csv(userId: string): Promise<ReportFile<string>> {
    await this.limiter.consume(REPORT_RATE_LIMITS.csvPerUser, userId);
    const rows: FindingRow[] = [];
    for (let offset = 0; ; offset += CSV_PAGE) {
      const page = await this.history.completedPage(userId, offset, CSV_PAGE);
      for (const scan of page) rows.push(...scan.findings.map((finding) => ({ scan, finding })));
      if (page.length < CSV_PAGE) break;
    }
    return { fileName: `footprint-findings-${day(this.clock.now().toISOString())}.csv`, content: findingsCsv(rows, await this.rightsRequests.reportOf(userId)) };
  }
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
