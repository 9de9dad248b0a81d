import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { PageQueryDto } from '../common/http/pagination.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { DomainBreachesDto, VerifyDomainDto, WATCH_MESSAGES } from './monitor-watch.dto';
import { MonitorWatchService } from './monitor-watch.service';
import { idPipe } from './monitoring.controller';
import { MonitorResponseDto, MonitorRunListDto } from './monitoring.dto';
import { MONITOR_MESSAGES } from './monitoring.types';

const ID = { name: 'id', format: 'uuid', description: "The monitor's id." } as const;
const NOT_FOUND = { type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.notFound}'` };
const NOT_DOMAIN = `'${WATCH_MESSAGES.notDomainMonitor}' for a monitor of emails, handles or a website.`;

@ApiTags('monitoring')
@Controller('monitoring')
export class MonitorWatchController {
  constructor(private readonly watch: MonitorWatchService) {}

  @Get(':id/runs')
  @Authenticated()
  @ApiOperation({
    summary: "A monitor's runs with what each changed",
    description: 'Newest first, paginated: each run with its status, summary and changes (before, after and the evidence of website changes and domain breaches).',
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: MonitorRunListDto })
  @ApiNotFoundResponse(NOT_FOUND)
  listMonitorRuns(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string, @Query() query: PageQueryDto): Promise<MonitorRunListDto> {
    return this.watch.runs(user.userId, id, query);
  }

  @Post(':id/domain/verification')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: "Check a domain monitor's proof of control now",
    description:
      "Looks for the monitor's TXT record on the domain (through the server's resolver) and for its file under /.well-known/ (through the SSRF guard, redirects to the same host only). " +
      'Proven: the domain is verified and an active monitor runs at once (which asks Have I Been Pwned). Every run checks the proof again; a lapse pauses the monitor. Rate-limited per user.',
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: MonitorResponseDto, description: 'Proven: the monitor, its domain verified.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `Not proven: 'Control of the domain could not be confirmed: …' with what was found; or ${NOT_DOMAIN}` })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async verifyMonitorDomain(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string, @Body() dto: VerifyDomainDto): Promise<MonitorResponseDto> {
    return { monitor: await this.watch.verifyDomain(user.userId, id, dto.method) };
  }

  @Get(':id/domain/breaches')
  @Authenticated()
  @ApiOperation({
    summary: "A domain monitor's breached addresses",
    description:
      "From the last run's Have I Been Pwned domain search: every breach holding addresses of the domain, and a page of the addresses (alphabetical) with their breaches. " +
      "HIBP's answer (searched, or why not: its own verification of the domain, or the key's subscription) is in hibp. Only while control of the domain is proven.",
  })
  @ApiParam(ID)
  @ApiOkResponse({ type: DomainBreachesDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: NOT_DOMAIN })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Control of the domain is not proven (any more).' })
  @ApiNotFoundResponse(NOT_FOUND)
  listDomainBreaches(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string, @Query() query: PageQueryDto): Promise<DomainBreachesDto> {
    return this.watch.domainBreaches(user.userId, id, query);
  }

  @Get(':id/domain/breaches/csv')
  @Authenticated()
  @ApiOperation({
    summary: "A domain monitor's breached addresses as CSV",
    description:
      'One row per address and breach: email, breach, title, breach_date, data_classes, sensitive. RFC 4180 quoting; cells a spreadsheet would read as a formula start with an apostrophe. ' +
      'Downloaded as footprint-<domain>-breaches-YYYY-MM-DD.csv. Only while control of the domain is proven.',
  })
  @ApiParam(ID)
  @ApiOkResponse({ description: 'The CSV file (UTF-8).', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: NOT_DOMAIN })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Control of the domain is not proven (any more).' })
  @ApiNotFoundResponse(NOT_FOUND)
  async exportDomainBreaches(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.watch.domainBreachesCsv(user.userId, id);
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'no-store' });
    return new StreamableFile(Buffer.from(file.content, 'utf8'));
  }
}
