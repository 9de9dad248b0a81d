/**
 * Vendors' JPEG application segments, generated in code in their layouts: what the check reads
 * from them, what exiftool reads from the same files (where it is installed), and the strip.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ascii, concat, exifApp1, exifTiff, jpegSegment, jpegWith, tinyJpeg } from '../../../test/support/image-fixtures';
import { canonCiffApp0, duckyApp12, flirApp1, goProApp6, kodakMetaApp3, pictureInfoApp12 } from '../../../test/support/vendor-block-fixtures';
import { stripMetadata } from '../browser-shared/metadata-strip/metadata.stripper';
import { analyzeImageMetadata } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';
import type { ImageMetadata } from './image-metadata.types';

const EXIFTOOL = '/usr/bin/exiftool';

interface Case {
  name: string;
  jpeg: Uint8Array;
  check(m: ImageMetadata): void;
  /** exiftool's tags that must match ours. */
  exiftool: Record<string, (m: ImageMetadata) => unknown>;
}

const values = (items: Array<{ value: string }>) => items.map((i) => i.value);

const CASES: Case[] = [
  {
    name: 'Canon CIFF (APP0): owner, make and model, serial, time',
    jpeg: jpegWith(tinyJpeg(), [canonCiffApp0({ owner: 'Jane Roe', make: 'Canon', model: 'Canon EOS 10D', serial: 560123456, time: 1104580800 })]),
    check: (m) => {
      expect(values(m.people)).toEqual(['Jane Roe']);
      expect(m.people[0].role).toBe('owner');
      expect(values(m.serials)).toEqual(['560123456']);
      expect(m.model?.value).toBe('Canon EOS 10D');
      expect(values(m.times)).toEqual(['2005:01:01 12:00:00']);
    },
    exiftool: { 'CIFF:OwnerName': (m) => m.people[0]?.value, 'CIFF:SerialNumber': (m) => Number(m.serials[0]?.value), 'CIFF:DateTimeOriginal': (m) => m.times[0]?.value },
  },
  {
    name: 'FLIR (APP1, split over two segments): camera and lens serials, capture time with zone, GPS',
    jpeg: jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'FLIR Systems AB', model: 'FLIR E6' })), ...flirApp1({ model: 'FLIR E6', serial: '63912345', lensSerial: 'L1234', time: 1500000000, zoneMinutes: 120, latitude: 59.3293, longitude: 18.0686 })]),
    check: (m) => {
      expect(values(m.serials)).toEqual(['63912345', 'L1234']);
      expect(m.gps.map((g) => [g.latitude, g.longitude, g.origin])).toEqual([[59.3293, 18.0686, 'FLIR GPSInfo']]);
      expect(m.times).toEqual([expect.objectContaining({ value: '2017:07:14 02:40:00', timeZone: '-02:00', kind: 'original' })]);
    },
    exiftool: { 'FLIR:CameraSerialNumber': (m) => m.serials[0]?.value, 'FLIR:LensSerialNumber': (m) => m.serials[1]?.value, 'FLIR:GPSLatitude': (m) => m.gps[0]?.latitude },
  },
  {
    name: 'Kodak Meta (APP3): owner and serial',
    jpeg: jpegWith(tinyJpeg(), [kodakMetaApp3('Jane Roe', 'KCGGJ12345678')]),
    check: (m) => {
      expect(values(m.people)).toEqual(['Jane Roe']);
      expect(values(m.serials)).toEqual(['KCGGJ12345678']);
    },
    exiftool: { 'MetaIFD:CameraOwner': (m) => m.people[0]?.value, 'MetaIFD:SerialNumber': (m) => m.serials[0]?.value },
  },
  {
    name: 'GoPro GPMF (APP6): serial and GPS',
    jpeg: jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'GoPro', model: 'HERO7 Black' })), goProApp6('C3221324545448', 37.7749, -122.4194)]),
    check: (m) => {
      expect(values(m.serials)).toEqual(['C3221324545448']);
      expect(m.gps.map((g) => [g.latitude, g.longitude])).toEqual([[37.7749, -122.4194]]);
    },
    exiftool: { 'GoPro:CameraSerialNumber': (m) => m.serials[0]?.value, 'GoPro:GPSLatitude': (m) => m.gps[0]?.latitude },
  },
  {
    name: 'Photoshop Ducky (APP12): comment and copyright',
    jpeg: jpegWith(tinyJpeg(), [duckyApp12('Made for Jane', '(C) 2020 Jane Roe')]),
    check: (m) => {
      expect(values(m.comments)).toEqual(['Made for Jane']);
      expect(m.people).toEqual([expect.objectContaining({ value: '(C) 2020 Jane Roe', role: 'copyright' })]);
    },
    exiftool: { 'Ducky:Comment': (m) => m.comments[0]?.value, 'Ducky:Copyright': (m) => m.people[0]?.value },
  },
  {
    name: 'Picture Info (APP12): serial and time',
    jpeg: jpegWith(tinyJpeg(), [pictureInfoApp12('ABC12345')]),
    check: (m) => {
      expect(values(m.serials)).toEqual(['ABC12345']);
      expect(values(m.times)).toEqual(['2003:01:01 18:30:00']);
    },
    exiftool: { 'PictureInfo:SerialNumber': (m) => m.serials[0]?.value, 'PictureInfo:DateTimeOriginal': (m) => m.times[0]?.value },
  },
];

