/**
 * JPEG: this reader walks the marker segments for the EXIF block (its records, maker notes and
 * the thumbnail's size), XMP (including extended XMP), the ICC profile, comments, JFIF/JFXX and
 * Photoshop thumbnails, MPF additional images, vendor segments and data after the end of the
 * image; exifr reads the IPTC record when there is a Photoshop segment.
 */
import { hasAscii, latin1, u32be, u32le } from '../browser-shared/metadata-strip/bytes.util';
import { ISO_GAIN_MAP_ID, isGainMap, isoGainMapLength } from '../browser-shared/metadata-strip/jpeg-gain-map.reader';
import { readJpegHeader } from '../browser-shared/metadata-strip/jpeg-segments.reader';
import type { WalkedStructure } from '../browser-shared/metadata-strip/metadata.stripper';
import { IfdReader } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import { collectTiffRecords, jpegRecords } from './exifr.reader';
import { iccDescription } from './icc-profile.reader';
import { appBlockOf } from './jpeg-app-blocks.catalogue';
import {
  readAppPreview,
  readCanonCiff,
  readDucky,
  readFlir,
  readGoPro,
  readKodakMeta,
  readPentaxApp7,
  readPictureInfo,
  readSamsungUniqueId,
  readUnicodeComment,
} from './jpeg-app-blocks.reader';
import { MetadataCollector } from './metadata.collector';
import { collectMakerNotes } from './tiff-metadata.reader';
import { readPhotoshopResources } from './photoshop-resources.reader';
import { decodeCString, decodeUtf8 } from './metadata-values.util';

const EOI = 0xd9;

export interface JpegLayout {
  /** Vendors' segments to decode once the EXIF make and model are known (jpeg-app-blocks.reader.ts). */
  vendorSegments: Array<{ marker: number; data: Uint8Array }>;
  exifTiff?: Uint8Array;
  /** The TIFF block of the first APP1 "Exif\0\0" segment: the one exifr reads the records from. */
  exifBlock?: Uint8Array;
  /** An APP13 "Photoshop" segment is present (where exifr finds IPTC). */
  photoshopSegment?: boolean;
  /** Where the first scan's data starts; the end-of-image marker is searched from there. */
  scanStart?: number;
  /** The ICC profile's description (APP2 "ICC_PROFILE" segments, read in order as exifr joins them). */
  iccDescription?: string;
  /** The XMP packet (APP1 "http://ns.adobe.com/" segments, joined as exifr joins them). */
  xmp?: string;
}

/** Known APPn identifiers that exifr or this reader interpret (the rest are reported as blocks). */
function knownApp(marker: number, bytes: Uint8Array, at: number): boolean {
  if (marker === 0xe0) return hasAscii(bytes, at, 'JFIF\0') || hasAscii(bytes, at, 'JFXX\0');
  if (marker === 0xe1) return hasAscii(bytes, at, 'Exif\0') || hasAscii(bytes, at, 'http://ns.adobe.com/');
  if (marker === 0xe2) return hasAscii(bytes, at, 'ICC_PROFILE\0') || hasAscii(bytes, at, 'MPF\0') || isIsoGainMap(bytes, at);
  if (marker === 0xed) return hasAscii(bytes, at, 'Photoshop 3.0\0');
  if (marker === 0xee) return hasAscii(bytes, at, 'Adobe');
  return false;
}

/** ISO 21496-1 gain-map metadata (rendering numbers the strip keeps): known when its layout reads. */
function isIsoGainMap(bytes: Uint8Array, at: number): boolean {
  if (!hasAscii(bytes, at, ISO_GAIN_MAP_ID)) return false;
  const end = at - 2 + ((bytes[at - 2] << 8) | bytes[at - 1]);
  return isoGainMapLength(bytes.subarray(at + ISO_GAIN_MAP_ID.length, end), true) !== undefined;
}

function appLabel(marker: number, bytes: Uint8Array, at: number, end: number): string {
  const id = latin1(bytes, at, Math.min(end, at + 24)).split('\0')[0].replace(/[^\x20-\x7e]/g, '').trim();
  return `JPEG APP${marker - 0xe0}${id ? ` "${id}"` : ''} segment`;
}

