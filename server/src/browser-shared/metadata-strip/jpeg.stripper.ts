/**
 * Lossless JPEG metadata removal: the marker segments are walked and only what decoding needs is
 * kept, byte for byte (quantisation and Huffman tables, frame and scan headers, restart intervals,
 * the entropy-coded data). Kept application segments: JFIF (rewritten without its thumbnail), ICC
 * profile chunks and Adobe's colour-transform segment. Dropped: every other APPn (EXIF, XMP, IPTC,
 * MPF previews, vendor blocks), comments and anything after the end-of-image marker — except an
 * HDR gain map (jpeg-gain-map.reader.ts), kept cleaned with new XMP, ISO 21496-1 segments and MPF index
 * holding only what rendering needs. A non-default EXIF orientation survives as a minimal EXIF block holding that
 * one tag.
 */
import { asciiBytes, ByteSink, concatBytes, hasAscii, indexOfByte, MalformedImageError } from './bytes.util';
import { readJpegHeader, segmentAt } from './jpeg-segments.reader';
import { firstXmp, gainMapXmp, isGainMap, isGainMapXmp, isoGainMapData, isoGainMapSegment, mpfSegment, primaryGainMapXmp } from './jpeg-gain-map.reader';
import { IfdReader } from './tiff-ifd.reader';

const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const ORIENTATION_TAG = 0x0112;

export interface JpegStripReport {
  /** Names of what was removed: "APP1 Exif", "COM", "trailing data"... */
  removed: string[];
  /** The orientation carried over (1..8), when the original had a non-default one. */
  orientation?: number;
}

function segmentName(marker: number, bytes: Uint8Array, dataStart: number): string {
  if (marker === COM) return 'COM';
  if (marker >= APP0 && marker <= 0xef) {
    let id = '';
    for (let i = dataStart; i < Math.min(bytes.length, dataStart + 12); i++) {
      const c = bytes[i];
      if (c < 0x20 || c > 0x7e) break;
      id += String.fromCharCode(c);
    }
    return `APP${marker - APP0}${id ? ` ${id.trim()}` : ''}`;
  }
  return `marker 0x${marker.toString(16).toUpperCase()}`;
}

/** The EXIF orientation from an APP1 "Exif\0\0" segment's data, if it is a valid 1..8. */
export function exifOrientation(exifTiff: Uint8Array): number | undefined {
  try {
    const reader = IfdReader.fromTiffHeader(exifTiff);
    const value = reader.uint(reader.entryOf(reader.firstIfdOffset, ORIENTATION_TAG));
    return value !== undefined && value >= 1 && value <= 8 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A big-endian TIFF with one IFD holding only Orientation: all the EXIF a cleaned photo keeps. */
export function minimalExifTiff(orientation: number): Uint8Array {
  return concatBytes([
    // TIFF header: MM, 42, IFD0 at 8
    new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]),
    // one entry: tag 0x0112, type SHORT, count 1, value
    new Uint8Array([0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation & 0xff, 0x00, 0x00]),
    // no next IFD
    new Uint8Array([0x00, 0x00, 0x00, 0x00]),
  ]);
}

/** APP1 "Exif\0\0" + the minimal TIFF. */
export function minimalExifSegment(orientation: number): Uint8Array {
  const payload = concatBytes([asciiBytes('Exif\0\0'), minimalExifTiff(orientation)]);
  const length = payload.length + 2;
  return concatBytes([new Uint8Array([0xff, APP1, length >> 8, length & 0xff]), payload]);
}

/** The JFIF segment without its embedded thumbnail (a thumbnail is metadata, not the image). */
function jfifWithoutThumbnail(segment: Uint8Array): { bytes: Uint8Array; hadThumbnail: boolean } {
  // FF E0 len(2) "JFIF\0"(5) version(2) units(1) xdensity(2) ydensity(2) xthumb(1) ythumb(1) = 18 bytes
  if (segment.length < 18) return { bytes: segment, hadThumbnail: false };
  const hadThumbnail = segment[16] !== 0 || segment[17] !== 0 || segment.length > 18;
  if (!hadThumbnail) return { bytes: segment, hadThumbnail };
  const out = segment.slice(0, 18);
  out[2] = 0;
  out[3] = 16;
  out[16] = 0;
  out[17] = 0;
  return { bytes: out, hadThumbnail };
}

