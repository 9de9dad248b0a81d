/**
 * The image routes' two upload readers side by side (image-upload.reader.ts): the fast path for a
 * plain form that arrived whole, and multer for every body. The fast path must answer exactly what
 * multer does whenever it answers at all.
 */
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { type ImageUploadFields, readArrivedUpload, readImageUpload } from '../../server/src/images/image-upload.reader';

/** A request as Node's HTTP server hands it to a route once the whole body has arrived with its headers. */
export function arrivedRequest(body: Uint8Array, contentType: string | undefined): IncomingMessage & ImageUploadFields {
  const req = new Readable({ read() {} }) as unknown as IncomingMessage & ImageUploadFields & Readable;
  const headers: Record<string, string> = { 'content-length': String(body.byteLength) };
  if (contentType !== undefined) headers['content-type'] = contentType;
  Object.assign(req, { headers, complete: true });
  if (body.byteLength) req.push(Buffer.from(body));
  req.push(null);
  return req;
}

/** A file as a reader handed it to the route, in a comparable form. */
const described = (file: NonNullable<ImageUploadFields['file']>) => ({
  fieldname: file.fieldname,
  originalname: file.originalname,
  encoding: file.encoding,
  mimetype: file.mimetype,
  size: file.size,
  bytes: Buffer.from(file.buffer).toString('hex'),
});

/**
 * How the two readers compare on one form: `fast` when the fast path read it (and multer agreed),
 * `multer` when the fast path left it to multer; a disagreement is described in `problem`.
 */
export async function compareUploadReaders(body: Uint8Array, contentType: string | undefined): Promise<{ reader: 'fast' | 'multer'; problem?: string }> {
  let fast: ImageUploadFields['file'];
  try {
    fast = readArrivedUpload(arrivedRequest(body, contentType));
  } catch (err) {
    return { reader: 'fast', problem: `the fast path threw ${String(err)}` };
  }
  const req = arrivedRequest(body, contentType);
  const multerError = await readImageUpload(req, {}).then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!fast) return { reader: 'multer' };
  if (multerError) return { reader: 'fast', problem: `multer refused what the fast path read: ${String(multerError)}` };
  if (!req.file) return { reader: 'fast', problem: 'multer found no file where the fast path read one' };
  const fields = Object.keys((req.body ?? {}) as object);
  if (fields.length) return { reader: 'fast', problem: `multer also read the fields ${fields.join(', ')}` };
  const [ours, theirs] = [JSON.stringify(described(fast)), JSON.stringify(described(req.file))];
  return ours === theirs ? { reader: 'fast' } : { reader: 'fast', problem: `fast path ${ours.slice(0, 300)} vs multer ${theirs.slice(0, 300)}` };
}
