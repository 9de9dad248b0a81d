/**
 * Builders of small images with metadata, made in code for the image-check tests (unit, client,
 * integration, e2e). Pure TypeScript on bytes, so jsdom tests can use them too: JPEG segments,
 * TIFF/EXIF blocks with GPS, serials and maker notes, XMP packets, IPTC records, PNG chunks (with
 * stored-deflate zlib streams), WebP RIFF chunks, whole TIFF images. Decodable base images for the
 * pixel-identity tests come from sharp in the Node tests; `tinyJpeg` and `grayPng` are decodable
 * on their own.
 */

// ---- bytes -------------------------------------------------------------------------------------

export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u16(value: number, le: boolean): Uint8Array {
  const b = new Uint8Array(2);
  new DataView(b.buffer).setUint16(0, value, le);
  return b;
}

function u32(value: number, le: boolean): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, value >>> 0, le);
  return b;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A zlib stream of stored (uncompressed) deflate blocks: valid for PNG IDAT, zTXt and iTXt. */
export function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  let offset = 0;
  do {
    const size = Math.min(65535, data.length - offset);
    const last = offset + size >= data.length ? 1 : 0;
    parts.push(new Uint8Array([last, size & 0xff, size >> 8, ~size & 0xff, (~size >> 8) & 0xff]));
    parts.push(data.subarray(offset, offset + size));
    offset += size;
  } while (offset < data.length);
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; i++) {
    a = (a + data[i]) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(u32(((b << 16) | a) >>> 0, false));
  return concat(...parts);
}

// ---- TIFF / EXIF -------------------------------------------------------------------------------

export type TagValue =
  | { type: 'ascii'; value: string }
  | { type: 'utf8'; value: string }
  | { type: 'byte' | 'undefined'; value: Uint8Array }
  | { type: 'short' | 'long'; value: number[] }
  | { type: 'rational'; value: Array<[number, number]> }
  | { type: 'ifd'; ifd: IfdSpec }
  /** A LONG offset to a blob written elsewhere in the block (thumbnails, strips). */
  | { type: 'blob'; value: Uint8Array }
  /** Several blobs: a LONG offset per blob (StripOffsets). */
  | { type: 'blobs'; value: Uint8Array[] }
  /** Bytes that depend on where they land (maker notes whose offsets count from the TIFF start). */
  | { type: 'placed'; build: (offsetInBlock: number) => Uint8Array };

export interface IfdSpec {
  tags: Record<number, TagValue>;
}

const TYPE_CODES = { byte: 1, ascii: 2, utf8: 7, short: 3, long: 4, rational: 5, undefined: 7, ifd: 4, blob: 4, blobs: 4, placed: 7 } as const;

class TiffWriter {
  bytes: number[] = [];
  constructor(readonly le: boolean) {}

  get pos() {
    return this.bytes.length;
  }
  align() {
    if (this.bytes.length & 1) this.bytes.push(0);
  }
  write(b: Uint8Array) {
    for (const x of b) this.bytes.push(x);
  }
  /** Writes a LONG at `at`; a negative `at` is a pointer with no slot (a standalone IFD). */
  patch32(at: number, value: number) {
    if (at < 0) return;
    const b = u32(value, this.le);
    for (let i = 0; i < 4; i++) this.bytes[at + i] = b[i];
  }

  valueBytes(v: TagValue): { count: number; bytes?: Uint8Array } {
    switch (v.type) {
      case 'ascii':
        return { count: v.value.length + 1, bytes: concat(ascii(v.value), new Uint8Array(1)) };
      case 'utf8': {
        const b = concat(utf8(v.value), new Uint8Array(1));
        return { count: b.length, bytes: b };
      }
      case 'byte':
      case 'undefined':
        return { count: v.value.length, bytes: v.value };
      case 'short':
        return { count: v.value.length, bytes: concat(...v.value.map((n) => u16(n, this.le))) };
      case 'long':
        return { count: v.value.length, bytes: concat(...v.value.map((n) => u32(n, this.le))) };
      case 'rational':
        return { count: v.value.length, bytes: concat(...v.value.flatMap(([a, b]) => [u32(a, this.le), u32(b, this.le)])) };
      case 'blobs':
        return { count: v.value.length };
      case 'placed':
        return { count: v.build(0).length };
      default:
        return { count: 1 };
    }
  }

