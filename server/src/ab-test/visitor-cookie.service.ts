import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';

export const VISITOR_COOKIE = 'fp_visitor';
/** Sent only to the A/B routes (API prefix 'api' + the controller's path). */
export const VISITOR_COOKIE_PATH = '/api/analytics/ab-test';
export const VISITOR_COOKIE_DAYS = 180;

const VALID = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * A random id for a visitor without an account, so their A/B variant stays the same across visits.
 * It says nothing about the person: 128 random bits, HttpOnly, SameSite=Lax, only on the A/B routes.
 */
@Injectable()
export class VisitorCookie {
  private readonly options: CookieOptions;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.options = {
      httpOnly: true,
      sameSite: 'lax',
      path: VISITOR_COOKIE_PATH,
      secure: config.publicUrl.startsWith('https://'),
      maxAge: VISITOR_COOKIE_DAYS * 24 * 3600_000,
    };
  }

  read(req: Request): string | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[VISITOR_COOKIE];
    return typeof value === 'string' && VALID.test(value) ? value : undefined;
  }

  /** Issues a new id and sets the cookie. */
  issue(res: Response): string {
    const id = randomBytes(16).toString('base64url');
    res.cookie(VISITOR_COOKIE, id, this.options);
    return id;
  }
}
