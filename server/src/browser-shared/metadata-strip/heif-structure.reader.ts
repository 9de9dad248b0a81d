/**
 * The structure of HEIF files (HEIC, HEIF, AVIF: ISO/IEC 23008-12 on the ISO base media file
 * format, ISO/IEC 14496-12): the boxes, and the `meta` box's items (iinf), where their data lies
 * (iloc, idat), how they refer to each other (iref), and their properties (iprp: ipco, ipma).
 * Shared by the metadata reader and the stripper, so both see the same file. Every size and offset
 * is range-checked and every loop bounded: a damaged box throws MalformedImageError.
 */
import { latin1, MalformedImageError } from './bytes.util';

/** Boxes, items, references and properties read per file at most: a hostile file cannot make us loop. */
export const HEIF_LIMITS = { boxes: 10_000, items: 20_000, extents: 100_000, references: 100_000, properties: 10_000 } as const;

export interface Box {
  type: string;
  /** Absolute offsets in the file: the box, its payload, its end. */
  start: number;
  payload: number;
  end: number;
}

export interface HeifItem {
  id: number;
  /** The four-character item type ("hvc1", "av01", "grid", "Exif", "mime"...). */
  type: string;
  name: string;
  /** mime items: the content type ("application/rdf+xml" for XMP) and its encoding ("deflate"). */
  contentType?: string;
  contentEncoding?: string;
  /** uri items: the URI naming the data's format. */
  uriType?: string;
  /** Flag 1 of the infe box: not meant to be displayed on its own (grid tiles, auxiliary images). */
  hidden: boolean;
  /** The infe box, copied as it is when the item is kept. */
  box: Box;
}

export interface ItemExtent {
  /** construction_method 2: the index of the item (in the iloc references) the offset counts from. */
  index?: number;
  offset: number;
  length: number;
}

export interface ItemLocation {
  id: number;
  /** 0: offsets in the file; 1: in the idat box; 2: in another item's data. */
  constructionMethod: number;
  dataReferenceIndex: number;
  baseOffset: number;
  extents: ItemExtent[];
}

export interface ItemReference {
  /** "cdsc" (content describes), "thmb" (thumbnail of), "dimg" (derived from), "auxl" (auxiliary of)... */
  type: string;
  from: number;
  to: number[];
}

export interface PropertyLink {
  /** 1-based index into the ipco properties (0: no property). */
  index: number;
  essential: boolean;
}

export interface HeifMeta {
  box: Box;
  /** The meta box's children, in order. */
  children: Box[];
  primaryId?: number;
  items: Map<number, HeifItem>;
  iinfVersion: number;
  locations: Map<number, ItemLocation>;
  references: ItemReference[];
  /** The ipco properties, in order (ipma's indices count from 1). */
  properties: Box[];
  associations: Map<number, PropertyLink[]>;
  idat?: Box;
  /** Parts of the meta box that could not be read (the reader reports them; the stripper refuses). */
  problems: string[];
}

export interface HeifFile {
  majorBrand: string;
  brands: string[];
  boxes: Box[];
  meta: HeifMeta;
}

/** Brands of still images and image sequences this check reads and cleans. */
export const HEIF_BRANDS = {
  heic: ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs'],
  avif: ['avif', 'avis', 'avio'],
  heif: ['mif1', 'msf1', 'mif2', 'miaf', 'mif3'],
} as const;

/** A big-endian reader over the whole file, with bounds checked on every read. */
class Reader {
  constructor(private readonly bytes: Uint8Array) {}

  need(at: number, length: number, end: number) {
    if (at < 0 || length < 0 || at + length > end || at + length > this.bytes.length) throw new MalformedImageError('A HEIF box is truncated');
  }

  u8(at: number, end: number): number {
    this.need(at, 1, end);
    return this.bytes[at];
  }

  u16(at: number, end: number): number {
    this.need(at, 2, end);
    return (this.bytes[at] << 8) | this.bytes[at + 1];
  }

  u32(at: number, end: number): number {
    this.need(at, 4, end);
    const b = this.bytes;
    return b[at] * 0x1000000 + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
  }

  /** An unsigned integer of 0, 4 or 8 bytes (iloc's field sizes); 8-byte values must stay exact. */
  uint(at: number, size: number, end: number): number {
    if (size === 0) return 0;
    if (size === 2) return this.u16(at, end);
    if (size === 4) return this.u32(at, end);
    if (size === 8) {
      const high = this.u32(at, end);
      const value = high * 0x100000000 + this.u32(at + 4, end);
      if (!Number.isSafeInteger(value)) throw new MalformedImageError('A HEIF offset is out of range');
      return value;
    }
    throw new MalformedImageError('A HEIF field has an invalid size');
  }