/** MPF (CIPA DC-007): the additional images listed in the MP index, with their sizes. */
function mpfImages(segment: Uint8Array): Array<{ size: number; offset: number }> {
  // "MPF\0" then a TIFF header; MPEntry (0xB002) holds 16 bytes per image: attributes, size, offset, ...
  const reader = IfdReader.fromTiffHeader(segment, 4);
  const entries = reader.entryOf(reader.firstIfdOffset, 0xb002);
  const data = entries && reader.valueBytes(entries);
  if (!data) return [];
  const images: Array<{ size: number; offset: number }> = [];
  const u32 = (at: number) => (reader.littleEndian ? u32le(data, at) : u32be(data, at));
  for (let i = 16; i + 16 <= data.length && images.length < 32; i += 16) images.push({ size: u32(i + 4), offset: u32(i + 8) });
  return images;
}

/**
 * Reads the segments up to the first scan (readJpegHeader: the stripper walks them the same way;
 * `walked` receives the header for the strip check of these bytes).
 */
export function walkJpeg(bytes: Uint8Array, c: MetadataCollector, walked: WalkedStructure = {}): JpegLayout {
  const layout: JpegLayout = { vendorSegments: [] };
  const header = readJpegHeader(bytes);
  walked.jpeg = header;
  for (const j of header.junk) c.unreadable(`${j.end - j.start} bytes of unreadable data between JPEG segments at byte ${j.start} (skipped)`);
  const photoshop: Uint8Array[] = [];
  const icc: Uint8Array[] = [];
  const xmp: Uint8Array[] = [];
  // exifr joins every ICC and every XMP segment once any segment is part of a series (an ICC
  // chunk count above 1, an extended XMP segment); otherwise it reads the first of each alone.
  let series = false;
  layout.scanStart = header.sos.end;
  for (const { marker, dataStart: at, end } of header.segments) {
    if (marker === 0xe1 && hasAscii(bytes, at, 'Exif\0') && !layout.exifTiff) layout.exifTiff = bytes.subarray(at + 6, end);
    if (marker === 0xe1 && hasAscii(bytes, at, 'Exif\0\0') && !layout.exifBlock) layout.exifBlock = bytes.subarray(at + 6, end);
    if (marker === 0xed && hasAscii(bytes, at, 'Photoshop')) layout.photoshopSegment = true;
    if (marker === 0xe0 && hasAscii(bytes, at, 'JFIF\0') && end - at >= 14) {
      const w = bytes[at + 12];
      const h = bytes[at + 13];
      if (w > 0 && h > 0) c.embeddedImage({ kind: 'thumbnail', origin: 'JFIF thumbnail', byteLength: w * h * 3, width: w, height: h });
    }
    if (marker === 0xe0 && hasAscii(bytes, at, 'JFXX\0')) c.embeddedImage({ kind: 'thumbnail', origin: 'JFXX thumbnail', byteLength: end - at - 6 });
    if (marker === 0xe2 && hasAscii(bytes, at, 'ICC_') && end - at >= 14) {
      icc.push(bytes.subarray(at + 14, end));
      if (bytes[at + 13] > 1) series = true;
    }
    if (marker === 0xe1 && hasAscii(bytes, at, 'http://ns.adobe.com/')) {
      // The main packet follows "http://ns.adobe.com/xap/1.0/\0"; an extended part its 75-byte header.
      const extended = hasAscii(bytes, at, 'http://ns.adobe.com/xmp/extension/');
      if (extended) series = true;
      xmp.push(bytes.subarray(Math.min(end, at + (extended ? 75 : 29)), end));
    }
    if (marker === 0xe2 && hasAscii(bytes, at, 'MPF\0')) {
      try {
        mpfImages(bytes.subarray(at, end)).forEach(({ size, offset }, i) => {
          // An HDR gain map is how the photo is shown on HDR screens, not another picture: the strip keeps it.
          if (isGainMap(bytes.subarray(at + 4 + offset, at + 4 + offset + size))) return;
          c.embeddedImage({ kind: 'additional-image', origin: `MPF image ${i + 2}`, byteLength: size });
        });
      } catch {
        c.unreadable('MPF segment');
      }
    }
    if (marker === 0xed && hasAscii(bytes, at, 'Photoshop 3.0\0')) photoshop.push(bytes.subarray(at + 14, end));
    if (marker === 0xfe) {
      const text = decodeCString(bytes.subarray(at, end));
      c.text({ to: 'comments' }, text, 'JPEG comment');
    } else if (marker >= 0xe0 && marker <= 0xef && !knownApp(marker, bytes, at)) {
      const data = bytes.subarray(at, end);
      const block = appBlockOf(marker, data);
      if (block?.kind === 'decoded') layout.vendorSegments.push({ marker, data });
      else if (block?.kind === 'identity') c.add('vendorBlocks', { value: `${block.vendor} ${block.name}`, origin: appLabel(marker, bytes, at, end) });
      else c.add('otherBlocks', { value: appLabel(marker, bytes, at, end), origin: 'JPEG' });
    }
  }
  if (icc.length) layout.iccDescription = iccDescription(series ? icc : icc[0]);
  if (xmp.length) layout.xmp = series ? xmp.map(decodeUtf8).join('') : decodeUtf8(xmp[0]);
  if (photoshop.length) {
    const ps = readPhotoshopResources(photoshop.length === 1 ? photoshop[0] : Buffer.concat(photoshop));
    if (ps.thumbnail) c.embeddedImage({ kind: 'thumbnail', origin: 'Photoshop thumbnail', ...ps.thumbnail });
  }
  return layout;
}

