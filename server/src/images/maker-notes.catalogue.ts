/**
 * Camera makers' private maker-note layouts, as far as they hold something about a person or a
 * device: serial numbers, owner and artist names, a baby's or pet's name, places, times, original
 * file names, previews. Facts about each vendor's format (where its directory starts, which base
 * its offsets count from, which tag holds what); maker-notes.reader.ts does the reading. A vendor
 * whose layout is not listed here is reported as "present, not decoded".
 */
import { hasAscii } from '../browser-shared/metadata-strip/bytes.util';

/** What a field holds, and so where it goes in ImageMetadata. */
export type NoteFieldKind =
  | 'serial'
  | 'internal-serial'
  | 'lens-serial'
  | 'other-serial'
  | 'owner'
  | 'artist'
  | 'copyright'
  | 'person'
  | 'place'
  | 'comment'
  | 'time'
  | 'lens'
  | 'unique-id'
  | 'history';

/**
 * How a value is decoded: text up to a NUL, an unsigned integer (zero-padded to `digits`), hex
 * bytes, UTF-16, or text when it is all letters, digits, spaces and dashes and hex otherwise (Ricoh).
 */
export type NoteFieldFormat = 'text' | 'uint' | 'hex' | 'ucs2' | 'text-or-hex';

export interface NoteField {
  tag: number;
  name: string;
  kind: NoteFieldKind;
  format?: NoteFieldFormat;
  digits?: number;
  /** Only for camera models matching this. */
  models?: RegExp;
}

/** A fixed-layout block inside a tag's value (Canon CameraInfo, Pentax CameraInfo, Sony's enciphered 0x9050...). */
export interface NoteBinaryField {
  tag: number;
  name: string;
  kind: NoteFieldKind;
  offset: number;
  length: number;
  format: 'text' | 'hex' | 'uint32';
  models?: RegExp;
  /** Sony's substitution cipher (c = b³ mod 249) over the whole value. */
  sonyCipher?: boolean;
}

export interface IfdNoteLayout {
  vendor: string;
  /** Where the directory starts, counted from the note's first byte. */
  ifdAt: number;
  /** A TIFF header at this position in the note gives the byte order and the directory's offset (Nikon). */
  tiffHeaderAt?: number;
  /** A 32-bit little-endian offset of the directory at this position in the note (Fujifilm). */
  ifdPointerAt?: number;
  /** What value offsets count from: the TIFF header, or a position in the note. */
  base: 'tiff' | { note: number };
  /** Byte order: the TIFF's, fixed, given by two bytes at a position in the note, or found by trying both. */
  order: 'tiff' | 'le' | 'be' | 'auto' | { at: number };
  fields: readonly NoteField[];
  binary?: readonly NoteBinaryField[];
  /** Tags pointing to a further directory with more fields (Olympus Equipment), and that directory's fields. */
  subIfds?: ReadonlyArray<{ tag: number; fields: readonly NoteField[] }>;
  /** A tag pointing to a preview image's directory (JPEGInterchangeFormatLength in it). */
  previewIfd?: number;
  /**
   * The first value sits this many bytes after the directory's entries, whatever the declared base
   * says: Pentax's offsets are "totally whacky" (exiftool), so, as exiftool's FixBase does for
   * PENTAX, a base putting the first value elsewhere than 0 or 4 bytes after them is moved there.
   */
  valuesAfterDirectory?: number;
}

const f = (tag: number, name: string, kind: NoteFieldKind, format: NoteFieldFormat = 'text', extra: Partial<NoteField> = {}): NoteField => ({ tag, name, kind, format, ...extra });

