/**
 * exifr reads IPTC records (JPEG Photoshop segments, TIFF IFD0, PNG raw profiles). The rest of
 * what the check once asked exifr for is read by our own small readers, each compared with exifr
 * in its spec and much cheaper than exifr's full parsers: the TIFF/EXIF/GPS IFDs' records by
 * tiff-records.reader.ts (in exifr's output shape), XMP packets by xmp-packet.parser.ts, ICC
 * profiles' descriptions by icc-profile.reader.ts. This file turns those records into
 * MetadataCollector entries through the field catalogue.
 *
 * exifr is only ever given bytes: given a string it would treat it as a URL or a path and fetch it.
 */
import * as exifr from 'exifr';

type ExifrOptions = Parameters<typeof exifr.sidecar>[1];
import { IfdReader, TiffEntry } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import { iccDescription } from './icc-profile.reader';
import { parseXmpPacket, XmpSelection } from './xmp-packet.parser';
import { EmbeddedImage } from './image-metadata.types';
import { MetadataCollector } from './metadata.collector';
import { ExifrOutput, readTiffRecords, TagRecord, TiffRecordTags } from './tiff-records.reader';

export type { ExifrOutput } from './tiff-records.reader';
import {
  AI_DIGITAL_SOURCE_TYPES,
  EXIF_FIELDS,
  IFD0_FIELDS,
  IPTC_FIELDS,
  IPTC_TIMES,
  TagField,
  TIME_ZONE_TAGS,
  XMP_CONTACT_FIELDS,
  XMP_FIELDS,
} from './metadata-fields.catalogue';
import {
  decodeCString,
  decodeUserComment,
  decodeUtf16,
  decodeUtf8,
  dmsToDecimal,
  normalizeTime,
  normalizeZone,
  valueItems,
  valueText,
  xmpCoordinate,
} from './metadata-values.util';

type Record_ = Record<string, unknown>;

/** The options the check read everything with before tiff-records.reader.ts (its spec compares with them). */
export const EXIFR_OPTIONS = {
  tiff: true,
  ifd0: {},
  ifd1: true,
  exif: true,
  gps: true,
  interop: false,
  makerNote: false, // read by maker-notes.reader.ts, with offsets exifr does not expose
  userComment: true,
  // XMP is found by the segment walk (JPEG) or in IFD0 (TIFF blocks, below): exifr's own search
  // costs more than the rest of its work.
  xmp: false,
  // Only the profile's description is reported: icc-profile.reader.ts reads it for a fraction of
  // the cost of exifr's full parse.
  icc: false,
  iptc: true,
  jfif: false,
  ihdr: false,
  mergeOutput: false,
  multiSegment: true,
  reviveValues: false,
  translateValues: false,
  translateKeys: false,
  sanitize: true,
  // Whole-buffer input: exifr reads it in memory, never in chunks from elsewhere.
  chunked: false,
} as const;

// exifr keeps one parsed Options per options object it is given (a Map keyed by identity): the
// objects must be created once, or each call pays the set-up and the map grows without end.
const IPTC_OPTIONS = { iptc: { translateKeys: false } } as ExifrOptions;
/** IPTC alone: exifr finds the record (JPEG segment, TIFF IFD0 tag) as with EXIFR_OPTIONS. */
const IPTC_ONLY = {
  ...EXIFR_OPTIONS,
  tiff: false,
  ifd0: false,
  ifd1: false,
  exif: false,
  gps: false,
  userComment: false,
} as unknown as ExifrOptions;

/** The tags collectTiffRecords reads, per block. */
export const TIFF_RECORD_TAGS: TiffRecordTags = {
  ifd0: new Set([...IFD0_FIELDS.map((f) => f.tag), 0x0112]),
  exif: new Set([...EXIF_FIELDS.map((f) => f.tag), ...Object.keys(TIME_ZONE_TAGS).map(Number)]),
  gps: new Set([1, 2, 3, 4, 5, 6, 7, 29]),
  ifd1: new Set([0x0100, 0x0101, 0x0111, 0x0117, 0x0201, 0x0202]),
};

const XMP_TAG = 0x02bc;
const ICC_PROFILE_TAG = 0x8773;