/** The first marker after entropy-coded data starting at `from`: not a stuffed FF00, not a restart marker. */
function scanEnd(bytes: Uint8Array, from: number): number {
  const n = bytes.length;
  let i = from;
  // indexOfByte jumps from one FF byte to the next natively: much faster than a byte loop.
  for (;;) {
    i = indexOfByte(bytes, 0xff, i);
    if (i < 0 || i + 1 >= n) return n;
    const next = bytes[i + 1];
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) i += next === 0xff ? 1 : 2;
    else return i;
  }
}

export function stripJpeg(bytes: Uint8Array, keepGainMap = true): { out: ByteSink; report: JpegStripReport } {
  // Before the first scan the structure must be sound (the reader needs the same): see readJpegHeader.
  const header = readJpegHeader(bytes);
  const removed: string[] = header.junk.map((j) => `${j.end - j.start} bytes of junk between segments at byte ${j.start}`);
  const head = new ByteSink(); // SOI and JFIF: the EXIF block goes after them
  const body = new ByteSink();
  head.push(bytes.subarray(0, 2));
  let orientation: number | undefined;
  let sawJfif = false;
  for (const segment of header.segments) {
    const { marker, dataStart, end } = segment;
    const piece = bytes.subarray(segment.start, end);
    if (marker === APP0 && hasAscii(bytes, dataStart, 'JFIF\0') && !sawJfif && body.length === 0) {
      const jfif = jfifWithoutThumbnail(piece);
      if (jfif.hadThumbnail) removed.push('JFIF thumbnail');
      head.push(jfif.bytes);
      sawJfif = true;
    } else if ((marker === APP2 && hasAscii(bytes, dataStart, 'ICC_PROFILE\0')) || (marker === APP14 && hasAscii(bytes, dataStart, 'Adobe'))) {
      body.push(piece);
    } else if ((marker >= APP0 && marker <= 0xef) || marker === COM) {
      if (marker === APP1 && orientation === undefined && hasAscii(bytes, dataStart, 'Exif\0')) {
        orientation = exifOrientation(bytes.subarray(dataStart + 6, end));
      }
      removed.push(segmentName(marker, bytes, dataStart));
    } else body.push(piece);
  }

  // From the first scan on: scans, tables between them, and the end marker. Application segments
  // and comments between scans go too. Damage here cannot hide metadata the reader reports (it
  // reads nothing past the first scan): the rest, up to the end-of-image marker, is copied as
  // image data, so that a file with a damaged scan is still cleaned.
  const n = bytes.length;
  let pos = header.sos.start;
  body.push(bytes.subarray(pos, header.sos.end));
  pos = header.sos.end;
  let ended = false;
  while (pos < n) {
    const next = scanEnd(bytes, pos);
    body.push(bytes.subarray(pos, next));
    pos = next;
    if (pos >= n) break;
    let segment: ReturnType<typeof segmentAt>;
    try {
      segment = segmentAt(bytes, pos);
    } catch (err) {
      if (!(err instanceof MalformedImageError)) throw err;
      const eoi = indexOfByte(bytes, 0xd9, pos + 1);
      const stop = eoi > 0 && bytes[eoi - 1] === 0xff ? eoi + 1 : n;
      body.push(bytes.subarray(pos, stop));
      removed.push(`nothing from the damaged data at byte ${pos} (copied as image data)`);
      ended = stop < n || (bytes[n - 2] === 0xff && bytes[n - 1] === EOI);
      pos = stop;
      break;
    }
    if ('standalone' in segment) {
      body.push(bytes.subarray(segment.start, segment.start + 2));
      pos = segment.start + 2;
      if (segment.marker === EOI) {
        ended = true;
        break;
      }
      continue;
    }
    const { marker, dataStart, end } = segment;
    if ((marker >= APP0 && marker <= 0xef) || marker === COM) removed.push(segmentName(marker, bytes, dataStart));
    else body.push(bytes.subarray(segment.start, end));
    pos = end;
  }
  if (!ended) body.push(new Uint8Array([0xff, EOI]));
  // An HDR gain map after the image: kept (cleaned itself), with the XMP and MPF index that tie it to the photo.
  const gainMap = keepGainMap && ended && pos < n && isGainMap(bytes.subarray(pos)) ? cleanGainMap(bytes.subarray(pos), removed) : undefined;
  if (gainMap) pos += gainMap.consumed;
  if (pos < n) removed.push(`trailing data (${n - pos} bytes)`);
  const keepOrientation = orientation !== undefined && orientation !== 1 ? orientation : undefined;
  if (keepOrientation) head.push(minimalExifSegment(keepOrientation));
  if (gainMap) {
    // The primary's part: the hdrgm version and directory when the gain map is described in XMP,
    // ISO 21496-1's version marker when the primary had one, and the MPF index (offsets counted
    // in the copy, where the strip has removed bytes before the gain map).
    const xmp = gainMap.xmp ? primaryGainMapXmp(gainMap.bytes.length, primaryXmp(bytes, header.segments)) : new Uint8Array(0);
    const isoVersion = gainMap.iso ? isoGainMapData(bytes.subarray(0, header.sos.start), true) : undefined;
    const iso = isoVersion ? isoGainMapSegment(isoVersion) : new Uint8Array(0);
    const mpfAt = head.length + xmp.length + iso.length;
    const primaryLength = mpfAt + MPF_SEGMENT_LENGTH + body.length;
    head.push(xmp);
    head.push(iso);
    head.push(mpfSegment(mpfAt, primaryLength, gainMap.bytes.length));
    body.push(gainMap.bytes);
  }
  // One copy into the output: the sinks only hold views of the input until now.
  head.append(body);
  return { out: head, report: { removed, orientation: keepOrientation } };
}

