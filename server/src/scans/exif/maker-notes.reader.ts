/**
 * Maker notes: the camera vendor's private block inside EXIF (tag 0x927C). Several vendors keep
 * the body's serial number and the owner's name there, where exifr does not look. We decode the
 * layouts of Canon, Nikon, Panasonic, Fujifilm, Olympus / OM System, Pentax, Sigma and Apple for
 * the fields that identify a person or a device; for any other vendor only their presence is
 * reported. Every read goes through the bounded IFD reader.
 */
import { hasAscii, u32le } from '../../browser-shared/metadata-strip/bytes.util';
import { findEntry, IfdReader, TiffEntry, TiffIfd } from '../../browser-shared/metadata-strip/tiff-ifd.reader';
import type { EmbeddedImage, MetadataValue, PersonName, SerialNumber } from './image-metadata.types';
import { decodeCString } from './metadata-values.util';

const EXIF_IFD_POINTER = 0x8769;
const MAKER_NOTE = 0x927c;

export interface MakerNoteReading {
  vendor: string;
  decoded: boolean;
  byteLength: number;
  serials: SerialNumber[];
  people: PersonName[];
  uniqueIds: MetadataValue[];
  lens: MetadataValue[];
  previews: EmbeddedImage[];
}

/** Display names of camera makers, matched against the Make tag. */
const VENDORS: ReadonlyArray<[RegExp, string]> = [
  [/canon/i, 'Canon'],
  [/nikon/i, 'Nikon'],
  [/panasonic/i, 'Panasonic'],
  [/leica/i, 'Leica'],
  [/fuji/i, 'Fujifilm'],
  [/olympus|om digital/i, 'Olympus'],
  [/pentax|ricoh/i, 'Pentax'],
  [/sigma/i, 'Sigma'],
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
];

export function vendorName(make: string | undefined, note: Uint8Array): string {
  if (hasAscii(note, 0, 'Nikon')) return 'Nikon';
  if (hasAscii(note, 0, 'Panasonic')) return 'Panasonic';
  if (hasAscii(note, 0, 'FUJIFILM')) return 'Fujifilm';
  if (hasAscii(note, 0, 'OLYMP') || hasAscii(note, 0, 'OM SYSTEM')) return 'Olympus';
  if (hasAscii(note, 0, 'AOC\0') || hasAscii(note, 0, 'PENTAX ')) return 'Pentax';
  if (hasAscii(note, 0, 'SIGMA') || hasAscii(note, 0, 'FOVEON')) return 'Sigma';
  if (hasAscii(note, 0, 'Apple iOS')) return 'Apple';
  if (hasAscii(note, 0, 'SONY') || hasAscii(note, 0, 'SONY DSC')) return 'Sony';
  if (hasAscii(note, 0, 'LEICA')) return 'Leica';
  for (const [pattern, name] of VENDORS) if (make && pattern.test(make)) return name;
  const trimmed = make?.trim();
  return trimmed ? trimmed : 'an unknown maker';
}

/** Locates the maker note in an EXIF TIFF block: the reader, IFD0 and the note's entry. */
export function findMakerNote(tiff: IfdReader): { entry: TiffEntry; bytes: Uint8Array } | undefined {
  const ifd0 = tiff.readIfd(tiff.firstIfdOffset);
  const pointer = tiff.uint(findEntry(ifd0, EXIF_IFD_POINTER));
  if (pointer === undefined || pointer === 0) return undefined;
  const exif = tiff.readIfd(pointer);
  const entry = findEntry(exif, MAKER_NOTE);
  if (!entry || entry.valueOffset < 0 || entry.byteLength === 0) return undefined;
  return { entry, bytes: tiff.bytes.subarray(entry.valueOffset, entry.valueOffset + entry.byteLength) };
}

class NoteContext {
  readonly reading: MakerNoteReading;
  constructor(vendor: string, byteLength: number) {
    this.reading = { vendor, decoded: true, byteLength, serials: [], people: [], uniqueIds: [], lens: [], previews: [] };
  }