  /** A NUL-terminated UTF-8 string (ASCII in practice); returns the text and the offset after the NUL. */
  cString(at: number, end: number): { text: string; next: number } {
    let i = at;
    while (i < end && i < this.bytes.length && this.bytes[i] !== 0) i++;
    return { text: latin1(this.bytes, at, i), next: Math.min(end, i + 1) };
  }
}

/**
 * The boxes between `start` and `end` (a file or a container box's payload). With `truncated`, a
 * last box that runs past the end is cut there and reported, instead of throwing.
 */
export function readBoxes(bytes: Uint8Array, start: number, end: number, truncated?: (box: Box) => void): Box[] {
  const r = new Reader(bytes);
  const boxes: Box[] = [];
  let pos = start;
  while (pos < end) {
    if (boxes.length >= HEIF_LIMITS.boxes) throw new MalformedImageError('A HEIF file has too many boxes');
    if (end - pos < 8) throw new MalformedImageError('A HEIF box header is truncated');
    let size = r.u32(pos, end);
    const type = latin1(bytes, pos + 4, pos + 8);
    let payload = pos + 8;
    if (size === 1) {
      size = r.uint(pos + 8, 8, end);
      payload = pos + 16;
    } else if (size === 0) size = end - pos; // to the end of the file (or container)
    if (type === 'uuid') payload += 16;
    if (size < payload - pos) throw new MalformedImageError(`The HEIF box "${printable(type)}" is damaged`);
    if (pos + size > end) {
      if (!truncated || payload > end) throw new MalformedImageError(`The HEIF box "${printable(type)}" runs past its container`);
      const box = { type, start: pos, payload, end };
      boxes.push(box);
      truncated(box);
      break;
    }
    boxes.push({ type, start: pos, payload, end: pos + size });
    pos += size;
  }
  return boxes;
}

export function printable(type: string): string {
  return type.replace(/[^\x20-\x7e]/g, '?');
}

/** The ftyp box's brands, or undefined when the file does not start with one. */
export function fileBrands(bytes: Uint8Array): { major: string; brands: string[] } | undefined {
  if (bytes.length < 16 || latin1(bytes, 4, 8) !== 'ftyp') return undefined;
  const size = new Reader(bytes).u32(0, bytes.length);
  if (size < 16 || size > bytes.length || size > 4096) return undefined;
  const brands: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(latin1(bytes, at, at + 4));
  return { major: latin1(bytes, 8, 12), brands };
}

/** The HEIF family of a brand set: AVIF, HEIC (HEVC) or generic HEIF; undefined for other ISOBMFF files (video, CR3, JPEG 2000). */
export function heifKind(major: string, brands: readonly string[]): 'avif' | 'heic' | 'heif' | undefined {
  const all = [major, ...brands];
  const has = (list: readonly string[]) => all.some((b) => list.includes(b));
  if ((HEIF_BRANDS.avif as readonly string[]).includes(major)) return 'avif';
  if ((HEIF_BRANDS.heic as readonly string[]).includes(major)) return 'heic';
  if (!(HEIF_BRANDS.heif as readonly string[]).includes(major) && !has(HEIF_BRANDS.heif)) return undefined;
  if (has(HEIF_BRANDS.avif)) return 'avif';
  if (has(HEIF_BRANDS.heic)) return 'heic';
  return 'heif';
}

function fullBox(r: Reader, box: Box): { version: number; flags: number; body: number } {
  const word = r.u32(box.payload, box.end);
  return { version: word >>> 24, flags: word & 0xffffff, body: box.payload + 4 };
}