  writeChain(chain: IfdSpec[], patchAt: number) {
    let pointer = patchAt;
    for (const ifd of chain) {
      this.align();
      this.patch32(pointer, this.pos);
      const tags = Object.keys(ifd.tags).map(Number).sort((a, b) => a - b);
      this.write(u16(tags.length, this.le));
      const slots: Array<{ tag: number; at: number }> = [];
      for (const tag of tags) {
        const v = ifd.tags[tag];
        const { count, bytes } = this.valueBytes(v);
        this.write(u16(tag, this.le));
        this.write(u16(TYPE_CODES[v.type], this.le));
        this.write(u32(count, this.le));
        slots.push({ tag, at: this.pos });
        const inline = new Uint8Array(4);
        if (bytes && bytes.length <= 4 && v.type !== 'placed') inline.set(bytes);
        this.write(inline);
      }
      const next = this.pos;
      this.write(new Uint8Array(4));
      for (const { tag, at } of slots) {
        const v = ifd.tags[tag];
        const { bytes } = this.valueBytes(v);
        if (v.type === 'ifd') this.writeChain([v.ifd], at);
        else if (v.type === 'blob') {
          this.align();
          this.patch32(at, this.pos);
          this.write(v.value);
        } else if (v.type === 'blobs') {
          const offsets: number[] = [];
          for (const blob of v.value) {
            this.align();
            offsets.push(this.pos);
            this.write(blob);
          }
          if (offsets.length === 1) this.patch32(at, offsets[0]);
          else {
            this.align();
            this.patch32(at, this.pos);
            for (const o of offsets) this.write(u32(o, this.le));
          }
        } else if (v.type === 'placed') {
          this.align();
          this.patch32(at, this.pos);
          this.write(v.build(this.pos));
        } else if (bytes && bytes.length > 4) {
          this.align();
          this.patch32(at, this.pos);
          this.write(bytes);
        }
      }
      pointer = next;
    }
  }
}

/** A TIFF-structured block (header + IFD chain), as in EXIF segments and TIFF files. */
export function tiffBlock(chain: IfdSpec[], littleEndian = false): Uint8Array {
  const w = new TiffWriter(littleEndian);
  w.write(littleEndian ? ascii('II') : ascii('MM'));
  w.write(u16(42, littleEndian));
  w.write(new Uint8Array(4));
  w.writeChain(chain, 4);
  return new Uint8Array(w.bytes);
}

/** Bytes of one standalone IFD placed at `position` (offsets count from `base`), for maker notes. */
export function ifdAt(tags: Record<number, TagValue>, littleEndian: boolean, position: number, base: number): Uint8Array {
  const w = new TiffWriter(littleEndian);
  // Pad so that positions inside the writer equal positions relative to `base`.
  const lead = position - base;
  for (let i = 0; i < lead; i++) w.bytes.push(0);
  w.writeChain([{ tags }], -1);
  return new Uint8Array(w.bytes.slice(lead));
}

const rationalDms = (deg: number): Array<[number, number]> => {
  const abs = Math.abs(deg);
  const d = Math.floor(abs);
  const mFloat = (abs - d) * 60;
  const m = Math.floor(mFloat);
  const s = Math.round((mFloat - m) * 60 * 10000);
  return [[d, 1], [m, 1], [s, 10000]];
};

export interface ExifSpec {
  littleEndian?: boolean;
  make?: string;
  model?: string;
  software?: string;
  dateTime?: string;
  artist?: string;
  copyright?: string;
  imageDescription?: string;
  orientation?: number;
  xpAuthor?: string;
  dateTimeOriginal?: string;
  dateTimeDigitized?: string;
  offsetTimeOriginal?: string;
  bodySerial?: string;
  lensSerial?: string;
  ownerName?: string;
  imageUniqueId?: string;
  userComment?: string;
  gps?: { latitude: number; longitude: number; altitude?: number };
  makerNote?: TagValue;
  thumbnail?: Uint8Array;
  /** Extra IFD0 tags. */
  ifd0?: Record<number, TagValue>;
}

const str = (value: string): TagValue => ({ type: 'ascii', value });

