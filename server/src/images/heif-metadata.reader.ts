/**
 * HEIF (HEIC, HEIF, AVIF): the items of the meta box, read through the same structure reader the
 * stripper uses. Exif items are TIFF blocks (after a 4-byte offset to their header), XMP is a
 * mime item of type application/rdf+xml (possibly deflated), thumbnails are image items with a
 * "thmb" reference, and HEIF's descriptive properties (user description, creation and
 * modification times) are read too. Other metadata items and unknown boxes are reported as blocks.
 */
import { inflateSync } from 'node:zlib';
import { latin1, MalformedImageError, u32be } from '../browser-shared/metadata-strip/bytes.util';
import {
  HEIF_METADATA_ITEM_TYPES,
  HeifFile,
  HeifItem,
  itemBytes,
  itemProperties,
  itemRanges,
  moovMetadataBoxes,
  printable,
  readHeif,
  unusedMediaBytes,
} from '../browser-shared/metadata-strip/heif-structure.reader';
import type { WalkedStructure } from '../browser-shared/metadata-strip/metadata.stripper';
import { collectXmp } from './exifr.reader';
import { iccDescription } from './icc-profile.reader';
import { readSequenceMetadata } from './heif-sequence.reader';
import { MetadataCollector } from './metadata.collector';
import { decodeUtf8 } from './metadata-values.util';
import { collectExifBlock } from './png-metadata.reader';

/** Largest metadata item read (Exif, XMP), and the most an XMP item may inflate to. */
const MAX_ITEM_BYTES = 4 * 1024 * 1024;

/** Microseconds from 1904-01-01 (the ISO base media epoch) to 1970-01-01. */
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);

/** Top-level boxes every HEIF file may hold without them carrying anything personal. */
const PLAIN_BOXES: ReadonlySet<string> = new Set(['ftyp', 'meta', 'mdat', 'free', 'skip', 'moov']);
const META_STRUCTURE: ReadonlySet<string> = new Set(['hdlr', 'pitm', 'iloc', 'iinf', 'iref', 'iprp', 'idat', 'dinf', 'grpl']);

function exifTiff(data: Uint8Array): Uint8Array | undefined {
  // The item starts with the offset of the TIFF header past these 4 bytes (usually 6: "Exif\0\0").
  if (data.length < 12) return undefined;
  const offset = u32be(data, 0);
  const at = 4 + offset;
  const isTiff = (i: number) => i + 4 <= data.length && ((data[i] === 0x49 && data[i + 1] === 0x49 && data[i + 2] === 0x2a) || (data[i] === 0x4d && data[i + 1] === 0x4d && data[i + 3] === 0x2a));
  if (isTiff(at)) return data.subarray(at);
  // Some writers count from the item's start, or leave the offset at 0: look near the start.
  for (let i = 4; i < Math.min(data.length - 4, 32); i++) if (isTiff(i)) return data.subarray(i);
  return undefined;
}

function xmpText(item: HeifItem, data: Uint8Array, c: MetadataCollector): string | undefined {
  const encoding = item.contentEncoding?.toLowerCase();
  if (!encoding) return decodeUtf8(data);
  if (encoding !== 'deflate' && encoding !== 'gzip') {
    c.unreadable(`HEIF XMP item (encoded as ${encoding})`);
    return undefined;
  }
  try {
    return decodeUtf8(inflateSync(data, { maxOutputLength: MAX_ITEM_BYTES, finishFlush: 2 }));
  } catch {
    c.unreadable('HEIF XMP item (damaged compressed data or larger than 4 MB)');
    return undefined;
  }
}