/**
 * The XMP packet and ICC profile description a TIFF block's IFD0 holds (TIFF files, and EXIF
 * blocks read as such), as exifr would report them.
 */
function tiffPackets(tiff: Uint8Array, out: ExifrOutput) {
  let reader: IfdReader;
  let entry: TiffEntry | undefined;
  try {
    reader = IfdReader.fromTiffHeader(tiff);
    entry = reader.entryOf(reader.firstIfdOffset, XMP_TAG); // an unreadable IFD0: neither packet
  } catch {
    return;
  }
  try {
    const packet = entry && (entry.type === 1 || entry.type === 2 || entry.type === 7) ? reader.valueBytes(entry) : undefined;
    if (packet) {
      const text = decodeUtf8(packet);
      // An ASCII value loses its terminating NULs and blanks; an empty one is no value.
      const xmp = entry?.type === 2 ? text.replace(/\0+$/, '').trim() : text;
      if (entry?.type !== 2 || xmp !== '') out.xmp = xmp;
    }
  } catch {
    // A damaged XMP entry: no XMP, as with exifr.
  }
  try {
    const icc = reader.entryOf(reader.firstIfdOffset, ICC_PROFILE_TAG);
    const profile = icc && reader.valueBytes(icc);
    const description = profile ? iccDescription(profile) : undefined;
    if (description !== undefined) out.iccDescription = description;
  } catch {
    // A damaged ICC entry: no description.
  }
}

/** The IPTC record exifr finds in a JPEG file or a TIFF block. */
async function exifrIptcIn(input: Uint8Array): Promise<Record_ | undefined> {
  const out = (await exifr.parse(input, IPTC_ONLY)) as ExifrOutput | undefined;
  return out?.iptc;
}

/**
 * The records of a JPEG: its EXIF segment's TIFF block (the first APP1 "Exif\0\0" segment, the
 * one exifr reads) and, when it has a Photoshop segment, exifr's IPTC. Its XMP and ICC profile are
 * found by the segment walk (jpeg-metadata.reader.ts).
 */
export async function jpegRecords(jpeg: Uint8Array, exifBlock: Uint8Array | undefined, photoshop: boolean): Promise<ExifrOutput> {
  const out: ExifrOutput = exifBlock ? readTiffRecords(exifBlock, TIFF_RECORD_TAGS) : {};
  if (photoshop) {
    const iptc = await exifrIptcIn(jpeg);
    if (iptc) out.iptc = iptc;
  }
  return out;
}

/**
 * The records of a bare TIFF block (a TIFF file, a PNG eXIf or WebP EXIF chunk), with the XMP
 * packet, ICC description and IPTC record its IFD0 holds. Throws on a block without a TIFF
 * byte-order mark, as exifr did ("Unknown file format").
 */
export async function tiffBlockRecords(tiff: Uint8Array): Promise<ExifrOutput> {
  const marked = tiff.length >= 2 && ((tiff[0] === 0x49 && tiff[1] === 0x49) || (tiff[0] === 0x4d && tiff[1] === 0x4d));
  if (!marked) throw new Error('Not a TIFF block');
  const { hasIptc, ...out } = readTiffRecords(tiff, TIFF_RECORD_TAGS);
  if (hasIptc) {
    const iptc = await exifrIptcIn(tiff);
    if (iptc) out.iptc = iptc;
  }
  if (tiff.length > 8) tiffPackets(tiff, out);
  return out;
}

/** A bare IPTC IIM block (or Photoshop resources holding one). */
export async function exifrIptc(bytes: Uint8Array): Promise<Record_ | undefined> {
  return (await exifr.sidecar(bytes, IPTC_OPTIONS, 'iptc')) as Record_ | undefined;
}

/** The XMP properties collectXmp reads; the parser skips the rest of a packet. */
const XMP_SELECTION: XmpSelection = (() => {
  const names = new Map<string, Set<string>>();
  const add = (ns: string, ...keys: string[]) => {
    const set = names.get(ns) ?? new Set<string>();
    for (const key of keys) set.add(key);
    names.set(ns, set);
  };
  for (const field of XMP_FIELDS) add(field.ns, field.key);
  add('exif', 'GPSLatitude', 'GPSLongitude', 'GPSAltitude');
  add('Iptc4xmpCore', 'CreatorContactInfo');
  add('Iptc4xmpExt', 'LocationShown', 'LocationCreated', 'DigitalSourceType');
  add('mwg-rs', 'Regions');
  add('MP', 'RegionInfo');
  add('xmpMM', 'History', 'DerivedFrom');
  const selection = new Map<string, ReadonlySet<string> | 'all'>(names);
  selection.set('MPRI', 'all');
  return selection;
})();