/** An EXIF TIFF block (what follows "Exif\0\0" in a JPEG APP1, or a WebP EXIF / PNG eXIf chunk). */
export function exifTiff(spec: ExifSpec): Uint8Array {
  const ifd0: Record<number, TagValue> = { ...spec.ifd0 };
  if (spec.imageDescription) ifd0[0x010e] = str(spec.imageDescription);
  if (spec.make) ifd0[0x010f] = str(spec.make);
  if (spec.model) ifd0[0x0110] = str(spec.model);
  if (spec.orientation) ifd0[0x0112] = { type: 'short', value: [spec.orientation] };
  if (spec.software) ifd0[0x0131] = str(spec.software);
  if (spec.dateTime) ifd0[0x0132] = str(spec.dateTime);
  if (spec.artist) ifd0[0x013b] = str(spec.artist);
  if (spec.copyright) ifd0[0x8298] = str(spec.copyright);
  if (spec.xpAuthor) {
    const b = new Uint8Array((spec.xpAuthor.length + 1) * 2);
    for (let i = 0; i < spec.xpAuthor.length; i++) b[i * 2] = spec.xpAuthor.charCodeAt(i);
    ifd0[0x9c9d] = { type: 'byte', value: b };
  }
  const exif: Record<number, TagValue> = {};
  if (spec.dateTimeOriginal) exif[0x9003] = str(spec.dateTimeOriginal);
  if (spec.dateTimeDigitized) exif[0x9004] = str(spec.dateTimeDigitized);
  if (spec.offsetTimeOriginal) exif[0x9011] = str(spec.offsetTimeOriginal);
  if (spec.userComment) exif[0x9286] = { type: 'undefined', value: concat(ascii('ASCII\0\0\0'), ascii(spec.userComment)) };
  if (spec.imageUniqueId) exif[0xa420] = str(spec.imageUniqueId);
  if (spec.ownerName) exif[0xa430] = str(spec.ownerName);
  if (spec.bodySerial) exif[0xa431] = str(spec.bodySerial);
  if (spec.lensSerial) exif[0xa435] = str(spec.lensSerial);
  if (spec.makerNote) exif[0x927c] = spec.makerNote;
  if (Object.keys(exif).length) ifd0[0x8769] = { type: 'ifd', ifd: { tags: exif } };
  if (spec.gps) {
    const { latitude, longitude, altitude } = spec.gps;
    const gps: Record<number, TagValue> = {
      0x0000: { type: 'byte', value: new Uint8Array([2, 3, 0, 0]) },
      0x0001: str(latitude >= 0 ? 'N' : 'S'),
      0x0002: { type: 'rational', value: rationalDms(latitude) },
      0x0003: str(longitude >= 0 ? 'E' : 'W'),
      0x0004: { type: 'rational', value: rationalDms(longitude) },
    };
    if (altitude !== undefined) {
      gps[0x0005] = { type: 'byte', value: new Uint8Array([0]) };
      gps[0x0006] = { type: 'rational', value: [[Math.round(altitude * 100), 100]] };
    }
    ifd0[0x8825] = { type: 'ifd', ifd: { tags: gps } };
  }
  const chain: IfdSpec[] = [{ tags: ifd0 }];
  if (spec.thumbnail) {
    chain.push({
      tags: {
        0x0103: { type: 'short', value: [6] },
        0x0201: { type: 'blob', value: spec.thumbnail },
        0x0202: { type: 'long', value: [spec.thumbnail.length] },
      },
    });
  }
  return tiffBlock(chain, spec.littleEndian ?? false);
}

/**
 * The EXIF of a photo straight from a camera, with something of every personal kind: who took it
 * (Artist, and the owner name in the Canon maker note), where (GPS by the Eiffel Tower), when (with
 * its UTC offset), the body's serial in EXIF and in the maker note, and a thumbnail. `changes`
 * replaces fields; `undefined` leaves one out.
 */
export function cameraExif(changes: Partial<ExifSpec> = {}): Uint8Array {
  return exifTiff({
    make: 'Canon',
    model: 'Canon EOS 5D',
    artist: 'Jane Doe',
    orientation: 6,
    dateTimeOriginal: '2021:06:01 12:30:45',
    offsetTimeOriginal: '+02:00',
    bodySerial: 'SN-0123456789',
    gps: { latitude: 48.858222, longitude: 2.2945 },
    makerNote: canonMakerNote({ ownerName: 'Jane Doe', serialNumber: 330100138 }),
    thumbnail: tinyJpeg(),
    ...changes,
  });
}

// ---- maker notes -------------------------------------------------------------------------------

