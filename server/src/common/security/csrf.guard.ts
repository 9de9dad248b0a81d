import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';

export const CSRF_HEADER = 'X-Footprint-CSRF';
export const CSRF_MESSAGE = 'This request was blocked because it may have come from another site.';

/**
 * For routes a cookie authenticates: the request must carry `X-Footprint-CSRF: 1` (a custom header
 * a cross-site form or a simple request cannot send) and, when the browser says where it comes
 * from (Origin), come from PUBLIC_URL's origin or from the request's own origin: the scheme and
 * Host the server sees (Express's req.protocol and req.host, which believe X-Forwarded-Proto and
 * X-Forwarded-Host only from proxies TRUST_PROXY trusts). So the app keeps its session when opened
 * at another address of the same server (http://127.0.0.1:3000, a LAN address) while a page of
 * another site is still refused: its Origin names that site, not the Host it sent the request to.
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
    if (header !== '1' || (origin !== undefined && origin !== this.origin && origin !== ownOrigin(req))) {
      throw new ForbiddenException(CSRF_MESSAGE);
    }
    return true;
  }
}

/** The origin this request was addressed to, as the server sees it; undefined when it cannot tell. */
export function ownOrigin(req: Pick<Request, 'protocol' | 'host'>): string | undefined {
  const { protocol, host } = req;
  // A Host with a path, credentials or spaces is not a host.
  if (!protocol || !host || /[/\\?#@\s]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
