import { Body, Controller, Get, HttpCode, HttpStatus, Logger, NotFoundException, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiAcceptedResponse,
  ApiOperation,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Authenticated, OptionallyAuthenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, ClientIp, CurrentUser, OptionalUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { SERVICE_BUSY_RESPONSE } from '../common/http/service-busy.exception';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { ScanHistoryService, SCAN_MESSAGES } from './scan-history.service';
import {
  AnalysisResultDto,
  CheckReportDto,
  CreateScanDto,
  ListScansQueryDto,
  QueuedScanDto,
  ScanPageDto,
  ScanRecordDto,
  ScanStartedEventDto,
} from './scan.dto';
import { pageOf } from '../common/http/pagination.dto';
import { ScanUsageDto } from './scan-usage.dto';
import { ScansService } from './scans.service';
import { SseWriter } from './sse.writer';

export const ANALYSIS_FAILED = 'Analysis failed. Please try again.';

const STREAM_DESCRIPTION = [
  'With `Accept: text/event-stream` the answer is a stream of server-sent events:',
  '`started` (ScanStartedEventDto), one `check` per check as it finishes (CheckReportDto),',
  'then `result` (AnalysisResultDto), `queued` (QueuedScanDto) or `error` ({statusCode, error}).',
  'Refusals (400, 401, 429, 503) come before the stream, as ordinary JSON errors, and so does a scan queued before it ran (202).',
  'A signed-in email scan whose breach sources reach their limit while it runs is queued then: 202 with QueuedScanDto as JSON, the `queued` event in a stream.',
].join(' ');

function scanIdPipe() {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(SCAN_MESSAGES.notFound) });
}

@ApiTags('scans')
@Controller('scans')
@ApiExtraModels(ScanStartedEventDto, CheckReportDto)
export class ScansController {
  private readonly logger = new Logger(ScansController.name);

  constructor(
    private readonly scans: ScansService,
    private readonly history: ScanHistoryService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @OptionallyAuthenticated()
  @ApiOperation({
    summary: 'Scan an email address, website or social handle',
    description:
      'Open to visitors (rate-limited per IP; counts and summaries only) and to signed-in users and API tokens ' +
      "(counted against the plan's monthly scans; details with evidence; real results stored). " +
      STREAM_DESCRIPTION,
  })
  @ApiResponse({
    status: 200,
    description: 'The analysis result, or the event stream.',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(AnalysisResultDto) } },
      // The stream's events, each `event: <name>` with one of these as its JSON `data`.
      'text/event-stream': {
        schema: {
          description: STREAM_DESCRIPTION,
          // anyOf: the event's name, not its data, says which one it is.
          anyOf: [
            { $ref: getSchemaPath(ScanStartedEventDto) },
            { $ref: getSchemaPath(CheckReportDto) },
            { $ref: getSchemaPath(AnalysisResultDto) },
            { $ref: getSchemaPath(QueuedScanDto) },
            { $ref: getSchemaPath(ErrorBodyDto) },
          ],
        },
      },
    },
  })
  @ApiExtraModels(AnalysisResultDto)
  @ApiAcceptedResponse({
    type: QueuedScanDto,
    description:
      'A signed-in person (session or API token) scanning an email address while the breach sources are at their request limit, ' +
      'known before the scan starts or learnt from their answers while it runs: ' +
      "the scan is stored as queued (it counts against the plan's monthly scans like a running one, and is given back if it finally fails) " +
      'and this server runs it once the sources allow. The person then gets a notice (GET /api/monitoring/notices) and, when this server sends mail, an email; ' +
      'GET /api/scans/{id} shows it queued with expectedBy, then completed or failed. Always JSON, whatever the Accept header.',
  })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Empty or invalid input: the spec\'s two messages.' })
  @ApiTooManyRequestsResponse({
    type: ErrorBodyDto,
    ...TOO_MANY_REQUESTS_RESPONSE,
    description:
      "Visitors: 'Rate limit exceeded. Please try again later.' Signed-in users: the plan's monthly scans are used up. " +
      "A visitor's email address while the breach sources are at their request limit (refused at once, nothing used; a signed-in person's is queued instead, 202): the message gives the wait, as does Retry-After. " +
      'A visitor whose answer comes back incomplete because a source was rate limited gets that scan back in their hourly allowance.',
  })
  @ApiServiceUnavailableResponse({
    type: ErrorBodyDto,
    ...SERVICE_BUSY_RESPONSE,
    description:
      `${SERVICE_BUSY_RESPONSE.description} This server is running as many scans as it takes (SCAN_CONCURRENCY, SCAN_QUEUE); no quota was used. ` +
      "Website inputs also when every browser on this database is busy and the shared queue is full (BROWSER_QUEUE): 'The server is busy auditing other websites in its browser. Please try again in a minute.'",
  })
  async createScan(
    @Body() dto: CreateScanDto,
    @OptionalUser() user: AuthenticatedUser | undefined,
    @ClientIp() clientIp: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const prepared = await this.scans.prepare(dto.input, user, clientIp);
    if ('queued' in prepared) {
      res.status(HttpStatus.ACCEPTED).json(prepared.queued);
      return;
    }
    if (!(req.headers.accept ?? '').includes('text/event-stream')) {
      const answer = await this.scans.run(prepared);
      if ('queued' in answer) res.status(HttpStatus.ACCEPTED).json(answer.queued);
      else res.status(HttpStatus.OK).json(answer);
      return;
    }
    const stream = new SseWriter(res);
    stream.send('started', prepared.started);
    try {
      const answer = await this.scans.run(prepared, { onCheck: (report) => stream.send('check', report) });
      // The stream's status is sent: a scan queued mid-run says so in its last event.
      if ('queued' in answer) stream.send('queued', answer.queued);
      else stream.send('result', answer);
    } catch (err) {
      this.logger.error(`streamed scan failed: ${err instanceof Error ? err.name : 'unknown error'}`);
      stream.send('error', { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, error: ANALYSIS_FAILED });
    } finally {
      stream.end();
    }
  }

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The signed-in user's scans, newest first",
    description: 'Privacy scans and image checks; each without its full result (GET /api/scans/{id} has it). `kind` and `input` filter the list; `total` counts the filtered list.',
  })
  @ApiOkResponse({ type: ScanPageDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'An unknown kind, an input filter over the length limit, or a page out of range.' })
  listScans(@CurrentUser() user: AuthenticatedUser, @Query() query: ListScansQueryDto): Promise<ScanPageDto> {
    const { page, pageSize } = pageOf(query);
    return this.history.list(user.userId, page, pageSize, { kind: query.kind, input: query.input });
  }

  @Get('usage')
  @Authenticated()
  @ApiOperation({
    summary: "This month's privacy scans against the plan's monthly allowance",
    description: 'Counted per calendar month in UTC against the plan that applies now; image checks and monitor runs do not count.',
  })
  @ApiOkResponse({ type: ScanUsageDto })
  getScanUsage(@CurrentUser() user: AuthenticatedUser): Promise<ScanUsageDto> {
    return this.history.usage(user.userId);
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'One of the signed-in user\'s scans, with its full result',
    description: 'The stored analysis result with its findings and evidence. Anyone else\'s scan, or an unknown id, answers 404.',
  })
  @ApiOkResponse({ type: ScanRecordDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "No scan with this id among the user's own." })
  getScan(@CurrentUser() user: AuthenticatedUser, @Param('id', scanIdPipe()) id: string): Promise<ScanRecordDto> {
    return this.history.get(user.userId, id);
  }
}