/** An XMP packet as exifr parses it (namespace prefix → properties), limited to what collectXmp reads. */
export function parseXmp(xml: string): Record<string, Record_> {
  return parseXmpPacket(xml, XMP_SELECTION);
}

// ---- TIFF records ------------------------------------------------------------------------------

function tagText(field: TagField, value: unknown): string | undefined {
  if (value instanceof Uint8Array) {
    if (field.tag >= 0x9c9b && field.tag <= 0x9c9f) return decodeUtf16(value, true);
    if (field.tag === 0x9286) return decodeUserComment(value);
    return decodeCString(value);
  }
  return valueText(value);
}

function collectFields(c: MetadataCollector, record: TagRecord | undefined, fields: readonly TagField[], prefix: string, latin1?: ReadonlyMap<string, string>) {
  if (!record) return;
  for (const field of fields) {
    const value = record.get(field.tag);
    if (value === undefined) continue;
    const text = (typeof value === 'string' && latin1?.get(value)) || tagText(field, value);
    if (text !== undefined) c.text(field.target, text, `${prefix} ${field.name}`);
  }
}

function numbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value as ArrayLike<unknown>).map(Number);
  return [];
}

/** The first JPEG frame's size inside `bytes` (an embedded thumbnail or preview), if any. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let pos = 2;
  for (let guard = 0; guard < 64 && pos + 9 < bytes.length; guard++) {
    if (bytes[pos] !== 0xff) return undefined;
    const marker = bytes[pos + 1];
    const length = (bytes[pos + 2] << 8) | bytes[pos + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[pos + 5] << 8) | bytes[pos + 6], width: (bytes[pos + 7] << 8) | bytes[pos + 8] };
    }
    if (length < 2) return undefined;
    pos += 2 + length;
  }
  return undefined;
}

/** EXIF's OffsetTime tags and the times they belong to, listed once (not an Object.entries per file). */
const ZONE_TAGS = Object.entries(TIME_ZONE_TAGS).map(([tag, kind]) => ({ tag: Number(tag), kind }));

/**
 * Interprets exifr's TIFF-family records. `tiff` is the TIFF block the offsets count from (for the
 * thumbnail's size); `prefix` names the container ("EXIF", "PNG eXIf", "WebP EXIF").
 */
