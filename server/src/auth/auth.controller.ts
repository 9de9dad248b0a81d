import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { CSRF_HEADER, CsrfGuard } from '../common/security/csrf.guard';
import { SERVICE_BUSY_RESPONSE } from '../common/http/service-busy.exception';
import { TOO_MANY_REQUESTS_RESPONSE } from '../common/security/too-many-requests.exception';
import { AuthService } from './auth.service';
import {
  AcceptedDto,
  AuthSessionDto,
  EmailDeliveryDto,
  EmailVerifiedDto,
  LoginDto,
  PasswordResetConfirmDto,
  PasswordResetRequestDto,
  SignupDto,
  VerifyEmailDto,
} from './auth.dto';
import { Authenticated } from './bearer-auth.guard';
import { AuthenticatedUser, ClientIp, CurrentUser } from './current-user.decorator';
import { EmailVerificationService } from './email-verification.service';
import { PasswordResetService } from './password-reset.service';
import { REFRESH_COOKIE, RefreshCookie } from './refresh-cookie.service';

const TOO_MANY = { type: ErrorBodyDto, ...TOO_MANY_REQUESTS_RESPONSE };
const BUSY = { type: ErrorBodyDto, ...SERVICE_BUSY_RESPONSE };
const CSRF_HEADER_DOC = { name: CSRF_HEADER, required: true, description: 'Must be `1` (CSRF protection).', schema: { type: 'string', enum: ['1'] } };
const CSRF_FORBIDDEN = { type: ErrorBodyDto, description: `Missing ${CSRF_HEADER} header, or an Origin other than the site's.` };

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly verification: EmailVerificationService,
    private readonly passwordReset: PasswordResetService,
    private readonly cookie: RefreshCookie,
  ) {}

  @Post('signup')
  @ApiOperation({
    summary: 'Create an account',
    description: `Signs the new account in: answers an access token and sets the ${REFRESH_COOKIE} cookie (30 days). Sends a verification email when this server sends email (GET /api/site: sendsEmail).`,
  })
  @ApiCreatedResponse({ type: AuthSessionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please fill in all fields', 'Password must be at least 6 characters', …" })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "'An account with this email already exists'" })
  @ApiTooManyRequestsResponse(TOO_MANY)
  @ApiServiceUnavailableResponse(BUSY)
  async signUp(@Body() dto: SignupDto, @ClientIp() ip: string, @Res({ passthrough: true }) res: Response): Promise<AuthSessionDto> {
    const { session, refresh } = await this.auth.signUp(dto, ip);
    this.cookie.set(res, refresh);
    return session;
  }

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Sign in with email and password',
    description: `Answers an access token and sets the ${REFRESH_COOKIE} cookie: 30 days with rememberMe, else for the browser session.`,
  })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please fill in all fields'" })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: "'Invalid email or password'" })
  @ApiTooManyRequestsResponse(TOO_MANY)
  @ApiServiceUnavailableResponse(BUSY)
  async logIn(@Body() dto: LoginDto, @ClientIp() ip: string, @Res({ passthrough: true }) res: Response): Promise<AuthSessionDto> {
    const { session, refresh } = await this.auth.logIn(dto, ip);
    this.cookie.set(res, refresh);
    return session;
  }

  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @UseGuards(CsrfGuard)
  @ApiCookieAuth('refreshCookie')
  @ApiHeader(CSRF_HEADER_DOC)
  @ApiOperation({
    summary: 'Get a new access token with the refresh cookie',
    description:
      'Rotates the refresh cookie. Presenting an already used refresh token signs that whole session out, except a retry of an answer that was lost: ' +
      'within 60 s of its use, while the token it was answered with was never used, it is renewed (that unused token is retired), at most 3 times.',
  })
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'No valid session: sign in again (the cookie is cleared).' })
  @ApiForbiddenResponse(CSRF_FORBIDDEN)
  async refreshSession(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AuthSessionDto> {
    try {
      const { session, refresh } = await this.auth.refresh(this.cookie.read(req));
      this.cookie.set(res, refresh);
      return session;
    } catch (err) {
      // The session is over: drop the cookie (but not when, say, the database is briefly down).
      if (err instanceof UnauthorizedException) this.cookie.clear(res);
      throw err;
    }
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(CsrfGuard)
  @ApiCookieAuth('refreshCookie')
  @ApiHeader(CSRF_HEADER_DOC)
  @ApiOperation({ summary: 'Sign out', description: 'Revokes the session of the refresh cookie and clears the cookie.' })
  @ApiNoContentResponse({ description: 'Signed out (also when there was no session).' })
  @ApiForbiddenResponse(CSRF_FORBIDDEN)
  async logOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logOut(this.cookie.read(req));
    this.cookie.clear(res);
  }

  @Post('verify-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Confirm the email address with the token from the emailed link',
    description:
      'Public: the token itself proves the address. Each link works once, until it expires or a newer one is sent. ' +
      "Takes both links: the sign-up address's (it becomes verified) and a new sign-in address's from POST /api/auth/email " +
      '(the account moves to it, verified, and the old address is told).',
  })
  @ApiOkResponse({ type: EmailVerifiedDto, description: 'The address is verified (and, for a change of address, now the sign-in address, named).' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'This verification link is invalid or has expired.'" })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "A change of address whose new address another account took meanwhile: 'An account with this email already exists'" })
  async verifyEmail(@Body() dto: VerifyEmailDto): Promise<EmailVerifiedDto> {
    return this.verification.confirm(dto.token);
  }

  @Post('verify-email/resend')
  @HttpCode(HttpStatus.OK)
  @Authenticated()
  @ApiOperation({
    summary: 'Send the verification email again',
    description:
      "To the account's own address, with a new link; rate-limited per account so it cannot be used to flood an inbox. On a server that sends no email, emailSent is false and the message says so.",
  })
  @ApiOkResponse({ type: EmailDeliveryDto, description: 'A new link was made (and sent, when emailSent); earlier links no longer work.' })
  @ApiConflictResponse({ type: ErrorBodyDto, description: "'Your email address is already verified.'" })
  @ApiTooManyRequestsResponse(TOO_MANY)
  resendVerificationEmail(@CurrentUser() user: AuthenticatedUser): Promise<EmailDeliveryDto> {
    return this.verification.resend(user.userId);
  }

  @Post('password-reset/request')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Email a password reset link',
    description:
      'Answers the same whether or not an account exists for the address. The link works once, for one hour. On a server that sends no email, emailSent is false and the message says whom to ask.',
  })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "'Please fill in all fields', 'Please enter a valid email address'" })
  @ApiTooManyRequestsResponse(TOO_MANY)
  requestPasswordReset(@Body() dto: PasswordResetRequestDto, @ClientIp() ip: string): Promise<AcceptedDto> {
    return this.passwordReset.request(dto.email, ip);
  }

  @Post('password-reset/confirm')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Set a new password with the token from the reset link', description: 'Signs every session out.' })
  @ApiNoContentResponse({ description: 'The password is changed; sign in with it.' })
  @ApiServiceUnavailableResponse(BUSY)
  @ApiBadRequestResponse({
    type: ErrorBodyDto,
    description: "'This password reset link is invalid or has expired.', 'Password must be at least 6 characters', …",
  })
  async confirmPasswordReset(@Body() dto: PasswordResetConfirmDto): Promise<void> {
    await this.passwordReset.confirm(dto.token, dto.password);
  }
}
