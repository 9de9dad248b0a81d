import { Body, Controller, Delete, Get, HttpCode, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { BrokerBatchPreviewDto, BrokerBatchQueryDto, BrokerBatchResultDto, CreateBrokerBatchDto, CreateRequestDto, RequestListDto, RightsRequestDto, UpdateRequestDto } from './requests.dto';
import { REQUEST_MESSAGES, RequestsService } from './requests.service';

/** A malformed id cannot name one of the user's requests: 404 like any unknown id. */
const idPipe = (message: string) => new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(message) });

@ApiTags('requests')
@Controller('requests')
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: "The user's privacy-rights requests, newest first, with this month's use of the plan" })
  @ApiOkResponse({ type: RequestListDto })
  listRequests(@CurrentUser() user: AuthenticatedUser): Promise<RequestListDto> {
    return this.requests.list(user.userId);
  }

  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Draft a request to an organisation',
    description: 'From a catalogue company (organisationSlug) or a named one. The jurisdiction picks the legal basis, the deadline and the wording. It stays a draft until the person sends it themselves.',
  })
  @ApiCreatedResponse({ type: RightsRequestDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.atLimit}'` })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.noOrganisation}' or '${REQUEST_MESSAGES.unknownOrganisation}'` })
  createRequest(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateRequestDto): Promise<RightsRequestDto> {
    return this.requests.create(user.userId, dto);
  }

  @Get('brokers')
  @Authenticated()
  @ApiOperation({
    summary: 'Before "Ask every data broker": DROP for Californians, the brokers relevant to the person, and how many drafts a batch would make',
    description: "ccpa: the brokers of California's data broker registry and the catalogue's US brokers; elsewhere the catalogue's data brokers and address traders for the country (uk_gdpr: gb).",
  })
  @ApiOkResponse({ type: BrokerBatchPreviewDto })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.brokersNeedCountry}'` })
  previewBrokerRequests(@CurrentUser() user: AuthenticatedUser, @Query() query: BrokerBatchQueryDto): Promise<BrokerBatchPreviewDto> {
    return this.requests.brokerBatchPreview(user.userId, query);
  }

  @Post('brokers')
  @Authenticated()
  @ApiOperation({
    summary: 'Ask every data broker: a draft request to each broker relevant to the person',
    description:
      "Each draft is tracked like any request and counts against the plan's monthly requests. Brokers with an open request of the same kind are skipped. When the allowance runs out part-way, the drafts are made up to it (in name order) and leftOver says how many brokers were left; with nothing left at all the answer is 403. Footprint sends nothing: the person sends each draft.",
  })
  @ApiCreatedResponse({ type: BrokerBatchResultDto })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.atLimit}'` })
  @ApiUnprocessableEntityResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.brokersNeedCountry}' or '${REQUEST_MESSAGES.noBrokers}'` })
  createBrokerRequests(@CurrentUser() user: AuthenticatedUser, @Body() dto: CreateBrokerBatchDto): Promise<BrokerBatchResultDto> {
    return this.requests.createBrokerBatch(user.userId, dto);
  }

  // After the fixed paths: ':id' would otherwise take "brokers".
  @Get(':id')
  @Authenticated()
  @ApiOperation({ summary: 'One request with its letter, deadline, ID advice and, when overdue, the follow-up and the complaint' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: RightsRequestDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.notFound}'` })
  getRequest(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(REQUEST_MESSAGES.notFound)) id: string): Promise<RightsRequestDto> {
    return this.requests.get(user.userId, id);
  }

  @Patch(':id')
  @Authenticated()
  @ApiOperation({ summary: 'Track a request: mark it sent (starts the legal period), extended, answered, completed or refused; keep notes of the answer' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: RightsRequestDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.notFound}'` })
  updateRequest(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(REQUEST_MESSAGES.notFound)) id: string, @Body() dto: UpdateRequestDto): Promise<RightsRequestDto> {
    return this.requests.update(user.userId, id, dto);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated()
  @ApiOperation({ summary: 'Delete a request and the identifiers it holds' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${REQUEST_MESSAGES.notFound}'` })
  async deleteRequest(@CurrentUser() user: AuthenticatedUser, @Param('id', idPipe(REQUEST_MESSAGES.notFound)) id: string): Promise<void> {
    await this.requests.remove(user.userId, id);
  }

  @Get(':id/eml')
  @Authenticated()
  @ApiOperation({
    summary: 'The letter as an unsent email (.eml) to open in a mail client and send from there',
    description: "which=follow-up: the reminder after the deadline. Downloading a draft's request marks it sent today (change the day with PATCH).",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiQuery({ name: 'which', required: false, enum: ['request', 'follow-up'] })
  @ApiOkResponse({ description: 'The .eml file.', content: { 'message/rfc822': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ type: ErrorBodyDto })
  async downloadRequestEml(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id', idPipe(REQUEST_MESSAGES.notFound)) id: string,
    @Query('which') which: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.requests.eml(user.userId, id, which === 'follow-up' ? 'follow-up' : 'request');
    res.setHeader('content-type', 'message/rfc822');
    res.setHeader('content-disposition', `attachment; filename="${file.fileName}"`);
    res.setHeader('cache-control', 'no-store');
    res.send(file.content);
  }
}