/** Canon: a bare IFD whose offsets count from the TIFF start. */
export function canonMakerNote(fields: { ownerName?: string; serialNumber?: number; internalSerial?: string }, littleEndian = false): TagValue {
  const tags: Record<number, TagValue> = {};
  if (fields.ownerName !== undefined) {
    const owner = new Uint8Array(32);
    owner.set(ascii(fields.ownerName).subarray(0, 31));
    tags[0x0009] = { type: 'undefined', value: owner };
  }
  if (fields.serialNumber !== undefined) tags[0x000c] = { type: 'long', value: [fields.serialNumber] };
  if (fields.internalSerial !== undefined) tags[0x0096] = str(fields.internalSerial);
  return { type: 'placed', build: (position) => ifdAt(tags, littleEndian, position, 0) };
}

/** Nikon type 3: "Nikon\0" 02 10 00 00, then a TIFF header; offsets count from that header. */
export function nikonMakerNote(fields: { serialNumber?: string; previewImage?: Uint8Array }): TagValue {
  const tags: Record<number, TagValue> = {};
  if (fields.serialNumber) tags[0x001d] = str(fields.serialNumber);
  if (fields.previewImage) {
    tags[0x0011] = {
      type: 'ifd',
      ifd: { tags: { 0x0201: { type: 'blob', value: fields.previewImage }, 0x0202: { type: 'long', value: [fields.previewImage.length] } } },
    };
  }
  return { type: 'undefined', value: concat(ascii('Nikon\0'), new Uint8Array([2, 0x10, 0, 0]), tiffBlock([{ tags }], false)) };
}

/** Panasonic: "Panasonic\0\0\0" then an IFD whose offsets count from the TIFF start. */
export function panasonicMakerNote(fields: { internalSerial: string }, littleEndian = true): TagValue {
  const serial = new Uint8Array(16);
  serial.set(ascii(fields.internalSerial).subarray(0, 16));
  const tags: Record<number, TagValue> = { 0x0025: { type: 'undefined', value: serial } };
  return { type: 'placed', build: (position) => concat(ascii('Panasonic\0\0\0'), ifdAt(tags, littleEndian, position + 12, 0)) };
}

/** Fujifilm: "FUJIFILM", a little-endian offset to the IFD; offsets count from the note's start. */
export function fujifilmMakerNote(fields: { internalSerial: string }): TagValue {
  const tags: Record<number, TagValue> = { 0x0010: str(fields.internalSerial) };
  return { type: 'undefined', value: concat(ascii('FUJIFILM'), u32(12, true), ifdAt(tags, true, 12, 0)) };
}

/** Olympus (new style): "OLYMPUS\0II" 03 00, an IFD at 12 with the Equipment sub-IFD; offsets from the note's start. */
export function olympusMakerNote(fields: { serialNumber: string }): TagValue {
  const equipment: Record<number, TagValue> = { 0x0101: str(fields.serialNumber) };
  const build = () => {
    const w = new TiffWriter(true);
    for (let i = 0; i < 12; i++) w.bytes.push(0);
    w.writeChain([{ tags: { 0x2010: { type: 'ifd', ifd: { tags: equipment } } } }], -1);
    const body = new Uint8Array(w.bytes.slice(12));
    return concat(ascii('OLYMPUS\0II'), new Uint8Array([3, 0]), body);
  };
  return { type: 'undefined', value: build() };
}

/** A vendor block we do not decode (only its presence is reported). */
export function opaqueMakerNote(prefix = 'SONY DSC \0\0\0'): TagValue {
  return { type: 'undefined', value: concat(ascii(prefix), new Uint8Array(64).fill(7)) };
}

// ---- XMP and IPTC ------------------------------------------------------------------------------

