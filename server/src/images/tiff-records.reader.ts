/**
 * The TIFF records of an EXIF block (IFD0, the EXIF and GPS sub-IFDs, IFD1) exactly as
 * `exifr.parse` reports them with raw values and numeric keys, but only for the tags the check
 * reads, each record a Map from tag to value (an object keyed by tags such as 0x0201 grows
 * element storage up to the highest tag: 6 KB for a two-tag IFD1). exifr's parse decodes every
 * tag of every block and builds its output through several layers: about a tenth of a millisecond
 * per photo, most of a JPEG's reading; this walk costs a tenth of that. tiff-records.reader.spec.ts
 * compares the two on generated blocks and the corpus.
 *
 * What follows exifr on purpose:
 * - exifr skips (does not decode) XMP and ICC in IFD0 and the maker note in EXIF, as configured;
 * - the last of repeated tags wins; IFD1 is read even when IFD0 is empty;
 * - the EXIF UserComment moves out of the EXIF record, and the pointers leave IFD0 and EXIF;
 * - a text or byte value whose count runs past the block reads on into the bytes after it, as
 *   exifr's does (in the worker the buffer is the upload's own: those are the file's next bytes).
 * Where it differs, on damaged blocks only, it reads more than exifr and says what was damaged:
 * - a tag exifr cannot read (unknown type, value out of the block) is skipped alone and listed in
 *   `damaged`, where exifr ends the block there (and, in IFD0, loses every block): exiftool still
 *   reads the make, model, dates and software of such files, and so must the check;
 * - a sub-IFD pointer that is not a plain offset (text, a list, NaN, negative) is not followed,
 *   where exifr reads from a garbled offset.
 */
import { decodeLatin1, decodeUtf8 } from './metadata-values.util';

type Record_ = Record<string, unknown>;

/** A block's tags and their raw values. */
export type TagRecord = ReadonlyMap<number, unknown>;

/**
 * The records of a TIFF block as exifr reports them (raw values by numeric tag), with what the
 * check adds to them (IPTC from exifr, the XMP packet and ICC description found beside them).
 */
export interface ExifrOutput {
  ifd0?: TagRecord;
  ifd1?: TagRecord;
  exif?: TagRecord;
  gps?: TagRecord;
  iptc?: Record_;
  /** The ICC profile's description, read by icc-profile.reader.ts (not exifr: see EXIFR_OPTIONS.icc). */
  iccDescription?: string;
  /** The raw XMP packet(s): IFD0's (read here) or the JPEG segments' (jpeg-metadata.reader.ts). */
  xmp?: string;
  /** EXIF UserComment, raw (exifr moves it out of the EXIF record). */
  userComment?: Uint8Array | string;
  /** Tags and directories that could not be read ("IFD0 tag 0x0110", "GPS IFD"). */
  damaged?: string[];
  /** Text values that are not valid UTF-8 (exifr's reading, with replacement characters) and their Latin-1 reading. */
  latin1?: ReadonlyMap<string, string>;
}

type Block = 'ifd0' | 'exif' | 'gps' | 'ifd1';

/** The tags kept per block (everything collectTiffRecords reads). */
export interface TiffRecordTags {
  ifd0: ReadonlySet<number>;
  exif: ReadonlySet<number>;
  gps: ReadonlySet<number>;
  ifd1: ReadonlySet<number>;
}

const EXIF_POINTER = 0x8769;
const GPS_POINTER = 0x8825;
const INTEROP_POINTER = 0xa005;
const XMP = 0x02bc;
const IPTC = 0x83bb;
const ICC = 0x8773;
const MAKER_NOTE = 0x927c;
const USER_COMMENT = 0x9286;

/** What exifr leaves undecoded with the check's options (xmp, icc and makerNote off). */
const SKIPPED: Readonly<Record<Block, ReadonlySet<number>>> = {
  ifd0: new Set([XMP, ICC]),
  exif: new Set([MAKER_NOTE]),
  gps: new Set(),
  ifd1: new Set(),
};

/** Tags read from IFD0 and EXIF for exifr's own use, then removed from the records (sanitize). */
const IFD0_REMOVED = [EXIF_POINTER, INTEROP_POINTER, GPS_POINTER, XMP, IPTC, ICC];
const EXIF_REMOVED = [INTEROP_POINTER, MAKER_NOTE, USER_COMMENT];

const SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/** check()'s answer for a tag exifr cannot read: a plain value, not an exception (a hostile file can hold thousands, and an Error captures a stack each time). */
const DAMAGED = -1;

