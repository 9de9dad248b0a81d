/**
 * HDR gain maps survive the strip: the gain-map JPEG (cleaned), its hdrgm XMP, the primary's hdrgm
 * version and GContainer directory, and an MPF index pointing at it; the primary's pixels and
 * orientation kept; nothing personal left (checked with exiftool where installed).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ISO_URN, isoGainMapMetadata, ultraHdrJpeg } from '../../../../test/support/gain-map-fixtures';
import { tinyJpeg } from '../../../../test/support/image-fixtures';
import { readImageMetadata } from '../../images/image-metadata.reader';
import { latin1 } from './bytes.util';
import { isGainMap, isoGainMapData, isoGainMapLength } from './jpeg-gain-map.reader';
import { stripMetadata } from './metadata.stripper';

const EXIFTOOL = '/usr/bin/exiftool';
const withExiftool = existsSync(EXIFTOOL) ? test : test.skip;

describe('HDR gain map through the strip', () => {
  let input: Uint8Array;
  let output: Uint8Array;
  beforeAll(async () => {
    input = await ultraHdrJpeg();
    output = stripMetadata(input).bytes;
  });

  test('the gain map is kept after the primary, with only its rendering XMP', () => {
    const text = latin1(output);
    const second = text.indexOf('\xff\xd8\xff', 2);
    expect(second).toBeGreaterThan(0);
    expect(isGainMap(output.subarray(second))).toBe(true);
    expect(text).toContain('hdrgm:GainMapMax="2.3"');
    expect(text).not.toMatch(/Jane|Pixel|Google|48\.85/);
  });

  test('the primary decodes to the same pixels, orientation kept', async () => {
    const before = await sharp(input).raw().toBuffer();
    const after = await sharp(output).raw().toBuffer();
    expect(Buffer.compare(before, after)).toBe(0);
    expect((await sharp(output).metadata()).orientation).toBe(6);
  });

  test('the analysis does not list the gain map as a hidden picture, and finds nothing personal in the copy', async () => {
    const m = await readImageMetadata(input);
    expect(m.embeddedImages.filter((i) => i.kind === 'additional-image')).toEqual([]);
    const clean = await readImageMetadata(output);
    expect({ gps: clean.gps, people: clean.people, make: clean.make, times: clean.times }).toEqual({ gps: [], people: [], make: undefined, times: [] });
  });

  test('a JPEG after the image without gain-map XMP is not a gain map (dropped as before)', () => {
    expect(isGainMap(tinyJpeg())).toBe(false);
  });

  withExiftool('exiftool reads the MPF index, the hdrgm values and the gain map, and no personal field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gainmap-'));
    try {
      const path = join(dir, 'clean.jpg');
      writeFileSync(path, output);
      const tags = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-a', '-G1', '-ee', path], { encoding: 'utf8' }))[0] as Record<string, unknown>;
      expect(tags['MPImage2:MPImageLength']).toBeGreaterThan(0);
      expect(String(tags['XMP-hdrgm:Version'])).toMatch(/^1(\.0)?$/);
      expect(tags['XMP-Container:DirectoryItemLength']).toBe(tags['MPImage2:MPImageLength']);
      expect(Object.keys(tags).filter((k) => /GPS|Artist|Creator|Make|Model|DateTimeOriginal/.test(k))).toEqual([]);
      const map = execFileSync(EXIFTOOL, ['-b', '-MPImage2', path]);
      writeFileSync(join(dir, 'map.jpg'), map);
      const mapTags = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-a', '-G1', join(dir, 'map.jpg')], { encoding: 'utf8' }))[0] as Record<string, unknown>;
      expect(mapTags['XMP-hdrgm:GainMapMax']).toBe(2.3);
      expect(Object.keys(mapTags).filter((k) => /GPS|Artist|Make|Model/.test(k))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The MPF index of a JPEG: each image's size and offset, the offsets made absolute (they count from the MPF header). */
