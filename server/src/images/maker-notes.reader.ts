/**
 * Maker notes: the camera vendor's private block inside EXIF (tag 0x927C). Vendors keep the body's
 * serial number there, and sometimes the owner's name, a baby's name, places and times, where the
 * standard fields do not. The layouts we know are in maker-notes.catalogue.ts; a note of any other
 * vendor is reported as present but not decoded.
 *
 * Notes in the wild are often slightly wrong, so the reading is forgiving where exiftool is:
 * - the note's declared size may run past the EXIF block: what is inside the block is read;
 * - the byte order, where the note does not say, is the one whose entry count makes sense;
 * - value offsets may count from a base other than the documented one (some firmware counts from
 *   the note, some from the TIFF header): the base that puts the values inside the block, right
 *   after the directory, is used;
 * - a damaged part loses only itself: the fields read before and after it are kept.
 * Every read is bounded by the block.
 */
import { hasAscii, latin1 } from '../browser-shared/metadata-strip/bytes.util';
import { IfdReader, TiffEntry } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import type { EmbeddedImage, MetadataValue, PersonName, SerialNumber, TimeStamp } from './image-metadata.types';
import {
  binaryNoteLayout,
  BinaryNoteLayout,
  ifdNoteLayout,
  IfdNoteLayout,
  NoteBinaryField,
  NoteField,
  NoteFieldKind,
  ReconyxTime,
} from './maker-notes.catalogue';
import { decodeCString, decodeUtf16 } from './metadata-values.util';

const EXIF_IFD_POINTER = 0x8769;
const MAKER_NOTE = 0x927c;
const MAX_ENTRIES = 512;
const SIZES: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

export interface MakerNoteReading {
  vendor: string;
  decoded: boolean;
  byteLength: number;
  serials: SerialNumber[];
  people: PersonName[];
  uniqueIds: MetadataValue[];
  lens: MetadataValue[];
  places: MetadataValue[];
  comments: MetadataValue[];
  history: MetadataValue[];
  times: Array<Pick<TimeStamp, 'value' | 'origin' | 'kind'>>;
  previews: EmbeddedImage[];
  /** Parts of a decoded note that could not be read. */
  damaged: string[];
}

/** Display names of camera makers, matched against the Make tag (for notes without a header). */
const VENDORS: ReadonlyArray<[RegExp, string]> = [
  [/canon/i, 'Canon'],
  [/nikon/i, 'Nikon'],
  [/panasonic/i, 'Panasonic'],
  [/leica/i, 'Leica'],
  [/fuji/i, 'Fujifilm'],
  [/olympus|om digital/i, 'Olympus'],
  [/pentax|asahi/i, 'Pentax'],
  [/ricoh/i, 'Ricoh'],
  [/sigma|foveon/i, 'Sigma'],
  [/apple/i, 'Apple'],
  [/samsung/i, 'Samsung'],
  [/sony/i, 'Sony'],
  [/google/i, 'Google'],
  [/huawei|honor/i, 'Huawei'],
  [/xiaomi|redmi/i, 'Xiaomi'],
  [/htc/i, 'HTC'],
  [/\blg\b|lg electronics/i, 'LG'],
  [/motorola/i, 'Motorola'],
  [/kodak|eastman/i, 'Kodak'],
  [/casio/i, 'Casio'],
  [/minolta|konica/i, 'Minolta'],
  [/hasselblad/i, 'Hasselblad'],
  [/dji/i, 'DJI'],
  [/gopro/i, 'GoPro'],
  [/parrot/i, 'Parrot'],
  [/phase one/i, 'Phase One'],
  [/reconyx/i, 'Reconyx'],
  [/flir/i, 'FLIR'],
  [/hewlett|^hp\b/i, 'HP'],
  [/sanyo/i, 'Sanyo'],
  [/kyocera/i, 'Kyocera'],
  [/nintendo/i, 'Nintendo'],
];

export function vendorName(make: string | undefined, note: Uint8Array): string {
  for (const [prefix, name] of [
    ['Nikon', 'Nikon'],
    ['Panasonic', 'Panasonic'],
    ['FUJIFILM', 'Fujifilm'],
    ['OLYMP', 'Olympus'],
    ['OM SYSTEM', 'Olympus'],
    ['AOC\0', 'Pentax'],
    ['PENTAX ', 'Pentax'],
    ['SIGMA', 'Sigma'],
    ['FOVEON', 'Sigma'],
    ['Apple iOS', 'Apple'],
    ['SONY', 'Sony'],
    ['LEICA', 'Leica'],
    ['RECONYX', 'Reconyx'],
    ['KDK', 'Kodak'],
    ['QVC\0', 'Casio'],
    ['STMN', 'Samsung'],
    ['MOT\0', 'Motorola'],
  ] as const) {
    if (hasAscii(note, 0, prefix)) return name;
  }
  for (const [pattern, name] of VENDORS) if (make && pattern.test(make)) return name;
  const trimmed = make?.trim();
  return trimmed ? trimmed : 'an unknown maker';
}

