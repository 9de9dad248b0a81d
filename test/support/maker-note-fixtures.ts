/**
 * Maker notes of many camera vendors, written in code the way each vendor lays them out (headers,
 * byte orders, the base their offsets count from), with serial numbers, owner names and the like
 * in them. The generated corpus of the maker-note tests: exiftool reads the same values from them
 * (maker-notes.reader.spec.ts checks that where exiftool is installed), so they stand for the real
 * thing without any camera's files being copied here.
 */
import { ascii, concat, exifApp1, exifTiff, ExifSpec, ifdAt, jpegWith, TagValue, tinyJpeg } from './image-fixtures';

const str = (value: string): TagValue => ({ type: 'ascii', value });
const fixed = (text: string, length: number): TagValue => {
  const b = new Uint8Array(length);
  b.set(ascii(text).subarray(0, length - 1));
  return { type: 'undefined', value: b };
};
const u16 = (v: number, le: boolean) => (le ? new Uint8Array([v & 0xff, v >> 8]) : new Uint8Array([v >> 8, v & 0xff]));

/** A note: a header, then an IFD whose offsets count from the TIFF start (`tiff`) or from the note's start (`note`). */
function ifdNote(header: Uint8Array, tags: Record<number, TagValue>, le: boolean, base: 'tiff' | 'note' | { note: number }): TagValue {
  if (base === 'tiff') return { type: 'placed', build: (position) => concat(header, ifdAt(tags, le, position + header.length, 0)) };
  const origin = base === 'note' ? 0 : base.note;
  return { type: 'undefined', value: concat(header, ifdAt(tags, le, header.length, origin)) };
}

/** Sony's cipher: each byte b from 2 to 247 is written as b³ mod 249. */
function sonyEncipher(bytes: Uint8Array): Uint8Array {
  return bytes.map((b) => (b >= 2 && b <= 247 ? (b * b * b) % 249 : b));
}

export interface MakerNoteCase {
  name: string;
  exif: ExifSpec;
  /** What our reader must find (exiftool must find the serials too). */
  serials: string[];
  people?: string[];
  places?: string[];
  comments?: string[];
}

