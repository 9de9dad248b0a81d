import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/current-user.decorator';
import { type ImageUploadFields, readArrivedUpload, readImageUpload } from './image-upload.reader';
import { MetadataWorkerPool } from './metadata-worker.pool';
import type { WorkerJob } from './metadata-worker.protocol';

/** Which job an image route does with its upload (set by @ImageUpload). */
const IMAGE_JOB = 'footprint:image-job';

/**
 * Reads the image upload into `req.file`, as Nest's FileInterceptor does, but as a guard: a route
 * with no interceptor skips Nest's RxJS pipeline, about a tenth of a small image's request (issue
 * 21). Its errors (413, 400) reach the route's exception filter like any guard's. A plain form that
 * arrived whole is read at once (readArrivedUpload), and its image handed straight to the worker
 * pool's lane for the route's job (a prefetch, see MetadataFastLane.prefetch), which works while the
 * request goes on to its handler; any other upload is read by multer.
 */
@Injectable()
class ImageUploadGuard implements CanActivate {
  constructor(
    private readonly pool: MetadataWorkerPool,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<ImageUploadRequest>();
    const file = readArrivedUpload(req);
    if (file) this.pool.prefetch(this.reflector.get<WorkerJob['op']>(IMAGE_JOB, context.getHandler()), file.buffer);
    else await readImageUpload(req, http.getResponse<Response>());
    return true;
  }
}

/** An image route's request: its caller (@Authenticated) and its upload (@ImageUpload), if any. */
export type ImageUploadRequest = AuthenticatedRequest & ImageUploadFields;

/**
 * The upload of an image route that does `job` with it. Place it ABOVE @Authenticated(): guards run
 * from the bottom decorator up, so the body is read only for a signed-in caller.
 */
export const ImageUpload = (job: WorkerJob['op']) => applyDecorators(SetMetadata(IMAGE_JOB, job), UseGuards(ImageUploadGuard));
