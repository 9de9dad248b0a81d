/**
 * Vendors' JPEG application segments written in code in their documented layouts: Canon's CIFF
 * heap, FLIR's thermal data (split over segments), Kodak's Meta block, GoPro's GPMF, Photoshop's
 * Ducky block, the old Picture Info text. exiftool reads the same values from them where it is
 * installed (jpeg-app-blocks.reader.spec.ts), so they stand for the real thing.
 */
import { ascii, concat, ifdAt, jpegSegment, utf8 } from './image-fixtures';

function le32(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  return b;
}
function le16(v: number): Uint8Array {
  return new Uint8Array([v & 0xff, (v >> 8) & 0xff]);
}
function be16(v: number): Uint8Array {
  return new Uint8Array([(v >> 8) & 0xff, v & 0xff]);
}

/** Canon CIFF in APP0: a little-endian heap with the owner, make and model, serial and time. */
export function canonCiffApp0(fields: { owner: string; make: string; model: string; serial: number; time: number }): Uint8Array {
  // Values first, then the directory, then the directory's offset (the heap's last 4 bytes).
  const values: Array<{ tag: number; data: Uint8Array }> = [
    { tag: 0x0810 | 0x0800, data: concat(ascii(fields.owner), new Uint8Array(32 - fields.owner.length)) },
    { tag: 0x080a | 0x0800, data: concat(ascii(fields.make), new Uint8Array(1), ascii(fields.model), new Uint8Array(1)) },
  ];
  // A subdirectory (type 0x30) holding the serial and time stamp, as CRW files nest them.
  const sub = (() => {
    const serial = le32(fields.serial);
    const time = concat(le32(fields.time), le32(0), le32(0));
    const data = concat(serial, time);
    const dir = concat(le16(2), le16(0x180b | 0x1800), le32(4), le32(0), le16(0x180e | 0x1800), le32(12), le32(4));
    return concat(data, dir, le32(data.length));
  })();
  let at = 0;
  const placed = values.map((v) => {
    const entry = { tag: v.tag, size: v.data.length, offset: at };
    at += v.data.length;
    return entry;
  });
  const subAt = at;
  const body = concat(...values.map((v) => v.data), sub);
  const dir = concat(le16(placed.length + 1), ...placed.map((p) => concat(le16(p.tag), le32(p.size), le32(p.offset))), le16(0x300a | 0x3000), le32(sub.length), le32(subAt));
  const heap = concat(body, dir, le32(body.length));
  return jpegSegment(0xe0, concat(ascii('II'), le32(14), ascii('HEAPJPGM'), heap));
}

/** FLIR's FFF data (camera info and GPS records), split into `chunks` APP1 segments. */
export function flirApp1(
  fields: { model: string; serial: string; lensSerial: string; time: number; zoneMinutes: number; latitude: number; longitude: number; latitudeRef?: string; longitudeRef?: string },
  chunks = 2,
): Uint8Array[] {
  const camera = new Uint8Array(0x400);
  const cv = new DataView(camera.buffer);
  cv.setUint16(0, 2, true); // record byte order: little endian
  camera.set(ascii(fields.model), 0xd4);
  camera.set(ascii(fields.serial), 0x104);
  camera.set(ascii(fields.lensSerial), 0x1a0);
  cv.setUint32(0x384, fields.time + fields.zoneMinutes * 60, true);
  cv.setInt16(0x384 + 8, fields.zoneMinutes, true);
  const gps = new Uint8Array(0x68);
  const gv = new DataView(gps.buffer);
  gv.setUint32(0, 1, true);
  gps.set(ascii(fields.latitudeRef ?? (fields.latitude >= 0 ? 'N' : 'S')), 8);
  gps.set(ascii(fields.longitudeRef ?? (fields.longitude >= 0 ? 'E' : 'W')), 10);
  gv.setFloat64(0x10, fields.latitude, true);
  gv.setFloat64(0x18, fields.longitude, true);
  const header = new Uint8Array(0x40);
  const hv = new DataView(header.buffer);
  header.set(ascii('FFF\0'));
  hv.setUint32(0x14, 100, true);
  hv.setUint32(0x18, 0x40, true);
  hv.setUint32(0x1c, 2, true);
  const entry = (type: number, at: number, length: number) => {
    const e = new Uint8Array(0x20);
    const ev = new DataView(e.buffer);
    ev.setUint16(0, type, true);
    ev.setUint32(0x0c, at, true);
    ev.setUint32(0x10, length, true);
    return e;
  };
  const recordsAt = 0x40 + 2 * 0x20;
  const fff = concat(header, entry(0x20, recordsAt, camera.length), entry(0x2b, recordsAt + camera.length, gps.length), camera, gps);
  const size = Math.ceil(fff.length / chunks);
  return Array.from({ length: chunks }, (_, i) => jpegSegment(0xe1, concat(ascii('FLIR\0'), new Uint8Array([1, i, chunks - 1]), fff.subarray(i * size, (i + 1) * size))));
}

