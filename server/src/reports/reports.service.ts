import { ForbiddenException, Injectable } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import { planFor } from '../vocabulary/plan.catalogue';
import { findingsCsv, FindingRow } from './findings-csv.writer';
import { buildReport } from './report.builder';
import { renderReportPdf } from './report-pdf.writer';
import { REPORT_MESSAGES, ReportDto } from './reports.dto';
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
  ) {}

  async report(userId: string): Promise<ReportDto> {
    const profile = await this.profiles.profile(userId);
    const [totals, scans, privacyScores] = await Promise.all([
      this.history.totals(userId),
      this.history.latestCompletedPerInput(userId),
      this.history.privacyScores(userId),
    ]);
    return buildReport({ scans, privacyScores, totals, pdfAvailable: planFor(profile.plan.tier).reports, now: this.clock.now() });
  }

  /** 403 for plans without reports; rate-limited per user, since rendering costs CPU. */
  async pdf(userId: string): Promise<ReportFile<Buffer>> {
    const profile = await this.profiles.profile(userId);
    if (!planFor(profile.plan.tier).reports) throw new ForbiddenException(REPORT_MESSAGES.pdfNeedsPlan);
    await this.limiter.consume(REPORT_RATE_LIMITS.pdfPerUser, userId);
    const report = await this.report(userId);
    return { fileName: `footprint-report-${day(report.generatedAt)}.pdf`, content: await renderReportPdf(report) };
  }

  /** Every finding of every completed scan kept, newest scan first. */
  async csv(userId: string): Promise<ReportFile<string>> {
    await this.limiter.consume(REPORT_RATE_LIMITS.csvPerUser, userId);
    const rows: FindingRow[] = [];
    for (let offset = 0; ; offset += CSV_PAGE) {
      const page = await this.history.completedPage(userId, offset, CSV_PAGE);
      for (const scan of page) rows.push(...scan.findings.map((finding) => ({ scan, finding })));
      if (page.length < CSV_PAGE) break;
    }
    return { fileName: `footprint-findings-${day(this.clock.now().toISOString())}.csv`, content: findingsCsv(rows) };
  }
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
