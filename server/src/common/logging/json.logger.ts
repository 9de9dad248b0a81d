import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../config/app.config';
import { currentRequestId } from './request-context.middleware';

/**
 * One JSON logger for the process. Nothing personal goes in: request logs carry the path
 * without its query string and never headers or bodies (see request-logging.middleware.ts).
 */
export function createRootLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: 'footprint' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Belt and braces: should a caller ever pass these, they are not written.
    redact: {
      paths: ['email', 'password', 'token', '*.email', '*.password', '*.token', 'req.headers', 'headers'],
      remove: true,
    },
  });
}

/**
 * Routes Nest's log calls (bootstrap, exceptions, and every service's `new Logger(...)`) into the
 * JSON logger; a line written while a request is served carries that request's id, as the
 * request's own log line does.
 */
export class NestJsonLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info(fields({ context }), String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error(fields({ context, trace }), String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn(fields({ context }), String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug(fields({ context }), String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace(fields({ context }), String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal(fields({ context }), String(message));
  }
}

function fields<T extends object>(base: T): T & { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { ...base, requestId } : base;
}
