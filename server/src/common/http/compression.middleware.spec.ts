import type { Request, Response } from 'express';
import { shouldCompress } from './compression.middleware';

function exchange(contentType: string): [Request, Response] {
  const headers: Record<string, string> = { 'content-type': contentType };
  const res = { getHeader: (name: string) => headers[name.toLowerCase()] } as unknown as Response;
  return [{ headers: { 'accept-encoding': 'br, gzip' } } as Request, res];
}

describe('shouldCompress', () => {
  it.each(['text/html; charset=utf-8', 'application/json; charset=utf-8', 'text/csv; charset=utf-8', 'application/xml', 'text/plain'])(
    'compresses %s',
    (type) => {
      expect(shouldCompress(...exchange(type))).toBe(true);
    },
  );

  it.each(['text/event-stream; charset=utf-8', 'image/jpeg', 'image/png', 'image/webp', 'application/pdf'])('leaves %s alone', (type) => {
    expect(shouldCompress(...exchange(type))).toBe(false);
  });
});
