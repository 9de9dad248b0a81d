import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { AccountExportDto, DeleteAccountDto } from './account.dto';
import { AccountService } from './account.service';
import { UserDto } from './auth.dto';
import { Authenticated } from './bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from './current-user.decorator';
import { RefreshCookie } from './refresh-cookie.service';

@ApiTags('auth')
@Controller('auth')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Get('profile')
  @Authenticated()
  @ApiOperation({
    summary: 'The signed-in user',
    description: 'Who the credential belongs to: id, email, display name, whether the address is verified, and the plan.',
  })
  @ApiOkResponse({ type: UserDto })
  getProfile(@CurrentUser() user: AuthenticatedUser): Promise<UserDto> {
    return this.account.profile(user.userId);
  }

  @Post('profile/onboarding')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: 'Record that the first-time tour is finished or skipped',
    description: 'Stored per user, so the tour does not show again in another browser. Repeating it changes nothing.',
  })
  @ApiOkResponse({ type: UserDto, description: 'The profile, with onboardingCompleted true.' })
  completeOnboarding(@CurrentUser() user: AuthenticatedUser): Promise<UserDto> {
    return this.account.completeOnboarding(user.userId);
  }

  @Delete('account')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Delete the account and everything of it',
    description: 'Accounts with a password must send it. Signs out (clears the refresh cookie).',
  })
  @ApiNoContentResponse({ description: 'The account and all its data are deleted.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please enter your current password'" })
  @ApiForbiddenResponse({
    type: ErrorBodyDto,
    description: "'The password is incorrect', or called with an API token (this route needs a signed-in session).",
  })
  @ApiTooManyRequestsResponse({ type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE })
  async deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: DeleteAccountDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    await this.account.delete(user.userId, dto.password);
    this.cookie.clear(res);
  }

  @Get('account/export')
  @Authenticated()
  @Header('Content-Disposition', 'attachment; filename="footprint-account.json"')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Download everything kept about the account (JSON, no secrets)',
    description: 'The profile, sessions, emailed links, API tokens (revoked ones too), scans, payments, analytics events, A/B tests and monitors: a copy of the data held (GDPR access and portability). Hashes and secrets are left out.',
  })
  @ApiOkResponse({ type: AccountExportDto })
  exportAccount(@CurrentUser() user: AuthenticatedUser): Promise<AccountExportDto> {
    return this.account.export(user.userId);
  }
}