describe.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
  it('is read', async () => {
    const m = await readImageMetadata(c.jpeg);
    c.check(m);
    expect(m.unreadable).toEqual([]);
    expect(m.otherBlocks).toEqual([]);
  });

  it('is removed by the strip', async () => {
    expect(analyzeImageMetadata(await readImageMetadata(stripMetadata(c.jpeg).bytes))).toEqual({ riskScore: 0, findings: [] });
  });
});

describe('blocks we do not decode', () => {
  it('are named by their vendor, weighted by what they can hold, and removed by the strip', async () => {
    const jpeg = jpegWith(tinyJpeg(), [
      jpegSegment(0xe2, concat(ascii('FPXR\0'), new Uint8Array(20))),
      jpegSegment(0xe5, concat(ascii('RMETA\0'), new Uint8Array(20))),
      jpegSegment(0xeb, concat(ascii('JP'), new Uint8Array(20))),
      jpegSegment(0xe0, concat(ascii('AVI1'), new Uint8Array(20))),
    ]);
    const m = await readImageMetadata(jpeg);
    expect(values(m.vendorBlocks)).toEqual(['FlashPix (Kodak, HP) FPXR', 'Ricoh RMETA', 'JUMBF (Content Credentials, C2PA) JUMBF']);
    expect(values(m.otherBlocks)).toEqual(['JPEG APP0 "AVI1" segment']);
    const { findings, riskScore } = analyzeImageMetadata(m);
    expect(findings.filter((f) => f.category === 'vendor_block').map((f) => f.description)).toEqual([
      'Block from FlashPix (Kodak, HP) FPXR present: it can hold names, serial numbers, places or times this check cannot read (JPEG APP2 "FPXR" segment)',
      'Block from Ricoh RMETA present: it can hold names, serial numbers, places or times this check cannot read (JPEG APP5 "RMETA" segment)',
      'Block from JUMBF (Content Credentials, C2PA) JUMBF present: it can hold names, serial numbers, places or times this check cannot read (JPEG APP11 "JP" segment)',
    ]);
    expect(riskScore).toBe(13);
    expect(analyzeImageMetadata(await readImageMetadata(stripMetadata(jpeg).bytes)).findings).toEqual([]);
  });

  it('a preview image in an application segment is a hidden image', async () => {
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [jpegSegment(0xe3, tinyJpeg())]));
    expect(m.embeddedImages).toEqual([{ kind: 'preview', origin: 'JPEG APP3 preview image', byteLength: tinyJpeg().length, width: 8, height: 8 }]);
  });

  it('a damaged block is named as unreadable, the rest still read', async () => {
    const broken = canonCiffApp0({ owner: 'Jane Roe', make: 'Canon', model: 'Canon EOS 10D', serial: 1, time: 1 });
    broken[broken.length - 2] = 0x7f; // the directory's offset, far outside
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [broken, duckyApp12('still here', 'x')]));
    expect(m.unreadable).toEqual(['Canon CIFF segment (damaged)']);
    expect(values(m.comments)).toEqual(['still here']);
  });
});

const exiftool = existsSync(EXIFTOOL) ? describe : describe.skip;
exiftool(`against exiftool${existsSync(EXIFTOOL) ? '' : ` (SKIPPED: ${EXIFTOOL} is missing)`}`, () => {
  it('exiftool reads the same values from the generated blocks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fp-appblocks-'));
    try {
      const paths = CASES.map((c, i) => {
        const path = join(dir, `case-${i}.jpg`);
        writeFileSync(path, c.jpeg);
        return path;
      });
      const records = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-G1', '-a', '-n', ...paths], { encoding: 'utf8' })) as Array<Record<string, unknown>>;
      for (const [i, c] of CASES.entries()) {
        const m = await readImageMetadata(c.jpeg);
        for (const [tag, ours] of Object.entries(c.exiftool)) {
          const theirs = records[i][tag];
          const mine = ours(m);
          const same = typeof theirs === 'number' ? Math.abs(Number(mine) - theirs) < 1e-6 : String(theirs).startsWith(String(mine));
          expect({ case: c.name, tag, theirs, mine, same }).toEqual({ case: c.name, tag, theirs, mine, same: true });
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