const CANON: IfdNoteLayout = {
  vendor: 'Canon',
  ifdAt: 0,
  base: 'tiff',
  order: 'auto',
  fields: [
    f(0x0009, 'OwnerName', 'owner'),
    f(0x000c, 'SerialNumber', 'serial', 'uint'),
    f(0x0096, 'InternalSerialNumber', 'internal-serial'),
    f(0x0095, 'LensModel', 'lens'),
    f(0x0028, 'ImageUniqueID', 'unique-id', 'hex'),
  ],
  binary: [
    // CameraInfo differs per model; these two models keep the owner's name in it.
    { tag: 0x000d, name: 'CameraInfo OwnerName', kind: 'owner', offset: 0x10f, length: 32, format: 'text', models: /\b(450D|REBEL XSi|Kiss X2)\b/i },
    { tag: 0x000d, name: 'CameraInfo ShortOwnerName', kind: 'owner', offset: 0xac, length: 16, format: 'text', models: /^Canon EOS 5D$/i },
    { tag: 0x4019, name: 'LensInfo LensSerialNumber', kind: 'lens-serial', offset: 0, length: 5, format: 'hex' },
  ],
};

const NIKON_FIELDS: readonly NoteField[] = [f(0x001d, 'SerialNumber', 'serial'), f(0x00a0, 'SerialNumber', 'serial')];

const PANASONIC_FIELDS: readonly NoteField[] = [
  f(0x0025, 'InternalSerialNumber', 'internal-serial'),
  f(0x0052, 'LensSerialNumber', 'lens-serial'),
  f(0x0054, 'AccessorySerialNumber', 'other-serial'),
  f(0x0033, 'BabyAge', 'comment'),
  f(0x0065, 'Title', 'comment'),
  f(0x0066, 'BabyName', 'person'),
  f(0x0067, 'Location', 'place'),
  f(0x0069, 'Country', 'place'),
  f(0x006b, 'State', 'place'),
  f(0x006d, 'City', 'place'),
  f(0x006f, 'Landmark', 'place'),
  f(0x0080, 'City2', 'place'),
  f(0x00af, 'TimeStamp', 'time'),
];

const LEICA_FIELDS: readonly NoteField[] = [
  f(0x0303, 'SerialNumber', 'serial', 'uint', { digits: 7 }),
  f(0x0305, 'SerialNumber', 'serial', 'uint'),
  f(0x0500, 'InternalSerialNumber', 'internal-serial'),
  f(0x0407, 'OriginalFileName', 'history'),
  f(0x0321, 'LensSerialNumber', 'lens-serial', 'uint', { digits: 10 }),
  f(0x3103, 'SerialNumber', 'serial'),
];

const OLYMPUS_EQUIPMENT: readonly NoteField[] = [
  f(0x0101, 'SerialNumber', 'serial'),
  f(0x0102, 'InternalSerialNumber', 'internal-serial'),
  f(0x0202, 'LensSerialNumber', 'lens-serial'),
  f(0x0302, 'ExtenderSerialNumber', 'other-serial'),
  f(0x1003, 'FlashSerialNumber', 'other-serial'),
];
const OLYMPUS_FIELDS: readonly NoteField[] = [f(0x0404, 'SerialNumber', 'serial'), f(0x101a, 'SerialNumber', 'serial')];

const PENTAX_FIELDS: readonly NoteField[] = [f(0x0229, 'SerialNumber', 'serial'), f(0x022e, 'Artist', 'artist'), f(0x022f, 'Copyright', 'copyright')];
const PENTAX_BINARY: readonly NoteBinaryField[] = [{ tag: 0x0215, name: 'CameraInfo InternalSerialNumber', kind: 'internal-serial', offset: 16, length: 4, format: 'uint32' }];

const RICOH_FIELDS: readonly NoteField[] = [f(0x0005, 'SerialNumber', 'serial', 'text-or-hex')];
const RICOH_BINARY: readonly NoteBinaryField[] = [
  { tag: 0x002c, name: 'SerialInfo BodySerialNumber', kind: 'serial', offset: 16, length: 16, format: 'text' },
  { tag: 0x002c, name: 'SerialInfo LensSerialNumber', kind: 'lens-serial', offset: 48, length: 16, format: 'text' },
];

