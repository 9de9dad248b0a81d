import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../common/logging/request-logging.middleware';
import { EXIF_MESSAGES, ExifErrorBodyDto } from './exif.dto';

/**
 * The image routes' error answers: the global error body (AllExceptionsFilter's `statusCode`,
 * `error`, `requestId`) plus the spec's `success: false` and `analysis: null`. Both shapes share
 * `error`, the message to show, so the widget (spec: "its error text or 'Analysis failed'") and
 * API clients read the same field. Upload size errors get the spec's message instead of the
 * generic 'Request too large', and a file in another form field the missing image's, naming the
 * field to use.
 */
@Catch()
export class ExifErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger(ExifErrorsFilter.name);

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let message = 'Something went wrong on our side. Please try again.';
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = status === HttpStatus.PAYLOAD_TOO_LARGE ? EXIF_MESSAGES.tooLarge : isFileInOtherField(exception) ? EXIF_MESSAGES.noFile : messageOf(exception);
      const headers = (exception as { headers?: unknown }).headers;
      if (headers && typeof headers === 'object' && !res.headersSent) {
        for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') res.setHeader(name, value);
      }
    } else {
      const err = exception instanceof Error ? exception : new Error(String(exception));
      this.logger.error(`unhandled error in the image check: ${err.name}: ${err.message}`, err.stack);
    }
    if (res.headersSent) return;
    const body: ExifErrorBodyDto = { success: false, statusCode: status, error: message, requestId: requestIdOf(req), analysis: null };
    res.status(status).json(body);
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message) && message.length > 0) return String(message[0]);
  if (typeof message === 'string' && message) return message;
  return exception.message;
}

/** Multer's refusal of a file in a field other than `image` (Nest keeps multer's error as the cause). */
function isFileInOtherField(exception: HttpException): boolean {
  return (exception.cause as { code?: unknown } | undefined)?.code === 'LIMIT_UNEXPECTED_FILE';
}