/**
 * The maker note of an EXIF TIFF block: its entry and bytes (clipped to the block when its
 * declared size runs past it), or undefined when there is none.
 */
export function findMakerNote(tiff: IfdReader): { entry: TiffEntry; start: number; bytes: Uint8Array; clipped: boolean } | undefined {
  const pointer = tiff.uint(tiff.entryOf(tiff.firstIfdOffset, EXIF_IFD_POINTER));
  if (pointer === undefined || pointer === 0) return undefined;
  const entry = tiff.entryOf(pointer, MAKER_NOTE);
  if (!entry || entry.byteLength === 0) return undefined;
  if (entry.valueOffset >= 0) return { entry, start: entry.valueOffset, bytes: tiff.bytes.subarray(entry.valueOffset, entry.valueOffset + entry.byteLength), clipped: false };
  const start = entry.rawOffset >= 0 ? tiff.base + entry.rawOffset : -1;
  if (start < 0 || start >= tiff.bytes.length - 8) return undefined;
  return { entry, start, bytes: tiff.bytes.subarray(start), clipped: true };
}

class Reading {
  readonly r: MakerNoteReading;
  constructor(vendor: string, byteLength: number) {
    this.r = { vendor, decoded: true, byteLength, serials: [], people: [], uniqueIds: [], lens: [], places: [], comments: [], history: [], times: [], previews: [], damaged: [] };
  }

  add(kind: NoteFieldKind, name: string, value: string | undefined) {
    const text = value?.replace(/\s+$/, '').replace(/^\s+/, '');
    if (!text) return;
    const origin = `${this.r.vendor} maker notes ${name}`;
    switch (kind) {
      case 'serial':
      case 'internal-serial':
      case 'lens-serial':
      case 'other-serial': {
        const serialKind = kind === 'serial' ? 'camera' : kind === 'internal-serial' ? 'internal' : kind === 'lens-serial' ? 'lens' : 'other';
        this.r.serials.push({ value: text, origin, kind: serialKind, inMakerNotes: true });
        break;
      }
      case 'owner':
      case 'artist':
      case 'copyright':
      case 'person':
        this.r.people.push({ value: text, origin, role: kind === 'person' ? 'person-in-image' : kind });
        break;
      case 'place':
        this.r.places.push({ value: text, origin });
        break;
      case 'comment':
        // Panasonic writes this date when no baby's or pet's age is set.
        if (!/^9999:99:99/.test(text)) this.r.comments.push({ value: text, origin });
        break;
      case 'time':
        this.r.times.push({ value: text, origin, kind: name === 'DateTimeOriginal' ? 'original' : 'other' });
        break;
      case 'lens':
        this.r.lens.push({ value: text, origin });
        break;
      case 'unique-id':
        this.r.uniqueIds.push({ value: text, origin });
        break;
      case 'history':
        this.r.history.push({ value: text, origin });
        break;
    }
  }

  /** Runs one part of the reading; damage there is noted and the rest goes on. */
  part(name: string, read: () => void) {
    try {
      read();
    } catch (err) {
      if (!(err instanceof RangeError) && !(err instanceof Error && err.name === 'MalformedImageError')) throw err;
      this.r.damaged.push(name);
    }
  }
}

// ---- IFD-based notes ---------------------------------------------------------------------------

interface NoteEntry {
  tag: number;
  type: number;
  count: number;
  /** Absolute position of the 12-byte entry. */
  at: number;
  size: number;
  /** The offset written in the entry, for values over 4 bytes. */
  raw: number;
}

function readU16(bytes: Uint8Array, at: number, le: boolean): number {
  if (at < 0 || at + 2 > bytes.length) throw new RangeError('outside the block');
  return le ? bytes[at] | (bytes[at + 1] << 8) : (bytes[at] << 8) | bytes[at + 1];
}

function readU32(bytes: Uint8Array, at: number, le: boolean): number {
  if (at < 0 || at + 4 > bytes.length) throw new RangeError('outside the block');
  return le
    ? ((bytes[at + 3] << 24) >>> 0) + ((bytes[at + 2] << 16) | (bytes[at + 1] << 8) | bytes[at])
    : ((bytes[at] << 24) >>> 0) + ((bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]);
}