const SONY_FIELDS: readonly NoteField[] = [f(0x2031, 'SerialNumber', 'serial')];
/** Sony's 0x9050 block, enciphered: where the internal serial sits depends on the model's generation. */
const SONY_BINARY: readonly NoteBinaryField[] = [
  { tag: 0x9050, name: 'InternalSerialNumber', kind: 'internal-serial', offset: 0x7c, length: 4, format: 'hex', sonyCipher: true, models: /^(NEX-(?!5N|7|VG20E)|ILCE-(?!1$|6100|6300|6400|6500|6600|7C|7M3|7M4|7RM2|7RM3|7RM4|7RM5|7SM2|7SM3|9))/ },
  { tag: 0x9050, name: 'InternalSerialNumber', kind: 'internal-serial', offset: 0xf0, length: 5, format: 'hex', sonyCipher: true, models: /^(SLT-|HV|ILCA-(?!99M2))/ },
  { tag: 0x9050, name: 'InternalSerialNumber', kind: 'internal-serial', offset: 0x88, length: 6, format: 'hex', sonyCipher: true, models: /^(ILCE-(6100|6300|6400|6500|6600|7C|7M3|7RM2|7RM3A?|7RM4A?|7SM2|9|9M2|7M4|7RM5|7SM3)|ILCA-99M2|ZV-E10|ILME-FX3)/ },
  { tag: 0x9050, name: 'InternalSerialNumber', kind: 'internal-serial', offset: 0x8a, length: 6, format: 'hex', sonyCipher: true, models: /^ILCE-1$/ },
];

