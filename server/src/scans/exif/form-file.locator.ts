/**
 * Where an upload form's image probably is: the fast lane's prefetch (MetadataFastLane.prefetch)
 * starts the image's job on the raw multipart body while multer reads the same body. This is not
 * the form's parser: multer is. The lane uses the prefetched answer only when the bytes it worked
 * on are the very bytes multer hands the route; any other guess is worked again. A form this does
 * not read (a preamble before the first boundary, no such part) is simply no guess.
 */

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
/** RFC 2046: a boundary is 1 to 70 characters; with the leading "--", the first line is at most 72. */
const MAX_FIRST_LINE = 72;
/** The upload routes accept 12 parts (multer's limit); a guess looks no further. */
const MAX_PARTS = 12;
const DISPOSITION = /^content-disposition:[ \t]*form-data[ \t]*;(.*)$/im;

/** The body of the first file part of field `field` in a multipart/form-data body, or undefined. */
export function locateFormFile(form: Uint8Array, field: string): Uint8Array | undefined {
  const body = Buffer.from(form.buffer, form.byteOffset, form.byteLength);
  // The body opens with its first delimiter line: "--" and the boundary.
  const firstLineEnd = body.indexOf(CRLF);
  if (body[0] !== 0x2d || body[1] !== 0x2d || firstLineEnd < 3 || firstLineEnd > MAX_FIRST_LINE) return undefined;
  // Every later delimiter follows a line break: CRLF "--" boundary.
  const delimiter = Buffer.concat([CRLF, body.subarray(0, firstLineEnd)]);
  let partStart = firstLineEnd + CRLF.length;
  for (let part = 0; part < MAX_PARTS; part++) {
    const headersEnd = body.indexOf(HEADERS_END, partStart);
    if (headersEnd < 0) return undefined;
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = body.indexOf(delimiter, contentStart);
    if (contentEnd < 0) return undefined;
    if (isFileOf(body.toString('latin1', partStart, headersEnd), field)) return form.subarray(contentStart, contentEnd);
    // After a delimiter: CRLF and the next part, or "--" and the end of the form.
    const next = contentEnd + delimiter.length;
    if (body[next] !== 0x0d || body[next + 1] !== 0x0a) return undefined;
    partStart = next + CRLF.length;
  }
  return undefined;
}

/** Whether a part's headers name it a file (it has a file name) of form field `field`. */
function isFileOf(headers: string, field: string): boolean {
  const parameters = DISPOSITION.exec(headers)?.[1];
  if (parameters === undefined) return false;
  const name = /(?:^|;)[ \t]*name="([^"]*)"/i.exec(parameters)?.[1];
  return name === field && /(?:^|;)[ \t]*filename\*?=/i.test(parameters);
}
