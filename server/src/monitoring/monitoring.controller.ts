import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, ClientIp, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { PageQueryDto } from '../common/http/pagination.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { CreateMonitorDto, MonitoredEmailDto, MonitorListDto, MonitorNoticeListDto, MonitorResponseDto, UpdateMonitorDto, VerifyMonitoredEmailDto } from './monitoring.dto';
import { MONITOR_MESSAGES } from './monitoring.types';
import { MonitoringService } from './monitoring.service';
import { WATCH_MESSAGES } from './monitor-watch.dto';

/** A malformed id cannot name one of the user's monitors (or notices): 404 like any unknown id. */
export function idPipe(message: string) {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(message) });
}

const DOMAIN_NOT_OFFERED = { type: ErrorBodyDto, description: `A whole email domain, on a server without Have I Been Pwned's domain search (no HIBP_API_KEY): '${WATCH_MESSAGES.domainNotOffered}'` };
const AT_LIMIT = { type: ErrorBodyDto, description: `The plan's active-monitor limit is reached: '${MONITOR_MESSAGES.atLimit}'` };

@ApiTags('monitoring')
@Controller('monitoring')
export class MonitoringController {
  constructor(private readonly monitoring: MonitoringService) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The user's monitors, with the active count and the plan's limit",
    description: 'Newest first, paginated; each with its targets, the addresses still awaiting verification and its latest runs. activeCount counts every page.',
  })
  @ApiOkResponse({ type: MonitorListDto })
  listMonitors(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<MonitorListDto> {
    return this.monitoring.list(user.userId, query);
  }

  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Create a monitor (active; its first run is at the next scheduler tick)',
    description:
      'Entries are trimmed; empty ones and duplicates (case-insensitive) are ignored. Emails other than the ' +
      "account's own verified address get a verification email and are not scanned until their owner clicks the link.",
  })
  @ApiCreatedResponse({ type: MonitorResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `No entries ('${MONITOR_MESSAGES.noTargets}'), or an invalid email or handle.` })
  @ApiForbiddenResponse(AT_LIMIT)
  @ApiConflictResponse(DOMAIN_NOT_OFFERED)
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE, description: 'Too many verification emails sent for this account today.' })
  async createMonitor(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateMonitorDto): Promise<MonitorResponseDto> {
    return { monitor: await this.monitoring.create(user.userId, dto) };
  }

  @Get('notices')
  @Authenticated()
  @ApiOperation({
    summary: 'Undismissed monitor alerts, newest first',
    description: 'What monitor runs found new (a breach, a site with the name), until dismissed; paginated. The dashboard shows the first page.',
  })
  @ApiOkResponse({ type: MonitorNoticeListDto })
  listMonitorNotices(@CurrentUser() user: AuthenticatedUser, @Query() query: PageQueryDto): Promise<MonitorNoticeListDto> {
    return this.monitoring.notices(user.userId, query);
  }

  @Post('notices/:id/dismiss')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated()
  @ApiOperation({ summary: 'Dismiss a monitor alert', description: 'It leaves the list of notices; the monitor\'s runs keep what they found.' })
  @ApiParam({ name: 'id', format: 'uuid', description: "The notice's id." })
  @ApiNoContentResponse({ description: 'Dismissed (also when it already was).' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.noticeNotFound}'` })
  async dismissMonitorNotice(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.noticeNotFound)) id: string): Promise<void> {
    await this.monitoring.dismissNotice(user.userId, id);
  }

  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Confirm a monitored email address with the token from the emailed link',
    description: 'Public: the link may be opened signed out. Rate-limited per IP address.',
  })
  @ApiOkResponse({ type: MonitoredEmailDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.invalidLink}'` })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  verifyMonitoredEmail(@Body() dto: VerifyMonitoredEmailDto, @ClientIp() clientIp: string): Promise<MonitoredEmailDto> {
    return this.monitoring.verifyEmail(dto.token, clientIp);
  }

  @Post(':id/verification-emails')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiParam({ name: 'id', format: 'uuid', description: "The monitor's id." })
  @ApiOperation({
    summary: 'Send new verification links to the addresses of a monitor that await verification',
    description: 'Each address gets a new link; the links sent before stop working.',
  })
  @ApiOkResponse({ type: MonitorResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.nothingPending}'` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.notFound}'` })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE, description: 'Too many verification emails sent for this account today.' })
  async resendMonitorVerification(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string): Promise<MonitorResponseDto> {
    return { monitor: await this.monitoring.resendVerification(user.userId, id) };
  }

  @Put(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Pause or activate a monitor',
    description: "Activating checks the plan's active-monitor limit; an overdue monitor runs at the next tick. Pausing keeps its runs and what it knows.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: "The monitor's id." })
  @ApiOkResponse({ type: MonitorResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.notFound}'` })
  @ApiForbiddenResponse(AT_LIMIT)
  @ApiConflictResponse(DOMAIN_NOT_OFFERED)
  async updateMonitor(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string,
    @Body() dto: UpdateMonitorDto,
  ): Promise<MonitorResponseDto> {
    return { monitor: await this.monitoring.setActive(user.userId, id, dto.active) };
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated()
  @ApiOperation({ summary: 'Delete a monitor with its runs and notices', description: 'For good: what it knew is forgotten, so a new monitor of the same targets starts from a silent first run.' })
  @ApiParam({ name: 'id', format: 'uuid', description: "The monitor's id." })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${MONITOR_MESSAGES.notFound}'` })
  async deleteMonitor(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(MONITOR_MESSAGES.notFound)) id: string): Promise<void> {
    await this.monitoring.delete(user.userId, id);
  }
}