/** True when a directory with this entry count at `at` fits in the block and its first entries have known types. */
function plausibleIfd(bytes: Uint8Array, at: number, le: boolean): boolean {
  if (at < 0 || at + 2 > bytes.length) return false;
  const count = readU16(bytes, at, le);
  if (count === 0 || count > MAX_ENTRIES || at + 2 + count * 12 > bytes.length) return false;
  for (let i = 0; i < Math.min(count, 4); i++) {
    const type = readU16(bytes, at + 2 + i * 12 + 2, le);
    if (!SIZES[type]) return false;
  }
  return true;
}

function readEntries(bytes: Uint8Array, at: number, le: boolean): NoteEntry[] {
  const count = readU16(bytes, at, le);
  if (count > MAX_ENTRIES || at + 2 + count * 12 > bytes.length) throw new RangeError('directory outside the block');
  const entries: NoteEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = at + 2 + i * 12;
    const type = readU16(bytes, e + 2, le);
    const count_ = readU32(bytes, e + 4, le);
    const size = (SIZES[type] ?? 0) * count_;
    entries.push({ tag: readU16(bytes, e, le), type, count: count_, at: e, size, raw: size > 4 ? readU32(bytes, e + 8, le) : -1 });
  }
  return entries;
}

/**
 * The base value offsets count from. A note's values lie inside the note: when the documented base
 * puts some elsewhere, the candidate that puts the most inside is used. The candidates: the TIFF
 * header, the note's start, and the base that puts the lowest value right after the directory
 * (where writers put it; exiftool's FixBase reasons the same way).
 */
function fixBase(entries: NoteEntry[], ifdAt: number, declared: number, candidates: number[], note: { start: number; end: number }): number {
  const outside = entries.filter((e) => e.raw >= 0 && e.size > 0);
  if (outside.length === 0) return declared;
  const score = (base: number) => outside.filter((e) => base + e.raw >= note.start && base + e.raw + e.size <= note.end).length;
  if (score(declared) === outside.length) return declared;
  const lowest = Math.min(...outside.map((e) => e.raw));
  const expected = ifdAt + 2 + entries.length * 12 + 4 - lowest;
  return [...candidates, expected].reduce((best, base) => (score(base) > score(best) ? base : best), declared);
}

/**
 * exiftool's FixBase for makes whose values follow the directory: when the lowest value offset
 * (offsets under 12 ignored: no value can sit there) does not land 0 or 4 bytes after the entries,
 * the base is moved so that it lands `gap` bytes after them.
 */
function shiftedBase(entries: NoteEntry[], ifdAt: number, base: number, gap: number): number {
  let lowest = Infinity;
  for (const e of entries) if (e.raw >= 12 && e.size > 4 && e.raw < lowest) lowest = e.raw;
  if (lowest === Infinity) return base;
  const ifdEnd = ifdAt + 2 + entries.length * 12;
  const diff = base + lowest - ifdEnd;
  return diff === 0 || diff === 4 ? base : ifdEnd + gap - lowest;
}

interface ResolvedIfd {
  le: boolean;
  ifdAt: number;
  base: number;
  entries: NoteEntry[];
}

function resolveIfd(bytes: Uint8Array, tiffLe: boolean, tiffBase: number, note: { start: number; end: number }, layout: IfdNoteLayout): ResolvedIfd {
  const noteAt = note.start;
  let le = tiffLe;
  let ifdAt = noteAt + layout.ifdAt;
  if (layout.ifdPointerAt !== undefined) ifdAt = noteAt + readU32(bytes, noteAt + layout.ifdPointerAt, true);
  if (layout.tiffHeaderAt !== undefined) {
    const header = noteAt + layout.tiffHeaderAt;
    le = bytes[header] === 0x49;
    ifdAt = header + readU32(bytes, header + 4, le);
  } else if (layout.order === 'le' || layout.order === 'be') le = layout.order === 'le';
  else if (typeof layout.order === 'object') {
    const mark = latin1(bytes, noteAt + layout.order.at, noteAt + layout.order.at + 2);
    le = mark === 'II' ? true : mark === 'MM' ? false : plausibleIfd(bytes, ifdAt, tiffLe) ? tiffLe : !tiffLe;
  } else if (layout.order === 'auto' && !plausibleIfd(bytes, ifdAt, tiffLe) && plausibleIfd(bytes, ifdAt, !tiffLe)) le = !tiffLe;
  const entries = readEntries(bytes, ifdAt, le);
  const declared = layout.base === 'tiff' ? tiffBase : noteAt + layout.base.note;
  let base = fixBase(entries, ifdAt, declared, [tiffBase, noteAt], note);
  if (layout.valuesAfterDirectory !== undefined) base = shiftedBase(entries, ifdAt, base, layout.valuesAfterDirectory);
  return { le, ifdAt, base, entries };
}

