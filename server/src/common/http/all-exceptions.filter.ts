import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ServiceBusyException } from './service-busy.exception';
import { isDatabaseUnavailable, isOwnerGone } from '../database/database-errors.util';
import { requestIdOf } from '../logging/request-logging.middleware';
import { ErrorBodyDto } from './error-body.dto';

const GENERIC_MESSAGES: Record<number, string> = {
  [HttpStatus.NOT_FOUND]: 'Not found',
  [HttpStatus.METHOD_NOT_ALLOWED]: 'Method not allowed',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'Request too large',
};

/** The answer to a request without a (living) signed-in user; auth's messages use it too. */
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

/** Seconds a client is asked to wait when no database connection was free. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Turns every exception into ErrorBodyDto. No free database connection is a 503 with Retry-After
 * (the request did nothing; try again); other unexpected errors are logged and answered as 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(caught: unknown, host: ArgumentsHost) {
    let exception = caught;
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const requestId = requestIdOf(req);
    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let messages = ['Something went wrong on our side. Please try again.'];

    if (!(exception instanceof HttpException) && isDatabaseUnavailable(exception)) {
      this.logger.warn({ requestId, err: { type: (exception as Error).name, message: (exception as Error).message } }, 'no database connection: answered 503');
      exception = new ServiceBusyException(DATABASE_BUSY_RETRY_AFTER_SECONDS);
    } else if (!(exception instanceof HttpException) && isOwnerGone(exception)) {
      exception = new UnauthorizedException(SIGN_IN_REQUIRED_MESSAGE);
    }
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      messages = messagesOf(exception, status);
    } else {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error({ requestId, err: { type: err.name, message: err.message, stack: err.stack } }, 'unhandled error');
    }

    if (res.headersSent) return;
    // An exception may carry response headers of its own (Retry-After on a 429).
    const headers = (exception as { headers?: unknown } | undefined)?.headers;
    if (exception instanceof HttpException && headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') res.setHeader(name, value);
    }
    const body: ErrorBodyDto = { statusCode: status, error: messages[0], requestId };
    if (messages.length > 1) body.details = messages;
    res.status(status).json(body);
  }
}

function messagesOf(exception: HttpException, status: number): string[] {
  // The adapter maps body-parser failures to HttpExceptions whose text is the parser's own.
  const cause = exception.cause as { type?: unknown } | undefined;
  if (cause instanceof SyntaxError || cause?.type === 'entity.parse.failed') return ['The request body is not valid JSON'];
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) return [GENERIC_MESSAGES[status]];
  const response = exception.getResponse();
  // Nest's "Cannot GET /api/x" echoes the path: answer a plain message instead.
  if (status === HttpStatus.NOT_FOUND && exception.constructor.name === 'NotFoundException') {
    const raw = typeof response === 'object' ? (response as { message?: unknown }).message : response;
    if (typeof raw === 'string' && raw.startsWith('Cannot ')) return [GENERIC_MESSAGES[status]];
  }
  if (typeof response === 'string') return [response];
  const body = response as { message?: unknown; error?: unknown };
  const message = body.message ?? body.error;
  if (Array.isArray(message) && message.length > 0) return message.map(String);
  if (typeof message === 'string' && message) return [message];
  return [GENERIC_MESSAGES[status] ?? exception.message];
}
