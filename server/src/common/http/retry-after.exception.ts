import { HttpException } from '@nestjs/common';

/** An HTTP error that tells the client when to try again (AllExceptionsFilter writes `headers`). */
export class RetryAfterException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(
    message: string,
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(message, status);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** Swagger options for such an answer (spread into @ApiTooManyRequestsResponse and the like). */
export function retryAfterResponse(description: string) {
  return {
    description,
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } },
  } as const;
}