/** Layouts of IFD-based maker notes, chosen by the note's first bytes (and the camera's make where it has no header). */
export function ifdNoteLayout(note: Uint8Array, make: string): IfdNoteLayout | undefined {
  const starts = (text: string, at = 0) => hasAscii(note, at, text);
  const makeIs = (pattern: RegExp) => pattern.test(make);
  if (starts('Apple iOS\0')) return { vendor: 'Apple', ifdAt: 14, base: { note: 0 }, order: { at: 12 }, fields: [f(0x0011, 'ContentIdentifier', 'unique-id'), f(0x002b, 'PhotoIdentifier', 'unique-id')] };
  if (starts('Nikon\0\x02')) return { vendor: 'Nikon', ifdAt: 18, tiffHeaderAt: 10, base: { note: 10 }, order: { at: 10 }, fields: NIKON_FIELDS, previewIfd: 0x0011 };
  if (starts('Nikon\0\x01')) return { vendor: 'Nikon', ifdAt: 8, base: 'tiff', order: 'le', fields: NIKON_FIELDS };
  if (makeIs(/^NIKON/i) && !starts('Nikon')) return { vendor: 'Nikon', ifdAt: 0, base: 'tiff', order: 'auto', fields: NIKON_FIELDS, previewIfd: 0x0011 };
  if (makeIs(/^Canon/i)) return CANON;
  if (starts('Panasonic\0')) return { vendor: 'Panasonic', ifdAt: 12, base: 'tiff', order: 'auto', fields: PANASONIC_FIELDS };
  if (starts('LEICA CAMERA AG\0')) return { vendor: 'Leica', ifdAt: 18, base: 'tiff', order: 'auto', fields: [...PANASONIC_FIELDS, ...LEICA_FIELDS] };
  if (starts('LEICA\0\0\0')) return { vendor: 'Leica', ifdAt: 8, base: { note: 8 }, order: 'auto', fields: LEICA_FIELDS };
  if (starts('LEICA\0\x02\0')) return { vendor: 'Leica', ifdAt: 8, base: 'tiff', order: 'auto', fields: LEICA_FIELDS };
  if (starts('LEICA0') || starts('LEICA\0')) return { vendor: 'Leica', ifdAt: 8, base: { note: 0 }, order: 'auto', fields: LEICA_FIELDS };
  if (makeIs(/^(LEICA|Leica Camera AG)/) && !starts('LEICA')) return { vendor: 'Leica', ifdAt: 0, base: 'tiff', order: 'auto', fields: LEICA_FIELDS };
  if (starts('FUJIFILM') || starts('GENERALE')) return { vendor: 'Fujifilm', ifdAt: 12, ifdPointerAt: 8, base: { note: 0 }, order: 'le', fields: [f(0x0010, 'InternalSerialNumber', 'internal-serial')] };
  const olympusSubs = [{ tag: 0x2010, fields: OLYMPUS_EQUIPMENT }];
  if (starts('OLYMPUS\0')) return { vendor: 'Olympus', ifdAt: 12, base: { note: 0 }, order: 'auto', fields: OLYMPUS_FIELDS, subIfds: olympusSubs };
  if (starts('OM SYSTEM\0')) return { vendor: 'Olympus', ifdAt: 16, base: { note: 0 }, order: 'auto', fields: OLYMPUS_FIELDS, subIfds: olympusSubs };
  if (starts('OLYMP\0') || starts('EPSON\0') || starts('MINOL\0') || starts('CAMER\0')) {
    return { vendor: starts('EPSON') ? 'Epson' : starts('OLYMP') ? 'Olympus' : 'Minolta', ifdAt: 8, base: 'tiff', order: 'auto', fields: OLYMPUS_FIELDS, subIfds: olympusSubs };
  }
  if (starts('AOC\0')) return { vendor: 'Pentax', ifdAt: 6, base: { note: 0 }, order: { at: 4 }, fields: PENTAX_FIELDS, binary: PENTAX_BINARY, valuesAfterDirectory: 4 };
  if (starts('PENTAX \0')) return { vendor: 'Pentax', ifdAt: 10, base: { note: 0 }, order: { at: 8 }, fields: PENTAX_FIELDS, binary: PENTAX_BINARY, valuesAfterDirectory: 4 };
  if (starts('RICOH\0II') || starts('RICOH\0MM')) return { vendor: 'Ricoh', ifdAt: 8, base: { note: 0 }, order: { at: 6 }, fields: PENTAX_FIELDS, binary: PENTAX_BINARY };
  if (makeIs(/^(PENTAX )?RICOH/i) && (starts('Ricoh') || starts('RICOH') || starts('      '))) return { vendor: 'Ricoh', ifdAt: 8, base: 'tiff', order: 'auto', fields: RICOH_FIELDS, binary: RICOH_BINARY };
  if (makeIs(/^(PENTAX )?RICOH/i) && (starts('MM\0\x2a') || starts('II\x2a\0'))) return { vendor: 'Ricoh', ifdAt: 8, base: { note: 0 }, order: { at: 0 }, fields: RICOH_FIELDS, binary: RICOH_BINARY };
  if (starts('SIGMA\0') || starts('FOVEON\0')) return { vendor: 'Sigma', ifdAt: 10, base: 'tiff', order: 'auto', fields: [f(0x0002, 'SerialNumber', 'serial')] };
  if (starts('SONY DSC ') || starts('SONY CAM ') || starts('SONY MOBILE') || starts('VHAB     \0')) return { vendor: 'Sony', ifdAt: 12, base: 'tiff', order: 'auto', fields: SONY_FIELDS, binary: SONY_BINARY };
  if (makeIs(/^SONY/i) && !starts('SONY') && !(note[0] === 1 && note[1] === 0)) return { vendor: 'Sony', ifdAt: 0, base: 'tiff', order: 'auto', fields: SONY_FIELDS, binary: SONY_BINARY };
  if (starts('MOT\0')) return { vendor: 'Motorola', ifdAt: 8, base: { note: 0 }, order: 'auto', fields: [f(0x5501, 'SerialNumber', 'serial')] };
  if (makeIs(/^SAMSUNG$/i) && !starts('STMN')) return { vendor: 'Samsung', ifdAt: 0, base: 'tiff', order: 'auto', fields: [f(0xa002, 'SerialNumber', 'serial'), f(0xa005, 'InternalLensSerialNumber', 'lens-serial')] };
  if (makeIs(/^Nintendo$/)) return { vendor: 'Nintendo', ifdAt: 0, base: 'tiff', order: 'auto', fields: [], binary: [{ tag: 0x1101, name: 'CameraInfo InternalSerialNumber', kind: 'internal-serial', offset: 0x18, length: 4, format: 'hex' }] };
  if (makeIs(/^FLIR Systems/i)) return { vendor: 'FLIR', ifdAt: 0, base: 'tiff', order: 'auto', fields: [] };
  return undefined;
}

