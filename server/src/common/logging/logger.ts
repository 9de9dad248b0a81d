import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../config/app-config';

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

/** Routes Nest's own log calls (bootstrap, exceptions) into the JSON logger. */
export class NestJsonLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
