/**
 * An Ultra HDR-style JPEG made in code: a primary photo (EXIF with GPS, a name and orientation 6;
 * XMP with the hdrgm version, a creator and the GContainer directory; an MPF index, little endian)
 * followed by its gain map (a small JPEG with its own hdrgm XMP and an EXIF make). With `iso`, the
 * ISO 21496-1 APP2 segments too (the version marker in the primary, the metadata in the gain map,
 * followed there by stray text that is not part of the metadata); with `xmp: false`, no hdrgm XMP
 * (an ISO-only gain map, as newer encoders write).
 */
import sharp from 'sharp';
import { ascii, concat, exifApp1, exifTiff, jpegSegment, utf8 } from './image-fixtures';

const HDRGM = 'http://ns.adobe.com/hdr-gain-map/1.0/';

function xmp(description: string): Uint8Array {
  const packet = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${description}</rdf:RDF></x:xmpmeta>`;
  return jpegSegment(0xe1, concat(ascii('http://ns.adobe.com/xap/1.0/\0'), utf8(packet)));
}

/** Inserts segments right after SOI. */
const withSegments = (jpeg: Uint8Array, segments: Uint8Array[]) => concat(jpeg.subarray(0, 2), ...segments, jpeg.subarray(2));

function mpfLittleEndian(primaryLength: number, gainMapLength: number, mpfHeaderAt: number): Uint8Array {
  const le32 = (v: number) => new Uint8Array([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24]);
  const le16 = (v: number) => new Uint8Array([v & 0xff, v >> 8]);
  const entry = (tag: number, type: number, count: number, value: Uint8Array) => concat(le16(tag), le16(type), le32(count), value);
  const ifd = concat(le16(3), entry(0xb000, 7, 4, ascii('0100')), entry(0xb001, 4, 1, le32(2)), entry(0xb002, 7, 32, le32(8 + 2 + 36 + 4)), le32(0));
  const entries = concat(le32(0x20030000), le32(primaryLength), le32(0), new Uint8Array(4), le32(0), le32(gainMapLength), le32(primaryLength - mpfHeaderAt), new Uint8Array(4));
  return jpegSegment(0xe2, concat(ascii('MPF\0'), ascii('II'), le16(42), le32(8), ifd, entries));
}

export const ISO_URN = 'urn:iso:std:iso:ts:21496:-1\0';

function be32(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0);
  return b;
}

/**
 * ISO 21496-1 metadata (after the version): one channel, a common denominator of 1000; headroom
 * 0 → 2.3 (log2), gain 0 → 2.3, gamma 1, offsets 1/64.
 */
export function isoGainMapMetadata(): Uint8Array {
  return concat(new Uint8Array([0, 0, 0, 0, 0x08]), ...[1000, 0, 2300, 0, 2300, 1000, 15, 15].map(be32));
}

/** The APP2 segment of ISO 21496-1: the URN, then `data`. */
export const isoSegment = (data: Uint8Array) => jpegSegment(0xe2, concat(ascii(ISO_URN), data));

export async function ultraHdrJpeg(options: { iso?: boolean; xmp?: boolean } = {}): Promise<Uint8Array> {
  const withXmp = options.xmp ?? true;
  const w = 48;
  const h = 32;
  const px = Buffer.alloc(w * h * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 13 + (i >> 5)) & 0xff;
  const base = new Uint8Array(await sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
  const gray = Buffer.alloc(12 * 8).map((_, i) => (i * 7) & 0xff);
  const mapBase = new Uint8Array(await sharp(gray, { raw: { width: 12, height: 8, channels: 1 } }).jpeg({ quality: 85 }).toBuffer());
  const gainMap = withSegments(mapBase, [
    exifApp1(exifTiff({ make: 'Google', model: 'Pixel 8 Pro', artist: 'Jane Roe' })),
    ...(withXmp
      ? [xmp(`<rdf:Description rdf:about="" xmlns:hdrgm="${HDRGM}" hdrgm:Version="1.0" hdrgm:GainMapMin="0.0" hdrgm:GainMapMax="2.3" hdrgm:Gamma="1.0" hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0.0" hdrgm:HDRCapacityMax="2.3" hdrgm:BaseRenditionIsHDR="False"/>`)]
      : []),
    ...(options.iso ? [isoSegment(concat(isoGainMapMetadata(), ascii('Jane Roe')))] : []),
    jpegSegment(0xfe, ascii('Jane Roe')),
  ]);
  const exif = exifApp1(exifTiff({ make: 'Google', model: 'Pixel 8 Pro', artist: 'Jane Roe', orientation: 6, gps: { latitude: 48.8584, longitude: 2.2945 }, dateTimeOriginal: '2024:05:01 10:20:30' }));
  const primaryXmp = xmp(
    `<rdf:Description rdf:about="" xmlns:hdrgm="${HDRGM}" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="1.0">` +
      '<dc:creator><rdf:Seq><rdf:li>Jane Roe</rdf:li></rdf:Seq></dc:creator>' +
      `<Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li><rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="${gainMap.length}"/></rdf:li></rdf:Seq></Container:Directory></rdf:Description>`,
  );
  const before = [exif, ...(withXmp ? [primaryXmp] : []), ...(options.iso ? [isoSegment(new Uint8Array(4))] : [])];
  // The MPF segment's size does not depend on its values: lay out, then fill in.
  const mpfAt = 2 + before.reduce((sum, b) => sum + b.length, 0);
  const draft = mpfLittleEndian(0, 0, 0);
  const primaryLength = base.length + mpfAt - 2 + draft.length;
  const primary = withSegments(base, [...before, mpfLittleEndian(primaryLength, gainMap.length, mpfAt + 8)]);
  return concat(primary, gainMap);
}