function readItemInfo(bytes: Uint8Array, r: Reader, iinf: Box, meta: HeifMeta) {
  const { version, body } = fullBox(r, iinf);
  meta.iinfVersion = version;
  const count = version === 0 ? r.u16(body, iinf.end) : r.u32(body, iinf.end);
  if (count > HEIF_LIMITS.items) throw new MalformedImageError('A HEIF file has too many items');
  const entries = readBoxes(bytes, body + (version === 0 ? 2 : 4), iinf.end).filter((b) => b.type === 'infe');
  for (const infe of entries) {
    const f = fullBox(r, infe);
    let at = f.body;
    let id: number;
    let type = '';
    if (f.version >= 2) {
      id = f.version === 2 ? r.u16(at, infe.end) : r.u32(at, infe.end);
      at += f.version === 2 ? 2 : 4;
      at += 2; // item_protection_index
      type = latin1(bytes, at, at + 4);
      r.need(at, 4, infe.end);
      at += 4;
    } else {
      // Versions 0 and 1 (HEIF requires 2 or 3; kept for old writers): no item type.
      id = r.u16(at, infe.end);
      at += 4;
    }
    const name = r.cString(at, infe.end);
    const item: HeifItem = { id, type, name: name.text, hidden: (f.flags & 1) === 1, box: infe };
    at = name.next;
    if (type === 'mime') {
      const contentType = r.cString(at, infe.end);
      item.contentType = contentType.text;
      if (contentType.next < infe.end) item.contentEncoding = r.cString(contentType.next, infe.end).text;
    } else if (type === 'uri ') item.uriType = r.cString(at, infe.end).text;
    if (meta.items.has(id)) throw new MalformedImageError('A HEIF item id is used twice');
    meta.items.set(id, item);
  }
}

function readLocations(r: Reader, iloc: Box, meta: HeifMeta) {
  const { version, body } = fullBox(r, iloc);
  if (version > 2) throw new MalformedImageError('Unknown HEIF item location version');
  const sizes = r.u16(body, iloc.end);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version >= 1 ? sizes & 0xf : 0;
  let at = body + 2;
  const count = version < 2 ? r.u16(at, iloc.end) : r.u32(at, iloc.end);
  at += version < 2 ? 2 : 4;
  if (count > HEIF_LIMITS.items) throw new MalformedImageError('A HEIF file has too many items');
  let extents = 0;
  for (let i = 0; i < count; i++) {
    const id = version < 2 ? r.u16(at, iloc.end) : r.u32(at, iloc.end);
    at += version < 2 ? 2 : 4;
    let constructionMethod = 0;
    if (version >= 1) {
      constructionMethod = r.u16(at, iloc.end) & 0xf;
      at += 2;
    }
    const dataReferenceIndex = r.u16(at, iloc.end);
    const baseOffset = r.uint(at + 2, baseOffsetSize, iloc.end);
    at += 2 + baseOffsetSize;
    const extentCount = r.u16(at, iloc.end);
    at += 2;
    extents += extentCount;
    if (extents > HEIF_LIMITS.extents) throw new MalformedImageError('A HEIF file has too many data extents');
    const list: ItemExtent[] = [];
    for (let e = 0; e < extentCount; e++) {
      const extent: ItemExtent = { offset: 0, length: 0 };
      if (indexSize > 0) {
        extent.index = r.uint(at, indexSize, iloc.end);
        at += indexSize;
      }
      extent.offset = r.uint(at, offsetSize, iloc.end);
      at += offsetSize;
      extent.length = r.uint(at, lengthSize, iloc.end);
      at += lengthSize;
      list.push(extent);
    }
    if (constructionMethod > 2) throw new MalformedImageError('Unknown HEIF construction method');
    meta.locations.set(id, { id, constructionMethod, dataReferenceIndex, baseOffset, extents: list });
  }
}

function readReferences(bytes: Uint8Array, r: Reader, iref: Box, meta: HeifMeta) {
  const { version, body } = fullBox(r, iref);
  const idSize = version === 0 ? 2 : 4;
  for (const ref of readBoxes(bytes, body, iref.end)) {
    if (meta.references.length >= HEIF_LIMITS.references) throw new MalformedImageError('A HEIF file has too many item references');
    let at = ref.payload;
    const from = r.uint(at, idSize, ref.end);
    const count = r.u16(at + idSize, ref.end);
    at += idSize + 2;
    r.need(at, count * idSize, ref.end);
    const to: number[] = [];
    for (let i = 0; i < count; i++, at += idSize) to.push(r.uint(at, idSize, ref.end));
    meta.references.push({ type: ref.type, from, to });
  }
}

