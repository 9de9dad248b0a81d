/**
 * Builders of HEIF files (HEIC, HEIF, AVIF) and GIF files in code, for the image-check tests.
 * `heifFile` writes the boxes an iPhone or an encoder writes: ftyp, meta (hdlr, pitm, iloc, iinf,
 * iref, iprp with ipco and ipma, idat) and mdat, with items of any type (coded tiles, grids,
 * thumbnails, Exif, XMP, auxiliary planes), their properties and references. Coded items may be
 * fake bytes (structure tests) or real AV1 data cut out of an AVIF made by sharp (decoding tests).
 */
import { ascii, concat, utf8 } from './image-fixtures';

function u16(v: number): Uint8Array {
  return new Uint8Array([(v >> 8) & 0xff, v & 0xff]);
}
function u32(v: number): Uint8Array {
  return new Uint8Array([(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
}

export function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(...parts);
  return concat(u32(8 + body.length), ascii(type), body);
}

export function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Uint8Array {
  return box(type, new Uint8Array([version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff]), ...parts);
}

const cString = (text: string) => concat(utf8(text), new Uint8Array(1));

// ---- properties --------------------------------------------------------------------------------

export const ispe = (width: number, height: number) => fullBox('ispe', 0, 0, u32(width), u32(height));
/** Rotation anticlockwise by `quarterTurns` × 90°. */
export const irot = (quarterTurns: number) => box('irot', new Uint8Array([quarterTurns & 3]));
/** Mirroring about a vertical (0) or horizontal (1) axis. */
export const imir = (axis: 0 | 1) => box('imir', new Uint8Array([axis]));
export const pixi = () => fullBox('pixi', 0, 0, new Uint8Array([3, 8, 8, 8]));
/** An HEVC decoder configuration; the bytes only need to be kept, never decoded, in structure tests. */
export const fakeHvcC = (seed = 1) => box('hvcC', new Uint8Array([1, 1, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x1e, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, seed]));
export const colrIcc = (profile: Uint8Array) => box('colr', ascii('prof'), profile);
export const colrNclx = () => box('colr', ascii('nclx'), new Uint8Array([0, 1, 0, 13, 0, 6, 0x80]));
/** HEIF's user description property: language, name, description, tags. */
export const udes = (name: string, description: string, tags: string) => fullBox('udes', 0, 0, cString('en'), cString(name), cString(description), cString(tags));
/** Creation (crtt) or modification (mdft) time: microseconds since 1904-01-01 UTC. */
export function heifTime(type: 'crtt' | 'mdft', iso: string): Uint8Array {
  const micros = BigInt(Date.parse(iso) - Date.UTC(1904, 0, 1)) * 1000n;
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, micros);
  return fullBox(type, 0, 0, b);
}

// ---- items -------------------------------------------------------------------------------------

export interface HeifItemSpec {
  id: number;
  type: string;
  data?: Uint8Array;
  /** Store the data in the idat box (construction method 1) instead of mdat. */
  inIdat?: boolean;
  /** Split the data into this many extents. */
  extents?: number;
  hidden?: boolean;
  name?: string;
  contentType?: string;
  contentEncoding?: string;
  uriType?: string;
  properties?: Array<Uint8Array | { box: Uint8Array; essential: boolean }>;
}

export interface HeifSpec {
  major?: string;
  compatible?: string[];
  primary: number;
  items: HeifItemSpec[];
  references?: Array<{ type: string; from: number; to: number[] }>;
  /** More children of the meta box (an 'xml ' box, an unknown box). */
  metaExtra?: Uint8Array[];
  /** More top-level boxes after mdat (free space, uuid boxes, a moov box). */
  after?: Uint8Array[];
  /** Bytes in mdat that no item uses. */
  unusedMedia?: Uint8Array;
  /** iloc version (default 1) and whether offsets go through a base offset. */
  ilocVersion?: 0 | 1 | 2;
  baseOffsets?: boolean;
}

/** The data of an Exif item: the offset to the TIFF header, "Exif\0\0" and the TIFF block. */
export const exifItemData = (tiff: Uint8Array) => concat(u32(6), ascii('Exif\0\0'), tiff);

/** A grid's descriptor (stored in idat): rows × columns of tiles making width × height. */
export const gridDescriptor = (rows: number, columns: number, width: number, height: number) =>
  concat(new Uint8Array([0, 0, rows - 1, columns - 1]), u16(width), u16(height));

function infe(item: HeifItemSpec): Uint8Array {
  const parts = [u16(item.id), u16(0), ascii(item.type.padEnd(4).slice(0, 4)), cString(item.name ?? '')];
  if (item.type === 'mime') {
    parts.push(cString(item.contentType ?? 'application/rdf+xml'));
    if (item.contentEncoding !== undefined) parts.push(cString(item.contentEncoding));
  }
  if (item.type === 'uri ') parts.push(cString(item.uriType ?? 'urn:example'));
  return fullBox('infe', 2, item.hidden ? 1 : 0, ...parts);
}

function split(data: Uint8Array, n: number): Uint8Array[] {
  if (n <= 1 || data.length < n) return [data];
  const size = Math.ceil(data.length / n);
  const out: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += size) out.push(data.subarray(i, i + size));
  return out;
}