export function collectTiffRecords(c: MetadataCollector, out: ExifrOutput, prefix: string, tiff?: Uint8Array) {
  collectFields(c, out.ifd0, IFD0_FIELDS, prefix, out.latin1);
  collectFields(c, out.exif, EXIF_FIELDS, prefix, out.latin1);
  if (out.userComment instanceof Uint8Array) c.text({ to: 'comments' }, decodeUserComment(out.userComment), `${prefix} UserComment`);
  else if (typeof out.userComment === 'string') c.text({ to: 'comments' }, out.userComment, `${prefix} UserComment`);
  if (out.ifd0) c.orientation(numbers(out.ifd0.get(0x0112))[0]);
  if (out.exif) {
    for (const { tag, kind } of ZONE_TAGS) {
      const zone = valueText(out.exif.get(tag));
      c.timeZone(kind, `${prefix} `, zone && normalizeZone(zone));
    }
  }

  const gps = out.gps;
  if (gps && gps.get(2) !== undefined && gps.get(4) !== undefined) {
    const latitude = dmsToDecimal(numbers(gps.get(2)), valueText(gps.get(1)));
    const longitude = dmsToDecimal(numbers(gps.get(4)), valueText(gps.get(3)));
    const altitude = numbers(gps.get(6))[0];
    if (latitude !== undefined && longitude !== undefined) {
      const below = numbers(gps.get(5))[0] === 1;
      c.gps({
        latitude,
        longitude,
        altitude: altitude !== undefined && Number.isFinite(altitude) ? (below ? -altitude : altitude) : undefined,
        origin: `${prefix} GPS`,
      });
    }
  }
  if (gps) {
    const date = valueText(gps.get(29));
    const clock = numbers(gps.get(7));
    if (date && clock.length === 3 && clock.every(Number.isFinite)) {
      const text = `${date} ${clock.map((n) => String(Math.floor(n)).padStart(2, '0')).join(':')}`;
      // Some devices write impossible GPS dates ("2014:09:259"): only real dates count.
      if (normalizeTime(text)) c.time(text, `${prefix} GPS date and time`, 'gps', 'Z');
    }
  }

  const ifd1 = out.ifd1;
  if (ifd1) {
    const offset = numbers(ifd1.get(0x0201))[0];
    const length = numbers(ifd1.get(0x0202))[0];
    if (offset !== undefined && length !== undefined && length > 0) {
      const image: EmbeddedImage = { kind: 'thumbnail', origin: `${prefix} IFD1 thumbnail`, byteLength: length };
      if (tiff && offset + length <= tiff.length) Object.assign(image, jpegSize(tiff.subarray(offset, offset + length)));
      c.embeddedImage(image);
    } else if (ifd1.get(0x0111) !== undefined) {
      const width = numbers(ifd1.get(0x0100))[0];
      const height = numbers(ifd1.get(0x0101))[0];
      const total = numbers(ifd1.get(0x0117)).reduce((a, b) => a + b, 0);
      c.embeddedImage({ kind: 'thumbnail', origin: `${prefix} IFD1 thumbnail`, byteLength: total, width, height });
    }
  }

  if (out.damaged?.length) c.unreadable(`${prefix} ${out.damaged.join(', ')} (damaged)`);
  if (out.iptc) collectIptc(c, out.iptc);
  if (out.iccDescription !== undefined) c.iccProfile(out.iccDescription);
  if (typeof out.xmp === 'string') collectXmp(c, out.xmp, 'XMP');
}

// ---- IPTC --------------------------------------------------------------------------------------

const IPTC_TIME = /^(\d{2})(\d{2})(\d{2})([+-]\d{4})?$/;

export function collectIptc(c: MetadataCollector, record: Record_) {
  for (const field of IPTC_FIELDS) {
    const value = record[field.dataset];
    if (value !== undefined) c.field(field.target, value, `IPTC ${field.name}`);
  }
  for (const pair of IPTC_TIMES) {
    const date = valueText(record[pair.date]);
    if (!date) continue;
    const time = valueText(record[pair.time]);
    const m = time ? IPTC_TIME.exec(time) : null;
    const text = m ? `${date.slice(0, 4)}:${date.slice(4, 6)}:${date.slice(6, 8)} ${m[1]}:${m[2]}:${m[3]}` : date;
    c.time(text, `IPTC ${pair.name}`, pair.kind, m?.[4] ? normalizeZone(m[4]) : undefined);
  }
}

// ---- XMP ---------------------------------------------------------------------------------------

/** The literal text of a simple XMP property (attribute or element form), as written in the packet. */
export function xmpLiteral(xml: string, qualifiedName: string): string | undefined {
  const name = qualifiedName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')|<${name}>([^<]*)</${name}>`).exec(xml);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function asRecords(value: unknown): Record_[] {
  if (Array.isArray(value)) return value.flatMap(asRecords);
  return value && typeof value === 'object' && !(value instanceof Uint8Array) ? [value as Record_] : [];
}

/** Names in face and person regions (MWG regions, Microsoft Photo regions), wherever they nest. */
function regionNames(value: unknown, depth = 0): string[] {
  if (depth > 8) return [];
  const names: string[] = [];
  for (const record of asRecords(value)) {
    for (const [key, inner] of Object.entries(record)) {
      if (key === 'Name' || key === 'PersonDisplayName') names.push(...valueItems(inner));
      else if (inner && typeof inner === 'object') names.push(...regionNames(inner, depth + 1));
    }
  }
  return names;
}

const MAX_XMP_CHARS = 4 * 1024 * 1024;

