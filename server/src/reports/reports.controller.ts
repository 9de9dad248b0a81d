import { Controller, Get, Res, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { REPORT_MESSAGES, ReportDto } from './reports.dto';

// The files' media types are declared on their 200 answers only: errors stay JSON (ErrorBodyDto).
import { ReportsService } from './reports.service';

function attachment(res: Response, contentType: string, fileName: string): void {
  res.set({ 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store' });
}

@ApiTags('reports')
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('me')
  @Authenticated()
  @ApiOperation({
    summary: "The signed-in user's privacy report",
    description:
      'Built from the latest completed scan of each distinct input. A user without scans gets the sample report, with `sample: true`.',
  })
  @ApiOkResponse({ type: ReportDto })
  getMyReport(@CurrentUser() user: AuthenticatedUser): Promise<ReportDto> {
    return this.reports.report(user.userId);
  }

  @Get('me/pdf')
  @Authenticated()
  @ApiOperation({ summary: 'The report as a PDF (Plus plan and above)', description: 'An A4 document, downloaded as footprint-report-YYYY-MM-DD.pdf. Rate-limited per user.' })
  @ApiOkResponse({ description: 'The PDF file.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: `The plan has no PDF reports: '${REPORT_MESSAGES.pdfNeedsPlan}'` })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async downloadMyReportPdf(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.reports.pdf(user.userId);
    attachment(res, 'application/pdf', file.fileName);
    return new StreamableFile(file.content);
  }

  @Get('me/csv')
  @Authenticated()
  @ApiOperation({
    summary: 'Every finding of the user\'s scans as CSV (every plan)',
    description:
      'One row per finding of every completed scan kept: scan id, scanned at, input, scan type, group, type, value, risk, source, evidence, recommendation. ' +
      "Then one row per privacy-rights request, scan_type 'rights_request': drafted at, organisation (input), kind (type and value), the law (source), the finding it answers (description), its days and notes (evidence) and its status (recommendation column). " +
      'RFC 4180 quoting; cells that a spreadsheet would read as a formula are prefixed with an apostrophe. Downloaded as footprint-findings-YYYY-MM-DD.csv.',
  })
  @ApiOkResponse({ description: 'The CSV file (UTF-8).', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async downloadMyReportCsv(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.reports.csv(user.userId);
    attachment(res, 'text/csv; charset=utf-8', file.fileName);
    return new StreamableFile(Buffer.from(file.content, 'utf8'));
  }
}
