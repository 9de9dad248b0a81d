/**
 * Lossless WebP metadata removal: the RIFF chunks are copied verbatim except EXIF, XMP and unknown
 * chunks; the VP8X header's EXIF and XMP flags are cleared and the RIFF size is recomputed. A
 * non-default EXIF orientation survives as a minimal EXIF chunk holding that one tag (as in JPEG),
 * so a photo taken sideways does not turn sideways when cleaned.
 */
import { ByteSink, latin1, MalformedImageError, u32le } from './bytes.util';
import { exifOrientation, minimalExifTiff } from './jpeg.stripper';

/** Image data, alpha, animation and the colour profile. */
export const WEBP_KEPT_CHUNKS: ReadonlySet<string> = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;

export interface WebpChunk {
  fourcc: string;
  offset: number;
  dataOffset: number;
  length: number;
  /** Offset after the chunk and its padding byte. */
  end: number;
}

/** Chunks that hold the image: cut short, they refuse the file. */
const WEBP_IMAGE_CHUNKS: ReadonlySet<string> = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF', 'ANIM', 'VP8X']);

/**
 * The chunks of a WebP file, in order. A RIFF size larger than the file is read as the file's end
 * (some writers get it wrong); a chunk cut short ends the list, and is `damaged` when it is not
 * image data. Throws when image data is cut short.
 */
export function webpChunks(bytes: Uint8Array): { chunks: WebpChunk[]; riffEnd: number; damaged?: { fourcc: string; offset: number } } {
  if (bytes.length < 12 || latin1(bytes, 0, 4) !== 'RIFF' || latin1(bytes, 8, 12) !== 'WEBP') throw new MalformedImageError('Not a WebP file');
  const riffEnd = Math.min(bytes.length, 8 + u32le(bytes, 4));
  const chunks: WebpChunk[] = [];
  let damaged: { fourcc: string; offset: number } | undefined;
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const fourcc = latin1(bytes, pos, pos + 4);
    const length = u32le(bytes, pos + 4);
    const dataOffset = pos + 8;
    if (dataOffset + length > riffEnd) {
      if (WEBP_IMAGE_CHUNKS.has(fourcc) || chunks.length === 0) throw new MalformedImageError(`WebP chunk ${JSON.stringify(fourcc)} runs past the end of the file`);
      damaged = { fourcc, offset: pos };
      break;
    }
    const end = Math.min(riffEnd, dataOffset + length + (length & 1));
    chunks.push({ fourcc, offset: pos, dataOffset, length, end });
    pos = end;
  }
  if (chunks.length === 0) throw new MalformedImageError('WebP file has no chunks');
  return { chunks, riffEnd, damaged };
}

/** The orientation in a WebP EXIF chunk: a TIFF, with or without JPEG's "Exif\0\0" prefix. */
function webpExifOrientation(data: Uint8Array): number | undefined {
  const prefixed = data.length >= 6 && latin1(data, 0, 6) === 'Exif\0\0';
  return exifOrientation(prefixed ? data.subarray(6) : data);
}

export function stripWebp(bytes: Uint8Array): { out: ByteSink; report: { removed: string[] } } {
  const { chunks, riffEnd, damaged } = webpChunks(bytes);
  if (!chunks.some((c) => c.fourcc === 'VP8 ' || c.fourcc === 'VP8L' || c.fourcc === 'ANMF')) throw new MalformedImageError('WebP file has no image data');
  const body = new ByteSink();
  const removed: string[] = [];
  // The orientation is only honoured in an extended (VP8X) file, whose header flags its EXIF chunk.
  const exif = chunks.find((c) => c.fourcc === 'EXIF');
  const orientation = exif && chunks.some((c) => c.fourcc === 'VP8X') ? webpExifOrientation(bytes.subarray(exif.dataOffset, exif.dataOffset + exif.length)) : undefined;
  const keepOrientation = orientation !== undefined && orientation !== 1 ? orientation : undefined;
  for (const chunk of chunks) {
    if (!WEBP_KEPT_CHUNKS.has(chunk.fourcc)) {
      removed.push(chunk.fourcc.trim() || 'unnamed chunk');
      continue;
    }
    let piece = bytes.subarray(chunk.offset, chunk.end);
    if (chunk.fourcc === 'VP8X' && chunk.length >= 1) {
      piece = piece.slice();
      piece[8] &= ~(VP8X_XMP_FLAG | (keepOrientation ? 0 : VP8X_EXIF_FLAG)) & 0xff;
    }
    body.push(piece);
    // An odd-sized last chunk may lack its padding byte in the wild: restore it (a byte of its
    // own: the chunk itself, image data, stays a view until the one copy).
    if ((piece.length & 1) === 1) body.push(new Uint8Array(1));
  }
  if (keepOrientation) {
    const tiff = minimalExifTiff(keepOrientation);
    const chunk = new Uint8Array(8 + tiff.length + (tiff.length & 1));
    chunk.set([0x45, 0x58, 0x49, 0x46, tiff.length & 0xff, (tiff.length >>> 8) & 0xff, 0, 0]); // "EXIF", little-endian size
    chunk.set(tiff, 8);
    body.push(chunk);
  }
  if (damaged) removed.push(`damaged chunk ${JSON.stringify(damaged.fourcc)} at byte ${damaged.offset}`);
  if (riffEnd < bytes.length) removed.push(`trailing data (${bytes.length - riffEnd} bytes)`);
  const size = 4 + body.length;
  const header = new Uint8Array(12);
  header.set(bytes.subarray(0, 4));
  header[4] = size & 0xff;
  header[5] = (size >>> 8) & 0xff;
  header[6] = (size >>> 16) & 0xff;
  header[7] = (size >>> 24) & 0xff;
  header.set(bytes.subarray(8, 12), 8);
  const out = new ByteSink();
  out.push(header);
  out.append(body);
  return { out, report: { removed } };
}
