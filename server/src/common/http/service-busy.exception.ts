import { HttpStatus } from '@nestjs/common';
import { RetryAfterException, retryAfterResponse } from './retry-after.exception';

export const SERVICE_BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

/**
 * 503 with Retry-After: this instance cannot take the work now (a full queue, no free database
 * connection). Nothing was done, so the client may simply try again.
 */
export class ServiceBusyException extends RetryAfterException {
  constructor(retryAfterSeconds: number, message: string = SERVICE_BUSY_MESSAGE) {
    super(message, HttpStatus.SERVICE_UNAVAILABLE, retryAfterSeconds);
  }
}

/** Swagger options for a route's 503 answer (spread into @ApiServiceUnavailableResponse). */
export const SERVICE_BUSY_RESPONSE = retryAfterResponse(`The server is busy: '${SERVICE_BUSY_MESSAGE}' Nothing was done; try again after Retry-After.`);
