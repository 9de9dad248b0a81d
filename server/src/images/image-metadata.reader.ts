/**
 * Reads everything an image's metadata gives away. The type comes from the magic bytes; each
 * container has its reader; damaged parts are listed in `unreadable` rather than guessed, and a
 * file whose structure cannot be walked at all is refused with MalformedImageError.
 *
 * Runs inside the metadata worker (metadata.worker.ts), which bounds its time and memory.
 */
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { detectImageType, ImageType, unsupportedTypeMessage } from '../browser-shared/metadata-strip/image-upload.rules';
import { UnsupportedImageError, WalkedStructure } from '../browser-shared/metadata-strip/metadata.stripper';
import type { ImageMetadata } from './image-metadata.types';
import { readGifMetadata } from './gif-metadata.reader';
import { readHeifMetadata } from './heif-metadata.reader';
import { readJpegMetadata } from './jpeg-metadata.reader';
import { MetadataCollector } from './metadata.collector';
import { readPngMetadata } from './png-metadata.reader';
import { readTiffMetadata } from './tiff-metadata.reader';
import { readWebpMetadata } from './webp-metadata.reader';

const READERS: Record<ImageType, (bytes: Uint8Array, c: MetadataCollector, walked: WalkedStructure) => Promise<void>> = {
  jpeg: readJpegMetadata,
  png: readPngMetadata,
  webp: readWebpMetadata,
  tiff: readTiffMetadata,
  heic: readHeifMetadata,
  heif: readHeifMetadata,
  avif: readHeifMetadata,
  gif: readGifMetadata,
};

/** `walked` receives the structure the reader walked (GIF blocks, HEIF boxes), for the strip check of the same bytes. */
export async function readImageMetadata(bytes: Uint8Array, walked: WalkedStructure = {}): Promise<ImageMetadata> {
  const type = detectImageType(bytes);
  if (!type) throw new UnsupportedImageError(unsupportedTypeMessage(bytes));
  const c = new MetadataCollector(type);
  try {
    await READERS[type](bytes, c, walked);
  } catch (err) {
    if (err instanceof MalformedImageError) throw err;
    // Reads past the end and other surprises in our own walkers: the file is damaged.
    if (err instanceof RangeError || err instanceof TypeError) throw new MalformedImageError('The image file is damaged');
    throw err;
  }
  return c.result();
}
