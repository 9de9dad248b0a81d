import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { SIGNED_IN_HINT_COOKIE } from '../browser-shared/signed-in-hint.util';
import { PERSISTENT_SESSION_SECONDS, RefreshGrant } from './session.service';

export const REFRESH_COOKIE = 'fp_refresh';
/** Sent only to the auth routes (API_PREFIX 'api' + the auth controllers' path). */
export const REFRESH_COOKIE_PATH = '/api/auth';

/**
 * The refresh token's cookie: HttpOnly (no script reads it), SameSite=Strict, only on /api/auth,
 * Secure when PUBLIC_URL is https. Persistent sessions get Max-Age; others end with the browser.
 * The page-readable signed-in hint (browser-shared/signed-in-hint.util.ts) is set and cleared with it.
 */
@Injectable()
export class RefreshCookie {
  private readonly options: CookieOptions;
  private readonly hintOptions: CookieOptions;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.options = {
      httpOnly: true,
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      secure: config.publicUrl.startsWith('https://'),
    };
    this.hintOptions = { ...this.options, httpOnly: false, path: '/' };
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  set(res: Response, grant: RefreshGrant): void {
    const lifetime = grant.persistent ? { maxAge: PERSISTENT_SESSION_SECONDS * 1000 } : {};
    res.cookie(REFRESH_COOKIE, grant.token, { ...this.options, ...lifetime });
    res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...this.hintOptions, ...lifetime });
  }

  clear(res: Response): void {
    res.clearCookie(REFRESH_COOKIE, this.options);
    res.clearCookie(SIGNED_IN_HINT_COOKIE, this.hintOptions);
  }
}