/** A whole HEIF file. */
export function heifFile(spec: HeifSpec): Uint8Array {
  const ilocVersion = spec.ilocVersion ?? 1;
  const mdatParts: Uint8Array[] = [];
  const idatParts: Uint8Array[] = [];
  let mdatAt = 0;
  let idatAt = 0;
  const layout = spec.items.map((item) => {
    const pieces = item.data ? split(item.data, item.extents ?? 1) : [];
    const extents = pieces.map((piece) => {
      const at = item.inIdat ? idatAt : mdatAt;
      if (item.inIdat) {
        idatParts.push(piece);
        idatAt += piece.length;
      } else {
        mdatParts.push(piece);
        mdatAt += piece.length;
      }
      return { at, length: piece.length };
    });
    return { item, extents };
  });
  if (spec.unusedMedia) mdatParts.push(spec.unusedMedia);

  // Properties, shared when identical.
  const properties: Uint8Array[] = [];
  const key = (b: Uint8Array) => Array.from(b).join(',');
  const indexOf = (b: Uint8Array) => {
    const k = key(b);
    let i = properties.findIndex((p) => key(p) === k);
    if (i < 0) i = properties.push(b) - 1;
    return i + 1;
  };
  const associations = spec.items
    .filter((item) => item.properties?.length)
    .map((item) => ({
      id: item.id,
      links: item.properties!.map((p) => (p instanceof Uint8Array ? { index: indexOf(p), essential: false } : { index: indexOf(p.box), essential: p.essential })),
    }));
  const ipma = fullBox(
    'ipma',
    0,
    0,
    u32(associations.length),
    ...associations.map((a) => concat(u16(a.id), new Uint8Array([a.links.length]), ...a.links.map((l) => new Uint8Array([(l.essential ? 0x80 : 0) | l.index])))),
  );
  const iprp = box('iprp', box('ipco', ...properties), ipma);
  const iinf = fullBox('iinf', 0, 0, u16(spec.items.length), ...spec.items.map(infe));
  const iref = spec.references?.length
    ? fullBox('iref', 0, 0, ...spec.references.map((r) => box(r.type, u16(r.from), u16(r.to.length), ...r.to.map(u16))))
    : new Uint8Array(0);
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii('pict'), new Uint8Array(12), cString(''));
  const pitm = fullBox('pitm', 0, 0, u16(spec.primary));
  const idat = idatParts.length ? box('idat', ...idatParts) : new Uint8Array(0);
  const major = spec.major ?? 'heic';
  const ftyp = box('ftyp', ascii(major), u32(0), ...(spec.compatible ?? ['mif1', major, 'miaf']).map((b) => ascii(b)));

  const iloc = (mdatStart: number) => {
    const base = spec.baseOffsets ?? false;
    const entries = layout.filter((l) => l.extents.length > 0);
    const body: Uint8Array[] = [new Uint8Array([0x44, base ? 0x40 : 0x00])];
    if (ilocVersion === 2) body.push(u32(entries.length));
    else body.push(u16(entries.length));
    for (const { item, extents } of entries) {
      body.push(ilocVersion === 2 ? u32(item.id) : u16(item.id));
      if (ilocVersion >= 1) body.push(u16(item.inIdat ? 1 : 0));
      const origin = item.inIdat ? 0 : mdatStart;
      const baseOffset = base ? origin + extents[0].at : 0;
      body.push(u16(0));
      if (base) body.push(u32(baseOffset));
      body.push(u16(extents.length));
      for (const e of extents) body.push(u32(origin + e.at - baseOffset), u32(e.length));
    }
    return fullBox('iloc', ilocVersion, 0, ...body);
  };
  const meta = (mdatStart: number) => fullBox('meta', 0, 0, hdlr, pitm, iloc(mdatStart), iinf, iref, iprp, idat, ...(spec.metaExtra ?? []));
  const mdatStart = ftyp.length + meta(0).length + 8;
  return concat(ftyp, meta(mdatStart), box('mdat', ...mdatParts), ...(spec.after ?? []));
}

