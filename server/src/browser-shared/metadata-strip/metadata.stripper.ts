/**
 * The lossless metadata stripper (pixels never re-encoded; docs/IMAGE-CHECK.md): the same code runs in the browser (the
 * widget's 'Strip Metadata', so the photo is not sent twice) and on the server (the strip route).
 * Image data is copied byte for byte; only metadata containers are dropped. See each format's file
 * for exactly what is kept.
 */
import { ByteSink, MalformedImageError } from './bytes.util';
import { JpegHeader, readJpegHeader } from './jpeg-segments.reader';
import type { GifLayout } from './gif-blocks.reader';
import { stripGif } from './gif.stripper';
import type { HeifFile } from './heif-structure.reader';
import { checkHeifStrip, stripHeif } from './heif.stripper';
import { detectImageType, ImageType, IMAGE_UPLOAD_MESSAGES, unsupportedTypeMessage } from './image-upload.rules';
import { stripJpeg } from './jpeg.stripper';
import { checkPngStrip, stripPng } from './png.stripper';
import { checkTiffStrip, stripTiff } from './tiff.stripper';
import { stripWebp } from './webp.stripper';

export { MalformedImageError } from './bytes.util';

export interface StripResult {
  type: ImageType;
  bytes: Uint8Array;
  /** What was removed, for display and logs ("APP1 Exif", "tEXt", "tag 306"...). */
  removed: string[];
}

export class UnsupportedImageError extends Error {
  constructor(message: string = IMAGE_UPLOAD_MESSAGES.unsupportedType) {
    super(message);
    this.name = 'UnsupportedImageError';
  }
}

/**
 * A copy of the image without its metadata. Throws UnsupportedImageError for other file types and
 * MalformedImageError for a damaged file (nothing is guessed: a file we cannot walk is refused).
 */
export function stripMetadata(input: Uint8Array): StripResult {
  const type = detectImageType(input);
  if (!type) throw new UnsupportedImageError(unsupportedTypeMessage(input));
  try {
    const { out, report } = STRIPPERS[type](input);
    // The strippers only collect views of the input: this is the one copy.
    return { type, bytes: out.bytes(), removed: report.removed };
  } catch (err) {
    throw damaged(err);
  }
}

/** A RangeError from a DataView read past the end is a damaged file too. */
function damaged(err: unknown): unknown {
  if (err instanceof RangeError) return new MalformedImageError('The image file is damaged');
  return err;
}

/**
 * The structure of a file as a reader already walked it, during one check of that file: the strip
 * check takes it from there rather than walking the file again. Never kept beyond that check.
 */
export interface WalkedStructure {
  jpeg?: JpegHeader;
  gif?: GifLayout;
  heif?: HeifFile;
}

/**
 * Why `stripMetadata` would refuse this file, or undefined when it can make a clean copy: the
 * same walk and checks, without the copy (JPEG: its header only, as nothing after the first scan
 * can make the strip refuse; HEIF: the plan and its data's places, not the rebuilt boxes; TIFF:
 * the plan of the pages kept, not the rewritten directories; PNG: the chunk walk, not the
 * pieces; JPEG, GIF and HEIF: from the header, blocks or boxes in `walked`, when a reader of
 * these same bytes walked them). The image check reports it, so that what it finds and what the strip can remove
 * never disagree without saying so.
 */
export function stripProblem(input: Uint8Array, walked: WalkedStructure = {}): string | undefined {
  const type = detectImageType(input);
  if (!type) return unsupportedTypeMessage(input);
  try {
    if (type === 'jpeg') {
      if (!walked.jpeg) readJpegHeader(input);
    } else if (type === 'heic' || type === 'heif' || type === 'avif') checkHeifStrip(input, walked.heif);
    else if (type === 'gif') stripGif(input, walked.gif);
    else if (type === 'tiff') checkTiffStrip(input);
    else if (type === 'png') checkPngStrip(input);
    else STRIPPERS[type](input);
    return undefined;
  } catch (err) {
    const e = damaged(err);
    if (e instanceof MalformedImageError) return e.message;
    throw e;
  }
}

const STRIPPERS: Record<ImageType, (bytes: Uint8Array) => { out: ByteSink; report: { removed: string[] } }> = {
  jpeg: stripJpeg,
  png: stripPng,
  tiff: stripTiff,
  webp: stripWebp,
  heic: stripHeif,
  heif: stripHeif,
  avif: stripHeif,
  gif: (bytes) => stripGif(bytes),
};
