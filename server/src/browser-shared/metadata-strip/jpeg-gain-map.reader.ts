/**
 * HDR gain maps in JPEG (Ultra HDR / Adobe's gain map; ISO 21496-1; Apple's HDR gain map): a
 * second JPEG after the primary image's end, listed in the primary's MPF index, and metadata that
 * says how to apply it: XMP (the hdrgm namespace, and a GContainer directory giving its length)
 * and/or ISO 21496-1's binary APP2 segment (a version marker in the primary, the numbers in the
 * gain map). Without them an HDR screen shows the photo flat. None of it is personal: the gain map
 * is a low-resolution ratio image of the same picture, and the metadata are rendering numbers. So
 * the strip keeps the gain map — itself cleaned like any JPEG — and writes the XMP, the ISO
 * segments and the MPF index anew, holding only what rendering needs (no other XMP property
 * survives; an ISO segment keeps only the bytes its own layout accounts for).
 */
import { asciiBytes, concatBytes, hasAscii } from './bytes.util';

const HDRGM_NS = 'http://ns.adobe.com/hdr-gain-map/1.0/';
const APPLE_NS = 'http://ns.apple.com/HDRGainMap/1.0/';
const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';
/** The identifier that starts an ISO 21496-1 APP2 segment's data (the standard's URN, NUL-terminated). */
export const ISO_GAIN_MAP_ID = 'urn:iso:std:iso:ts:21496:-1\0';

/**
 * How many bytes of ISO 21496-1 gain-map metadata `data` (the APP2 data after the identifier)
 * holds, or undefined when it is not metadata this reader knows. Layout, big endian: minimum
 * version (u16, must be 0) and writer version (u16) — all the primary image carries — then flags
 * (u8: 0x80 three channels, 0x40 base colour space, 0x08 one common denominator, 0x04 backward
 * direction) and rationals: with a common denominator, the denominator, the base and alternate
 * headroom numerators and five numerators per channel (gain-map min, max, gamma, base and
 * alternate offset); otherwise each of those as numerator and denominator.
 */
export function isoGainMapLength(data: Uint8Array, versionOnly: boolean): number | undefined {
  if (data.length < 4 || data[0] !== 0 || data[1] !== 0) return undefined;
  if (versionOnly) return 4;
  if (data.length < 5) return undefined;
  const flags = data[4];
  const channels = flags & 0x80 ? 3 : 1;
  const length = 5 + (flags & 0x08 ? 4 * (3 + 5 * channels) : 4 * (4 + 10 * channels));
  return data.length >= length ? length : undefined;
}

/** The ISO 21496-1 metadata of a JPEG's APP2 segments before its first scan (the data after the identifier), or undefined. */
export function isoGainMapData(jpeg: Uint8Array, versionOnly: boolean, limit = 65_536): Uint8Array | undefined {
  let pos = 2;
  while (pos + 4 <= jpeg.length && pos < limit) {
    if (jpeg[pos] !== 0xff) return undefined;
    const marker = jpeg[pos + 1];
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = (jpeg[pos + 2] << 8) | jpeg[pos + 3];
    if (length < 2) return undefined;
    const end = Math.min(pos + 2 + length, jpeg.length);
    if (marker === 0xe2 && hasAscii(jpeg, pos + 4, ISO_GAIN_MAP_ID)) {
      const data = jpeg.subarray(pos + 4 + ISO_GAIN_MAP_ID.length, end);
      const size = isoGainMapLength(data, versionOnly);
      return size === undefined ? undefined : data.subarray(0, size);
    }
    pos += 2 + length;
  }
  return undefined;
}

/** An APP2 segment holding ISO 21496-1 metadata (`data` as isoGainMapData gives it). */
export function isoGainMapSegment(data: Uint8Array): Uint8Array {
  const payload = concatBytes([asciiBytes(ISO_GAIN_MAP_ID), data]);
  const length = payload.length + 2;
  return concatBytes([new Uint8Array([0xff, 0xe2, length >> 8, length & 0xff]), payload]);
}

/** The hdrgm properties a renderer reads (Adobe's gain map specification); values are numbers, lists of numbers or booleans. */
const HDRGM_PROPERTIES = ['Version', 'BaseRenditionIsHDR', 'GainMapMin', 'GainMapMax', 'Gamma', 'OffsetSDR', 'OffsetHDR', 'HDRCapacityMin', 'HDRCapacityMax'];
const SAFE_VALUE = /^[-+0-9.eE, ]{1,64}$|^(True|False)$/;

/** The hdrgm values of an XMP packet (attribute form, as gain-map writers use), only numeric ones. */
export function hdrgmValues(xmp: string): Array<[string, string]> {
  if (!xmp.includes(HDRGM_NS)) return [];
  const out: Array<[string, string]> = [];
  for (const name of HDRGM_PROPERTIES) {
    const m = new RegExp(`hdrgm:${name}\\s*=\\s*"([^"]*)"`).exec(xmp);
    if (m && SAFE_VALUE.test(m[1].trim())) out.push([name, m[1].trim()]);
  }
  return out;
}

