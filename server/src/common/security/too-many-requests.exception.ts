import { HttpException, HttpStatus } from '@nestjs/common';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

/** 429 with a Retry-After header (AllExceptionsFilter writes the exception's `headers`). */
export class TooManyRequestsException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(
    readonly retryAfterSeconds: number,
    message: string = TOO_MANY_ATTEMPTS_MESSAGE,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** Swagger options for a route's 429 answer (spread into @ApiTooManyRequestsResponse). */
export const TOO_MANY_REQUESTS_RESPONSE = {
  description: `Too many attempts: '${TOO_MANY_ATTEMPTS_MESSAGE}'`,
  headers: { 'Retry-After': { description: 'Seconds until another attempt is allowed.', schema: { type: 'integer' } } },
} as const;
