import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
// Nest's own upload helpers (what its FileInterceptor runs): its default limits, and multer's errors
// as HTTP exceptions (413 for the size limit).
import { applyDefaultLimits, transformException } from '@nestjs/platform-express/multer/multer/multer.utils.js';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import multer from 'multer';
import { IMAGE_FORM_FIELD, MAX_IMAGE_BYTES } from '../../browser-shared/metadata-strip/image-upload.rules';
import type { AuthenticatedRequest } from '../../auth/current-user.decorator';
import type { UploadedImage } from './exif.service';
import { MetadataWorkerPool } from './metadata-worker.pool';
import type { WorkerJob } from './metadata-worker.protocol';

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
).single(IMAGE_FORM_FIELD);

/**
 * multer's stream handler: a body that has fully arrived (a small upload usually comes with its
 * headers) is handed to busboy in one piece; piping it took more time than parsing it. Any other
 * body is piped, as by default, and busboy's limits apply either way.
 */
function feedUpload(req: IncomingMessage, busboy: Writable): void {
  const form = arrivedForm(req);
  if (form) busboy.end(form);
  else req.pipe(busboy);
}

/**
 * Runs multer over the request; its errors become HTTP exceptions as in Nest's FileInterceptor.
 * Nest's runMulter also watches the response, to cut off an upload that an interceptor answered
 * early; these routes have no interceptor, and the watch cost about 0.015 ms a request (issue 21).
 */
function readImageUpload(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => readUpload(req, res, (err: unknown) => (err ? reject(transformException(err as Error)) : resolve())));
}

/** Bodies read whole by arrivedForm: the guard's prefetch and multer share the one read. */
const arrivedForms = new WeakMap<IncomingMessage, Buffer>();

/**
 * The whole body, when it has arrived and nothing else has read from it (read once, then
 * remembered). Only a small body can have arrived whole: Node stops reading the socket once the
 * request's buffer is full.
 */
function arrivedForm(req: IncomingMessage): Buffer | undefined {
  let form = arrivedForms.get(req);
  if (!form && req.complete && req.readableLength > 0 && req.readableFlowing === null) {
    form = req.read() as Buffer;
    arrivedForms.set(req, form);
  }
  return form;
}

/** Which job an image route does with its upload (set by @ImageUpload). */
const IMAGE_JOB = 'footprint:image-job';

/**
 * Reads the image upload into `req.file`, as Nest's FileInterceptor does, but as a guard: a route
 * with no interceptor skips Nest's RxJS pipeline, about a tenth of a small image's request (issue
 * 21). Its errors (413, 400) reach the route's exception filter like any guard's. An upload that
 * arrived whole is first handed to the worker pool's lane for its route's job (a prefetch, see
 * MetadataFastLane.prefetch): the worker finds the image and works while multer reads the form.
 */
@Injectable()
class ImageUploadGuard implements CanActivate {
  constructor(
    private readonly pool: MetadataWorkerPool,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const form = arrivedForm(req);
    if (form) this.pool.prefetch(this.reflector.get<WorkerJob['op']>(IMAGE_JOB, context.getHandler()), form);
    await readImageUpload(req, http.getResponse<Response>());
    return true;
  }
}

/** An image route's request: its caller (@Authenticated) and its upload (@ImageUpload), if any. */
export type ImageUploadRequest = AuthenticatedRequest & { file?: UploadedImage };

/**
 * The upload of an image route that does `job` with it. Place it ABOVE @Authenticated(): guards run
 * from the bottom decorator up, so the body is read only for a signed-in caller.
 */
export const ImageUpload = (job: WorkerJob['op']) => applyDecorators(SetMetadata(IMAGE_JOB, job), UseGuards(ImageUploadGuard));
