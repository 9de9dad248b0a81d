import { ArgumentsHost, BadRequestException } from '@nestjs/common';
import type { Logger } from 'pino';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter, SIGN_IN_REQUIRED_MESSAGE } from './all-exceptions.filter';

/** A host whose response records what the filter answered. */
function answer(caught: unknown) {
  const logged: string[] = [];
  const logger = { warn: (_o: unknown, m: string) => logged.push(m), error: (_o: unknown, m: string) => logged.push(m) } as unknown as Logger;
  const sent: { status?: number; body?: { statusCode: number; error: string } } = {};
  const res = {
    headersSent: false,
    setHeader: () => undefined,
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: { statusCode: number; error: string }) {
      sent.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getRequest: () => ({ headers: {} }), getResponse: () => res }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter(logger).catch(caught, host);
  return { ...sent, logged };
}

function foreignKeyViolation(constraint: string): QueryFailedError {
  return new QueryFailedError('INSERT INTO "scans" …', [], Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503', constraint }));
}

describe('AllExceptionsFilter', () => {
  it("answers 401 when the row's owner is gone (an account deleted while its access check was cached elsewhere)", () => {
    const sent = answer(foreignKeyViolation('FK_scans_user_id'));
    expect(sent.status).toBe(401);
    expect(sent.body?.error).toBe(SIGN_IN_REQUIRED_MESSAGE);
    expect(sent.logged).toEqual([]);
  });

  it('keeps other foreign-key violations server errors, logged', () => {
    const sent = answer(foreignKeyViolation('FK_monitor_runs_monitor_id'));
    expect(sent.status).toBe(500);
    expect(sent.logged).toEqual(['unhandled error']);
  });

  it('answers HTTP exceptions with their own status and message', () => {
    const sent = answer(new BadRequestException('Invalid email format'));
    expect(sent).toMatchObject({ status: 400, body: { statusCode: 400, error: 'Invalid email format' } });
  });
});