export interface XmpSpec {
  creator?: string;
  rights?: string;
  description?: string;
  title?: string;
  createDate?: string;
  dateTimeOriginal?: string;
  creatorTool?: string;
  gpsLatitude?: string;
  gpsLongitude?: string;
  serialNumber?: string;
  lensSerialNumber?: string;
  ownerName?: string;
  email?: string;
  phone?: string;
  address?: string;
  city?: string;
  country?: string;
  documentId?: string;
  history?: Array<{ action: string; when: string; softwareAgent: string }>;
  personInImage?: string;
  regionName?: string;
  extra?: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An XMP packet with the common namespaces, attributes and elements as the spec asks. */
export function xmpPacket(spec: XmpSpec): string {
  const attrs: string[] = [];
  const elems: string[] = [];
  const attr = (name: string, value: string | undefined) => value !== undefined && attrs.push(`${name}="${escapeXml(value)}"`);
  attr('xmp:CreateDate', spec.createDate);
  attr('xmp:CreatorTool', spec.creatorTool);
  attr('exif:DateTimeOriginal', spec.dateTimeOriginal);
  attr('exif:GPSLatitude', spec.gpsLatitude);
  attr('exif:GPSLongitude', spec.gpsLongitude);
  attr('aux:SerialNumber', spec.serialNumber);
  attr('aux:LensSerialNumber', spec.lensSerialNumber);
  attr('aux:OwnerName', spec.ownerName);
  attr('photoshop:City', spec.city);
  attr('photoshop:Country', spec.country);
  attr('xmpMM:DocumentID', spec.documentId);
  if (spec.creator) elems.push(`<dc:creator><rdf:Seq><rdf:li>${escapeXml(spec.creator)}</rdf:li></rdf:Seq></dc:creator>`);
  if (spec.rights) elems.push(`<dc:rights><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(spec.rights)}</rdf:li></rdf:Alt></dc:rights>`);
  if (spec.description) elems.push(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(spec.description)}</rdf:li></rdf:Alt></dc:description>`);
  if (spec.title) elems.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(spec.title)}</rdf:li></rdf:Alt></dc:title>`);
  if (spec.email || spec.phone || spec.address) {
    const contact = [
      spec.email && `Iptc4xmpCore:CiEmailWork="${escapeXml(spec.email)}"`,
      spec.phone && `Iptc4xmpCore:CiTelWork="${escapeXml(spec.phone)}"`,
      spec.address && `Iptc4xmpCore:CiAdrExtadr="${escapeXml(spec.address)}"`,
    ].filter(Boolean);
    elems.push(`<Iptc4xmpCore:CreatorContactInfo ${contact.join(' ')}/>`);
  }
  if (spec.history) {
    const items = spec.history
      .map((h) => `<rdf:li stEvt:action="${h.action}" stEvt:when="${h.when}" stEvt:softwareAgent="${escapeXml(h.softwareAgent)}"/>`)
      .join('');
    elems.push(`<xmpMM:History><rdf:Seq>${items}</rdf:Seq></xmpMM:History>`);
  }
  if (spec.personInImage) elems.push(`<Iptc4xmpExt:PersonInImage><rdf:Bag><rdf:li>${escapeXml(spec.personInImage)}</rdf:li></rdf:Bag></Iptc4xmpExt:PersonInImage>`);
  if (spec.regionName) {
    elems.push(
      // As Lightroom writes them: a nested description per region, with its area.
      `<mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag><rdf:li><rdf:Description mwg-rs:Name="${escapeXml(spec.regionName)}" mwg-rs:Type="Face"><mwg-rs:Area stArea:x="0.5" stArea:y="0.4" stArea:w="0.2" stArea:h="0.3" stArea:unit="normalized" xmlns:stArea="http://ns.adobe.com/xmp/sType/Area#"/></rdf:Description></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>`,
    );
  }
  if (spec.extra) elems.push(spec.extra);
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:aux="http://ns.adobe.com/exif/1.0/aux/"',
    ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
    ' xmlns:stEvt="http://ns.adobe.com/xap/1.0/sType/ResourceEvent#" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:mwg-rs="http://www.metadataworkinggroup.com/schemas/regions/"',
    ` ${attrs.join(' ')}>`,
    elems.join(''),
    '</rdf:Description></rdf:RDF></x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('');
}

/** IPTC IIM records: [record, dataset, text]. */
export function iptcIim(records: Array<[number, number, string]>): Uint8Array {
  return concat(
    ...records.map(([record, dataset, text]) => {
      const value = utf8(text);
      return concat(new Uint8Array([0x1c, record, dataset]), u16(value.length, false), value);
    }),
  );
}

/** Photoshop image resources (8BIM) holding IPTC (0x0404) and optionally a thumbnail (0x040C). */
export function photoshopResources(iim: Uint8Array, thumbnail?: Uint8Array): Uint8Array {
  const resource = (id: number, data: Uint8Array) =>
    concat(ascii('8BIM'), u16(id, false), new Uint8Array([0, 0]), u32(data.length, false), data, data.length & 1 ? new Uint8Array(1) : new Uint8Array(0));
  const parts = [resource(0x0404, iim)];
  if (thumbnail) parts.push(resource(0x040c, concat(new Uint8Array(28), thumbnail)));
  return concat(...parts);
}