  text(reader: IfdReader, ifd: TiffIfd, tag: number): string | undefined {
    const entry = findEntry(ifd, tag);
    const bytes = entry && reader.valueBytes(entry);
    if (!bytes) return undefined;
    const text = decodeCString(bytes).trim();
    return text || undefined;
  }

  serial(value: string | undefined, name: string, kind: SerialNumber['kind']) {
    if (value) this.reading.serials.push({ value, origin: `${this.reading.vendor} maker notes ${name}`, kind, inMakerNotes: true });
  }
}

/** Reads the note of `vendor` (see vendorName). Throws MalformedImageError or RangeError on damage. */
function decode(tiff: IfdReader, entry: TiffEntry, note: Uint8Array, vendor: string): MakerNoteReading {
  const ctx = new NoteContext(vendor, note.length);
  const at = entry.valueOffset; // absolute offset of the note in tiff.bytes
  const le = tiff.littleEndian;

  switch (vendor) {
    case 'Canon': {
      // A bare IFD in the TIFF's byte order; offsets count from the TIFF start.
      const reader = new IfdReader(tiff.bytes, le, tiff.base);
      const ifd = reader.readIfd(at - tiff.base);
      const owner = ctx.text(reader, ifd, 0x0009);
      if (owner) ctx.reading.people.push({ value: owner, origin: 'Canon maker notes OwnerName', role: 'owner' });
      const serial = reader.uint(findEntry(ifd, 0x000c));
      if (serial !== undefined && serial !== 0) ctx.serial(String(serial), 'SerialNumber', 'camera');
      ctx.serial(ctx.text(reader, ifd, 0x0096), 'InternalSerialNumber', 'internal');
      const lens = ctx.text(reader, ifd, 0x0095);
      if (lens) ctx.reading.lens.push({ value: lens, origin: 'Canon maker notes LensModel' });
      const id = findEntry(ifd, 0x0028);
      const idBytes = id && reader.valueBytes(id);
      if (idBytes && idBytes.some((b) => b !== 0)) {
        ctx.reading.uniqueIds.push({ value: Array.from(idBytes, (b) => b.toString(16).padStart(2, '0')).join(''), origin: 'Canon maker notes ImageUniqueID' });
      }
      return ctx.reading;
    }
    case 'Nikon': {
      if (hasAscii(note, 0, 'Nikon\0') && note[6] === 2) {
        // Type 3: a TIFF header at +10; offsets count from it.
        const reader = IfdReader.fromTiffHeader(tiff.bytes, at + 10);
        const ifd = reader.readIfd(reader.firstIfdOffset);
        ctx.serial(ctx.text(reader, ifd, 0x001d), 'SerialNumber', 'camera');
        const preview = reader.uint(findEntry(ifd, 0x0011));
        if (preview) {
          const previewIfd = reader.readIfd(preview);
          const length = reader.uint(findEntry(previewIfd, 0x0202));
          if (length) ctx.reading.previews.push({ kind: 'preview', origin: 'Nikon maker notes PreviewImage', byteLength: length });
        }
        return ctx.reading;
      }
      // Types 1 (old Coolpix, "Nikon\0" 01) and 2 (no header) hold no serial number.
      return ctx.reading;
    }
    case 'Panasonic': {
      const reader = new IfdReader(tiff.bytes, le, tiff.base);
      const ifd = reader.readIfd(at + 12 - tiff.base);
      ctx.serial(ctx.text(reader, ifd, 0x0025), 'InternalSerialNumber', 'internal');
      ctx.serial(ctx.text(reader, ifd, 0x0052), 'LensSerialNumber', 'lens');
      ctx.serial(ctx.text(reader, ifd, 0x0054), 'AccessorySerialNumber', 'other');
      return ctx.reading;
    }
    case 'Fujifilm': {
      // Always little endian; the IFD's offset (and all offsets) count from the note's start.
      const reader = new IfdReader(tiff.bytes, true, at);
      const ifd = reader.readIfd(u32le(note, 8));
      ctx.serial(ctx.text(reader, ifd, 0x0010), 'InternalSerialNumber', 'internal');
      return ctx.reading;
    }
    case 'Olympus': {
      let reader: IfdReader;
      let ifd: TiffIfd;
      if (hasAscii(note, 0, 'OLYMPUS\0') || hasAscii(note, 0, 'OM SYSTEM')) {
        // New style: byte order at +8 (+12 for OM SYSTEM), offsets from the note's start.
        const orderAt = hasAscii(note, 0, 'OM SYSTEM') ? 12 : 8;
        reader = new IfdReader(tiff.bytes, note[orderAt] === 0x49, at);
        ifd = reader.readIfd(orderAt + 4);
        const equipment = reader.uint(findEntry(ifd, 0x2010));
        if (equipment) {
          const eq = reader.readIfd(equipment);
          ctx.serial(ctx.text(reader, eq, 0x0101), 'SerialNumber', 'camera');
          ctx.serial(ctx.text(reader, eq, 0x0102), 'InternalSerialNumber', 'internal');
          ctx.serial(ctx.text(reader, eq, 0x0202), 'LensSerialNumber', 'lens');
          ctx.serial(ctx.text(reader, eq, 0x0302), 'ExtenderSerialNumber', 'other');
        }
      } else {
        // Old style "OLYMP\0": IFD at +8, offsets from the TIFF start.
        reader = new IfdReader(tiff.bytes, le, tiff.base);
        ifd = reader.readIfd(at + 8 - tiff.base);
        ctx.serial(ctx.text(reader, ifd, 0x0404), 'SerialNumber', 'camera');
      }
      return ctx.reading;
    }
    case 'Pentax': {
      // "AOC\0" + byte order, IFD at +6; or "PENTAX \0" + byte order, IFD at +10. Offsets from the note's start.
      const orderAt = hasAscii(note, 0, 'PENTAX ') ? 8 : 4;
      const order = (note[orderAt] << 8) | note[orderAt + 1];
      const reader = new IfdReader(tiff.bytes, order === 0x4949 ? true : order === 0x4d4d ? false : le, at);
      const ifd = reader.readIfd(orderAt + 2);
      ctx.serial(ctx.text(reader, ifd, 0x0229), 'SerialNumber', 'camera');
      return ctx.reading;
    }
    case 'Sigma': {
      const reader = new IfdReader(tiff.bytes, le, tiff.base);
      const ifd = reader.readIfd(at + 10 - tiff.base);
      ctx.serial(ctx.text(reader, ifd, 0x0002), 'SerialNumber', 'camera');
      return ctx.reading;
    }
    case 'Apple': {
      if (!hasAscii(note, 0, 'Apple iOS\0')) break;
      // "Apple iOS\0" 00 01 "MM", IFD at +14, offsets from the note's start.
      const reader = new IfdReader(tiff.bytes, note[12] === 0x49, at);
      const ifd = reader.readIfd(14);
      for (const [tag, name] of [[0x0011, 'ContentIdentifier'], [0x002b, 'PhotoIdentifier']] as const) {
        const value = ctx.text(reader, ifd, tag);
        if (value) ctx.reading.uniqueIds.push({ value, origin: `Apple maker notes ${name}` });
      }
      return ctx.reading;
    }
  }
  ctx.reading.decoded = false;
  return ctx.reading;
}

/**
 * The maker note of an EXIF TIFF block, read when its vendor's layout is known. Undefined when the
 * block has none; a damaged note is reported as present but not decoded.
 */
export function readMakerNotes(tiff: IfdReader, make: string | undefined): MakerNoteReading | undefined {
  const found = findMakerNote(tiff);
  if (!found) return undefined;
  const vendor = vendorName(make, found.bytes);
  try {
    return decode(tiff, found.entry, found.bytes, vendor);
  } catch {
    return { vendor, decoded: false, byteLength: found.bytes.length, serials: [], people: [], uniqueIds: [], lens: [], previews: [] };
  }
}
