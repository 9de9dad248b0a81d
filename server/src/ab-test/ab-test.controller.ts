import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OptionallyAuthenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, ClientIp, OptionalUser } from '../auth/current-user.decorator';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { CSRF_HEADER, CsrfGuard } from '../common/security/csrf.guard';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { AB_TESTS } from './ab-test.catalogue';
import { AB_TEST_MESSAGES, type AbSubject, AbTestService } from './ab-test.service';
import { AbTestChoiceDto, AbTestVariantDto } from './ab-test.dto';
import { VISITOR_COOKIE, VisitorCookie } from './visitor-cookie.service';

const TEST_NAME = { name: 'testName', enum: Object.keys(AB_TESTS), description: 'The A/B test (the pricing headline: pricing_test).' };

@ApiTags('analytics')
@Controller('analytics/ab-test')
export class AbTestController {
  constructor(
    private readonly abTests: AbTestService,
    private readonly visitorCookie: VisitorCookie,
  ) {}

  @Get(':testName')
  @OptionallyAuthenticated()
  @ApiOperation({
    summary: 'The sticky variant of an A/B test for this user or visitor',
    description: `Signed-in users keep one variant per test; visitors are recognised by the random, HttpOnly ${VISITOR_COOKIE} cookie set on their first request.`,
  })
  @ApiParam(TEST_NAME)
  @ApiOkResponse({ type: AbTestVariantDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${AB_TEST_MESSAGES.unknownTest}'` })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async getAbTestVariant(
    @Param('testName') testName: string,
    @OptionalUser() user: AuthenticatedUser | undefined,
    @ClientIp() clientIp: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AbTestVariantDto> {
    return { variant: await this.abTests.variantFor(testName, this.subjectOf(user, clientIp, req, res)) };
  }

  @Post(':testName')
  @HttpCode(HttpStatus.OK)
  @OptionallyAuthenticated()
  @UseGuards(CsrfGuard)
  @ApiOperation({
    summary: 'Record the variant the client chose itself',
    description: 'The spec\'s fallback when the GET did not answer: the client shows a random variant and posts it here; it becomes the sticky one.',
  })
  @ApiParam(TEST_NAME)
  @ApiHeader({ name: CSRF_HEADER, required: true, description: 'Must be `1` (CSRF protection).', schema: { type: 'string', enum: ['1'] } })
  @ApiOkResponse({ type: AbTestVariantDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'Not one of the test\'s variants.' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: `Missing ${CSRF_HEADER} header, or an Origin other than the site's.` })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: `'${AB_TEST_MESSAGES.unknownTest}'` })
  async recordAbTestVariant(
    @Param('testName') testName: string,
    @Body() dto: AbTestChoiceDto,
    @OptionalUser() user: AuthenticatedUser | undefined,
    @ClientIp() clientIp: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AbTestVariantDto> {
    return { variant: await this.abTests.recordChoice(testName, this.subjectOf(user, clientIp, req, res), dto.variant) };
  }

  /** Who the variant is for: the signed-in user, or the visitor of the cookie (set on a visitor's first request). */
  private subjectOf(user: AuthenticatedUser | undefined, clientIp: string, req: Request, res: Response): AbSubject {
    let visitorId = this.visitorCookie.read(req);
    if (!user && !visitorId) visitorId = this.visitorCookie.issue(res);
    return { userId: user?.userId, visitorId, clientIp };
  }
}
