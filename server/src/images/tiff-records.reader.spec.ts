/**
 * The TIFF records reader against exifr, the reader it stands in for: on generated EXIF blocks,
 * JPEG and TIFF files (well-formed and damaged in the ways that matter), seeded random damage and
 * the shared corpus, our records must equal what `exifr.parse` with the check's former options
 * reports for every tag the check reads, and IPTC must still come out of exifr as before.
 */
import * as exifr from 'exifr';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ascii,
  cameraExif,
  concat,
  exifApp1,
  exifTiff,
  iptcApp13,
  iptcIim,
  jpegWith,
  photoshopResources,
  rgbTiff,
  tiffBlock,
  tiffMetadataTags,
  tinyJpeg,
  utf8,
} from '../../../test/support/image-fixtures';
import { findEntry, IfdReader } from '../browser-shared/metadata-strip/tiff-ifd.reader';
import { EXIFR_OPTIONS, ExifrOutput, jpegRecords, TIFF_RECORD_TAGS, tiffBlockRecords } from './exifr.reader';
import { walkJpeg } from './jpeg-metadata.reader';
import { MetadataCollector } from './metadata.collector';
import { readTiffRecords } from './tiff-records.reader';

const CORPUS = resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'images');
const BLOCKS = ['ifd0', 'exif', 'gps', 'ifd1'] as const;

/** What the check reads of a parse (ours: Maps; exifr's: objects): the kept tags that have a value, the UserComment, IPTC. */
function project(out: ExifrOutput | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const block of BLOCKS) {
    const record: unknown = out?.[block];
    const entries = record instanceof Map ? [...record] : Object.entries(record ?? {});
    const kept = entries.filter(([tag, value]) => TIFF_RECORD_TAGS[block].has(Number(tag)) && value !== undefined);
    if (kept.length) result[block] = Object.fromEntries(kept);
  }
  if (out?.userComment !== undefined) result.userComment = out.userComment;
  if (out?.iptc) result.iptc = out.iptc;
  return result;
}

const exifrParse = async (input: Uint8Array) => (await exifr.parse(input, EXIFR_OPTIONS as never)) as ExifrOutput | undefined;

/** A JPEG's records both ways. */
async function jpegBoth(jpeg: Uint8Array) {
  const layout = walkJpeg(jpeg, new MetadataCollector('jpeg'));
  return { ours: project(await jpegRecords(jpeg, layout.exifBlock, layout.photoshopSegment === true)), exifr: project(await exifrParse(jpeg)) };
}

/** A bare TIFF block's (or TIFF file's) records both ways; 'refused' when the parse throws. */
async function tiffBoth(block: Uint8Array) {
  const settle = async (parse: () => Promise<ExifrOutput | undefined>) => {
    try {
      return project(await parse());
    } catch {
      return 'refused';
    }
  };
  return { ours: await settle(() => tiffBlockRecords(block)), exifr: await settle(() => exifrParse(block)) };
}

async function expectSameTiff(block: Uint8Array) {
  const { ours, exifr: theirs } = await tiffBoth(block);
  expect(ours).toEqual(theirs);
  return ours;
}

/**
 * A damaged block: we read every tag exifr reads (and more, where exifr gives up at the damage),
 * and whenever we read something else than exifr, we say what was damaged.
 */
async function expectAtLeastExifr(block: Uint8Array) {
  const { ours, exifr: theirs } = await tiffBoth(block);
  const damaged = await tiffBlockRecords(block).then((out) => out.damaged ?? [], () => []);
  if (theirs !== 'refused') {
    expect(ours).not.toBe('refused');
    const mine = ours as Record<string, Record<string, unknown>>;
    const missing: string[] = [];
    for (const [name, record] of Object.entries(theirs)) {
      if (name === 'userComment' || name === 'iptc') continue;
      for (const tag of Object.keys(record as Record<string, unknown>)) {
        // exifr leaves UserComment in the EXIF record when its block ends early; we always move it out.
        const found = (name in mine && tag in mine[name]) || (Number(tag) === 0x9286 && 'userComment' in mine);
        // One expect per block, not per tag: the fuzz cases below compare thousands of tags.
        if (!found) missing.push(`${name} ${tag}`);
      }
    }
    expect(missing).toEqual([]);
  }
  if (JSON.stringify(ours) !== JSON.stringify(theirs)) expect(damaged.length).toBeGreaterThan(0);
  return { ours, damaged };
}