function readProperties(bytes: Uint8Array, r: Reader, iprp: Box, meta: HeifMeta) {
  for (const child of readBoxes(bytes, iprp.payload, iprp.end)) {
    if (child.type === 'ipco') {
      meta.properties = readBoxes(bytes, child.payload, child.end);
      if (meta.properties.length > HEIF_LIMITS.properties) throw new MalformedImageError('A HEIF file has too many properties');
    } else if (child.type === 'ipma') {
      const { version, flags, body } = fullBox(r, child);
      const count = r.u32(body, child.end);
      if (count > HEIF_LIMITS.items) throw new MalformedImageError('A HEIF file has too many items');
      let at = body + 4;
      for (let i = 0; i < count; i++) {
        const id = version < 1 ? r.u16(at, child.end) : r.u32(at, child.end);
        at += version < 1 ? 2 : 4;
        const n = r.u8(at, child.end);
        at += 1;
        const links = meta.associations.get(id) ?? [];
        for (let k = 0; k < n; k++) {
          if (flags & 1) {
            const v = r.u16(at, child.end);
            links.push({ essential: (v & 0x8000) !== 0, index: v & 0x7fff });
            at += 2;
          } else {
            const v = r.u8(at, child.end);
            links.push({ essential: (v & 0x80) !== 0, index: v & 0x7f });
            at += 1;
          }
        }
        meta.associations.set(id, links);
      }
    }
  }
}

/** Reads the file's top-level boxes and its meta box. Throws MalformedImageError when there is no usable meta box. */
export function readHeif(bytes: Uint8Array): HeifFile {
  const brands = fileBrands(bytes);
  if (!brands) throw new MalformedImageError('Not a HEIF file');
  const problems: string[] = [];
  const boxes = readBoxes(bytes, 0, bytes.length, (box) => problems.push(`HEIF ${printable(box.type)} box (cut short)`));
  const metaBox = boxes.find((b) => b.type === 'meta');
  if (!metaBox) throw new MalformedImageError('The HEIF file has no meta box');
  const r = new Reader(bytes);
  const { body } = fullBox(r, metaBox);
  const meta: HeifMeta = {
    box: metaBox,
    children: readBoxes(bytes, body, metaBox.end),
    items: new Map(),
    iinfVersion: 0,
    locations: new Map(),
    references: [],
    properties: [],
    associations: new Map(),
    problems,
  };
  // Each part stands alone: a damaged one is noted, and the others are still read.
  for (const child of meta.children) {
    try {
      if (child.type === 'pitm') {
        const f = fullBox(r, child);
        meta.primaryId = f.version === 0 ? r.u16(f.body, child.end) : r.u32(f.body, child.end);
      } else if (child.type === 'iinf') readItemInfo(bytes, r, child, meta);
      else if (child.type === 'iloc') readLocations(r, child, meta);
      else if (child.type === 'iref') readReferences(bytes, r, child, meta);
      else if (child.type === 'iprp') readProperties(bytes, r, child, meta);
      else if (child.type === 'idat') meta.idat = child;
    } catch (err) {
      if (!(err instanceof MalformedImageError) && !(err instanceof RangeError)) throw err;
      meta.problems.push(`HEIF ${child.type} box (damaged)`);
    }
  }
  return { majorBrand: brands.major, brands: brands.brands, boxes, meta };
}

/**
 * Where an item's bytes lie: absolute file ranges (construction method 0) or idat ranges (1).
 * Extents of length 0 run to the end of the file or of the idat box. Throws when an extent lies
 * outside; items stored in other files (a data reference) or built from other items (2) have none.
 */
export function itemRanges(file: HeifFile, bytes: Uint8Array, location: ItemLocation): Array<{ start: number; end: number }> | undefined {
  if (location.dataReferenceIndex !== 0 || location.constructionMethod === 2) return undefined;
  const idat = file.meta.idat;
  const origin = location.constructionMethod === 1 ? idat?.payload : 0;
  const limit = location.constructionMethod === 1 ? idat?.end : bytes.length;
  if (origin === undefined || limit === undefined) throw new MalformedImageError('A HEIF item refers to a missing idat box');
  return location.extents.map((extent) => {
    const start = origin + location.baseOffset + extent.offset;
    const end = extent.length === 0 ? limit : start + extent.length;
    if (start < origin || end > limit || end < start) throw new MalformedImageError('A HEIF item lies outside the file');
    return { start, end };
  });
}

/** An item's bytes, joined, at most `maxBytes` (undefined when it has no readable data or is larger). */
export function itemBytes(file: HeifFile, bytes: Uint8Array, id: number, maxBytes: number): Uint8Array | undefined {
  const location = file.meta.locations.get(id);
  if (!location) return undefined;
  const ranges = itemRanges(file, bytes, location);
  if (!ranges) return undefined;
  const total = ranges.reduce((sum, r) => sum + (r.end - r.start), 0);
  if (total > maxBytes) return undefined;
  if (ranges.length === 1) return bytes.subarray(ranges[0].start, ranges[0].end);
  const out = new Uint8Array(total);
  let at = 0;
  for (const range of ranges) {
    out.set(bytes.subarray(range.start, range.end), at);
    at += range.end - range.start;
  }
  return out;
}

