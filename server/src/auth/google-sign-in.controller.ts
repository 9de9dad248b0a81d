import { Controller, Get, Inject, Logger, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExcludeEndpoint,
  ApiFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { GOOGLE_POPUP_SCRIPT, googlePopupPage, GooglePopupResult } from './google-popup.page';
import { GoogleStatusDto } from './google-sign-in.dto';
import { GOOGLE_ATTEMPT_SECONDS, GOOGLE_MESSAGES, GoogleSignInError, GoogleSignInService } from './google-sign-in.service';
import { REFRESH_COOKIE, RefreshCookie } from './refresh-cookie.service';

/** The popup page's body, success or error. */
const HTML_PAGE = { content: { 'text/html': { schema: { type: 'string' } } } };

/** Binds a sign-in in progress to the browser that started it; sent only to these routes. */
export const GOOGLE_ATTEMPT_COOKIE = 'fp_oidc';
export const GOOGLE_ATTEMPT_COOKIE_PATH = '/api/auth/google';

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

@ApiTags('auth')
@Controller('auth/google')
export class GoogleSignInController {
  private readonly logger = new Logger(GoogleSignInController.name);
  private readonly attemptCookie: CookieOptions;

  constructor(
    private readonly google: GoogleSignInService,
    private readonly cookie: RefreshCookie,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Lax, not Strict: the browser comes back to the callback from the provider's site.
    this.attemptCookie = {
      httpOnly: true,
      sameSite: 'lax',
      path: GOOGLE_ATTEMPT_COOKIE_PATH,
      secure: config.publicUrl.startsWith('https://'),
    };
  }

  @Get('status')
  @ApiOperation({ summary: 'Whether Google sign-in is available', description: 'The Google buttons say so when it is not configured.' })
  @ApiOkResponse({ type: GoogleStatusDto })
  getGoogleStatus(): GoogleStatusDto {
    return { configured: this.google.configured };
  }

  @Get('start')
  @ApiOperation({
    summary: 'Start Google sign-in (open in a popup)',
    description:
      'Redirects to the provider with PKCE (S256), state and nonce, and sets the fp_oidc cookie (10 minutes). ' +
      'When Google sign-in is not configured or the provider is unreachable, answers the popup page with the error.',
  })
  @ApiQuery({ name: 'remember', required: false, schema: { type: 'boolean', default: false }, description: "'Remember me'" })
  @ApiFoundResponse({ description: "To the provider's authorization endpoint." })
  @ApiServiceUnavailableResponse({ description: 'The popup page with the error: Google sign-in is not configured, or the provider cannot be reached.', ...HTML_PAGE })
  @ApiProduces('text/html')
  async startGoogleSignIn(@Query('remember') remember: unknown, @Res() res: Response): Promise<void> {
    try {
      const rememberMe = ['true', '1', 'on'].includes(single(remember) ?? '');
      const { authorizationUrl, browserSecret } = await this.google.start(rememberMe);
      res.cookie(GOOGLE_ATTEMPT_COOKIE, browserSecret, { ...this.attemptCookie, maxAge: GOOGLE_ATTEMPT_SECONDS * 1000 });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, authorizationUrl);
    } catch (err) {
      this.answer(res, this.failure(err, 'start'));
    }
  }

  @Get('callback')
  @ApiOperation({
    summary: "Google sign-in's redirect URI",
    description:
      `Checks state, exchanges the code, verifies the ID token; then sets the ${REFRESH_COOKIE} cookie as sign-in does ` +
      "and answers a page that tells the opener {type: 'footprint:google', ok, message?} and closes.",
  })
  @ApiOkResponse({ description: 'The popup page, telling the opener the sign-in succeeded.', ...HTML_PAGE })
  @ApiBadRequestResponse({ description: 'The popup page with the error: a stale or forged state, a refused consent, a code or ID token that does not verify.', ...HTML_PAGE })
  @ApiServiceUnavailableResponse({ description: 'The popup page with the error: Google sign-in is not configured, or the provider cannot be reached.', ...HTML_PAGE })
  @ApiProduces('text/html')
  async completeGoogleSignIn(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const browserSecret = single((req.cookies as Record<string, unknown> | undefined)?.[GOOGLE_ATTEMPT_COOKIE]);
    res.clearCookie(GOOGLE_ATTEMPT_COOKIE, this.attemptCookie);

    try {
      const { refresh, created } = await this.google.complete(
        { code: single(query.code), state: single(query.state), error: single(query.error) },
        browserSecret,
      );
      this.cookie.set(res, refresh);
      this.answer(res, { status: 200, result: { ok: true, created } });
    } catch (err) {
      this.answer(res, this.failure(err, 'callback'));
    }
  }

  @Get('popup.js')
  @ApiExcludeEndpoint()
  getGooglePopupScript(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('text/javascript').send(GOOGLE_POPUP_SCRIPT);
  }

  private failure(err: unknown, step: string): { status: number; result: GooglePopupResult } {
    if (err instanceof GoogleSignInError) {
      this.logger.warn(`google sign-in failed: step=${step} reason=${err.reason}`);
      const status = err.message === GOOGLE_MESSAGES.notConfigured || err.message === GOOGLE_MESSAGES.unavailable ? 503 : 400;
      return { status, result: { ok: false, message: err.message } };
    }
    this.logger.error(`google sign-in failed: step=${step} ${err instanceof Error ? err.name : 'error'}`);
    return { status: 500, result: { ok: false, message: 'Something went wrong. Please try again.' } };
  }

  private answer(res: Response, { status, result }: { status: number; result: GooglePopupResult }) {
    res.setHeader('Cache-Control', 'no-store');
    // The popup arrives here from the provider's site: any stricter policy would cut it off from
    // the page that opened it, and the result could not be told (the app's pages allow popups).
    res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
    res.status(status).type('html').send(googlePopupPage(result));
  }
}
