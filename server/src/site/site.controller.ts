import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ClientIp } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { requestIdOf } from '../common/logging/request-logging.middleware';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { ClientErrorReceiptDto, ClientErrorReportDto } from './client-error.dto';
import { SiteInfoDto } from './site-info.dto';
import { SiteService } from './site.service';

@ApiTags('site')
@Controller('site')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  @ApiOperation({
    summary: 'Public facts about this server',
    description: 'The contact address, the version, and the outside services this server uses: what the site\'s pages show. Public; the same for everyone.',
  })
  @ApiOkResponse({ type: SiteInfoDto, description: 'Public facts the pages show, such as the contact address.' })
  getSiteInfo(): SiteInfoDto {
    return this.site.getSiteInfo();
  }

  @Post('client-errors')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Report a page that failed to render',
    description:
      "Sent by the web client's error page. Logged (masked) under the request id, which the answer repeats: send " +
      '`X-Request-Id` (8-64 letters, digits, `.`, `_` or `-`) to choose it. Public; rate-limited per IP address.',
  })
  @ApiAcceptedResponse({ type: ClientErrorReceiptDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  reportClientError(@Body() report: ClientErrorReportDto, @Req() req: Request, @ClientIp() clientIp: string): Promise<ClientErrorReceiptDto> {
    return this.site.reportClientError(report, requestIdOf(req), clientIp);
  }
}
