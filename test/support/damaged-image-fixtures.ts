/**
 * Damaged and unusual files made in code for the image check's robustness tests: TIFFs whose
 * directories hold thousands of unreadable entries, JPEGs with junk inside the EXIF segment, and
 * BigTIFF headers (real and misleading).
 */
import { concat, exifApp1, exifTiff, jpegWith, rgbTiff, tinyJpeg, type ExifSpec } from './image-fixtures';

function put16(b: Uint8Array, at: number, v: number, le: boolean) {
  if (le) [b[at], b[at + 1]] = [v & 0xff, v >> 8];
  else [b[at], b[at + 1]] = [v >> 8, v & 0xff];
}

function put32(b: Uint8Array, at: number, v: number, le: boolean) {
  const x = v >>> 0;
  const bytes = [x >>> 24, (x >>> 16) & 0xff, (x >>> 8) & 0xff, x & 0xff];
  for (let i = 0; i < 4; i++) b[at + i] = le ? bytes[3 - i] : bytes[i];
}

/**
 * A directory of `count` entries that cannot be read: unknown types, and values whose offsets run
 * past the end of any file. `next` is the following directory's offset (0 for none).
 */
export function damagedIfd(count: number, next: number, le = true, seed = 1): Uint8Array {
  const b = new Uint8Array(2 + count * 12 + 4);
  put16(b, 0, count, le);
  for (let i = 0; i < count; i++) {
    const at = 2 + i * 12;
    const kind = (i + seed) % 3;
    put16(b, at, 0x9000 + i, le); // tags past the standard ones: nothing to read them as
    put16(b, at + 2, kind === 0 ? 0x3f + (i & 7) : 2, le); // an unknown type, or ASCII...
    put32(b, at + 4, kind === 0 ? 1 : 4000 + i, le); // ...with more bytes than fit inline
    put32(b, at + 8, 0xfff00000 + i * 16, le); // ...at an offset past the end
  }
  put32(b, 2 + count * 12, next, le);
  return b;
}

/**
 * An uncompressed RGB TIFF of about `megabytes` MB whose IFD0 points (NextIFD) to a chain of `ifds`
 * damaged directories of `entries` entries each, and whose EXIF pointer leads to another.
 */
export function damagedTiff(options: { megabytes?: number; ifds?: number; entries?: number } = {}): Uint8Array {
  const le = true;
  const side = Math.max(8, Math.round(Math.sqrt(((options.megabytes ?? 1) * 1024 * 1024) / 3)));
  const base = rgbTiff({ width: side, height: side, strips: 16, littleEndian: le, tags: { 0x010f: { type: 'ascii', value: 'Canon' }, 0x0110: { type: 'ascii', value: 'Canon EOS 5D' }, 0x8769: { type: 'long', value: [0] } } });
  const ifds = options.ifds ?? 40;
  const entries = options.entries ?? 1000;
  const start = base.length + (base.length & 1);
  const parts: Uint8Array[] = [base, new Uint8Array(start - base.length)];
  const size = 2 + entries * 12 + 4;
  for (let i = 0; i <= ifds; i++) parts.push(damagedIfd(entries, i < ifds - 1 ? start + (i + 1) * size : 0, le, i));
  const out = concat(...parts);
  // IFD0's NextIFD → the first damaged directory; its EXIF pointer → the last one.
  const view = new DataView(out.buffer, out.byteOffset);
  const ifd0 = view.getUint32(4, le);
  const n = view.getUint16(ifd0, le);
  put32(out, ifd0 + 2 + n * 12, start, le);
  for (let i = 0; i < n; i++) {
    const at = ifd0 + 2 + i * 12;
    if (view.getUint16(at, le) === 0x8769) put32(out, at + 8, start + ifds * size, le);
  }
  return out;
}

/**
 * A camera JPEG whose EXIF segment was written with a length too short: the segment ends inside
 * the EXIF data, and the rest of it (the tail of the TIFF block: later values, the thumbnail) is
 * junk where the next marker should be. exiftool skips the junk and reads on. The make, model, date
 * and GPS sit early in the block, inside the declared part.
 */
export function jpegWithJunkInExif(spec: Partial<ExifSpec> = {}, cut = 24): Uint8Array {
  const tiff = exifTiff({ make: 'Canon', model: 'Canon EOS 5D', dateTimeOriginal: '2021:06:01 10:00:00', gps: { latitude: 48.8584, longitude: 2.2945 }, ...spec });
  const jpeg = jpegWith(tinyJpeg(), [exifApp1(tiff)]);
  const out = jpeg.slice();
  // The EXIF APP1's length made `cut` bytes shorter (without touching the bytes).
  const at = Buffer.from(out).indexOf('Exif\0\0') - 2;
  const length = (out[at] << 8) | out[at + 1];
  out[at] = (length - cut) >> 8;
  out[at + 1] = (length - cut) & 0xff;
  return out;
}

/** A BigTIFF header (II, 43, 8-byte offsets) with one empty directory. */
export function bigTiffHeader(le = true): Uint8Array {
  const b = new Uint8Array(16 + 8 + 8);
  b[0] = b[1] = le ? 0x49 : 0x4d;
  put16(b, 2, 43, le);
  put16(b, 4, 8, le);
  put16(b, 6, 0, le);
  put32(b, le ? 8 : 12, 16, le);
  return b;
}

/** An ordinary TIFF whose version word was damaged into BigTIFF's 43 (its offsets are still 4 bytes). */
export function tiffDamagedInto43(): Uint8Array {
  const t = rgbTiff({});
  const out = t.slice();
  put16(out, 2, 43, true);
  return out;
}