/** The properties associated with an item (ipco boxes, resolved from ipma's indices). */
export function itemProperties(meta: HeifMeta, id: number): Box[] {
  const links = meta.associations.get(id) ?? [];
  return links.filter((l) => l.index > 0 && l.index <= meta.properties.length).map((l) => meta.properties[l.index - 1]);
}

/** Item types that hold metadata about other items rather than an image. */
export const HEIF_METADATA_ITEM_TYPES: ReadonlySet<string> = new Set(['Exif', 'mime', 'uri ', 'xml ', 'jumb']);

/**
 * Descriptive item properties (HEIF 2nd edition): user description (name, description, tags),
 * creation and modification times, accessibility text. Metadata, never needed to decode.
 */
export const HEIF_DESCRIPTIVE_PROPERTIES: ReadonlySet<string> = new Set(['udes', 'crtt', 'mdft', 'altt']);

/**
 * The items a clean copy leaves out: metadata items (by type, or anything that describes another
 * item through a "cdsc" reference), thumbnails ("thmb"), and what only they use (a thumbnail
 * grid's tiles, a thumbnail's alpha plane).
 */
export function droppedItems(meta: HeifMeta): Set<number> {
  const dropped = new Set<number>();
  for (const item of meta.items.values()) if (HEIF_METADATA_ITEM_TYPES.has(item.type)) dropped.add(item.id);
  for (const ref of meta.references) if (ref.type === 'cdsc' || ref.type === 'thmb') dropped.add(ref.from);
  for (let round = 0; round < 16; round++) {
    let changed = false;
    for (const item of meta.items.values()) {
      if (dropped.has(item.id) || item.id === meta.primaryId) continue;
      // An auxiliary image (alpha, depth, gain map) of dropped images only.
      const aux = meta.references.filter((r) => r.from === item.id && r.type === 'auxl');
      const orphanAux = aux.length > 0 && aux.every((r) => r.to.every((t) => dropped.has(t)));
      // A hidden input (a tile) used only by dropped items.
      const users = meta.references.filter((r) => r.to.includes(item.id) && r.type !== 'cdsc' && r.type !== 'thmb' && r.type !== 'auxl');
      const orphanInput = item.hidden && users.length > 0 && users.every((r) => dropped.has(r.from));
      if (orphanAux || orphanInput) {
        dropped.add(item.id);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return dropped;
}

/** Containers inside moov that are walked; metadata boxes may sit at any of their levels. */
export const MOOV_CONTAINERS: ReadonlySet<string> = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'mvex']);
/** Boxes inside moov that hold metadata: user data (QuickTime keys, location), meta and uuid boxes. */
export const MOOV_METADATA: ReadonlySet<string> = new Set(['udta', 'meta', 'uuid']);

/** The metadata boxes inside a moov box, at any level. */
export function moovMetadataBoxes(bytes: Uint8Array, container: Box, depth = 0): Box[] {
  if (depth > 8) return [];
  return readBoxes(bytes, container.payload, container.end).flatMap((child) =>
    MOOV_METADATA.has(child.type) ? [child] : MOOV_CONTAINERS.has(child.type) ? moovMetadataBoxes(bytes, child, depth + 1) : [],
  );
}

/** Bytes of the mdat boxes that no item uses (image sequences aside, whose samples are not walked). */
export function unusedMediaBytes(file: HeifFile, bytes: Uint8Array): number {
  if (file.boxes.some((b) => b.type === 'moov')) return 0;
  const used: Array<{ start: number; end: number }> = [];
  for (const location of file.meta.locations.values()) {
    if (location.constructionMethod !== 0) continue;
    try {
      used.push(...(itemRanges(file, bytes, location) ?? []));
    } catch {
      // An item outside the file uses nothing of it.
    }
  }
  used.sort((a, b) => a.start - b.start);
  let unused = 0;
  for (const mdat of file.boxes.filter((b) => b.type === 'mdat')) {
    let at = mdat.payload;
    for (const r of used) {
      if (r.end <= at || r.start >= mdat.end) continue;
      if (r.start > at) unused += r.start - at;
      at = Math.max(at, r.end);
    }
    if (at < mdat.end) unused += mdat.end - at;
  }
  return unused;
}
