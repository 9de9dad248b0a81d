import { CanActivate, ExecutionContext, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';

export const OPERATOR_TOKEN_MESSAGE = 'A valid operator token is required.';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Operators' routes: `Authorization: Bearer <OPERATOR_TOKEN>`, compared in constant time (hashes
 * of equal length, so neither the content nor the length leaks). Without OPERATOR_TOKEN the routes
 * do not exist (404).
 */
@Injectable()
export class OperatorTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = config.operatorToken ? digest(config.operatorToken) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) throw new NotFoundException();
    const header = context.switchToHttp().getRequest<Request>().headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]), this.expected)) throw new UnauthorizedException(OPERATOR_TOKEN_MESSAGE);
    return true;
  }
}