/** The XMP packet of a JPEG's first XMP APP1 segment (before its first scan), as text, or undefined. */
export function firstXmp(jpeg: Uint8Array, limit = 65_536): string | undefined {
  let pos = 2;
  while (pos + 4 <= jpeg.length && pos < limit) {
    if (jpeg[pos] !== 0xff) return undefined;
    const marker = jpeg[pos + 1];
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = (jpeg[pos + 2] << 8) | jpeg[pos + 3];
    if (length < 2) return undefined;
    if (marker === 0xe1 && hasAscii(jpeg, pos + 4, XMP_ID)) {
      const start = pos + 4 + XMP_ID.length;
      let text = '';
      for (let i = start; i < Math.min(pos + 2 + length, jpeg.length); i++) text += String.fromCharCode(jpeg[i]);
      return text;
    }
    pos += 2 + length;
  }
  return undefined;
}

/** True when `xmp` describes a gain map (hdrgm values or Apple's gain-map namespace). */
export function isGainMapXmp(xmp: string | undefined): boolean {
  return !!xmp && (hdrgmValues(xmp).length > 0 || xmp.includes(APPLE_NS));
}

/** True when `secondary` (a JPEG found after the primary's end) is an HDR gain map by its own XMP or ISO 21496-1 metadata. */
export function isGainMap(secondary: Uint8Array): boolean {
  if (secondary.length < 4 || secondary[0] !== 0xff || secondary[1] !== 0xd8 || secondary[2] !== 0xff) return false;
  return isGainMapXmp(firstXmp(secondary)) || isoGainMapData(secondary, false) !== undefined;
}

function xmpSegment(body: string): Uint8Array {
  const packet = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${body}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const payload = concatBytes([asciiBytes(XMP_ID), asciiBytes(packet)]);
  const length = payload.length + 2;
  return concatBytes([new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff]), payload]);
}

/** The gain map's own XMP: its hdrgm values (or Apple's marker namespace) and nothing else. */
export function gainMapXmp(original: string | undefined): Uint8Array {
  const values = original ? hdrgmValues(original) : [];
  if (values.length === 0) {
    // Apple's gain map: its namespace and version say what the image is.
    const version = original && /HDRGainMapVersion\s*=\s*"(\d{1,9})"|<HDRGainMap:HDRGainMapVersion>(\d{1,9})</.exec(original);
    return xmpSegment(`<rdf:Description rdf:about="" xmlns:HDRGainMap="${APPLE_NS}" HDRGainMap:HDRGainMapVersion="${version ? (version[1] ?? version[2]) : '65536'}"/>`);
  }
  const attributes = values.map(([k, v]) => ` hdrgm:${k}="${v}"`).join('');
  return xmpSegment(`<rdf:Description rdf:about="" xmlns:hdrgm="${HDRGM_NS}"${attributes}/>`);
}

/** The primary's XMP: the hdrgm version and the GContainer directory (primary, then the gain map and its length). */
export function primaryGainMapXmp(gainMapLength: number, primaryXmp: string | undefined): Uint8Array {
  const version = primaryXmp ? (hdrgmValues(primaryXmp).find(([k]) => k === 'Version')?.[1] ?? '1.0') : '1.0';
  return xmpSegment(
    `<rdf:Description rdf:about="" xmlns:hdrgm="${HDRGM_NS}" xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="${version}">` +
      '<Container:Directory><rdf:Seq>' +
      '<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>' +
      `<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="${gainMapLength}"/></rdf:li>` +
      '</rdf:Seq></Container:Directory></rdf:Description>',
  );
}

/**
 * An MPF APP2 segment (CIPA DC-007) indexing the primary and the gain map, big endian. Offsets count
 * from the MPF header (the byte after "MPF\0"); the primary's is 0. `mpfAt` is where this segment
 * will start in the output, `primaryLength` the primary's whole length (this segment included).
 */
export function mpfSegment(mpfAt: number, primaryLength: number, gainMapLength: number): Uint8Array {
  const headerAt = mpfAt + 8; // FF E2, length, "MPF\0"
  const entries = new Uint8Array(32);
  const ev = new DataView(entries.buffer);
  ev.setUint32(0, 0x20030000); // primary: representative image, baseline MP primary image
  ev.setUint32(4, primaryLength);
  ev.setUint32(8, 0);
  ev.setUint32(16, 0); // the gain map: an undefined-type dependent image
  ev.setUint32(20, gainMapLength);
  ev.setUint32(24, primaryLength - headerAt);
  const ifd = new Uint8Array(2 + 3 * 12 + 4);
  const iv = new DataView(ifd.buffer);
  iv.setUint16(0, 3);
  const entry = (i: number, tag: number, type: number, count: number, value: number | Uint8Array) => {
    const at = 2 + i * 12;
    iv.setUint16(at, tag);
    iv.setUint16(at + 2, type);
    iv.setUint32(at + 4, count);
    if (typeof value === 'number') iv.setUint32(at + 8, value);
    else ifd.set(value, at + 8);
  };
  const entriesAt = 8 + ifd.length; // right after the IFD, relative to the MPF header
  entry(0, 0xb000, 7, 4, asciiBytes('0100'));
  entry(1, 0xb001, 4, 1, 2);
  entry(2, 0xb002, 7, 32, entriesAt);
  const tiff = concatBytes([new Uint8Array([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), ifd, entries]);
  const payload = concatBytes([asciiBytes('MPF\0'), tiff]);
  const length = payload.length + 2;
  return concatBytes([new Uint8Array([0xff, 0xe2, length >> 8, length & 0xff]), payload]);
}