/** Binary (not IFD) maker notes: fields at fixed offsets, or found by a label in the text. */
export interface BinaryNoteLayout {
  vendor: string;
  fields: ReadonlyArray<{ name: string; kind: NoteFieldKind; offset: number; length: number; format: 'text' | 'ucs2' | ReconyxTime }>;
  /** A label followed by the value, searched in the note's text (HP). */
  scan?: { pattern: RegExp; name: string; kind: NoteFieldKind; maxLength: number };
}

/** Reconyx date layouts: 16-bit words (year, month, day positions differ) or bytes. */
export type ReconyxTime = 'reconyx-main-time' | 'reconyx-h2-time' | 'reconyx-uf-time';

const KODAK_SERIAL = /^[CK][A-Z\d]{3} ?[A-Z\d]{1,2}\d{2}[A-Z\d]\d{4}[ \0]/;

export function binaryNoteLayout(note: Uint8Array, make: string): BinaryNoteLayout | undefined {
  const starts = (text: string) => hasAscii(note, 0, text);
  if (starts('RECONYXUF\0')) {
    return {
      vendor: 'Reconyx',
      fields: [
        { name: 'SerialNumber', kind: 'serial', offset: 0x4b, length: 15, format: 'text' },
        { name: 'UserLabel', kind: 'comment', offset: 0x5a, length: 21, format: 'text' },
        { name: 'DateTimeOriginal', kind: 'time', offset: 0x3b, length: 7, format: 'reconyx-uf-time' },
      ],
    };
  }
  if (starts('RECONYXH2\0')) {
    return {
      vendor: 'Reconyx',
      fields: [
        { name: 'SerialNumber', kind: 'serial', offset: 0x7e, length: 30, format: 'ucs2' },
        { name: 'UserLabel', kind: 'comment', offset: 0x68, length: 22, format: 'text' },
        { name: 'DateTimeOriginal', kind: 'time', offset: 0x3e, length: 12, format: 'reconyx-h2-time' },
      ],
    };
  }
  // HC500, HC600, PC800 and others: "\x01\xf1" and a version, then 16-bit little-endian words.
  if (note[0] === 0x01 && note[1] === 0xf1 && (((note[2] === 2 || note[2] === 3) && note[3] === 0) || /^RECONYX/i.test(make))) {
    return {
      vendor: 'Reconyx',
      fields: [
        { name: 'SerialNumber', kind: 'serial', offset: 0x15 * 2, length: 30, format: 'ucs2' },
        { name: 'UserLabel', kind: 'comment', offset: 0x2b * 2, length: 22, format: 'text' },
        { name: 'DateTimeOriginal', kind: 'time', offset: 0x0b * 2, length: 12, format: 'reconyx-main-time' },
      ],
    };
  }
  if (/kodak/i.test(make) && KODAK_SERIAL.test(String.fromCharCode(...note.subarray(0, 24)))) return { vendor: 'Kodak', fields: [{ name: 'SerialNumber', kind: 'serial', offset: 0, length: 16, format: 'text' }] };
  if (starts('Hewlett-Packard') || starts('Vivitar') || (starts('610') && note[3] <= 4) || starts('IIII\x04\0') || starts('IIII\x06\0')) {
    return { vendor: 'HP', fields: [], scan: { pattern: /serial number:\s*([\x20-\x7e]{1,26})/i, name: 'SerialNumber', kind: 'serial', maxLength: 26 } };
  }
  return undefined;
}