/** A HEIF time (64-bit microseconds since 1904-01-01 UTC) as an EXIF-style UTC time. */
function isoTime(high: number, low: number): string | undefined {
  const ms = EPOCH_1904_MS + (high * 0x100000000 + low) / 1000;
  const date = new Date(ms);
  if (!Number.isFinite(ms) || date.getUTCFullYear() < 1970 || date.getUTCFullYear() > 2200) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** NUL-terminated strings of a property body. */
function cStrings(bytes: Uint8Array, start: number, end: number, count: number): string[] {
  const out: string[] = [];
  let at = start;
  for (let i = 0; i < count && at < end; i++) {
    let stop = at;
    while (stop < end && bytes[stop] !== 0) stop++;
    out.push(decodeUtf8(bytes.subarray(at, stop)));
    at = stop + 1;
  }
  return out;
}

function collectProperties(bytes: Uint8Array, file: HeifFile, c: MetadataCollector) {
  const seen = new Set<number>();
  for (const [index, property] of file.meta.properties.entries()) {
    if (seen.has(index)) continue;
    seen.add(index);
    const body = property.payload + 4; // full boxes: version and flags
    if (property.type === 'udes') {
      const [, name, description, tags] = cStrings(bytes, body, property.end, 4);
      for (const [text, field] of [[name, 'name'], [description, 'description'], [tags, 'tags']] as const) {
        if (text) c.text({ to: 'comments' }, text, `HEIF user description ${field}`);
      }
    } else if (property.type === 'altt') {
      const [text] = cStrings(bytes, body, property.end, 1);
      if (text) c.text({ to: 'comments' }, text, 'HEIF accessibility text');
    } else if ((property.type === 'crtt' || property.type === 'mdft') && body + 8 <= property.end) {
      const time = isoTime(u32be(bytes, body), u32be(bytes, body + 4));
      const created = property.type === 'crtt';
      if (time) c.time(time, created ? 'HEIF creation time' : 'HEIF modification time', created ? 'original' : 'modified', 'Z');
    } else if (property.type === 'colr' && property.payload + 4 <= property.end) {
      const kind = latin1(bytes, property.payload, property.payload + 4);
      if (kind === 'prof' || kind === 'rICC') c.iccProfile(iccDescription(bytes.subarray(property.payload + 4, property.end)));
    }
  }
}

function itemSize(file: HeifFile, bytes: Uint8Array, id: number, depth = 0): number {
  const location = file.meta.locations.get(id);
  const own = location ? (itemRanges(file, bytes, location) ?? []).reduce((sum, r) => sum + r.end - r.start, 0) : 0;
  if (depth > 2) return own;
  const inputs = file.meta.references.filter((r) => r.from === id && r.type === 'dimg').flatMap((r) => r.to);
  return own + inputs.reduce((sum, input) => sum + itemSize(file, bytes, input, depth + 1), 0);
}

function ispe(bytes: Uint8Array, file: HeifFile, id: number): { width?: number; height?: number } {
  const property = itemProperties(file.meta, id).find((p) => p.type === 'ispe');
  if (!property || property.payload + 12 > property.end) return {};
  return { width: u32be(bytes, property.payload + 4), height: u32be(bytes, property.payload + 8) };
}

function collectItem(bytes: Uint8Array, file: HeifFile, item: HeifItem, thumbnails: Set<number>, c: MetadataCollector) {
  if (thumbnails.has(item.id)) {
    // An empty thumbnail item (0 bytes: some encoders' placeholder) shows nothing.
    const byteLength = itemSize(file, bytes, item.id);
    if (byteLength > 0) c.embeddedImage({ kind: 'thumbnail', origin: `HEIF thumbnail image (item ${item.id})`, byteLength, ...ispe(bytes, file, item.id) });
    return;
  }
  if (item.type === 'Exif') {
    const data = itemBytes(file, bytes, item.id, MAX_ITEM_BYTES);
    const tiff = data && exifTiff(data);
    if (!tiff) c.unreadable('HEIF Exif item (damaged or larger than 4 MB)');
    return tiff && collectExifBlock(c, tiff, 'EXIF');
  }
  if (item.type === 'mime' && item.contentType === 'application/rdf+xml') {
    const data = itemBytes(file, bytes, item.id, MAX_ITEM_BYTES);
    if (!data) {
      c.unreadable('HEIF XMP item (damaged or larger than 4 MB)');
      return;
    }
    const xml = xmpText(item, data, c);
    if (xml !== undefined) collectXmp(c, xml, 'XMP');
    return;
  }
  if (item.type === 'mime') {
    const type = item.contentType ?? 'unknown';
    c.add('otherBlocks', { value: /c2pa/i.test(type) ? 'Content Credentials (C2PA) manifest' : `HEIF "${type}" item`, origin: 'HEIF' });
    return;
  }
  if (item.type === 'jumb') c.add('otherBlocks', { value: 'JUMBF box (Content Credentials)', origin: 'HEIF' });
  else if (item.type === 'uri ') c.add('otherBlocks', { value: `HEIF URI item (${item.uriType ?? 'unknown'})`, origin: 'HEIF' });
  else c.add('otherBlocks', { value: `HEIF "${printable(item.type).trim()}" metadata item`, origin: 'HEIF' });
}

export async function readHeifMetadata(bytes: Uint8Array, c: MetadataCollector, walked: WalkedStructure = {}) {
  let file: HeifFile;
  try {
    file = readHeif(bytes);
  } catch (err) {
    if (err instanceof MalformedImageError) throw new MalformedImageError('The HEIF structure is damaged');
    throw err;
  }
  walked.heif = file;
  for (const problem of file.meta.problems) c.unreadable(problem);
  const meta = file.meta;
  const thumbnails = new Set(meta.references.filter((r) => r.type === 'thmb').map((r) => r.from));
  const describing = new Set(meta.references.filter((r) => r.type === 'cdsc').map((r) => r.from));
  for (const item of meta.items.values()) {
    // What a clean copy drops (a thumbnail's own tiles and alpha plane are counted with it).
    if (!thumbnails.has(item.id) && !describing.has(item.id) && !HEIF_METADATA_ITEM_TYPES.has(item.type)) continue;
    try {
      await collectItem(bytes, file, item, thumbnails, c);
    } catch (err) {
      if (!(err instanceof MalformedImageError) && !(err instanceof RangeError)) throw err;
      c.unreadable(`HEIF ${printable(item.type).trim()} item (damaged)`);
    }
  }
  try {
    collectProperties(bytes, file, c);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    c.unreadable('HEIF item properties (damaged)');
  }
  for (const child of meta.children) {
    if (META_STRUCTURE.has(child.type)) continue;
    const text = child.type === 'xml ' || child.type === 'bxml' ? decodeUtf8(bytes.subarray(child.payload + 4, child.end)) : '';
    if (text.includes('xmpmeta') || text.includes('rdf:RDF')) collectXmp(c, text, 'XMP');
    else c.add('otherBlocks', { value: `HEIF meta box "${printable(child.type).trim()}"`, origin: 'HEIF' });
  }
  for (const box of file.boxes) {
    if (box.type === 'moov') {
      try {
        for (const found of moovMetadataBoxes(bytes, box)) c.add('otherBlocks', { value: `HEIF sequence "${printable(found.type).trim()}" box`, origin: 'HEIF' });
        readSequenceMetadata(c, bytes, box);
      } catch (err) {
        if (!(err instanceof MalformedImageError)) throw err;
        c.unreadable('HEIF sequence boxes (damaged)');
      }
    } else if (!PLAIN_BOXES.has(box.type)) c.add('otherBlocks', { value: `HEIF box "${printable(box.type).trim()}"`, origin: 'HEIF' });
  }
  const unused = unusedMediaBytes(file, bytes);
  if (unused > 0) c.embeddedImage({ kind: 'trailing-data', origin: 'HEIF media data no image uses', byteLength: unused });
}
