import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * Compresses dynamic responses (HTML, JSON, CSV, XML) with brotli or gzip as the browser accepts,
 * adding `Vary: Accept-Encoding`. Left alone: server-sent event streams (each event must reach the
 * browser as it is written, not when a compressor's buffer fills), formats that are compressed
 * already (images, PDF: not "compressible" in mime-db), responses that carry a Content-Encoding
 * (the build's .br and .gz files) and `Cache-Control: no-transform`.
 */
export function responseCompression() {
  // Small threshold: even a short page (index.html is about a kilobyte) is worth compressing.
  return compression({ filter: shouldCompress, threshold: 256 });
}

export function shouldCompress(req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (type.toLowerCase().startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}
