import { CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
// Nest's own upload helpers (what its FileInterceptor runs): its default limits, multer's errors as
// HTTP exceptions (413 for the size limit), and a request cut off if the answer goes out early.
import { applyDefaultLimits, runMulter } from '@nestjs/platform-express/multer/multer/multer.utils.js';
import type { Request, Response } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES } from '../../browser-shared/metadata-strip/image-upload.rules';

/**
 * Multer with its default memory storage (no `dest`, no `storage`): uploads are never written to
 * disk. Multer stops reading at the size limit, so an oversized upload is not buffered whole.
 * Browsers send the file name as raw UTF-8 (no filename*); multer's default reads it as Latin-1
 * (café → cafÃ©).
 */
const readUpload = multer(
  applyDefaultLimits({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 }, defParamCharset: 'utf8' }),
).single('image');

/**
 * Reads the image upload into `req.file`, as Nest's FileInterceptor does, but as a guard: a route
 * with no interceptor skips Nest's RxJS pipeline, about a tenth of a small image's request (issue
 * 21). Its errors (413, 400) reach the route's exception filter like any guard's.
 */
@Injectable()
class ImageUploadGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    await runMulter(readUpload, http.getRequest<Request>(), http.getResponse<Response>());
    return true;
  }
}

/**
 * The upload of an image route. Place it ABOVE @Authenticated(): guards run from the bottom
 * decorator up, so the body is read only for a signed-in caller.
 */
export const ImageUpload = () => UseGuards(ImageUploadGuard);
