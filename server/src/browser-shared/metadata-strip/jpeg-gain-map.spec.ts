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
import { ultraHdrJpeg } from '../../../../test/support/gain-map-fixtures';
import { tinyJpeg } from '../../../../test/support/image-fixtures';
import { readImageMetadata } from '../../images/image-metadata.reader';
import { latin1 } from './bytes.util';
import { isGainMap } from './jpeg-gain-map';
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
