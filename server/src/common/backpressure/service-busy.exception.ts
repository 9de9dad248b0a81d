import { HttpException, HttpStatus } from '@nestjs/common';

export const SERVICE_BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

/**
 * 503 with Retry-After: this instance cannot take the work now (a full queue, no free database
 * connection). Nothing was done, so the client may simply try again (AllExceptionsFilter writes
 * the exception's `headers`).
 */
export class ServiceBusyException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(
    readonly retryAfterSeconds: number,
    message: string = SERVICE_BUSY_MESSAGE,
  ) {
    super(message, HttpStatus.SERVICE_UNAVAILABLE);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** Swagger options for a route's 503 answer (spread into @ApiServiceUnavailableResponse). */
export const SERVICE_BUSY_RESPONSE = {
  description: `The server is busy: '${SERVICE_BUSY_MESSAGE}' Nothing was done; try again after Retry-After.`,
  headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
} as const;