/**
 * Data after the end-of-image marker (appended videos, vendor trailers, other images). A file
 * that ends with the end-of-image marker (zero padding aside) has none, unless a whole JPEG was
 * appended without an MPF index (rare, not searched for: that would cost a scan of every file).
 * Otherwise the image ends at the first FF D9 after the scan start: entropy-coded data cannot
 * contain it.
 */
function trailingData(bytes: Uint8Array, scanStart: number, c: MetadataCollector) {
  let end = bytes.length;
  while (end > scanStart && bytes[end - 1] === 0) end--; // zero padding is not data
  if (end >= 2 && bytes[end - 2] === 0xff && bytes[end - 1] === EOI) return;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eoi = buffer.indexOf(Buffer.from([0xff, EOI]), scanStart);
  if (eoi < 0 || eoi + 2 > end) return;
  const extra = end - (eoi + 2);
  if (extra <= 0) return;
  if (c.result().embeddedImages.some((i) => i.kind === 'additional-image')) return; // MPF already listed them
  const nested = buffer.indexOf(Buffer.from([0xff, 0xd8, 0xff]), eoi + 2);
  c.embeddedImage({
    kind: nested >= 0 && nested < end ? 'additional-image' : 'trailing-data',
    origin: 'data after the end of the JPEG image',
    byteLength: extra,
  });
}

/** Decodes vendors' segments; FLIR's thermal data is split over several, joined in chunk order first. */
function readVendorSegments(c: MetadataCollector, segments: JpegLayout['vendorSegments']) {
  const flir: Uint8Array[] = [];
  for (const { marker, data } of segments) {
    const block = appBlockOf(marker, data);
    const decode = block && APP_DECODERS[block.name];
    if (block?.name === 'FLIR thermal data') {
      if (data.length > 8) flir[data[6]] = data.subarray(8);
      continue;
    }
    if (!block || !decode) continue;
    try {
      decode(c, data, marker);
    } catch (err) {
      if (!(err instanceof RangeError) && !(err instanceof Error && err.name === 'MalformedImageError')) throw err;
      c.unreadable(`${block.vendor} ${block.name} segment (damaged)`);
    }
  }
  const chunks = flir.filter(Boolean);
  if (chunks.length) {
    try {
      readFlir(c, Buffer.concat(chunks));
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      c.unreadable('FLIR thermal data (damaged)');
    }
  }
}

const APP_DECODERS: Record<string, (c: MetadataCollector, data: Uint8Array, marker: number) => void> = {
  CIFF: readCanonCiff,
  Meta: readKodakMeta,
  GPMF: (c, data) => readGoPro(c, data.subarray(6)),
  Ducky: readDucky,
  'Picture Info': readPictureInfo,
  Pentax: readPentaxApp7,
  comment: readUnicodeComment,
  'unique id': readSamsungUniqueId,
  'preview image': readAppPreview,
};

export async function readJpegMetadata(bytes: Uint8Array, c: MetadataCollector, walked: WalkedStructure = {}) {
  const layout = walkJpeg(bytes, c, walked);
  try {
    const out = await jpegRecords(bytes, layout.exifBlock, layout.photoshopSegment === true);
    if (layout.iccDescription !== undefined) out.iccDescription = layout.iccDescription;
    if (layout.xmp !== undefined) out.xmp = layout.xmp;
    collectTiffRecords(c, out, 'EXIF', layout.exifTiff);
  } catch {
    c.unreadable('EXIF, XMP or IPTC block (damaged)');
  }
  if (layout.exifTiff) collectMakerNotes(c, layout.exifTiff, 'EXIF');
  readVendorSegments(c, layout.vendorSegments);
  trailingData(bytes, layout.scanStart ?? 2, c);
}
