import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { rateLimitHeaders, reportRateLimit } from './rate-limit-headers.util';

/** A response that records its headers, and a request through the middleware running `work`. */
function within(work: () => void, headersSent = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { headersSent, setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as ServerResponse;
  rateLimitHeaders()({} as Request, res as Response, work as NextFunction);
  return headers;
}

describe('RateLimit-* headers', () => {
  it('describe the limit reported, rounding the reset up to whole seconds', () => {
    expect(within(() => reportRateLimit(10, 7, 12.2))).toEqual({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '7', 'RateLimit-Reset': '13' });
  });

  it('keep the limit with the fewest requests left, and on a tie the one that resets later', () => {
    expect(
      within(() => {
        reportRateLimit(20, 15, 100);
        reportRateLimit(10, 3, 50);
        reportRateLimit(5, 4, 900);
      }),
    ).toEqual({ 'RateLimit-Limit': '10', 'RateLimit-Remaining': '3', 'RateLimit-Reset': '50' });
    expect(
      within(() => {
        reportRateLimit(20, 3, 100);
        reportRateLimit(10, 3, 400);
      }),
    ).toMatchObject({ 'RateLimit-Limit': '10', 'RateLimit-Reset': '400' });
  });

  it('never say fewer than 0 remaining (a refused request counts past the limit)', () => {
    expect(within(() => reportRateLimit(3, -2, 1))).toMatchObject({ 'RateLimit-Remaining': '0' });
  });

  it('do nothing outside a request or once the headers are sent', () => {
    expect(() => reportRateLimit(1, 0, 1)).not.toThrow();
    expect(within(() => reportRateLimit(1, 0, 1), true)).toEqual({});
  });

  it('keep concurrent requests apart', async () => {
    const a: Record<string, string> = {};
    const b: Record<string, string> = {};
    const run = (headers: Record<string, string>, remaining: number) =>
      new Promise<void>((done) => {
        const res = { headersSent: false, setHeader: (n: string, v: string) => (headers[n] = v) } as unknown as Response;
        rateLimitHeaders()({} as Request, res, (() => {
          setImmediate(() => {
            reportRateLimit(10, remaining, 5);
            done();
          });
        }) as NextFunction);
      });
    await Promise.all([run(a, 9), run(b, 1)]);
    expect(a['RateLimit-Remaining']).toBe('9');
    expect(b['RateLimit-Remaining']).toBe('1');
  });
});
