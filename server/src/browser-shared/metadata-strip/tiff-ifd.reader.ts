/**
 * A bounded reader of TIFF image file directories (IFDs): the structure of TIFF files, of EXIF
 * blocks and of most maker notes. Every offset is range-checked, entry counts are capped and IFD
 * chains stop at a repeated offset, so damaged or hostile input costs bounded time.
 */
import { MalformedImageError, view } from './bytes.util';

/** Bytes per value of each TIFF field type (1 BYTE ... 13 IFD). */
export const TIFF_TYPE_SIZES: Readonly<Record<number, number>> = {
  1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4,
};

export const MAX_IFD_ENTRIES = 1000;
export const MAX_IFDS = 64;

export interface TiffEntry {
  tag: number;
  type: number;
  count: number;
  /** Where the value's bytes start in `bytes`; -1 when they lie outside it (or the type is unknown). */
  valueOffset: number;
  byteLength: number;
  /** The offset written in the entry (relative to the base) for values over 4 bytes; -1 for inline values. */
  rawOffset: number;
}

export interface TiffIfd {
  /** Offset of the IFD relative to the reader's base. */
  offset: number;
  entries: TiffEntry[];
  /** The next IFD's offset (relative to the base), 0 for none. */
  nextOffset: number;
}

export class IfdReader {
  readonly view: DataView;

  /**
   * @param bytes the block holding the IFDs and their values
   * @param littleEndian the byte order
   * @param base where offset 0 is in `bytes` (a TIFF header's position; maker notes differ)
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly littleEndian: boolean,
    readonly base = 0,
  ) {
    this.view = view(bytes);
  }

  /**
   * A reader for a block that starts with a TIFF header (II*\0 or MM\0*) at `base`. With
   * `anyVersion`, a damaged version word is let pass (the byte order and IFD0 offset still read).
   */
  static fromTiffHeader(bytes: Uint8Array, base = 0, anyVersion = false): IfdReader {
    if (base < 0 || base + 8 > bytes.length) throw new MalformedImageError('TIFF header is truncated');
    const order = (bytes[base] << 8) | bytes[base + 1];
    let littleEndian: boolean;
    if (order === 0x4949) littleEndian = true;
    else if (order === 0x4d4d) littleEndian = false;
    else throw new MalformedImageError('Not a TIFF header');
    const reader = new IfdReader(bytes, littleEndian, base);
    if (reader.u16(base + 2) !== 42 && !anyVersion) throw new MalformedImageError('Not a TIFF header');
    return reader;
  }

  get firstIfdOffset(): number {
    return this.u32(this.base + 4);
  }

  u16(absolute: number): number {
    return this.view.getUint16(absolute, this.littleEndian);
  }

  u32(absolute: number): number {
    return this.view.getUint32(absolute, this.littleEndian);
  }

  /** True when `length` bytes at the base-relative `offset` are inside the block. */
  inRange(offset: number, length: number): boolean {
    const start = this.base + offset;
    return offset >= 0 && length >= 0 && start + length <= this.bytes.length;
  }

  /** Reads one IFD; throws MalformedImageError when its header or entry table is outside the block. */
  readIfd(offset: number, maxEntries = MAX_IFD_ENTRIES): TiffIfd {
    const count = this.entryCount(offset, maxEntries);
    const start = this.base + offset;
    const entries: TiffEntry[] = [];
    for (let i = 0; i < count; i++) entries.push(this.entryAt(start + 2 + i * 12));
    const nextAt = start + 2 + count * 12;
    const nextOffset = nextAt + 4 <= this.bytes.length ? this.u32(nextAt) : 0;
    return { offset, entries, nextOffset };
  }

  /**
   * The first entry of `tag` in the IFD at `offset` (findEntry of readIfd's IFD, with the same
   * checks), without reading the others: where one tag is all a reader wants.
   */
  entryOf(offset: number, tag: number, maxEntries = MAX_IFD_ENTRIES): TiffEntry | undefined {
    const count = this.entryCount(offset, maxEntries);
    const start = this.base + offset + 2;
    for (let i = 0; i < count; i++) if (this.u16(start + i * 12) === tag) return this.entryAt(start + i * 12);
    return undefined;
  }

  /** The entry count of the IFD at `offset`; throws when its header or entry table is outside the block. */
  private entryCount(offset: number, maxEntries: number): number {
    if (!this.inRange(offset, 2)) throw new MalformedImageError('IFD offset is outside the data');
    const count = this.u16(this.base + offset);
    if (count > maxEntries) throw new MalformedImageError(`IFD has too many entries (${count})`);
    if (!this.inRange(offset, 2 + count * 12)) throw new MalformedImageError('IFD is truncated');
    return count;
  }