/** An iPhone-like HEIC: a 2×2 grid of tiles, a thumbnail, Exif and XMP items, rotation. */
export function iphoneLikeHeic(options: { exif?: Uint8Array; xmp?: string; extraProperties?: Uint8Array[] } = {}): Uint8Array {
  const tile = (n: number) => new Uint8Array(40).fill(0x10 + n);
  const items: HeifItemSpec[] = [
    { id: 1, type: 'grid', data: gridDescriptor(2, 2, 128, 96), inIdat: true, properties: [ispe(128, 96), irot(1), ...(options.extraProperties ?? [])] },
    ...[0, 1, 2, 3].map((n) => ({ id: 2 + n, type: 'hvc1', hidden: true, data: tile(n), properties: [{ box: fakeHvcC(), essential: true }, ispe(64, 48)] })),
    { id: 6, type: 'hvc1', data: new Uint8Array(24).fill(0x77), properties: [{ box: fakeHvcC(2), essential: true }, ispe(32, 24), irot(1)] },
  ];
  const references = [
    { type: 'dimg', from: 1, to: [2, 3, 4, 5] },
    { type: 'thmb', from: 6, to: [1] },
  ];
  if (options.exif) {
    items.push({ id: 7, type: 'Exif', hidden: true, data: exifItemData(options.exif) });
    references.push({ type: 'cdsc', from: 7, to: [1] });
  }
  if (options.xmp) {
    items.push({ id: 8, type: 'mime', hidden: true, contentType: 'application/rdf+xml', data: utf8(options.xmp) });
    references.push({ type: 'cdsc', from: 8, to: [1] });
  }
  return heifFile({ primary: 1, items, references });
}

// ---- GIF ---------------------------------------------------------------------------------------

/** Data sub-blocks (at most 255 bytes each) and the terminator. */
export function gifSubBlocks(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const piece = data.subarray(i, i + 255);
    parts.push(new Uint8Array([piece.length]), piece);
  }
  parts.push(new Uint8Array([0]));
  return concat(...parts);
}

export const gifComment = (text: string) => concat(new Uint8Array([0x21, 0xfe]), gifSubBlocks(ascii(text)));
export const gifApplication = (identifier: string, data: Uint8Array) => concat(new Uint8Array([0x21, 0xff, 11]), ascii(identifier), gifSubBlocks(data));
export const gifLoop = () => concat(new Uint8Array([0x21, 0xff, 11]), ascii('NETSCAPE2.0'), new Uint8Array([3, 1, 0, 0, 0]));
/** XMP the way Adobe stores it in GIF: the raw packet, then the 258-byte "magic trailer". */
export function gifXmp(packet: string): Uint8Array {
  const trailer = new Uint8Array(258);
  trailer[0] = 1;
  for (let i = 0; i < 256; i++) trailer[1 + i] = 255 - i;
  trailer[257] = 0;
  return concat(new Uint8Array([0x21, 0xff, 11]), ascii('XMP DataXMP'), utf8(packet), trailer);
}

/** Inserts extension blocks into a GIF (made by sharp) before its first image, and `trailing` after the trailer. */
export function gifWith(base: Uint8Array, blocks: Uint8Array[], trailing?: Uint8Array): Uint8Array {
  const colourTable = base[10] & 0x80 ? 3 * (1 << ((base[10] & 7) + 1)) : 0;
  const headerEnd = 13 + colourTable;
  return concat(base.subarray(0, headerEnd), ...blocks, base.subarray(headerEnd), trailing ?? new Uint8Array(0));
}

/** A decodable 1×1 GIF89a: a two-colour table and one pixel of colour 0. */
export function tinyGif(): Uint8Array {
  return concat(
    ascii('GIF89a'),
    new Uint8Array([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, global colour table of 2 entries
    new Uint8Array([0, 0, 0, 255, 255, 255]),
    new Uint8Array([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor
    new Uint8Array([2, 2, 0x44, 0x01, 0]), // LZW minimum code size 2: clear, 0, end
    new Uint8Array([0x3b]),
  );
}
