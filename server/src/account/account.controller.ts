import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Res } from '@nestjs/common';
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
import { Authenticated } from '../auth/bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { RefreshCookie } from '../auth/refresh-cookie.service';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { AccountExportDto, DeleteAccountDto } from './account.dto';
import { AccountService } from './account.service';

/** The whole account: its export and its deletion (under /api/auth, where the client has always found them). */
@ApiTags('auth')
@Controller('auth')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly cookie: RefreshCookie,
  ) {}

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
