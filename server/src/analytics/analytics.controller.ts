import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { DailyAnalyticsDto, DailyAnalyticsQueryDto, TrackEventDto } from './analytics.dto';
import { AnalyticsService } from './analytics.service';
import { OPERATOR_TOKEN_MESSAGE, OperatorTokenGuard } from '../common/security/operator-token.guard';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('track')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated()
  @ApiOperation({
    summary: 'Record a first-party analytics event of the signed-in user',
    description: 'Stored in Footprint\'s own database; nothing is sent to third parties. The spec\'s event names only.',
  })
  @ApiNoContentResponse({ description: 'Recorded.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'An unknown event, an unknown parameter, or a value of the wrong type or size.' })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async trackEvent(@CurrentUser() user: AuthenticatedUser, @Body() dto: TrackEventDto): Promise<void> {
    await this.analytics.track(user.userId, dto.event, dto.parameters);
  }

  @Get('daily')
  @UseGuards(OperatorTokenGuard)
  @ApiBearerAuth('operatorToken')
  @ApiOperation({
    summary: 'Events per day, for operators',
    description: 'Needs `Authorization: Bearer <OPERATOR_TOKEN>`; answers 404 when OPERATOR_TOKEN is not set. Days are UTC.',
  })
  @ApiOkResponse({ type: DailyAnalyticsDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Malformed dates, or a range over 366 days.' })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: `'${OPERATOR_TOKEN_MESSAGE}'` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: 'OPERATOR_TOKEN is not set.' })
  getDailyAnalytics(@Query() query: DailyAnalyticsQueryDto): Promise<DailyAnalyticsDto> {
    return this.analytics.daily(query.from, query.to);
  }
}