  private entryAt(at: number): TiffEntry {
    const tag = this.u16(at);
    const type = this.u16(at + 2);
    const valueCount = this.u32(at + 4);
    const size = TIFF_TYPE_SIZES[type];
    const byteLength = size === undefined ? 0 : size * valueCount;
    let valueOffset = -1;
    let rawOffset = -1;
    if (size !== undefined) {
      if (byteLength <= 4) valueOffset = at + 8;
      else {
        rawOffset = this.u32(at + 8);
        if (this.inRange(rawOffset, byteLength)) valueOffset = this.base + rawOffset;
      }
    }
    return { tag, type, count: valueCount, valueOffset, byteLength, rawOffset };
  }

  /** IFD0 and the IFDs chained after it, stopping at a repeated offset or after `max`. */
  readChain(firstOffset: number, max = MAX_IFDS): TiffIfd[] {
    const seen = new Set<number>();
    const ifds: TiffIfd[] = [];
    let offset = firstOffset;
    while (offset !== 0 && !seen.has(offset) && ifds.length < max) {
      seen.add(offset);
      ifds.push(this.readIfd(offset));
      offset = ifds[ifds.length - 1].nextOffset;
    }
    return ifds;
  }

  /** The numbers of an integer entry (BYTE, SHORT, LONG, IFD and their signed kinds), at most `max`. */
  uints(entry: TiffEntry, max = 1_000_000): number[] | undefined {
    if (entry.valueOffset < 0) return undefined;
    const size = TIFF_TYPE_SIZES[entry.type];
    const n = Math.min(entry.count, max);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const value = this.integer(entry.type, entry.valueOffset + i * size);
      if (value === undefined) return undefined;
      out.push(value);
    }
    return out;
  }

  /** The first number of an integer entry (uints(entry, 1)[0], without the array). */
  uint(entry: TiffEntry | undefined): number | undefined {
    return entry && entry.valueOffset >= 0 && entry.count > 0 ? this.integer(entry.type, entry.valueOffset) : undefined;
  }

  /** An integer value of `type` at `at`; undefined for the other types. */
  private integer(type: number, at: number): number | undefined {
    switch (type) {
      case 1: case 7: return this.bytes[at];
      case 6: return this.view.getInt8(at);
      case 3: return this.u16(at);
      case 8: return this.view.getInt16(at, this.littleEndian);
      case 4: case 13: return this.u32(at);
      case 9: return this.view.getInt32(at, this.littleEndian);
      default: return undefined;
    }
  }

  /** Rational and float entries as numbers. */
  numbers(entry: TiffEntry, max = 64): number[] | undefined {
    if (entry.valueOffset < 0) return undefined;
    if (entry.type !== 5 && entry.type !== 10 && entry.type !== 11 && entry.type !== 12) return this.uints(entry, max);
    const size = TIFF_TYPE_SIZES[entry.type];
    const out: number[] = [];
    for (let i = 0; i < Math.min(entry.count, max); i++) {
      const at = entry.valueOffset + i * size;
      if (entry.type === 11) out.push(this.view.getFloat32(at, this.littleEndian));
      else if (entry.type === 12) out.push(this.view.getFloat64(at, this.littleEndian));
      else {
        const signed = entry.type === 10;
        const num = signed ? this.view.getInt32(at, this.littleEndian) : this.u32(at);
        const den = signed ? this.view.getInt32(at + 4, this.littleEndian) : this.u32(at + 4);
        out.push(den === 0 ? 0 : num / den);
      }
    }
    return out;
  }

  /** The raw value bytes of an entry (a view, not a copy). */
  valueBytes(entry: TiffEntry): Uint8Array | undefined {
    if (entry.valueOffset < 0) return undefined;
    return this.bytes.subarray(entry.valueOffset, entry.valueOffset + entry.byteLength);
  }

  /** ASCII or UNDEFINED text up to the first NUL, trimmed; Latin-1 per byte. */
  text(entry: TiffEntry | undefined, maxBytes = 4096): string | undefined {
    if (!entry) return undefined;
    const value = this.valueBytes(entry);
    if (!value) return undefined;
    let text = '';
    for (let i = 0; i < Math.min(value.length, maxBytes); i++) {
      if (value[i] === 0) break;
      text += String.fromCharCode(value[i]);
    }
    return text.trim();
  }
}

export function findEntry(ifd: TiffIfd, tag: number): TiffEntry | undefined {
  return ifd.entries.find((entry) => entry.tag === tag);
}
