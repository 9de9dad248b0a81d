import { ForbiddenException, Injectable } from '@nestjs/common';
import { AccountService } from '../auth/account.service';
import { planFor } from '../vocabulary/plan.catalogue';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { buildReport } from './report.builder';
import { renderReportPdf } from './report-pdf.writer';
import { findingsCsv } from './findings-csv.writer';
import { REPORT_MESSAGES, ReportDto } from './reports.dto';
import { REPORT_RATE_LIMITS } from './reports-rate-limits.catalogue';
import { ReportsRepository } from './reports.repository';
import { findingsOfScan, FlatFinding } from './scan-findings';

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
    private readonly repository: ReportsRepository,
    private readonly accounts: AccountService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  async report(userId: string): Promise<ReportDto> {
    const profile = await this.accounts.profile(userId);
    const [totals, scans, history] = await Promise.all([
      this.repository.totals(userId),
      this.repository.latestCompletedPerInput(userId),
      this.repository.completedScores(userId),
    ]);
    return buildReport({
      scans,
      history,
      totalScans: totals.totalScans,
      lastScanAt: totals.lastScanAt,
      pdfAvailable: planFor(profile.plan.tier).reports,
      now: this.clock.now(),
    });
  }

  /** 403 for plans without reports; rate-limited per user, since rendering costs CPU. */
  async pdf(userId: string): Promise<ReportFile<Buffer>> {
    const profile = await this.accounts.profile(userId);
    if (!planFor(profile.plan.tier).reports) throw new ForbiddenException(REPORT_MESSAGES.pdfNeedsPlan);
    await this.limiter.consume(REPORT_RATE_LIMITS.pdfPerUser, userId);
    const report = await this.report(userId);
    return { fileName: `footprint-report-${day(report.generatedAt)}.pdf`, content: await renderReportPdf(report) };
  }

  /** Every finding of every completed scan kept, newest scan first. */
  async csv(userId: string): Promise<ReportFile<string>> {
    await this.limiter.consume(REPORT_RATE_LIMITS.csvPerUser, userId);
    const findings: FlatFinding[] = [];
    for (let offset = 0; ; offset += CSV_PAGE) {
      const page = await this.repository.completedPage(userId, offset, CSV_PAGE);
      for (const scan of page) findings.push(...findingsOfScan(scan));
      if (page.length < CSV_PAGE) break;
    }
    return { fileName: `footprint-findings-${day(this.clock.now().toISOString())}.csv`, content: findingsCsv(findings) };
  }
}

function day(iso: string): string {
  return iso.slice(0, 10);
}
