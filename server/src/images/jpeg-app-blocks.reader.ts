/**
 * Decoders of vendors' JPEG application segments (jpeg-app-blocks.catalogue.ts) for what they say
 * about a person or a device: Canon's CIFF heap (owner, serial, time, make and model), FLIR's
 * thermal data (camera, lens and filter serials, capture time, GPS), Kodak's Meta block (owner,
 * serial), GoPro's GPMF (serial, GPS, time), Photoshop's Ducky block (comment, copyright), the old
 * Picture Info text (serial, time), Pentax's APP7 directory, Samsung's unique id, Unicode comments
 * and preview images. Every read is bounded; damage is reported, never guessed.
 */
import { latin1, u16be } from '../browser-shared/metadata-strip/bytes.util';
import { findEntry, IfdReader } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import { jpegSize } from './exifr.reader';
import { MetadataCollector } from './metadata.collector';
import { readStandaloneNote } from './maker-notes.reader';
import { decodeCString, decodeUserComment, decodeUtf16 } from './metadata-values.util';

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds since 1970 as an EXIF-style time (UTC), or undefined outside 1990-2100. */
function unixTime(seconds: number): string | undefined {
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(seconds) || year < 1990 || year > 2100) return undefined;
  return `${year}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

// ---- Canon CIFF (APP0 "HEAPJPGM") ---------------------------------------------------------------

const CIFF_MAX_ENTRIES = 10_000;

export function readCanonCiff(c: MetadataCollector, data: Uint8Array) {
  const le = data[0] === 0x49;
  const dv = view(data);
  const headerLength = dv.getUint32(2, le);
  if (headerLength < 14 || headerLength >= data.length) throw new RangeError('CIFF header');
  let entries = 0;
  let serial: number | undefined;
  const heap = (block: Uint8Array, depth: number) => {
    if (depth > 8 || block.length < 6) return;
    const bv = view(block);
    const dirOffset = bv.getUint32(block.length - 4, le);
    const count = bv.getUint16(dirOffset, le);
    for (let i = 0; i < count && entries++ < CIFF_MAX_ENTRIES; i++) {
      const at = dirOffset + 2 + i * 10;
      const tag = bv.getUint16(at, le);
      const type = (tag >> 8) & 0x38;
      const id = tag & 0x3fff;
      const inDirectory = (tag & 0x4000) !== 0;
      const size = bv.getUint32(at + 2, le);
      const offset = bv.getUint32(at + 6, le);
      if ((type === 0x28 || type === 0x30) && !inDirectory) {
        heap(block.subarray(offset, offset + size), depth + 1);
        continue;
      }
      const value = inDirectory ? block.subarray(at + 2, at + 10) : block.subarray(offset, offset + size);
      if (!inDirectory && offset + size > block.length) throw new RangeError('CIFF value');
      const text = () => decodeCString(value);
      if (id === 0x0810) c.text({ to: 'people', role: 'owner' }, text(), 'Canon CIFF OwnerName');
      else if (id === 0x0805) c.text({ to: 'comments' }, text(), 'Canon CIFF UserComment');
      else if (id === 0x0816) c.add('history', { value: text(), origin: 'Canon CIFF OriginalFileName' });
      else if (id === 0x080a) {
        const [make, model] = latin1(value).split('\0');
        c.text({ to: 'make' }, make, 'Canon CIFF Make');
        if (model) c.text({ to: 'model' }, model, 'Canon CIFF Model');
      } else if (id === 0x180b && value.length >= 4) serial = view(value).getUint32(0, le);
      else if (id === 0x180e && value.length >= 4) {
        const time = unixTime(view(value).getUint32(0, le));
        if (time) c.time(time, 'Canon CIFF TimeStamp', 'original');
      }
    }
  };
  heap(data.subarray(headerLength), 0);
  // The number is the body's serial on EOS models only (exiftool's reading; on PowerShots it is something else).
  if (serial && /EOS/i.test(c.modelValue ?? '')) c.serial(String(serial), 'Canon CIFF SerialNumber', 'camera', true);
}

// ---- FLIR (APP1 "FLIR\0", the FFF format split over segments) ----------------------------------

export function readFlir(c: MetadataCollector, fff: Uint8Array) {
  if (fff.length < 0x40 || !/^[AF]FF\0$/.test(latin1(fff, 0, 4))) throw new RangeError('FLIR header');
  const dv = view(fff);
  // The header's byte order is whichever gives a version from 100 to 199.
  let le = false;
  const version = dv.getUint32(0x14, le);
  if (version < 100 || version >= 200) le = true;
  const count = Math.min(dv.getUint32(0x1c, le), 1000);
  const dirAt = dv.getUint32(0x18, le);
  for (let i = 0; i < count; i++) {
    const at = dirAt + i * 0x20;
    const type = dv.getUint16(at, le);
    const recordAt = dv.getUint32(at + 0x0c, le);
    const length = dv.getUint32(at + 0x10, le);
    if (type === 0 || recordAt + length > fff.length) continue;
    const record = fff.subarray(recordAt, recordAt + length);
    if (type === 0x20) flirCameraInfo(c, record, le);
    else if (type === 0x2b) flirGps(c, record);
  }
}

function flirCameraInfo(c: MetadataCollector, record: Uint8Array, headerLe: boolean) {
  const rv = view(record);
  // The record says its own byte order: its first word reads below 0x100 in the right one.
  const le = rv.getUint16(0, headerLe) >= 0x100 ? !headerLe : headerLe;
  const text = (at: number, length: number) => (at + length <= record.length ? decodeCString(record.subarray(at, at + length)) : undefined);
  const model = text(0xd4, 32);
  if (model) c.text({ to: 'model' }, model, 'FLIR CameraModel');
  c.serial(text(0x104, 16) ?? '', 'FLIR CameraSerialNumber', 'camera', true);
  c.serial(text(0x1a0, 16) ?? '', 'FLIR LensSerialNumber', 'lens', true);
  c.serial(text(0x21c, 32) ?? '', 'FLIR FilterSerialNumber', 'other', true);
  const lens = text(0x170, 32);
  if (lens) c.add('lens', { value: lens, origin: 'FLIR LensModel' });
  const software = text(0x114, 16);
  if (software) c.add('software', { value: software, origin: 'FLIR CameraSoftware' });
  if (record.length >= 0x384 + 10) {
    const seconds = rv.getUint32(0x384, le);
    const zoneMinutes = rv.getInt16(0x384 + 8, le);
    const time = unixTime(seconds - zoneMinutes * 60);
    const zone = -zoneMinutes;
    const zoneText = `${zone < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(zone) / 60))}:${pad(Math.abs(zone) % 60)}`;
    if (time) c.time(time, 'FLIR DateTimeOriginal', 'original', zoneText);
  }
}

function flirGps(c: MetadataCollector, record: Uint8Array) {
  if (record.length < 0x24) return;
  const rv = view(record);
  if (rv.getUint32(0, true) !== 1) return; // GPSValid
  // Signed doubles, but some cameras write them unsigned with the hemisphere in the references (as EXIF does).
  const ref = (at: number) => String.fromCharCode(record[at]);
  const signed = (value: number, negative: boolean) => (negative && value > 0 ? -value : value);
  const latitude = signed(rv.getFloat64(0x10, true), ref(0x08) === 'S');
  const longitude = signed(rv.getFloat64(0x18, true), ref(0x0a) === 'W');
  const altitude = rv.getFloat32(0x20, true);
  c.gps({ latitude, longitude, altitude: Number.isFinite(altitude) ? altitude : undefined, origin: 'FLIR GPSInfo' });
}

// ---- Kodak Meta (APP3) --------------------------------------------------------------------------

export function readKodakMeta(c: MetadataCollector, data: Uint8Array) {
  const reader = IfdReader.fromTiffHeader(data, 6);
  const ifd = reader.readIfd(reader.firstIfdOffset);
  // Both are EXIF "text with a character code" values: an 8-byte "ASCII\0\0\0" or "UNICODE\0" prefix, then the text.
  const exifText = (tag: number) => {
    const entry = findEntry(ifd, tag);
    const value = entry && reader.valueBytes(entry);
    if (!value) return undefined;
    return value.length >= 8 && /^(ASCII|UNICODE|JIS|\0)/.test(String.fromCharCode(...value.subarray(0, 7))) ? decodeUserComment(value) : reader.text(entry);
  };
  const owner = exifText(0xc353);
  if (owner) c.text({ to: 'people', role: 'owner' }, owner, 'Kodak Meta CameraOwner');
  const serial = exifText(0xc354);
  if (serial) c.serial(serial, 'Kodak Meta SerialNumber', 'camera', true);
}

// ---- GoPro GPMF (APP6 "GoPro\0") ---------------------------------------------------------------

export function readGoPro(c: MetadataCollector, gpmf: Uint8Array) {
  let items = 0;
  const walk = (block: Uint8Array, depth: number) => {
    let scale: number[] = [];
    for (let pos = 0; pos + 8 <= block.length && items++ < 10_000; ) {
      const key = latin1(block, pos, pos + 4);
      const type = block[pos + 4];
      const size = block[pos + 5];
      const repeat = u16be(block, pos + 6);
      const length = size * repeat;
      const data = block.subarray(pos + 8, pos + 8 + length);
      if (key === '\0\0\0\0' || data.length < length) break;
      if (type === 0 && depth < 6) walk(data, depth + 1);
      else if (key === 'SCAL') scale = Array.from({ length: repeat }, (_, i) => (size === 4 ? view(data).getInt32(i * 4) : size === 2 ? view(data).getInt16(i * 2) : data[i]));
      else if (key === 'CASN') c.serial(decodeCString(data), 'GoPro CameraSerialNumber', 'camera', true);
      else if (key === 'MINF') c.text({ to: 'model' }, decodeCString(data), 'GoPro Model');
      else if (key === 'GPS5' && size >= 8 && length >= 8) {
        const [latScale = 1, lonScale = latScale] = scale;
        const latitude = view(data).getInt32(0) / latScale;
        const longitude = view(data).getInt32(4) / lonScale;
        if (latitude !== 0 || longitude !== 0) c.gps({ latitude, longitude, origin: 'GoPro GPS5' });
      } else if (key === 'GPSU') {
        const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(latin1(data));
        if (m) c.time(`20${m[1]}:${m[2]}:${m[3]} ${m[4]}:${m[5]}:${m[6]}`, 'GoPro GPSU', 'gps', 'Z');
      }
      pos += 8 + ((length + 3) & ~3);
    }
  };
  walk(gpmf, 0);
}

// ---- Photoshop Ducky (APP12), Picture Info (APP12) ------------------------------------------------

export function readDucky(c: MetadataCollector, data: Uint8Array) {
  for (let pos = 5; pos + 4 <= data.length; ) {
    const tag = u16be(data, pos);
    const length = u16be(data, pos + 2);
    pos += 4;
    if (pos + length > data.length) throw new RangeError('Ducky block');
    const value = data.subarray(pos, pos + length);
    // Comment (2) and copyright (3): a 4-byte length, then big-endian UTF-16.
    if ((tag === 2 || tag === 3) && value.length > 4) {
      const text = decodeUtf16(value.subarray(4), false);
      if (tag === 2) c.text({ to: 'comments' }, text, 'Photoshop Ducky Comment');
      else c.text({ to: 'people', role: 'copyright' }, text, 'Photoshop Ducky Copyright');
    }
    pos += length;
  }
}

export function readPictureInfo(c: MetadataCollector, data: Uint8Array) {
  for (const line of latin1(data, 0, Math.min(data.length, 65536)).split(/[\r\n\0]+/)) {
    const m = /^\s*([^=]+?)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m) continue;
    const [, key, value] = m;
    if (key === 'Serial#') c.serial(value, 'Picture Info Serial#', 'camera', true);
    else if (key === 'TimeDate') {
      const time = /^\d+$/.test(value) ? unixTime(Number(value)) : value;
      if (time) c.time(time, 'Picture Info TimeDate', 'original');
    } else if (key === 'Type') c.text({ to: 'model' }, value, 'Picture Info Type');
  }
}

// ---- the rest --------------------------------------------------------------------------------------

export function readPentaxApp7(c: MetadataCollector, data: Uint8Array) {
  const reading = readStandaloneNote(data, c.makeValue ?? 'PENTAX', c.modelValue ?? '');
  for (const s of reading?.serials ?? []) c.serial(s.value, s.origin.replace('maker notes', 'APP7'), s.kind, true);
  for (const p of reading?.people ?? []) c.text({ to: 'people', role: p.role }, p.value, p.origin.replace('maker notes', 'APP7'));
}

export function readUnicodeComment(c: MetadataCollector, data: Uint8Array) {
  const body = data.subarray(8);
  // UTF-16 of mostly ASCII text: the zero bytes sit at even positions in big endian.
  let evenZeros = 0;
  for (let i = 0; i < Math.min(body.length, 64); i += 2) if (body[i] === 0) evenZeros++;
  c.text({ to: 'comments' }, decodeUtf16(body, evenZeros * 4 < Math.min(body.length, 64)), 'JPEG APP10 Unicode comment');
}

export function readSamsungUniqueId(c: MetadataCollector, data: Uint8Array) {
  const value = data.subarray(11);
  const text = decodeCString(value);
  const id = /^[\x20-\x7e]+$/.test(text) ? text : Array.from(value.subarray(0, 64), (b) => b.toString(16).padStart(2, '0')).join('');
  c.add('uniqueIds', { value: id, origin: 'Samsung unique id (APP5)' });
}

export function readAppPreview(c: MetadataCollector, data: Uint8Array, marker: number) {
  const skip = data[0] === 0xff ? 0 : data[0] === 0x51 ? 5 : 4; // "", "QVGA\0" or "BGTH"
  const image = data.subarray(skip);
  c.embeddedImage({ kind: 'preview', origin: `JPEG APP${marker - 0xe0} preview image`, byteLength: image.length, ...jpegSize(image) });
}