// ---- JPEG --------------------------------------------------------------------------------------

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  return concat(new Uint8Array([0xff, marker]), u16(payload.length + 2, false), payload);
}

export const exifApp1 = (tiff: Uint8Array) => jpegSegment(0xe1, concat(ascii('Exif\0\0'), tiff));
export const xmpApp1 = (xmp: string) => jpegSegment(0xe1, concat(ascii('http://ns.adobe.com/xap/1.0/\0'), utf8(xmp)));
export const iptcApp13 = (resources: Uint8Array) => jpegSegment(0xed, concat(ascii('Photoshop 3.0\0'), resources));
export const comSegment = (text: string) => jpegSegment(0xfe, utf8(text));
export const iccApp2 = (profile: Uint8Array, index = 1, total = 1) => jpegSegment(0xe2, concat(ascii('ICC_PROFILE\0'), new Uint8Array([index, total]), profile));
export const adobeApp14 = () => jpegSegment(0xee, concat(ascii('Adobe'), new Uint8Array([0, 100, 0, 0, 0, 0, 1])));
/** JFIF APP0, optionally with an uncompressed RGB thumbnail of w×h. */
export function jfifApp0(thumbnail?: { width: number; height: number }): Uint8Array {
  const thumb = thumbnail ? new Uint8Array(thumbnail.width * thumbnail.height * 3).fill(200) : new Uint8Array(0);
  return jpegSegment(0xe0, concat(ascii('JFIF\0'), new Uint8Array([1, 1, 1, 0, 72, 0, 72, thumbnail?.width ?? 0, thumbnail?.height ?? 0]), thumb));
}

/**
 * A decodable 8×8 grey baseline JPEG (one block, DC 0, end-of-block): SOI, DQT, SOF0, two
 * one-code Huffman tables, SOS, two bits of entropy data, EOI.
 */
export function tinyJpeg(): Uint8Array {
  const dqt = jpegSegment(0xdb, concat(new Uint8Array([0]), new Uint8Array(64).fill(1)));
  const sof = jpegSegment(0xc0, new Uint8Array([8, 0, 8, 0, 8, 1, 1, 0x11, 0]));
  const huff = (tableClass: number) => {
    const counts = new Uint8Array(16);
    counts[0] = 1; // one code of length 1, for symbol 0 (DC: size 0; AC: end of block)
    return jpegSegment(0xc4, concat(new Uint8Array([tableClass << 4]), counts, new Uint8Array([0])));
  };
  const sos = jpegSegment(0xda, new Uint8Array([1, 1, 0x00, 0, 63, 0]));
  return concat(new Uint8Array([0xff, 0xd8]), dqt, sof, huff(0), huff(1), sos, new Uint8Array([0x3f]), new Uint8Array([0xff, 0xd9]));
}

/** Inserts segments after SOI (and after a leading JFIF APP0), and appends `trailing` after EOI. */
export function jpegWith(base: Uint8Array, segments: Uint8Array[], trailing?: Uint8Array): Uint8Array {
  let at = 2;
  if (base[2] === 0xff && base[3] === 0xe0) at = 4 + ((base[4] << 8) | base[5]);
  return concat(base.subarray(0, at), ...segments, base.subarray(at), trailing ?? new Uint8Array(0));
}

// ---- PNG ---------------------------------------------------------------------------------------

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = ascii(type);
  return concat(u32(data.length, false), typeBytes, data, u32(crc32(concat(typeBytes, data)), false));
}

export const tEXt = (keyword: string, text: string) => pngChunk('tEXt', concat(ascii(keyword), new Uint8Array(1), ascii(text)));
export const zTXt = (keyword: string, text: string) => pngChunk('zTXt', concat(ascii(keyword), new Uint8Array([0, 0]), zlibStored(ascii(text))));
export function iTXt(keyword: string, text: string, compressed = false): Uint8Array {
  const body = compressed ? zlibStored(utf8(text)) : utf8(text);
  return pngChunk('iTXt', concat(ascii(keyword), new Uint8Array([0, compressed ? 1 : 0, 0, 0, 0]), body));
}
export const eXIf = (tiff: Uint8Array) => pngChunk('eXIf', tiff);
export const tIME = () => pngChunk('tIME', new Uint8Array([0x07, 0xe5, 6, 1, 12, 30, 45]));