/** Kodak's APP3 Meta block: a TIFF structure with the camera owner and serial (text, or EXIF "character code + text" bytes as the DC240 writes). */
export function kodakMetaApp3(owner: string | Uint8Array, serial: string): Uint8Array {
  const tags = {
    0xc353: typeof owner === 'string' ? { type: 'ascii' as const, value: owner } : { type: 'undefined' as const, value: owner },
    0xc354: { type: 'ascii' as const, value: serial },
  };
  return jpegSegment(0xe3, concat(ascii('Meta\0\0'), ascii('II'), le16(42), le32(8), ifdAt(tags, true, 8, 0)));
}

function gpmf(key: string, type: string, size: number, repeat: number, data: Uint8Array): Uint8Array {
  const padded = concat(data, new Uint8Array((4 - (data.length % 4)) % 4));
  return concat(ascii(key), new Uint8Array([type === '\0' ? 0 : type.charCodeAt(0), size]), be16(repeat), padded);
}

/** GoPro's APP6 GPMF: a device with its serial, and a GPS stream with its scale. */
export function goProApp6(serial: string, latitude: number, longitude: number): Uint8Array {
  const i32 = (v: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, v);
    return b;
  };
  const stream = concat(gpmf('SCAL', 'l', 4, 2, concat(i32(10_000_000), i32(10_000_000))), gpmf('GPS5', 'l', 20, 1, concat(i32(Math.round(latitude * 1e7)), i32(Math.round(longitude * 1e7)), i32(0), i32(0), i32(0))));
  const device = concat(gpmf('CASN', 'c', serial.length, 1, ascii(serial)), gpmf('STRM', '\0', 1, stream.length, stream));
  return jpegSegment(0xe6, concat(ascii('GoPro\0'), gpmf('DEVC', '\0', 1, device.length, device)));
}

/** Photoshop's "Save for Web" APP12 Ducky block with a comment and a copyright line. */
export function duckyApp12(comment: string, copyright: string): Uint8Array {
  const ucs2 = (text: string) => concat(...Array.from(text, (ch) => be16(ch.charCodeAt(0))));
  const item = (tag: number, text: string) => {
    const value = concat(new Uint8Array([0, 0, 0, text.length]), ucs2(text));
    return concat(be16(tag), be16(value.length), value);
  };
  return jpegSegment(0xec, concat(ascii('Ducky'), be16(1), be16(4), new Uint8Array([0, 0, 0, 60]), item(2, comment), item(3, copyright), new Uint8Array([0, 0])));
}

/** The old APP12 "[picture info]" text of Agfa, Polaroid and Olympus cameras. */
export const pictureInfoApp12 = (serial: string) => jpegSegment(0xec, utf8(`[picture info]\r\nTimeDate=1041445800\r\nSerial#=${serial}\r\nType=SR84\r\n[end]\0`));