export interface TiffRecords extends ExifrOutput {
  /** IFD0 holds an IPTC record (tag 0x83BB), which exifr's IPTC parser reads. */
  hasIptc?: boolean;
}

const BLOCK_NAMES: Record<Block, string> = { ifd0: 'IFD0', exif: 'EXIF', gps: 'GPS', ifd1: 'IFD1' };

class BlockReader {
  private readonly view: DataView;
  private readonly le: boolean;
  /** IFD0 holds an IPTC record (noted, not decoded: exifr's IPTC parser reads it). */
  sawIptc = false;

  constructor(
    private readonly tiff: Uint8Array,
    private readonly keep: TiffRecordTags,
  ) {
    this.view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
    // exifr reads any other byte-order mark as big endian.
    this.le = tiff[0] === 0x49 && tiff[1] === 0x49;
  }

  u16(at: number): number {
    return this.view.getUint16(at, this.le);
  }

  u32(at: number): number {
    return this.view.getUint32(at, this.le);
  }

  /** What could not be read: "IFD0 tag 0x0110", "GPS IFD". */
  readonly damaged: string[] = [];
  /** Texts that are not valid UTF-8: exifr's reading → the Latin-1 one. */
  readonly latin1 = new Map<string, string>();

  /**
   * Reads the IFD at `offset` into `record` (kept tags) and `wanted` (tags exifr uses itself).
   * Only the last of each kept tag is decoded; a tag whose value cannot be read is skipped and
   * noted in `damaged`. Throws a RangeError when the entry table itself lies outside the block.
   * `record.filled` says whether any kept tag has a value.
   */
  read(offset: number, block: Block, record: BlockRecord, wanted?: Map<number, unknown>) {
    const count = this.u16(offset);
    const keep = this.keep[block];
    const skipped = SKIPPED[block];
    // First where each tag's last entry is (record and wanted hold entry offsets), then its value.
    const { values } = record;
    try {
      for (let i = 0, at = offset + 2; i < count; i++, at += 12) {
        const tag = this.u16(at);
        if (skipped.has(tag)) continue;
        if (this.check(at) === DAMAGED) {
          if (this.damaged.length < 20) this.damaged.push(`${BLOCK_NAMES[block]} tag 0x${tag.toString(16).padStart(4, '0')}`);
          continue;
        }
        if (keep.has(tag)) values.set(tag, at);
        if (wanted?.has(tag)) wanted.set(tag, at);
        if (tag === IPTC && block === 'ifd0') this.sawIptc = true;
      }
    } finally {
      if (wanted) wanted.forEach((at, tag) => wanted.set(tag, at === undefined ? undefined : this.value(at as number)));
      values.forEach((at, tag) => {
        const value = wanted?.has(tag) ? wanted.get(tag) : this.value(at as number);
        values.set(tag, value);
        if (value !== undefined) record.filled = true;
      });
    }
  }

  /** Where an entry's value lies; DAMAGED where exifr's read of it would fail. */
  private check(at: number): number {
    const type = this.u16(at + 2);
    const count = this.u32(at + 4);
    const size = SIZES[type];
    if (size === undefined || size === 0) return DAMAGED;
    const total = size * count;
    const offset = total <= 4 ? at + 8 : this.u32(at + 8);
    if (offset > this.tiff.length) return DAMAGED;
    if (type === 1 || type === 2 || type === 7) {
      // exifr views these bytes in the whole buffer, not the block.
      if (this.tiff.byteOffset + offset + count > this.tiff.buffer.byteLength) return DAMAGED;
    } else if (offset + total > this.tiff.length) return DAMAGED;
    return offset;
  }

  private bytes(offset: number, count: number): Uint8Array {
    return new Uint8Array(this.tiff.buffer, this.tiff.byteOffset + offset, count);
  }

  /** A checked entry's value as exifr returns it. */
  private value(at: number): unknown {
    const type = this.u16(at + 2);
    const count = this.u32(at + 4);
    const size = SIZES[type];
    const offset = this.check(at);
    if (offset === DAMAGED) return undefined;
    if (type === 1 || type === 7) return this.bytes(offset, count);
    if (type === 2) {
      const raw = this.bytes(offset, count);
      const text = decodeUtf8(raw);
      // Older cameras and Windows tools write Latin-1 here: exifr's text has replacement characters, exiftool's the letters.
      if (text.includes('\uFFFD')) this.latin1.set(text.replace(/\0+$/, '').trim(), decodeLatin1(raw).replace(/\0+$/, '').trim());
      let end = text.length;
      while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
      const trimmed = text.slice(0, end).trim();
      return trimmed === '' ? undefined : trimmed;
    }
    if (count === 1) return this.number(type, offset);
    const values = arrayOf(type, count);
    for (let i = 0; i < count; i++) values[i] = this.number(type, offset + i * size);
    return values;
  }

