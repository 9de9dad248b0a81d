import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

export const CSRF_HEADER = 'X-Footprint-CSRF';
export const CSRF_MESSAGE = 'This request was blocked because it may have come from another site.';

/**
 * For routes a cookie authenticates: the request must carry `X-Footprint-CSRF: 1` (a custom header
 * a cross-site form or a simple request cannot send) and, when the browser says where it comes
 * from (Origin), come from PUBLIC_URL's origin.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly origin: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.origin = new URL(config.publicUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const header = req.headers[CSRF_HEADER.toLowerCase()];
    const origin = req.headers.origin;
    if (header !== '1' || (origin !== undefined && origin !== this.origin)) throw new ForbiddenException(CSRF_MESSAGE);
    return true;
  }
}