/** Interprets one XMP packet; `origin` prefixes every field ("XMP", "PNG iTXt XMP"). */
export function collectXmp(c: MetadataCollector, xml: string, origin: string) {
  if (xml.length > MAX_XMP_CHARS) {
    c.unreadable(`${origin} (larger than 4 MB)`);
    return;
  }
  let xmp: Record<string, Record_>;
  try {
    xmp = parseXmp(xml);
  } catch {
    c.unreadable(`${origin} (not valid XMP)`);
    return;
  }
  // An index loop: this runs too rarely for V8 to optimize it, and an unoptimized for-of
  // allocates an iterator result per field (most of the check's XMP garbage).
  for (let i = 0; i < XMP_FIELDS.length; i++) {
    const field = XMP_FIELDS[i];
    const value = xmp[field.ns]?.[field.key];
    if (value === undefined) continue;
    const literal = field.literal && typeof value === 'number' ? xmpLiteral(xml, `${field.ns}:${field.key}`) : undefined;
    c.field(field.target, literal ?? value, `${origin} ${field.ns}:${field.key}`);
  }

  const exif = xmp.exif;
  if (exif && exif.GPSLatitude !== undefined && exif.GPSLongitude !== undefined) {
    const latitude = xmpCoordinate(String(exif.GPSLatitude));
    const longitude = xmpCoordinate(String(exif.GPSLongitude));
    const altitude = Number(exif.GPSAltitude);
    if (latitude !== undefined && longitude !== undefined) {
      c.gps({ latitude, longitude, altitude: Number.isFinite(altitude) ? altitude : undefined, origin: `${origin} exif:GPSLatitude/GPSLongitude` });
    }
  }

  for (const contact of asRecords(xmp.Iptc4xmpCore?.CreatorContactInfo)) {
    for (const [key, rule] of Object.entries(XMP_CONTACT_FIELDS)) {
      const raw = contact[key];
      if (raw === undefined) continue;
      const where = `${origin} Iptc4xmpCore:CreatorContactInfo ${key}`;
      const literal = 'kind' in rule && rule.literal && typeof raw === 'number' ? xmpLiteral(xml, `Iptc4xmpCore:${key}`) : undefined;
      for (const text of valueItems(literal ?? raw)) {
        if ('place' in rule) c.text({ to: 'places' }, text, where);
        else c.contact(text, where, rule.kind);
      }
    }
  }

  const ext = xmp.Iptc4xmpExt;
  for (const key of ['LocationShown', 'LocationCreated']) {
    for (const location of asRecords(ext?.[key])) {
      for (const part of ['Sublocation', 'City', 'ProvinceState', 'CountryName', 'WorldRegion']) {
        for (const text of valueItems(location[part])) c.text({ to: 'places' }, text, `${origin} Iptc4xmpExt:${key} ${part}`);
      }
    }
  }
  const sourceType = valueText(ext?.DigitalSourceType);
  if (sourceType && AI_DIGITAL_SOURCE_TYPES.some((t) => sourceType.endsWith(`/${t}`))) {
    c.add('aiGeneration', { value: sourceType.replace(/^.*\//, ''), origin: `${origin} Iptc4xmpExt:DigitalSourceType` });
  }

  for (const name of [...regionNames(xmp['mwg-rs']?.Regions), ...regionNames(xmp.MP?.RegionInfo), ...regionNames(xmp.MPRI)]) {
    c.text({ to: 'people', role: 'person-in-image' }, name, `${origin} face region`);
  }

  for (const event of asRecords(xmp.xmpMM?.History)) {
    const parts = [event.action, event.when, event.softwareAgent, event.parameters].map(valueText).filter(Boolean);
    if (parts.length) c.add('history', { value: parts.join(' · '), origin: `${origin} xmpMM:History` });
    const agent = valueText(event.softwareAgent);
    if (agent) c.add('software', { value: agent, origin: `${origin} xmpMM:History softwareAgent` });
  }
  for (const derived of asRecords(xmp.xmpMM?.DerivedFrom)) {
    const id = valueText(derived.documentID) ?? valueText(derived.instanceID);
    if (id) c.add('history', { value: `derived from ${id}`, origin: `${origin} xmpMM:DerivedFrom` });
  }
}
