import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who made a request, as BearerAuthGuard established it. */
export interface AuthenticatedUser {
  userId: string;
  /** 'session': an access token from sign-in; 'api-token': a personal API token. */
  method: 'session' | 'api-token';
  /** A read-only API token: the guard lets it make GET (and HEAD) requests only. */
  readOnly?: boolean;
}

export type AuthenticatedRequest = Request & { user?: AuthenticatedUser };

/** The AuthenticatedUser of a route guarded by @Authenticated(). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser =>
  authenticatedUser(context.switchToHttp().getRequest<AuthenticatedRequest>()),
);

/** What @CurrentUser() reads, for a route that takes the request itself. */
export function authenticatedUser(req: AuthenticatedRequest): AuthenticatedUser {
  if (!req.user) throw new Error('CurrentUser used on a route without @Authenticated()');
  return req.user;
}

/** The client's address (Express's req.ip, which honours the 'trust proxy' setting). */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const req = context.switchToHttp().getRequest<Request>();
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
});

/** The caller of a route marked @OptionallyAuthenticated(): the user, or undefined for a visitor. */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser | undefined => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user;
});
