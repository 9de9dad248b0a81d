/**
 * The lossless metadata stripper (DESIGN.md difference 6): the same code runs in the browser (the
 * widget's 'Strip Metadata', so the photo is not sent twice) and on the server (the strip route).
 * Image data is copied byte for byte; only metadata containers are dropped. See each format's file
 * for exactly what is kept.
 */
import { MalformedImageError } from './bytes.util';
import { detectImageType, ImageType, IMAGE_UPLOAD_MESSAGES } from './image-upload.rules';
import { stripJpeg } from './jpeg.stripper';
import { stripPng } from './png.stripper';
import { stripTiff } from './tiff.stripper';
import { stripWebp } from './webp.stripper';

export { MalformedImageError } from './bytes.util';

export interface StripResult {
  type: ImageType;
  bytes: Uint8Array;
  /** What was removed, for display and logs ("APP1 Exif", "tEXt", "tag 306"...). */
  removed: string[];
}

export class UnsupportedImageError extends Error {
  constructor() {
    super(IMAGE_UPLOAD_MESSAGES.unsupportedType);
    this.name = 'UnsupportedImageError';
  }
}

/**
 * A copy of the image without its metadata. Throws UnsupportedImageError for other file types and
 * MalformedImageError for a damaged file (nothing is guessed: a file we cannot walk is refused).
 */
export function stripMetadata(input: Uint8Array): StripResult {
  const type = detectImageType(input);
  if (!type) throw new UnsupportedImageError();
  try {
    const { bytes, report } = STRIPPERS[type](input);
    return { type, bytes, removed: report.removed };
  } catch (err) {
    if (err instanceof MalformedImageError) throw err;
    // A RangeError from a DataView read past the end is a damaged file too.
    if (err instanceof RangeError) throw new MalformedImageError('The image file is damaged');
    throw err;
  }
}

const STRIPPERS: Record<ImageType, (bytes: Uint8Array) => { bytes: Uint8Array; report: { removed: string[] } }> = {
  jpeg: stripJpeg,
  png: stripPng,
  tiff: stripTiff,
  webp: stripWebp,
};
