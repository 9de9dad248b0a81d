/**
 * How an image route reads its upload (ImageUpload, image-upload.guard.ts): at once, when the whole
 * body has arrived and is the plain one-file form (readArrivedUpload, whole-form.reader.ts); else
 * with multer (readImageUpload). Either way the route gets multer's `req.file` and `req.body`.
 */
import { BadRequestException } from '@nestjs/common';
// Nest's own upload helpers (what its FileInterceptor runs): its default limits, and multer's errors
// as HTTP exceptions (413 for the size limit).
import { applyDefaultLimits, transformException } from '@nestjs/platform-express/multer/multer/multer.utils.js';
import type { IncomingMessage } from 'node:http';
import type { Writable } from 'node:stream';
import multer from 'multer';
import { IMAGE_FORM_FIELD, MAX_IMAGE_BYTES } from '../browser-shared/metadata-strip/image-upload.rules';
import { EXIF_MESSAGES } from './exif.dto';
import { type FormFile, readWholeForm } from './whole-form.reader';

/** An image route's request once its upload is read: the file as multer's memory storage hands it. */
export type ImageUploadFields = { file?: FormFile; body?: unknown };

/**
 * Multer with its default memory storage (no `dest`, no `storage`): uploads are never written to
 * disk. Multer stops reading at the size limit, so an oversized upload is not buffered whole.
 * Browsers send the file name as raw UTF-8 (no filename*); multer's default reads it as Latin-1
 * (café → cafÃ©).
 */
const multerUpload = multer(
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

/** Bodies read whole by arrivedForm: the fast path and multer share the one read. */
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

/**
 * The fast path: when the whole body has arrived and is the plain one-file form (whole-form.reader.ts),
 * reads it into `req.file` and `req.body` as multer would, and answers the file; otherwise undefined,
 * and the upload is for readImageUpload.
 */
export function readArrivedUpload(req: IncomingMessage & ImageUploadFields): FormFile | undefined {
  const form = arrivedForm(req);
  const file = form && readWholeForm(form, req.headers['content-type'], IMAGE_FORM_FIELD, MAX_IMAGE_BYTES);
  if (!file) return undefined;
  req.body = Object.create(null);
  req.file = file;
  return file;
}

/**
 * Runs multer over the request; its errors become HTTP exceptions as in Nest's FileInterceptor.
 * Nest's runMulter also watches the response, to cut off an upload that an interceptor answered
 * early; the image routes have no interceptor, and the watch cost about 0.015 ms a request (issue 21).
 */
export function readImageUpload(req: IncomingMessage & ImageUploadFields, res: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    multerUpload(req as Parameters<typeof multerUpload>[0], res as Parameters<typeof multerUpload>[1], (err: unknown) => (err ? reject(uploadError(err as Error)) : resolve())),
  );
}

/** Multer's error as the route answers it: a file in another field means the image is missing, and the message names the field to use. */
function uploadError(err: Error): Error {
  if (err instanceof multer.MulterError && err.code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException(EXIF_MESSAGES.noFile);
  return transformException(err) as Error;
}
