/**
 * The marker segments of a JPEG up to its first scan: shared by the metadata reader and the
 * stripper, so that a file one of them accepts the other accepts too. Everything before the first
 * scan must be well formed (each segment's length inside the file, a frame header before the
 * scan): otherwise there is no image to speak of and MalformedImageError is thrown.
 */
import { MalformedImageError, u16be } from './bytes.util';

export const JPEG = { SOI: 0xd8, EOI: 0xd9, SOS: 0xda, APP0: 0xe0, APP15: 0xef, COM: 0xfe } as const;

export interface JpegSegment {
  marker: number;
  /** The FF byte of the marker; the payload (after the 2-byte length); the segment's end. */
  start: number;
  dataStart: number;
  end: number;
}

export interface JpegHeader {
  /** Every segment before the first scan, in order (fill bytes skipped). */
  segments: JpegSegment[];
  /** The first start-of-scan segment; its entropy-coded data starts at its end. */
  sos: JpegSegment;
}

/** Markers without a length: TEM and the restart markers. */
export function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Start-of-frame markers (SOF0-SOF15 but DHT, JPG and DAC; and JPEG-LS's SOF55). */
export function isFrame(marker: number): boolean {
  return (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || marker === 0xf7;
}

/** The segment at `pos` (an FF byte); fill bytes before the marker are skipped. */
export function segmentAt(bytes: Uint8Array, start: number): JpegSegment | { marker: number; start: number; standalone: true } {
  let pos = start;
  if (bytes[pos] !== 0xff) throw new MalformedImageError(`JPEG marker expected at byte ${pos}`);
  while (pos + 1 < bytes.length && bytes[pos + 1] === 0xff) pos++; // fill bytes carry nothing
  if (pos + 1 >= bytes.length) throw new MalformedImageError('The JPEG ends inside a marker');
  const marker = bytes[pos + 1];
  if (isStandalone(marker) || marker === JPEG.EOI || marker === JPEG.SOI) return { marker, start: pos, standalone: true };
  if (marker === 0x00) throw new MalformedImageError(`Unexpected JPEG marker at byte ${pos}`);
  if (pos + 4 > bytes.length) throw new MalformedImageError('A JPEG segment header is truncated');
  const length = u16be(bytes, pos + 2);
  const end = pos + 2 + length;
  if (length < 2 || end > bytes.length) throw new MalformedImageError(`The JPEG segment at byte ${pos} runs past the end of the file`);
  return { marker, start: pos, dataStart: pos + 4, end };
}

export function readJpegHeader(bytes: Uint8Array): JpegHeader {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== JPEG.SOI) throw new MalformedImageError('Not a JPEG file');
  const segments: JpegSegment[] = [];
  let sawFrame = false;
  let pos = 2;
  while (pos < bytes.length) {
    const segment = segmentAt(bytes, pos);
    if ('standalone' in segment) {
      if (segment.marker === JPEG.EOI) throw new MalformedImageError('The JPEG has no image data');
      if (segment.marker === JPEG.SOI) throw new MalformedImageError(`Unexpected JPEG marker at byte ${segment.start}`);
      pos = segment.start + 2;
      continue;
    }
    if (segment.marker === JPEG.SOS) {
      if (!sawFrame) throw new MalformedImageError('JPEG scan before any frame header');
      return { segments, sos: segment };
    }
    if (isFrame(segment.marker)) sawFrame = true;
    segments.push(segment);
    pos = segment.end;
  }
  throw new MalformedImageError('The JPEG has no image data');
}
