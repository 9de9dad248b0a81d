/**
 * HDR gain maps in JPEG (Ultra HDR / Adobe's gain map, ISO 21496-1's predecessor; Apple's HDR gain
 * map): a second JPEG after the primary image's end, listed in the primary's MPF index, and XMP
 * that says how to apply it (the hdrgm namespace, and a GContainer directory giving its length).
 * Without them an HDR screen shows the photo flat. None of it is personal: the gain map is a
 * low-resolution ratio image of the same picture, and the hdrgm values are rendering numbers. So
 * the strip keeps the gain map — itself cleaned like any JPEG — and writes the XMP and MPF index
 * anew, holding only what rendering needs (no other XMP property survives).
 */
import { asciiBytes, concatBytes, hasAscii } from './bytes.util';

const HDRGM_NS = 'http://ns.adobe.com/hdr-gain-map/1.0/';
const APPLE_NS = 'http://ns.apple.com/HDRGainMap/1.0/';
const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';

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

/** True when `secondary` (a JPEG found after the primary's end) is an HDR gain map by its own XMP. */
export function isGainMap(secondary: Uint8Array): boolean {
  if (secondary.length < 4 || secondary[0] !== 0xff || secondary[1] !== 0xd8 || secondary[2] !== 0xff) return false;
  const xmp = firstXmp(secondary);
  return !!xmp && (hdrgmValues(xmp).length > 0 || xmp.includes(APPLE_NS));
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
