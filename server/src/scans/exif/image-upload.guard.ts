import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
// Nest's own upload helpers (what its FileInterceptor runs): its default limits, multer's errors as
// HTTP exceptions (413 for the size limit), and a request cut off if the answer goes out early.
import { applyDefaultLimits, runMulter } from '@nestjs/platform-express/multer/multer/multer.utils.js';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../browser-shared/metadata-strip/image-upload.rules';
import { MetadataWorkerPool } from './metadata-worker.pool';

/**
 * Multer with its default memory storage (no `dest`, no `storage`): uploads are never written to
 * disk. Multer stops reading at the size limit, so an oversized upload is not buffered whole.
 * Browsers send the file name as raw UTF-8 (no filename*); multer's default reads it as Latin-1
 * (café → cafÃ©).
 */
const readUpload = multer(
  applyDefaultLimits({
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 },
    defParamCharset: 'utf8',
    streamHandler: feedUpload,
  }),
).single('image');

/**
 * multer's stream handler: a body that has fully arrived (a small upload usually comes with its
 * headers) is handed to busboy in one piece; piping it took more time than parsing it. Any other
 * body is piped, as by default, and busboy's limits apply either way. Only a small body can have
 * arrived whole: Node stops reading the socket once the request's buffer is full.
 */
function feedUpload(req: IncomingMessage, busboy: Writable): void {
  if (bodyArrived(req)) busboy.end(req.read());
  else req.pipe(busboy);
}

/** The whole body is in the request's buffer and nothing has read from it yet. */
function bodyArrived(req: IncomingMessage): boolean {
  return req.complete && req.readableLength > 0 && req.readableFlowing === null;
}

/**
 * Reads the image upload into `req.file`, as Nest's FileInterceptor does, but as a guard: a route
 * with no interceptor skips Nest's RxJS pipeline, about a tenth of a small image's request (issue
 * 21). Its errors (413, 400) reach the route's exception filter like any guard's. A small upload
 * that has arrived gives the worker pool a heads-up first (MetadataWorkerPool.expect).
 */
@Injectable()
class ImageUploadGuard implements CanActivate {
  constructor(private readonly pool: MetadataWorkerPool) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (bodyArrived(req)) this.pool.expect(req.readableLength);
    await runMulter(readUpload, req, http.getResponse<Response>());
    return true;
  }
}

/**
 * The upload of an image route. Place it ABOVE @Authenticated(): guards run from the bottom
 * decorator up, so the body is read only for a signed-in caller.
 */
export const ImageUpload = () => UseGuards(ImageUploadGuard);
