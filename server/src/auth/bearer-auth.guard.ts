import {
  applyDecorators,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { API_TOKEN_PREFIX, ApiTokensService } from './api-tokens.service';
import { API_TOKEN_MESSAGES } from './api-token.dto';
import { AUTH_MESSAGES } from './auth.dto';
import { AuthenticatedRequest, AuthenticatedUser } from './current-user.decorator';

const SESSION_ONLY = 'footprint:session-only';
/** What a read-only API token may do. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Accepts `Authorization: Bearer <credential>` where the credential is either an access token
 * (a JWT, checked by passport-jwt) or a personal API token (`fp_…`, looked up by its hash).
 * Routes marked session-only refuse API tokens (403); a read-only API token is refused on anything
 * but GET and HEAD (403); an expired API token is refused with its own message (401).
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiTokens: ApiTokensService,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const credential = bearerCredential(req.headers.authorization);
    if (credential?.startsWith(API_TOKEN_PREFIX)) {
      const checked = await this.apiTokens.authenticate(credential);
      if (checked === 'expired') throw new UnauthorizedException(API_TOKEN_MESSAGES.expired);
      if (!checked) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
      const sessionOnly = this.reflector.getAllAndOverride<boolean>(SESSION_ONLY, [context.getHandler(), context.getClass()]);
      if (sessionOnly) throw new ForbiddenException(AUTH_MESSAGES.sessionOnly);
      if (checked.user.readOnly && !READ_METHODS.has(req.method)) throw new ForbiddenException(API_TOKEN_MESSAGES.readOnly);
      req.user = checked.user;
      return true;
    }
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: unknown): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.signInRequired);
    return user as TUser;
  }
}

function bearerCredential(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Requires a signed-in user (access token or API token) and documents the bearer scheme.
 * `sessionOnly`: account-management routes that a leaked API token must not reach.
 */
export function Authenticated(options: { sessionOnly?: boolean } = {}) {
  return applyDecorators(
    SetMetadata(SESSION_ONLY, options.sessionOnly === true),
    UseGuards(BearerAuthGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'No valid access token or API token, or an expired API token.' }),
    ...(options.sessionOnly
      ? [ApiForbiddenResponse({ type: ErrorBodyDto, description: 'Called with an API token: this route needs a signed-in session.' })]
      : []),
  );
}

/**
 * Like BearerAuthGuard, but a request without an Authorization header passes as a visitor
 * (req.user unset). A credential that is present must be valid: 401 lets a client refresh.
 */
@Injectable()
export class OptionalBearerAuthGuard extends BearerAuthGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (req.headers.authorization === undefined) return true;
    return super.canActivate(context);
  }
}

/** Open to visitors; a signed-in caller (access token or API token) is recognised. Read with @OptionalUser(). */
export function OptionallyAuthenticated() {
  return applyDecorators(
    UseGuards(OptionalBearerAuthGuard),
    ApiBearerAuth(),
    // An empty requirement beside the bearer scheme: callers without credentials are welcome too.
    ApiSecurity({}),
    ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'An Authorization header was sent but its token is not valid.' }),
  );
}
