/**
 * The plainest upload form, read at once: the image routes' fast path for a small body that has
 * arrived whole (image-upload.reader.ts). Multer (busboy's streams and events) took about 0.1 ms of
 * a small image's request on the 2-core test machine, a fifth of it (issue 21). This reads the one
 * shape that browsers, curl, undici's FormData and Python's requests send for a single file, and
 * declines everything else (undefined); multer then reads the body as before. On every form it
 * accepts it answers what multer does: whole-form.reader.spec.ts and the fuzz run give both the same
 * forms, hand-made and mutated, and compare.
 *
 * Accepted: a request Content-Type `multipart/form-data; boundary=B`; no preamble; one part, whose
 * headers are a Content-Disposition `form-data; name="<field>"; filename="<name>"` (either order)
 * and a Content-Type `type/subtype`; then the closing delimiter and at most a line break. The file
 * name is read as UTF-8 (multer's defParamCharset here), and must not be what busboy or multer
 * would rewrite: a path (busboy keeps the last segment), "." or "..", or a percent sign (multer
 * decodes %0A, %0D and %22).
 */

/** What multer's memory storage hands a route for the file. */
export interface FormFile {
  fieldname: string;
  originalname: string;
  encoding: string;
  mimetype: string;
  /** A view into the form: no copy. */
  buffer: Buffer;
  size: number;
}

/**
 * RFC 2046 boundary characters: plain, only those that are also HTTP token characters; quoted, any
 * but a space (which busboy and the RFC treat specially at the end).
 */
const CONTENT_TYPE = /^multipart\/form-data;[ \t]*boundary=(?:"([0-9A-Za-z'()+_,\-./:=?]{1,70})"|([0-9A-Za-z'+_\-.]{1,70}))$/i;
/** A header line: a name, a colon, optional white space, and a value of visible characters (obs-text too). */
// eslint-disable-next-line no-control-regex
const HEADER_LINE = /^([A-Za-z0-9-]+):[ \t]*([^\x00-\x1f\x7f]*)$/;
/** The disposition's type; its parameters follow, each `; name="value"` with no escapes. */
const DISPOSITION_TYPE = /^form-data(?=;)/i;
const DISPOSITION_PARAMETER = /;[ \t]*([A-Za-z]+)="([^"\\]*)"/y;
const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;
/** A browser's part headers take about 150 bytes; a longer block is left to multer. */
const MAX_HEADER_BLOCK = 1024;

/** The single file of `field` in a whole multipart body, when the form is the plain shape above; else undefined. */
export function readWholeForm(form: Buffer, contentType: string | undefined, field: string, maxFileBytes: number): FormFile | undefined {
  const boundary = contentType === undefined ? undefined : CONTENT_TYPE.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  // No preamble: the body opens with the first delimiter line.
  const headersStart = delimiter.length + 2;
  if (form.toString('latin1', 0, headersStart) !== `${delimiter}\r\n`) return undefined;
  const headersEnd = form.indexOf('\r\n\r\n', headersStart, 'latin1');
  if (headersEnd < 0 || headersEnd - headersStart > MAX_HEADER_BLOCK) return undefined;
  const part = partHeaders(form.toString('latin1', headersStart, headersEnd), field);
  if (!part) return undefined;

  const contentStart = headersEnd + 4;
  const contentEnd = form.indexOf(`\r\n${delimiter}`, contentStart, 'latin1');
  if (contentEnd < 0 || contentEnd - contentStart > maxFileBytes) return undefined;
  // The first delimiter after the content must close the form: "--", then at most a line break.
  const epilogue = form.toString('latin1', contentEnd + 2 + delimiter.length);
  if (epilogue !== '--' && epilogue !== '--\r\n') return undefined;
  const buffer = form.subarray(contentStart, contentEnd);
  return { fieldname: field, originalname: part.fileName, encoding: '7bit', mimetype: part.mimetype, buffer, size: buffer.length };
}

/** The part's file name and media type, when its headers are exactly a file disposition of `field` and a Content-Type. */
function partHeaders(block: string, field: string): { fileName: string; mimetype: string } | undefined {
  let disposition: string | undefined;
  let mediaType: string | undefined;
  for (const line of block.split('\r\n')) {
    const header = HEADER_LINE.exec(line);
    // A value with trailing white space is left to multer, as is any other header.
    if (!header || header[2] !== header[2].trimEnd()) return undefined;
    const name = header[1].toLowerCase();
    if (name === 'content-disposition' && disposition === undefined) disposition = header[2];
    else if (name === 'content-type' && mediaType === undefined) mediaType = header[2];
    else return undefined;
  }
  if (disposition === undefined || mediaType === undefined || !MEDIA_TYPE.test(mediaType)) return undefined;
  const parameters = dispositionParameters(disposition);
  if (!parameters || parameters.name !== field || parameters.filename === undefined) return undefined;
  // Header bytes were read as Latin-1; the name's bytes are UTF-8, as browsers send them.
  const fileName = Buffer.from(parameters.filename, 'latin1').toString('utf8');
  if (fileName === '' || fileName === '.' || fileName === '..' || /[/\\%]/.test(fileName)) return undefined;
  return { fileName, mimetype: mediaType.toLowerCase() };
}

/** `form-data` and its name and filename parameters, each at most once and nothing else; undefined otherwise. */
function dispositionParameters(value: string): { name?: string; filename?: string } | undefined {
  const type = DISPOSITION_TYPE.exec(value);
  if (!type) return undefined;
  const parameters: { name?: string; filename?: string } = {};
  DISPOSITION_PARAMETER.lastIndex = type[0].length;
  while (DISPOSITION_PARAMETER.lastIndex < value.length) {
    const parameter = DISPOSITION_PARAMETER.exec(value);
    if (!parameter) return undefined;
    const key = parameter[1].toLowerCase();
    if ((key !== 'name' && key !== 'filename') || parameters[key] !== undefined) return undefined;
    parameters[key] = parameter[2];
  }
  return parameters;
}