/** mpfSegment's size: fixed (two entries). */
const MPF_SEGMENT_LENGTH = mpfSegment(0, 0, 0).length;

function primaryXmp(bytes: Uint8Array, segments: ReturnType<typeof readJpegHeader>['segments']): string | undefined {
  const first = segments.find((s) => s.marker === APP1 && hasAscii(bytes, s.dataStart, 'http://ns.adobe.com/xap/1.0/\0'));
  return first ? firstXmp(concatBytes([new Uint8Array([0xff, 0xd8]), bytes.subarray(first.start, first.end)])) : undefined;
}

/**
 * The gain-map JPEG cleaned like any (its own trailing data and segments dropped) with only its
 * rendering XMP and ISO 21496-1 metadata, as far as it had them; and how many input bytes it took.
 */
function cleanGainMap(secondary: Uint8Array, removed: string[]): { bytes: Uint8Array; consumed: number; xmp: boolean; iso: boolean } | undefined {
  let cleaned: ReturnType<typeof stripJpeg>;
  try {
    cleaned = stripJpeg(secondary, false);
  } catch (err) {
    if (!(err instanceof MalformedImageError)) throw err;
    removed.push('a damaged HDR gain map');
    return undefined;
  }
  const out = cleaned.out.bytes();
  const trailing = cleaned.report.removed.find((r) => r.startsWith('trailing data ('));
  const consumed = secondary.length - (trailing ? Number(/\((\d+) bytes\)/.exec(trailing)?.[1] ?? 0) : 0);
  removed.push(...cleaned.report.removed.filter((r) => r !== trailing).map((r) => `HDR gain map: ${r}`));
  const original = firstXmp(secondary);
  const xmp = isGainMapXmp(original);
  const iso = isoGainMapData(secondary, false);
  // SOI, the gain map's rendering XMP and ISO metadata, then the rest of the cleaned copy.
  const parts = [out.subarray(0, 2), xmp ? gainMapXmp(original) : new Uint8Array(0), iso ? isoGainMapSegment(iso) : new Uint8Array(0), out.subarray(2)];
  return { bytes: concatBytes(parts), consumed, xmp, iso: iso !== undefined };
}
