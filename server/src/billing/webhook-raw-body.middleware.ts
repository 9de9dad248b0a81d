import { PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** The Stripe webhook's path (API prefix included). */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';
/** Stripe's events are a few kilobytes; this leaves ample room without accepting anything. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

export type RequestWithRawBody = Request & { rawBody?: Buffer };

/**
 * Keeps the webhook's body as the exact bytes received: its signature covers them, and parsing
 * and re-serialising JSON would change them. Mounted on the webhook path only, before the global
 * JSON parser, which then finds the body consumed and leaves it alone; every other route keeps
 * that parser and its 100 KB cap.
 */
export function webhookRawBody(limitBytes = WEBHOOK_BODY_LIMIT_BYTES) {
  return (req: RequestWithRawBody, _res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    if (Number(req.headers['content-length'] ?? 0) > limitBytes) {
      req.resume(); // drop what is sent without keeping it
      return next(new PayloadTooLargeException());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      if (err) return next(err);
      req.rawBody = Buffer.concat(chunks, size);
      next();
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limitBytes) {
        chunks.length = 0;
        finish(new PayloadTooLargeException());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => finish());
    req.on('error', (err) => finish(err));
  };
}
