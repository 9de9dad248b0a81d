/**
 * The marker segments of a JPEG up to its first scan: shared by the metadata reader and the
 * stripper, so that a file one of them accepts the other accepts too. Everything before the first
 * scan must be well formed (each segment's length inside the file, a frame header before the
 * scan): otherwise there is no image to speak of and MalformedImageError is thrown. Junk between
 * segments is skipped up to the next segment and listed (`junk`).
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
  /** Junk between segments that was skipped (a segment whose length was written short, bytes a tool left): [start, end) each. */
  junk: Array<{ start: number; end: number }>;
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

/** Markers a segment can start with before the scan: APPn, COM, DQT, DHT, DAC, DRI, SOFn, SOS. */
function startsSegment(marker: number): boolean {
  return (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe || marker === 0xdb || marker === 0xc4 || marker === 0xcc || marker === 0xdd || marker === JPEG.SOS || isFrame(marker);
}

/**
 * The next place after junk at `from` where a segment starts (an FF byte, a segment marker and a
 * length that fits), or -1. One pass over the bytes: time proportional to the junk.
 */
function resync(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(0xff, from); i >= 0 && i + 4 <= bytes.length; i = bytes.indexOf(0xff, i + 1)) {
    const marker = bytes[i + 1];
    if (!startsSegment(marker)) continue;
    const length = u16be(bytes, i + 2);
    if (length >= 2 && i + 2 + length <= bytes.length) return i;
  }
  return -1;
}

export function readJpegHeader(bytes: Uint8Array): JpegHeader {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== JPEG.SOI) throw new MalformedImageError('Not a JPEG file');
  const segments: JpegSegment[] = [];
  const junk: JpegHeader['junk'] = [];
  let sawFrame = false;
  let pos = 2;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff && segments.length > 0) {
      // Junk where a marker should be, after a segment: read on from the next segment, as exiftool
      // does ("skipped unknown bytes"); the reader reports it, the strip leaves it out.
      const next = resync(bytes, pos);
      if (next < 0) throw new MalformedImageError(`JPEG marker expected at byte ${pos}`);
      junk.push({ start: pos, end: next });
      pos = next;
    }
    const segment = segmentAt(bytes, pos);
    if ('standalone' in segment) {
      if (segment.marker === JPEG.EOI) throw new MalformedImageError('The JPEG has no image data');
      if (segment.marker === JPEG.SOI) throw new MalformedImageError(`Unexpected JPEG marker at byte ${segment.start}`);
      pos = segment.start + 2;
      continue;
    }
    if (segment.marker === JPEG.SOS) {
      if (!sawFrame) throw new MalformedImageError('JPEG scan before any frame header');
      return { segments, sos: segment, junk };
    }
    if (isFrame(segment.marker)) sawFrame = true;
    segments.push(segment);
    pos = segment.end;
  }
  throw new MalformedImageError('The JPEG has no image data');
}