/** ImageMagick's "Raw profile type <name>" text: a name line, a length line, then hex. */
export function rawProfileText(name: string, data: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < data.length; i++) {
    hex += data[i].toString(16).padStart(2, '0');
    if ((i + 1) % 36 === 0) hex += '\n';
  }
  return `\n${name}\n${String(data.length).padStart(8)}\n${hex}\n`;
}

/** A decodable greyscale PNG (8-bit, w×h) with extra chunks before IDAT and after it. */
export function grayPng(
  options: { width?: number; height?: number; before?: Uint8Array[]; after?: Uint8Array[]; trailing?: Uint8Array } = {},
): Uint8Array {
  const width = options.width ?? 4;
  const height = options.height ?? 4;
  const ihdr = concat(u32(width, false), u32(height, false), new Uint8Array([8, 0, 0, 0, 0]));
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = (x * 40 + y * 20) & 0xff;
  return concat(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(options.before ?? []),
    pngChunk('IDAT', zlibStored(raw)),
    ...(options.after ?? []),
    pngChunk('IEND', new Uint8Array(0)),
    options.trailing ?? new Uint8Array(0),
  );
}

/** Inserts chunks into an existing PNG right after IHDR. */
export function pngWith(base: Uint8Array, chunks: Uint8Array[]): Uint8Array {
  const ihdrEnd = 8 + 12 + ((base[8] << 24) | (base[9] << 16) | (base[10] << 8) | base[11]);
  return concat(base.subarray(0, ihdrEnd), ...chunks, base.subarray(ihdrEnd));
}

// ---- WebP --------------------------------------------------------------------------------------

export function riffChunk(fourcc: string, data: Uint8Array): Uint8Array {
  return concat(ascii(fourcc), u32(data.length, true), data, data.length & 1 ? new Uint8Array(1) : new Uint8Array(0));
}

/**
 * An extended WebP (VP8X) around an image chunk (from a simple WebP made by sharp, or fake bytes
 * for parser-only tests) with optional ICC, EXIF, XMP and unknown chunks.
 */
export function webpWith(
  image: { chunk: Uint8Array; width: number; height: number },
  extra: { icc?: Uint8Array; exif?: Uint8Array; xmp?: string; unknown?: Uint8Array },
): Uint8Array {
  let flags = 0;
  if (extra.icc) flags |= 0x20;
  if (extra.exif) flags |= 0x08;
  if (extra.xmp) flags |= 0x04;
  const vp8x = new Uint8Array(10);
  vp8x[0] = flags;
  const w = image.width - 1;
  const h = image.height - 1;
  vp8x.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 4);
  const body = concat(
    ascii('WEBP'),
    riffChunk('VP8X', vp8x),
    extra.icc ? riffChunk('ICCP', extra.icc) : new Uint8Array(0),
    image.chunk,
    extra.exif ? riffChunk('EXIF', extra.exif) : new Uint8Array(0),
    extra.xmp ? riffChunk('XMP ', utf8(extra.xmp)) : new Uint8Array(0),
    extra.unknown ? riffChunk('ABCD', extra.unknown) : new Uint8Array(0),
  );
  return concat(ascii('RIFF'), u32(body.length, true), body);
}

/** The image chunk (VP8 or VP8L, with padding) and size of a simple WebP file. */
export function webpImageChunk(simpleWebp: Uint8Array, width: number, height: number): { chunk: Uint8Array; width: number; height: number } {
  const size = new DataView(simpleWebp.buffer, simpleWebp.byteOffset).getUint32(16, true);
  return { chunk: simpleWebp.slice(12, 12 + 8 + size + (size & 1)), width, height };
}

/** Fake image bytes in a VP8L chunk: enough for parsers, not for decoders. */
export const fakeWebpImage = () => ({ chunk: riffChunk('VP8L', new Uint8Array([0x2f, 0, 0, 0, 0x10, 7, 0x10, 0x11, 0x11])), width: 1, height: 1 });

// ---- whole TIFF images ------------------------------------------------------------------------

