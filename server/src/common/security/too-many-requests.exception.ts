import { HttpStatus } from '@nestjs/common';
import { RetryAfterException, retryAfterResponse } from '../http/retry-after.exception';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

/** 429 with a Retry-After header. */
export class TooManyRequestsException extends RetryAfterException {
  constructor(retryAfterSeconds: number, message: string = TOO_MANY_ATTEMPTS_MESSAGE) {
    super(message, HttpStatus.TOO_MANY_REQUESTS, retryAfterSeconds);
  }
}

/** Swagger options for a route's 429 answer (spread into @ApiTooManyRequestsResponse). */
export const TOO_MANY_REQUESTS_RESPONSE = retryAfterResponse(`Too many attempts: '${TOO_MANY_ATTEMPTS_MESSAGE}'`);