/** Overwrites the 12-byte entry of `tag` in the IFD at `ifdOffset` with type/count/value. */
function patchEntry(block: Uint8Array, ifdOffset: number, tag: number, fields: { type?: number; count?: number; value?: number }) {
  const reader = new IfdReader(block, block[0] === 0x49);
  const ifd = reader.readIfd(ifdOffset);
  const index = ifd.entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no tag ${tag}`);
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const at = ifdOffset + 2 + index * 12;
  if (fields.type !== undefined) view.setUint16(at + 2, fields.type, reader.littleEndian);
  if (fields.count !== undefined) view.setUint32(at + 4, fields.count, reader.littleEndian);
  if (fields.value !== undefined) view.setUint32(at + 8, fields.value, reader.littleEndian);
}

function subIfdOffset(block: Uint8Array, pointerTag: number): number {
  const reader = IfdReader.fromTiffHeader(block);
  return reader.uint(findEntry(reader.readIfd(reader.firstIfdOffset), pointerTag))!;
}

const everything = () =>
  cameraExif({
    software: 'Photo Editor 2.1',
    dateTime: '2021:06:02 08:00:00',
    copyright: '(C) Jane Doe',
    imageDescription: 'Holiday  \0\0',
    xpAuthor: 'Jane',
    dateTimeDigitized: '2021:06:01 12:30:45',
    lensSerial: 'L-998877',
    ownerName: 'Jane Q. Doe',
    imageUniqueId: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
    userComment: 'for the family album',
    gps: { latitude: -33.856784, longitude: 151.215297, altitude: 12.5 },
    ifd0: { 0xc62f: { type: 'ascii', value: '  ' }, 0x013c: { type: 'utf8', value: 'Jörg’s Mac' } },
  });

/** everything(), with HostComputer's UTF-8 bytes typed ASCII (the fixture writer types them UNDEFINED). */
const everythingUtf8 = () => {
  const block = everything();
  patchEntry(block, 8, 0x013c, { type: 2 });
  return block;
};

describe('readTiffRecords against exifr', () => {
  it('reads every kept tag of a camera block as exifr does, in both byte orders', async () => {
    for (const littleEndian of [false, true]) {
      const records = await expectSameTiff(cameraExif({ littleEndian }));
      expect(records).toMatchObject({ ifd0: { 0x010f: 'Canon', 0x0112: 6 }, exif: { 0xa431: 'SN-0123456789' } });
      expect((records as { gps: Record<number, unknown> }).gps[2]).toEqual([48, 51, 29.5992]);
    }
  });

  it('values of every kind: texts (NULs, blanks, UTF-8), bytes, rationals, GPS altitude, UserComment, thumbnail', async () => {
    const records = (await expectSameTiff(everythingUtf8())) as Record<string, Record<number, unknown>>;
    expect(records.ifd0[0x010e]).toBe('Holiday');
    expect(records.ifd0[0xc62f]).toBeUndefined(); // blanks only: no value
    expect(records.ifd0[0x013c]).toBe('Jörg’s Mac'); // UTF-8 in an ASCII tag
    expect(records.ifd0[0x9c9d]).toBeInstanceOf(Uint8Array); // XPAuthor: BYTE
    expect(records.userComment).toEqual(concat(ascii('ASCII\0\0\0'), ascii('for the family album')));
    expect(records.exif[0x9286]).toBeUndefined(); // moved out of the EXIF record
    expect(records.ifd1[0x0202]).toBe(tinyJpeg().length);
  });

  it('a JPEG: the records of its EXIF segment, and IPTC from its Photoshop segment through exifr', async () => {
    const iptc = photoshopResources(iptcIim([[2, 80, 'Jane Doe'], [2, 116, '© Jane Doe'], [2, 25, 'one'], [2, 25, 'two']]));
    const jpeg = jpegWith(tinyJpeg(), [exifApp1(everything()), iptcApp13(iptc)]);
    const { ours, exifr: theirs } = await jpegBoth(jpeg);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ ifd0: { 0x010f: 'Canon' }, iptc: { 80: 'Jane Doe', 25: ['one', 'two'] } });
    const plain = await jpegBoth(jpegWith(tinyJpeg(), [exifApp1(cameraExif())]));
    expect(plain.ours).toEqual(plain.exifr);
    expect(plain.ours.iptc).toBeUndefined();
  });

  it('reads the first "Exif\\0\\0" segment, as exifr does, not one with a single NUL', async () => {
    const odd = jpegSegmentWith('Exif\0X', cameraExif({ make: 'Odd' }));
    const { ours, exifr: theirs } = await jpegBoth(jpegWith(tinyJpeg(), [odd, exifApp1(cameraExif({ make: 'Right' }))]));
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ ifd0: { 0x010f: 'Right' } });
  });

  it('a TIFF file: IFD0 tags, and IPTC from its IFD0 through exifr', async () => {
    const iptc = iptcIim([[2, 80, 'Scanner Person'], [2, 118, 'scan@example.com']]);
    const tiff = rgbTiff({ tags: tiffMetadataTags({ make: 'Nikon', artist: 'Scanner Person', dateTimeOriginal: '2020:01:02 03:04:05', iptc, gps: { latitude: 1.5, longitude: 2.5 } }) });
    const records = await expectSameTiff(tiff);
    expect(records).toMatchObject({ ifd0: { 0x013b: 'Scanner Person' }, iptc: { 80: 'Scanner Person' } });
  });

  describe('damaged blocks: everything exifr reads, and what it gives up on, with the damage named', () => {
    it('a tag of unknown type is skipped alone (exifr ends its block there; in IFD0 it loses every block)', async () => {
      const exifBad = cameraExif({ ownerName: 'Owner', lensSerial: 'LS-1' });
      patchEntry(exifBad, subIfdOffset(exifBad, 0x8769), 0xa430, { type: 99 });
      const { ours, damaged } = await expectAtLeastExifr(exifBad);
      const records = ours as Record<string, Record<number, unknown>>;
      expect(records.exif[0x9003]).toBe('2021:06:01 12:30:45');
      expect(records.exif[0xa431]).toBe('SN-0123456789'); // after the damaged tag: exifr loses it
      expect(records.gps).toBeDefined();
      expect(damaged).toEqual(['EXIF tag 0xa430']);

      const ifd0Bad = cameraExif();
      patchEntry(ifd0Bad, 8, 0x0112, { type: 0 });
      expect((await tiffBoth(ifd0Bad)).exifr).toEqual({});
      const read = await expectAtLeastExifr(ifd0Bad);
      expect(read.ours).toMatchObject({ ifd0: { 0x010f: 'Canon' }, exif: { 0xa431: 'SN-0123456789' } });
      expect(read.damaged).toEqual(['IFD0 tag 0x0112']);
    });

    it('a value outside the block is skipped alone; a text running past the block reads on, as in exifr', async () => {
      const gpsBad = cameraExif();
      patchEntry(gpsBad, subIfdOffset(gpsBad, 0x8825), 2, { value: gpsBad.length + 100 });
      const { ours, damaged } = await expectAtLeastExifr(gpsBad);
      expect(ours as Record<string, unknown>).not.toHaveProperty('gps.2');
      expect(ours as Record<string, unknown>).toHaveProperty('gps.4');
      expect(damaged).toEqual(['GPS tag 0x0002']);

      const long = cameraExif();
      const model = new IfdReader(long, false).readIfd(8).entries.find((e) => e.tag === 0x0110)!;
      patchEntry(long, 8, 0x0110, { count: long.length - model.valueOffset + 100 });
      const padded = concat(long, utf8(' and what follows the block'.repeat(20)));
      const records = (await expectSameTiff(padded.subarray(0, long.length))) as Record<string, Record<number, string>>;
      expect(records.ifd0[0x0110]).toContain('what follows the block');
      // Past the whole buffer: that tag cannot be read (exifr loses IFD0 and every block with it).
      expect((await expectAtLeastExifr(long)).damaged).toEqual(['IFD0 tag 0x0110']);
    });

    it('a tag exifr skips (XMP in IFD0, the maker note in EXIF) cannot end a block', async () => {
      const block = cameraExif({ ifd0: { 0x02bc: { type: 'byte', value: utf8('<x:xmpmeta/>') } } });
      patchEntry(block, 8, 0x02bc, { type: 77 });
      patchEntry(block, subIfdOffset(block, 0x8769), 0x927c, { type: 77 });
      const records = await expectSameTiff(block);
      expect(records).toMatchObject({ ifd0: { 0x010f: 'Canon' }, exif: { 0xa431: 'SN-0123456789' } });
    });

    it('an empty IFD0 still has its IFD1 read; bad IFD0 offsets and missing byte-order marks', async () => {
      const empty = tiffBlock([{ tags: {} }, { tags: { 0x0201: { type: 'long', value: [8] }, 0x0202: { type: 'long', value: [4] } } }]);
      expect(await expectSameTiff(empty)).toEqual({ ifd1: { 0x0201: 8, 0x0202: 4 } });
      const low = cameraExif();
      new DataView(low.buffer).setUint32(4, 4);
      expect(await expectSameTiff(low)).toEqual({});
      const beyond = cameraExif();
      new DataView(beyond.buffer).setUint32(4, beyond.length + 10);
      expect(await expectSameTiff(beyond)).toEqual({});
      expect(await expectSameTiff(concat(ascii('XX'), cameraExif().subarray(2)))).toBe('refused');
      await expectSameTiff(ascii('II*'));
    });

    it('pointers back to IFD0 and repeated tags (the last one wins)', async () => {
      const loop = cameraExif();
      patchEntry(loop, 8, 0x8769, { value: 8 });
      await expectSameTiff(loop);
      const repeated = exifTiff({ make: 'First', model: 'M' });
      const reader = new IfdReader(repeated, false);
      const modelAt = 8 + 2 + reader.readIfd(8).entries.findIndex((e) => e.tag === 0x0110) * 12;
      new DataView(repeated.buffer).setUint16(modelAt, 0x010f); // a second Make
      expect(await expectSameTiff(repeated)).toMatchObject({ ifd0: { 0x010f: 'M' } });
    });

    it('every truncation of a camera block', async () => {
      const block = everythingUtf8();
      for (let length = 0; length <= block.length; length += 3) await expectAtLeastExifr(block.slice(0, length));
    });

    it('1,000 seeded random corruptions of camera blocks', async () => {
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
      let compared = 0;
      // The two blocks, built once (building took a third of this test's time); each case damages a copy.
      const templates = [cameraExif({ littleEndian: true }), everythingUtf8()];
      for (let i = 0; i < 1000; i++) {
        const block = templates[i % 2].slice();
        const header = Math.min(block.length, 400); // the IFDs and most values
        for (let k = 1 + Math.floor(random() * 6); k > 0; k--) block[Math.floor(random() * header)] = Math.floor(random() * 256);
        if (!plainPointers(block)) continue;
        await expectAtLeastExifr(block);
        compared++;
      }
      expect(compared).toBeGreaterThan(800);
    });
  });

  (existsSync(CORPUS) ? it : it.skip)('the corpus: every JPEG, TIFF, PNG eXIf and WebP EXIF block', async () => {
    let blocks = 0;
    for (const name of readdirSync(CORPUS).sort()) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS, name)));
      if (name.endsWith('.jpg')) {
        const { ours, exifr: theirs } = await jpegBoth(bytes);
        expect({ name, ...ours }).toEqual({ name, ...theirs });
        blocks++;
      } else if (name.endsWith('.tif')) {
        const { ours, exifr: theirs } = await tiffBoth(bytes);
        expect({ name, ours }).toEqual({ name, ours: theirs });
        blocks++;
      } else {
        for (const block of containerExif(bytes)) {
          const { ours, exifr: theirs } = await tiffBoth(block);
          expect({ name, ours }).toEqual({ name, ours: theirs });
          blocks++;
        }
      }
    }
    expect(blocks).toBeGreaterThanOrEqual(12);
  });

  it('notes an IPTC record in IFD0 without decoding it', () => {
    const tiff = rgbTiff({ tags: tiffMetadataTags({ make: 'Nikon', iptc: iptcIim([[2, 80, 'Someone']]) }) });
    expect(readTiffRecords(tiff, TIFF_RECORD_TAGS)).toEqual({ ifd0: new Map([[0x010f, 'Nikon']]), hasIptc: true });
    expect(readTiffRecords(rgbTiff({}), TIFF_RECORD_TAGS).hasIptc).toBeUndefined();
  });
});

function jpegSegmentWith(prefix: string, tiff: Uint8Array): Uint8Array {
  const payload = concat(ascii(prefix), tiff);
  return concat(new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload);
}

/**
 * True when IFD0's EXIF and GPS pointers are plain offsets: the one case where the reader
 * deliberately differs (it does not follow a text, list or NaN pointer; exifr reads from a
 * garbled offset) is left out of the random comparison.
 */
function plainPointers(block: Uint8Array): boolean {
  try {
    const reader = IfdReader.fromTiffHeader(block);
    const ifd0 = reader.readIfd(reader.firstIfdOffset, 65535);
    return ifd0.entries.filter((e) => e.tag === 0x8769 || e.tag === 0x8825).every((e) => e.count === 1 && [3, 4, 6, 8, 9, 13].includes(e.type));
  } catch {
    return true;
  }
}

/** The EXIF blocks of a PNG (eXIf chunks) or WebP (EXIF chunks, "Exif\0\0" prefix dropped). */
function containerExif(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const blocks: Uint8Array[] = [];
  if (text(0) === 'RIFF') {
    for (let pos = 12; pos + 8 <= bytes.length; ) {
      const length = view.getUint32(pos + 4, true);
      const data = bytes.subarray(pos + 8, pos + 8 + length);
      if (text(pos) === 'EXIF') blocks.push(text(pos + 8) === 'Exif' ? data.subarray(6) : data);
      pos += 8 + length + (length & 1);
    }
  } else if (bytes[0] === 0x89) {
    for (let pos = 8; pos + 8 <= bytes.length; ) {
      const length = view.getUint32(pos);
      if (text(pos + 4) === 'eXIf') blocks.push(bytes.subarray(pos + 8, pos + 8 + length));
      pos += 12 + length;
    }
  }
  return blocks;
}