function mpfImages(jpeg: Uint8Array): Array<{ start: number; size: number }> {
  const at = latin1(jpeg).indexOf('MPF\0');
  if (at < 0) return [];
  const tiff = at + 4;
  const dv = new DataView(jpeg.buffer, jpeg.byteOffset + tiff);
  const le = dv.getUint16(0) === 0x4949;
  const ifd = dv.getUint32(4, le);
  const count = dv.getUint16(ifd, le);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (dv.getUint16(entry, le) !== 0xb002) continue;
    const values = dv.getUint32(entry + 8, le);
    return Array.from({ length: dv.getUint32(entry + 4, le) / 16 }, (_, n) => {
      const offset = dv.getUint32(values + n * 16 + 8, le);
      return { start: n === 0 ? 0 : tiff + offset, size: dv.getUint32(values + n * 16 + 4, le) };
    });
  }
  return [];
}

describe.each([
  { label: 'with hdrgm XMP', xmp: true },
  { label: 'alone', xmp: false },
])('ISO 21496-1 gain map ($label) through the strip', ({ xmp }) => {
  let input: Uint8Array;
  let output: Uint8Array;
  beforeAll(async () => {
    input = await ultraHdrJpeg({ iso: true, xmp });
    output = stripMetadata(input).bytes;
  });

  test('the MPF index points, in the copy, at the cleaned gain map, whose ISO metadata is intact and trimmed to its layout', () => {
    const [primary, map] = mpfImages(output);
    expect(primary.size + map.size).toBe(output.length);
    expect(map.start).toBe(primary.size);
    const gainMap = output.subarray(map.start, map.start + map.size);
    expect([gainMap[0], gainMap[1], gainMap[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(isGainMap(gainMap)).toBe(true);
    expect(isoGainMapData(gainMap, false)).toEqual(isoGainMapMetadata());
    // The stray text after the metadata, the EXIF and the comment are gone.
    expect(latin1(output)).not.toMatch(/Jane|Pixel|Google|48\.85/);
  });

  test('the primary keeps the ISO version marker; hdrgm XMP only where the original had it', () => {
    const primary = output.subarray(0, mpfImages(output)[0].size);
    expect(isoGainMapData(primary, true)).toEqual(new Uint8Array(4));
    expect(latin1(output).split(ISO_URN)).toHaveLength(3);
    expect(latin1(output).includes('hdr-gain-map')).toBe(xmp);
  });

  test('the primary decodes to the same pixels; the analysis lists neither a hidden picture nor an unknown block', async () => {
    expect(Buffer.compare(await sharp(input).raw().toBuffer(), await sharp(output).raw().toBuffer())).toBe(0);
    const m = await readImageMetadata(input);
    expect(m.embeddedImages.filter((i) => i.kind === 'additional-image')).toEqual([]);
    expect(m.otherBlocks).toEqual([]);
  });

  withExiftool('exiftool finds the gain map through the MPF index, byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'isogainmap-'));
    try {
      const path = join(dir, 'clean.jpg');
      writeFileSync(path, output);
      const map = mpfImages(output)[1];
      const extracted = execFileSync(EXIFTOOL, ['-b', '-MPImage2', path]);
      expect(Buffer.compare(extracted, Buffer.from(output.subarray(map.start, map.start + map.size)))).toBe(0);
      const mpf = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-mpf:all', path], { encoding: 'utf8' }))[0] as Record<string, unknown>;
      expect(mpf.NumberOfImages).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('ISO 21496-1 metadata lengths follow the flags (channels, common denominator); a non-zero minimum version is not read', () => {
  const withFlags = (flags: number, length: number) => new Uint8Array(length).fill(0, 0, 4).map((v, i) => (i === 4 ? flags : v));
  expect(isoGainMapLength(withFlags(0x08, 37), false)).toBe(37);
  expect(isoGainMapLength(withFlags(0x88, 77), false)).toBe(77);
  expect(isoGainMapLength(withFlags(0x40, 61), false)).toBe(61);
  expect(isoGainMapLength(withFlags(0xc0, 141), false)).toBe(141);
  expect(isoGainMapLength(withFlags(0xc0, 140), false)).toBeUndefined();
  expect(isoGainMapLength(new Uint8Array([0, 1, 0, 0]), true)).toBeUndefined();
  expect(isoGainMapLength(new Uint8Array([0, 0, 0, 7, 1]), true)).toBe(4);
});