/** An uncompressed RGB TIFF of w×h in `strips` strips, with extra IFD0 tags and optional more IFDs. */
export function rgbTiff(options: {
  width?: number;
  height?: number;
  littleEndian?: boolean;
  strips?: number;
  tags?: Record<number, TagValue>;
  /** Appended to the chain after IFD0 (a reduced-resolution thumbnail, a second page). */
  more?: IfdSpec[];
}): Uint8Array {
  const width = options.width ?? 8;
  const height = options.height ?? 6;
  const strips = Math.max(1, Math.min(options.strips ?? 2, height));
  const rowsPerStrip = Math.ceil(height / strips);
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) & 0xff;
  const blobs: Uint8Array[] = [];
  for (let row = 0; row < height; row += rowsPerStrip) blobs.push(pixels.slice(row * width * 3, Math.min(height, row + rowsPerStrip) * width * 3));
  const tags: Record<number, TagValue> = {
    256: { type: 'short', value: [width] },
    257: { type: 'short', value: [height] },
    258: { type: 'short', value: [8, 8, 8] },
    259: { type: 'short', value: [1] },
    262: { type: 'short', value: [2] },
    273: { type: 'blobs', value: blobs },
    277: { type: 'short', value: [3] },
    278: { type: 'short', value: [rowsPerStrip] },
    279: { type: 'long', value: blobs.map((b) => b.length) },
    282: { type: 'rational', value: [[72, 1]] },
    283: { type: 'rational', value: [[72, 1]] },
    284: { type: 'short', value: [1] },
    296: { type: 'short', value: [2] },
    ...options.tags,
  };
  return tiffBlock([{ tags }, ...(options.more ?? [])], options.littleEndian ?? true);
}

/** A reduced-resolution RGB thumbnail IFD (NewSubfileType 1) for rgbTiff's `more`. */
export function thumbnailIfd(width = 2, height = 2): IfdSpec {
  const pixels = new Uint8Array(width * height * 3).fill(90);
  return {
    tags: {
      254: { type: 'long', value: [1] },
      256: { type: 'short', value: [width] },
      257: { type: 'short', value: [height] },
      258: { type: 'short', value: [8, 8, 8] },
      259: { type: 'short', value: [1] },
      262: { type: 'short', value: [2] },
      273: { type: 'blobs', value: [pixels] },
      277: { type: 'short', value: [3] },
      278: { type: 'short', value: [height] },
      279: { type: 'long', value: [pixels.length] },
    },
  };
}

/** The EXIF/GPS/XMP/IPTC tags of a TIFF file's IFD0, from the same spec as exifTiff. */
export function tiffMetadataTags(spec: ExifSpec & { xmp?: string; iptc?: Uint8Array }): Record<number, TagValue> {
  // Reuse exifTiff's IFD0 by building it and reading back would be circular: build the tags directly.
  const block = exifTiffTags(spec);
  if (spec.xmp) block[700] = { type: 'byte', value: utf8(spec.xmp) };
  if (spec.iptc) block[33723] = { type: 'undefined', value: spec.iptc };
  return block;
}

function exifTiffTags(spec: ExifSpec): Record<number, TagValue> {
  const tags: Record<number, TagValue> = {};
  if (spec.make) tags[0x010f] = str(spec.make);
  if (spec.model) tags[0x0110] = str(spec.model);
  if (spec.orientation) tags[0x0112] = { type: 'short', value: [spec.orientation] };
  if (spec.software) tags[0x0131] = str(spec.software);
  if (spec.dateTime) tags[0x0132] = str(spec.dateTime);
  if (spec.artist) tags[0x013b] = str(spec.artist);
  if (spec.copyright) tags[0x8298] = str(spec.copyright);
  const exif: Record<number, TagValue> = {};
  if (spec.dateTimeOriginal) exif[0x9003] = str(spec.dateTimeOriginal);
  if (spec.bodySerial) exif[0xa431] = str(spec.bodySerial);
  if (spec.ownerName) exif[0xa430] = str(spec.ownerName);
  if (Object.keys(exif).length) tags[0x8769] = { type: 'ifd', ifd: { tags: exif } };
  if (spec.gps) {
    tags[0x8825] = {
      type: 'ifd',
      ifd: {
        tags: {
          0x0001: str(spec.gps.latitude >= 0 ? 'N' : 'S'),
          0x0002: { type: 'rational', value: rationalDms(spec.gps.latitude) },
          0x0003: str(spec.gps.longitude >= 0 ? 'E' : 'W'),
          0x0004: { type: 'rational', value: rationalDms(spec.gps.longitude) },
        },
      },
    };
  }
  return tags;
}
