import { Logger as NestLogger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { NestJsonLogger } from './json.logger';
import { currentRequestId, requestContext } from './request-context.middleware';

function captured() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe('request ids in service logs', () => {
  it("gives a service's log line the id of the request it was written for, and none outside a request", async () => {
    const { logger, lines } = captured();
    const nest = new NestJsonLogger(logger);
    const service = new NestLogger('SomeService');
    NestLogger.overrideLogger(nest);
    try {
      service.log('at start-up');
      const req = { id: 'req-0123456789' } as unknown as IncomingMessage;
      await new Promise<void>((resolve) =>
        requestContext()(req, {} as ServerResponse, () => {
          // Later, in another turn of the event loop, as a service's awaited work would be.
          setImmediate(() => {
            service.warn('while serving');
            expect(currentRequestId()).toBe('req-0123456789');
            resolve();
          });
        }),
      );
      service.error('after it', 'trace');
    } finally {
      NestLogger.overrideLogger(false);
    }
    const byMessage = Object.fromEntries(lines.map((l) => [l.msg, l]));
    expect(byMessage['at start-up']).not.toHaveProperty('requestId');
    expect(byMessage['while serving']).toMatchObject({ requestId: 'req-0123456789', context: 'SomeService' });
    expect(byMessage['after it']).not.toHaveProperty('requestId');
  });
});