function valueOf(bytes: Uint8Array, e: NoteEntry, base: number): Uint8Array | undefined {
  if (!SIZES[e.type] || e.size === 0) return undefined;
  const start = e.size <= 4 ? e.at + 8 : base + e.raw;
  if (start < 0 || start + e.size > bytes.length) return undefined;
  return bytes.subarray(start, start + e.size);
}

function uintOf(value: Uint8Array, type: number, le: boolean): number | undefined {
  if (type === 1 || type === 7) return value[0];
  if (type === 3 || type === 8) return readU16(value, 0, le);
  if (type === 4 || type === 9 || type === 13) return readU32(value, 0, le);
  return undefined;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function decodeField(value: Uint8Array, type: number, field: NoteField, le: boolean): string | undefined {
  switch (field.format ?? 'text') {
    case 'uint': {
      const n = uintOf(value, type, le);
      return n === undefined || n === 0 ? undefined : String(n).padStart(field.digits ?? 0, '0');
    }
    case 'hex':
      return value.some((b) => b !== 0) ? hex(value) : undefined;
    case 'ucs2':
      return decodeUtf16(value, le);
    case 'text-or-hex': {
      const text = latin1(value);
      return /^[-\w ]+$/.test(text) ? text : value.some((b) => b !== 0) ? hex(value) : undefined;
    }
    default:
      return decodeCString(value);
  }
}

/** Sony's substitution cipher: each byte b from 2 to 247 was written as b³ mod 249. */
const SONY_DECIPHER: Uint8Array = (() => {
  const table = new Uint8Array(256).map((_, i) => i);
  for (let b = 2; b < 248; b++) table[(b * b * b) % 249] = b;
  return table;
})();

function decodeBinary(value: Uint8Array, field: NoteBinaryField, le: boolean): string | undefined {
  if (field.offset + field.length > value.length) return undefined;
  let slice = value.subarray(field.offset, field.offset + field.length);
  if (field.sonyCipher) slice = slice.map((b) => SONY_DECIPHER[b]);
  if (field.format === 'hex') return slice.some((b) => b !== 0) ? hex(slice) : undefined;
  if (field.format === 'uint32') {
    const n = readU32(slice, 0, le);
    return n === 0 ? undefined : String(n);
  }
  return decodeCString(slice);
}

function readIfdNote(ctx: Reading, tiff: IfdReader, note: { start: number; end: number }, layout: IfdNoteLayout, model: string) {
  const bytes = tiff.bytes;
  const ifd = resolveIfd(bytes, tiff.littleEndian, tiff.base, note, layout);
  const byTag = new Map<number, NoteEntry>();
  for (const e of ifd.entries) byTag.set(e.tag, e);
  const read = (fields: readonly NoteField[], entries: Map<number, NoteEntry>, base: number, le: boolean) => {
    for (const field of fields) {
      if (field.models && !field.models.test(model)) continue;
      const e = entries.get(field.tag);
      if (!e) continue;
      ctx.part(`${field.name} (damaged)`, () => {
        const value = valueOf(bytes, e, base);
        if (!value) throw new RangeError('value outside the block');
        ctx.add(field.kind, field.name, decodeField(value, e.type, field, le));
      });
    }
  };
  read(layout.fields, byTag, ifd.base, ifd.le);
  for (const field of layout.binary ?? []) {
    if (field.models && !field.models.test(model)) continue;
    const e = byTag.get(field.tag);
    if (!e) continue;
    ctx.part(`${field.name} (damaged)`, () => {
      const value = valueOf(bytes, e, ifd.base);
      if (!value) throw new RangeError('value outside the block');
      ctx.add(field.kind, field.name, decodeBinary(value, field, ifd.le));
    });
  }
  for (const sub of layout.subIfds ?? []) {
    const e = byTag.get(sub.tag);
    if (!e) continue;
    ctx.part('sub-directory (damaged)', () => {
      // Either a pointer to the directory (type LONG or IFD) or the directory itself as the value.
      const at = e.type === 4 || e.type === 13 ? ifd.base + readU32(bytes, e.at + 8, ifd.le) : e.size > 4 ? ifd.base + e.raw : -1;
      const subLe = plausibleIfd(bytes, at, ifd.le) ? ifd.le : !ifd.le;
      const entries = readEntries(bytes, at, subLe);
      const base = fixBase(entries, at, ifd.base, [at, tiff.base], note);
      read(sub.fields, new Map(entries.map((x) => [x.tag, x])), base, subLe);
    });
  }
  if (layout.previewIfd !== undefined) {
    const e = byTag.get(layout.previewIfd);
    if (e) {
      ctx.part('PreviewIFD (damaged)', () => {
        const at = ifd.base + readU32(bytes, e.at + 8, ifd.le);
        const entries = readEntries(bytes, at, ifd.le);
        const length = entries.find((x) => x.tag === 0x0202);
        const value = length && valueOf(bytes, length, ifd.base);
        const size = value && uintOf(value, length.type, ifd.le);
        if (size) ctx.r.previews.push({ kind: 'preview', origin: `${ctx.r.vendor} maker notes PreviewImage`, byteLength: size });
      });
    }
  }
}

// ---- binary notes ------------------------------------------------------------------------------

function reconyxTime(value: Uint8Array, format: ReconyxTime): string | undefined {
  let y: number, mo: number, d: number, h: number, mi: number, s: number;
  if (format === 'reconyx-uf-time') {
    [s, mi, h, d, mo] = Array.from(value.subarray(0, 5));
    y = value[5] + value[6] * 256;
  } else {
    const w = Array.from({ length: 6 }, (_, i) => readU16(value, i * 2, true));
    [s, mi, h] = w;
    y = w[5];
    [mo, d] = format === 'reconyx-main-time' ? [w[3], w[4]] : [w[4], w[3]];
  }
  if (!y || mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${y}:${p(mo)}:${p(d)} ${p(h)}:${p(mi)}:${p(s)}`;
}

function readBinaryNote(ctx: Reading, note: Uint8Array, layout: BinaryNoteLayout) {
  for (const field of layout.fields) {
    if (field.offset + field.length > note.length) {
      ctx.r.damaged.push(`${field.name} (cut short)`);
      continue;
    }
    const value = note.subarray(field.offset, field.offset + field.length);
    const text = field.format === 'text' ? decodeCString(value) : field.format === 'ucs2' ? decodeUtf16(value, true) : reconyxTime(value, field.format);
    ctx.add(field.kind, field.name, text);
  }
  if (layout.scan) {
    const m = layout.scan.pattern.exec(latin1(note, 0, Math.min(note.length, 1 << 16)));
    if (m) ctx.add(layout.scan.kind, layout.scan.name, m[1].slice(0, layout.scan.maxLength));
  }
}

/**
 * The maker note of an EXIF TIFF block, read when its vendor's layout is known. Undefined when the
 * block has none; a note we cannot read at all is reported as present but not decoded.
 */
export function readMakerNotes(tiff: IfdReader, make: string | undefined, model: string | undefined): MakerNoteReading | undefined {
  const found = findMakerNote(tiff);
  if (!found) return undefined;
  const note = found.bytes;
  const ifdLayout = ifdNoteLayout(note, make ?? '');
  const binaryLayout = ifdLayout ? undefined : binaryNoteLayout(note, make ?? '');
  const vendor = ifdLayout?.vendor ?? binaryLayout?.vendor ?? vendorName(make, note);
  const ctx = new Reading(vendor, found.clipped ? found.entry.byteLength : note.length);
  if (found.clipped) ctx.r.damaged.push('size (runs past the EXIF block)');
  try {
    if (ifdLayout) readIfdNote(ctx, tiff, { start: found.start, end: found.start + note.length }, ifdLayout, model ?? '');
    else if (binaryLayout) readBinaryNote(ctx, note, binaryLayout);
    else ctx.r.decoded = false;
  } catch (err) {
    if (!(err instanceof RangeError) && !(err instanceof Error && err.name === 'MalformedImageError')) throw err;
    ctx.r.decoded = false;
  }
  return ctx.r;
}

/**
 * A maker-note-like block standing on its own (Pentax's JPEG APP7 segment): offsets count from its
 * start. Undefined when its layout is not known.
 */
export function readStandaloneNote(block: Uint8Array, make: string, model: string): MakerNoteReading | undefined {
  const layout = ifdNoteLayout(block, make);
  if (!layout) return undefined;
  const ctx = new Reading(layout.vendor, block.length);
  const order = latin1(block, 8, 10);
  ctx.part('directory (damaged)', () => readIfdNote(ctx, new IfdReader(block, order === 'II', 0), { start: 0, end: block.length }, layout, model));
  return ctx.r;
}