export const MAKER_NOTE_CASES: MakerNoteCase[] = [
  {
    name: 'Canon EOS 450D (owner in CameraInfo, lens serial in LensInfo)',
    exif: {
      make: 'Canon',
      model: 'Canon EOS 450D',
      makerNote: ifdNote(new Uint8Array(0), {
        0x0009: fixed('Jane Roe', 32),
        0x000c: { type: 'long', value: [1830412345] },
        0x000d: { type: 'undefined', value: (() => { const b = new Uint8Array(0x200); b.set(ascii('Jane Roe'), 0x10f); return b; })() },
        0x0096: str('H0036127'),
        0x4019: { type: 'undefined', value: new Uint8Array([0x00, 0x00, 0x41, 0x23, 0x75, ...new Array(25).fill(0)]) },
      }, false, 'tiff'),
    },
    serials: ['1830412345', 'H0036127', '0000412375'],
    people: ['Jane Roe'],
  },
  {
    name: 'Canon EOS 5D (short owner name in CameraInfo), little endian',
    exif: {
      littleEndian: true,
      make: 'Canon',
      model: 'Canon EOS 5D',
      makerNote: ifdNote(new Uint8Array(0), {
        0x000c: { type: 'long', value: [620100541] },
        0x000d: { type: 'undefined', value: (() => { const b = new Uint8Array(0x200); b.set(ascii('J. Roe'), 0xac); return b; })() },
      }, true, 'tiff'),
    },
    serials: ['620100541'],
    people: ['J. Roe'],
  },
  {
    name: 'Nikon D300 (type 3: its own TIFF header; both serial tags)',
    exif: {
      make: 'NIKON CORPORATION',
      model: 'NIKON D300',
      makerNote: {
        type: 'undefined',
        value: concat(
          ascii('Nikon\0'),
          new Uint8Array([2, 0x10, 0, 0]),
          ascii('MM'),
          u16(42, false),
          new Uint8Array([0, 0, 0, 8]),
          ifdAt({ 0x0001: { type: 'undefined', value: ascii('0210') }, 0x001d: str('4012345'), 0x00a0: str('NO= 4012345') }, false, 8, 0),
        ),
      },
    },
    serials: ['4012345', 'NO= 4012345'],
  },
  {
    name: 'Nikon Coolpix (no header, offsets from the TIFF start)',
    exif: { make: 'NIKON', model: 'E995', makerNote: ifdNote(new Uint8Array(0), { 0x0001: { type: 'undefined', value: ascii('0100') }, 0x00a0: str('NO= 30116f2c') }, false, 'tiff') },
    serials: ['NO= 30116f2c'],
  },
  {
    name: 'Panasonic DMC-FZ30 (internal serial, baby name, places)',
    exif: {
      littleEndian: true,
      make: 'Panasonic',
      model: 'DMC-FZ30',
      makerNote: ifdNote(ascii('Panasonic\0\0\0'), {
        0x0025: fixed('F540509210064', 16),
        0x0066: fixed('Emma', 64),
        0x006d: fixed('Lyon', 72),
        0x006f: fixed('Fourviere', 128),
      }, true, 'tiff'),
    },
    serials: ['F540509210064'],
    people: ['Emma'],
    places: ['Lyon', 'Fourviere'],
  },
  {
    name: 'Leica M8 (offsets from the directory)',
    exif: { make: 'Leica Camera AG', model: 'M8 Digital Camera', makerNote: ifdNote(ascii('LEICA\0\0\0'), { 0x0303: { type: 'long', value: [3101234] } }, true, { note: 8 }) },
    serials: ['3101234'],
  },
  {
    name: 'Leica X1 (type 5: serial and internal serial)',
    exif: { make: 'LEICA CAMERA AG', model: 'LEICA X1', makerNote: ifdNote(concat(ascii('LEICA\0'), new Uint8Array([1, 0])), { 0x0305: { type: 'long', value: [2876543] }, 0x0500: fixed('L1X0912340021', 16) }, true, 'note') },
    serials: ['2876543', 'L1X0912340021'],
  },
  {
    name: 'Olympus C-720UZ (old "OLYMP" layout, offsets from the TIFF start)',
    exif: { make: 'OLYMPUS OPTICAL CO.,LTD', model: 'C720UZ', makerNote: ifdNote(concat(ascii('OLYMP\0'), new Uint8Array([1, 0])), { 0x0200: { type: 'long', value: [0, 0, 0] }, 0x0404: str('U34512345') }, false, 'tiff') },
    serials: ['U34512345'],
  },
  {
    name: 'Olympus E-20 (old layout, serial in 0x101a)',
    exif: { littleEndian: true, make: 'OLYMPUS OPTICAL CO.,LTD', model: 'E-20,E-20N,E-20P', makerNote: ifdNote(concat(ascii('OLYMP\0'), new Uint8Array([1, 0])), { 0x0200: { type: 'long', value: [0, 0, 0] }, 0x101a: str('210203366') }, true, 'tiff') },
    serials: ['210203366'],
  },
  {
    name: 'Olympus E-M5 (new layout with the Equipment directory)',
    exif: {
      make: 'OLYMPUS IMAGING CORP.',
      model: 'E-M5',
      makerNote: ifdNote(concat(ascii('OLYMPUS\0II'), new Uint8Array([3, 0])), {
        0x2010: { type: 'ifd', ifd: { tags: { 0x0101: str('BHP212345'), 0x0202: str('ABC987654') } } },
      }, true, 'note'),
    },
    serials: ['BHP212345', 'ABC987654'],
  },
  {
    name: 'Pentax *ist D ("AOC" layout, internal serial in CameraInfo)',
    exif: {
      make: 'PENTAX Corporation',
      model: 'PENTAX *ist D',
      makerNote: ifdNote(concat(ascii('AOC\0'), ascii('MM')), { 0x0000: { type: 'byte', value: new Uint8Array([3, 0, 0, 0]) }, 0x0215: { type: 'long', value: [0x12994, 0x7d40317, 0x5, 0x1, 4123456] } }, false, 'note'),
    },
    serials: ['4123456'],
  },
  {
    // The offsets of this *ist D's note count from 8 bytes before the note, and 0x98 filler follows
    // the values: read from the declared base, the internal serial was 0x98989898 (2560137368);
    // exiftool's FixBase moves the base so that the first value follows the directory.
    name: 'Pentax *ist D (offsets 8 bytes off, filler after the values: 1046111, not 0x98989898)',
    exif: {
      make: 'PENTAX Corporation',
      model: 'PENTAX *ist D',
      makerNote: (() => {
        const header = concat(ascii('AOC\0'), ascii('MM'));
        const count = 2;
        const ifdEnd = header.length + 2 + count * 12;
        const valuesAt = ifdEnd + 4;
        const be32 = (v: number) => new Uint8Array([v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]);
        const entry = (tag: number, type: number, n: number, value: Uint8Array) => concat(u16(tag, false), u16(type, false), be32(n), value);
        const cameraInfo = concat(be32(0x12994), be32(20031105), be32(5), be32(1), be32(1046111));
        const ifd = concat(u16(count, false), entry(0x0000, 1, 4, new Uint8Array([3, 0, 0, 0])), entry(0x0215, 4, 5, be32(valuesAt + 8)), be32(0));
        return { type: 'undefined', value: concat(header, ifd, cameraInfo, new Uint8Array(24).fill(0x98)) } as TagValue;
      })(),
    },
    serials: ['1046111'],
  },
  {
    name: 'Pentax K-5 (serial, artist and copyright)',
    exif: {
      make: 'PENTAX',
      model: 'PENTAX K-5',
      makerNote: ifdNote(concat(ascii('AOC\0'), ascii('II')), { 0x0000: { type: 'byte', value: new Uint8Array([3, 0, 0, 0]) }, 0x0229: str('4512345'), 0x022e: str('Jane Roe') }, true, 'note'),
    },
    serials: ['4512345'],
    people: ['Jane Roe'],
  },
  {
    name: 'Sony NEX-6 (serial, and the internal serial in the enciphered 0x9050 block)',
    exif: {
      littleEndian: true,
      make: 'SONY',
      model: 'NEX-6',
      makerNote: ifdNote(ascii('SONY DSC \0\0\0'), {
        0x2031: str('3712345'),
        0x9050: { type: 'undefined', value: sonyEncipher((() => { const b = new Uint8Array(0x200); b.set([0x12, 0x34, 0x56, 0x78], 0x7c); return b; })()) },
      }, true, 'tiff'),
    },
    serials: ['3712345', '12345678'],
  },
  {
    name: 'Samsung NX (type 2)',
    exif: { littleEndian: true, make: 'SAMSUNG', model: 'NX300', makerNote: ifdNote(new Uint8Array(0), { 0x0001: { type: 'undefined', value: ascii('0100') }, 0xa002: str('0A4LCAAB300123F'), 0xa005: str('R1AJ300456') }, true, 'tiff') },
    serials: ['0A4LCAAB300123F', 'R1AJ300456'],
  },
  {
    name: 'Sigma SD14',
    exif: { make: 'SIGMA', model: 'SIGMA SD14', makerNote: ifdNote(concat(ascii('SIGMA\0\0\0'), new Uint8Array([1, 0])), { 0x0002: str('01234567') }, true, 'tiff') },
    serials: ['01234567'],
  },
  {
    name: 'Ricoh GXR (serial as text)',
    exif: { make: 'RICOH', model: 'GXR', makerNote: ifdNote(concat(ascii('Ricoh'), new Uint8Array(3)), { 0x0001: str('Rev0113'), 0x0005: { type: 'undefined', value: ascii('0000000123456789') } }, false, 'tiff') },
    serials: ['0000000123456789'],
  },
  {
    name: 'Ricoh CX (internal serial as bytes)',
    exif: { make: 'RICOH', model: 'CX3', makerNote: ifdNote(concat(ascii('Ricoh'), new Uint8Array(3)), { 0x0001: str('Rev0113'), 0x0005: { type: 'undefined', value: new Uint8Array([0x12, 0x34, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x9a, 0xbc, 0xde, 0xf0]) } }, false, 'tiff') },
    serials: ['1234000000000000000000009abcdef0'],
  },
  {
    name: 'Motorola',
    exif: { make: 'Motorola', model: 'XT1068', makerNote: ifdNote(concat(ascii('MOT\0'), new Uint8Array([0, 0, 0, 0])), { 0x5501: str('ZY2238TJ4V') }, true, { note: 0 }) },
    serials: ['ZY2238TJ4V'],
  },
  {
    name: 'Kodak (serial at the start of the note)',
    exif: { make: 'EASTMAN KODAK COMPANY', model: 'KODAK C340 ZOOM DIGITAL CAMERA', makerNote: { type: 'undefined', value: concat(ascii('KCKCH53810034   '), new Uint8Array(64)) } },
    serials: ['KCKCH53810034'],
  },
  {
    name: 'HP PhotoSmart M627',
    exif: { make: 'Hewlett-Packard', model: 'HP PhotoSmart M627', makerNote: { type: 'undefined', value: (() => { const b = new Uint8Array(0x80); b.set(ascii('IIII\x04\0')); b.set(ascii('SERIAL NUMBER:CN123ABCDE'), 0x5c); return b; })() } },
    serials: ['CN123ABCDE'],
  },
  {
    name: 'Reconyx HC500 (binary, 16-bit words)',
    exif: {
      make: 'RECONYX',
      model: 'HC500 HYPERFIRE',
      makerNote: {
        type: 'undefined',
        value: (() => {
          const b = new Uint8Array(0x70);
          b.set([0x01, 0xf1, 0x03, 0x00]);
          const serial = 'H500GB04012345';
          for (let i = 0; i < serial.length; i++) b[0x2a + i * 2] = serial.charCodeAt(i);
          const time = [30, 15, 6, 7, 21, 2012]; // s, min, h, month, day, year
          time.forEach((v, i) => b.set([v & 0xff, v >> 8], 0x16 + i * 2));
          b.set(ascii('North Ridge'), 0x56);
          return b;
        })(),
      },
    },
    serials: ['H500GB04012345'],
    comments: ['North Ridge'],
  },
  {
    name: 'Reconyx UltraFire',
    exif: { make: 'RECONYX', model: 'XR6', makerNote: { type: 'undefined', value: (() => { const b = new Uint8Array(0x80); b.set(ascii('RECONYXUF\0')); b.set(ascii('XRU0012345'), 0x4b); return b; })() } },
    serials: ['XRU0012345'],
  },
  {
    name: 'Reconyx HF2 PRO',
    exif: {
      make: 'RECONYX',
      model: 'HF2 PRO COVERT',
      makerNote: {
        type: 'undefined',
        value: (() => {
          const b = new Uint8Array(0xa0);
          b.set(ascii('RECONYXH2\0'));
          const serial = 'HF2X01234';
          for (let i = 0; i < serial.length; i++) b[0x7e + i * 2] = serial.charCodeAt(i);
          return b;
        })(),
      },
    },
    serials: ['HF2X01234'],
  },
  {
    name: 'Fujifilm',
    exif: {
      make: 'FUJIFILM',
      model: 'X-T2',
      makerNote: { type: 'undefined', value: concat(ascii('FUJIFILM'), new Uint8Array([12, 0, 0, 0]), ifdAt({ 0x0000: { type: 'undefined', value: ascii('0130') }, 0x0010: str('FF02B2345678 594D33353232 2013:05:09 0ABC1234') }, true, 12, 0)) },
    },
    serials: ['FF02B2345678 594D33353232 2013:05:09 0ABC1234'],
  },
  {
    name: 'Nintendo 3DS (internal serial in CameraInfo)',
    exif: {
      littleEndian: true,
      make: 'Nintendo',
      model: 'Nintendo 3DS',
      makerNote: ifdNote(new Uint8Array(0), { 0x1101: { type: 'undefined', value: (() => { const b = new Uint8Array(0x40); b.set(ascii('3DS1'), 0); b.set([0x89, 0xab, 0xcd, 0xef], 0x18); return b; })() } }, true, 'tiff'),
    },
    serials: ['89abcdef'],
  },
];

export const makerNoteJpeg = (c: MakerNoteCase) => jpegWith(tinyJpeg(), [exifApp1(exifTiff(c.exif))]);