  private number(type: number, at: number): number {
    const v = this.view;
    switch (type) {
      case 3: return v.getUint16(at, this.le);
      case 4: case 13: return v.getUint32(at, this.le);
      case 5: return v.getUint32(at, this.le) / v.getUint32(at + 4, this.le);
      case 6: return v.getInt8(at);
      case 8: return v.getInt16(at, this.le);
      case 9: return v.getInt32(at, this.le);
      case 10: return v.getInt32(at, this.le) / v.getInt32(at + 4, this.le);
      case 11: return v.getFloat32(at, this.le);
      default: return v.getFloat64(at, this.le);
    }
  }
}

function arrayOf(type: number, count: number): { [i: number]: number } {
  switch (type) {
    case 3: return new Uint16Array(count);
    case 4: return new Uint32Array(count);
    case 6: return new Int8Array(count);
    case 8: return new Int16Array(count);
    case 9: return new Int32Array(count);
    case 11: return new Float32Array(count);
    case 12: return new Float64Array(count);
    default: return new Array<number>(count);
  }
}

/** A sub-IFD pointer as exifr's reads take it (a fraction is cut); anything else is not followed. */
function pointer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : undefined;
}

interface BlockRecord {
  values: Map<number, unknown>;
  filled: boolean;
}

const newRecord = (): BlockRecord => ({ values: new Map(), filled: false });

/**
 * The kept tags of a TIFF block's IFD0, EXIF, GPS and IFD1, and its UserComment, as exifr.parse
 * gives them (records without a defined value are left out, as exifr leaves out empty blocks).
 */
export function readTiffRecords(tiff: Uint8Array, keep: TiffRecordTags): TiffRecords {
  const out: TiffRecords = {};
  if (tiff.length < 8) return { damaged: ['TIFF header'] };
  const r = new BlockReader(tiff, keep);
  const ifd0Offset = r.u32(4);
  if (ifd0Offset < 8) return { damaged: ['IFD0'] };

  const ifd0 = newRecord();
  const pointers = new Map<number, unknown>().set(EXIF_POINTER, undefined).set(GPS_POINTER, undefined);
  try {
    r.read(ifd0Offset, 'ifd0', ifd0, pointers);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    r.damaged.push('IFD0');
  }
  if (r.sawIptc) out.hasIptc = true;
  remove(ifd0, IFD0_REMOVED);
  if (ifd0.filled) out.ifd0 = ifd0.values;

  // Each further block stands alone: a damaged one keeps the tags read before the damage.
  const exifOffset = pointer(pointers.get(EXIF_POINTER));
  if (exifOffset !== undefined) {
    const exif = newRecord();
    const inner = new Map<number, unknown>().set(USER_COMMENT, undefined);
    try {
      r.read(exifOffset, 'exif', exif, inner);
      remove(exif, EXIF_REMOVED);
      const comment = inner.get(USER_COMMENT);
      if (comment) out.userComment = comment as Uint8Array | string;
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      r.damaged.push('EXIF IFD');
    }
    if (exif.filled) out.exif = exif.values;
  }
  const gpsOffset = pointer(pointers.get(GPS_POINTER));
  if (gpsOffset !== undefined) {
    const gps = newRecord();
    try {
      r.read(gpsOffset, 'gps', gps);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      r.damaged.push('GPS IFD');
    }
    if (gps.filled) out.gps = gps.values;
  }
  const ifd1 = newRecord();
  try {
    const ifd1Offset = r.u32(ifd0Offset + 2 + r.u16(ifd0Offset) * 12);
    if (ifd1Offset > 0) r.read(ifd1Offset, 'ifd1', ifd1);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    r.damaged.push('IFD1');
  }
  if (ifd1.filled) out.ifd1 = ifd1.values;
  if (r.damaged.length) out.damaged = r.damaged;
  if (r.latin1.size) out.latin1 = r.latin1;
  return out;
}

/** exifr's sanitising: these tags leave the record. */
function remove(record: BlockRecord, tags: readonly number[]) {
  let cleared = false;
  for (const tag of tags) cleared = record.values.delete(tag) || cleared;
  if (!cleared) return;
  record.filled = false;
  record.values.forEach((value) => {
    if (value !== undefined) record.filled = true;
  });
}
