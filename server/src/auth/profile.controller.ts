import { Body, Controller, Get, HttpCode, HttpStatus, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { AccountChangesService } from './account-changes.service';
import { AuthSessionDto, ChangeEmailDto, ChangePasswordDto, EmailChangeRequestedDto, UpdateProfileDto, UserDto } from './auth.dto';
import { Authenticated } from './bearer-auth.guard';
import { AuthenticatedUser, CurrentUser } from './current-user.decorator';
import { ProfileService } from './profile.service';
import { REFRESH_COOKIE, RefreshCookie } from './refresh-cookie.service';
import { SessionService } from './session.service';

const TOO_MANY = { type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE };
const NO_PASSWORD_YET =
  "An account made with Google sign-in that has no password yet: 'This account signs in with Google and has no password yet. …' (set one with the reset link first).";

@ApiTags('auth')
@Controller('auth')
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly changes: AccountChangesService,
    private readonly sessions: SessionService,
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
    return this.profiles.profile(user.userId);
  }

  @Patch('profile')
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Change the display name',
    description: 'The name the app greets the person with; blank or null removes it. Every account may change it, Google sign-in ones too.',
  })
  @ApiOkResponse({ type: UserDto, description: 'The profile with the new name.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'First name must be text of at most 100 characters'" })
  updateProfile(@CurrentUser() user: AuthenticatedUser, @Body() dto: UpdateProfileDto): Promise<UserDto> {
    return this.changes.rename(user.userId, dto.displayName);
  }

  @Post('password')
  @HttpCode(HttpStatus.OK)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Change the password',
    description:
      'Needs the current password. Every other session is signed out and every API token revoked, and the account\'s address gets an email saying so. ' +
      `The caller's session is replaced by a new one: the answer carries its access token and sets the ${REFRESH_COOKIE} cookie (kept as long as the old one was).`,
  })
  @ApiOkResponse({ type: AuthSessionDto, description: 'The new session of this browser.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please enter your current password', 'Password must be at least 6 characters', …" })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "'The password is incorrect'; or an API token was used." })
  @ApiConflictResponse({ type: ErrorBodyDto, description: NO_PASSWORD_YET })
  @ApiTooManyRequestsResponse(TOO_MANY)
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() dto: ChangePasswordDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuthSessionDto> {
    const persistent = await this.sessions.isPersistent(this.cookie.read(req));
    const { session, refresh } = await this.changes.changePassword(user.userId, dto.currentPassword, dto.newPassword, persistent);
    this.cookie.set(res, refresh);
    return session;
  }

  @Post('email')
  @HttpCode(HttpStatus.ACCEPTED)
  @Authenticated({ sessionOnly: true })
  @ApiOperation({
    summary: 'Change the sign-in email address',
    description:
      'Needs the current password. Sends a link to the new address; the account keeps its address until the link is opened ' +
      '(POST /api/auth/verify-email with its token), then signs in with the new one, verified, and the old address is told. ' +
      'A newer request replaces the link of an older one. A Google sign-in stays linked to the account whatever its address.',
  })
  @ApiAcceptedResponse({ type: EmailChangeRequestedDto, description: 'The link is on its way to the new address.' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please enter a valid email address', 'This is already your sign-in email address.', …" })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "'The password is incorrect'; or an API token was used." })
  @ApiConflictResponse({ type: ErrorBodyDto, description: `'An account with this email already exists'. ${NO_PASSWORD_YET}` })
  @ApiTooManyRequestsResponse(TOO_MANY)
  requestEmailChange(@CurrentUser() user: AuthenticatedUser, @Body() dto: ChangeEmailDto): Promise<EmailChangeRequestedDto> {
    return this.changes.requestEmailChange(user.userId, dto.newEmail, dto.currentPassword);
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
    return this.profiles.completeOnboarding(user.userId);
  }
}
