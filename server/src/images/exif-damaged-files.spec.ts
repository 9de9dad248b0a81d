/**
 * Damaged files: read as far as they can be, in time proportional to their size (plain results, no
 * exception per damaged entry), with a "partly unreadable" finding; the strip cleans what it
 * safely can; BigTIFF refused only when it is BigTIFF. Strip outputs are checked with exiftool
 * where it is installed. (Timings are measured by the bench, not asserted here.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigTiffHeader, damagedTiff, jpegWithJunkInExif, tiffDamagedInto43 } from '../../../test/support/damaged-image-fixtures';
import { rgbTiff } from '../../../test/support/image-fixtures';
import { IMAGE_UPLOAD_MESSAGES, detectImageType, isBigTiff } from '../browser-shared/metadata-strip/image-upload.rules';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';

const EXIFTOOL = '/usr/bin/exiftool';
const withExiftool = existsSync(EXIFTOOL) ? test : test.skip;

function exiftoolRead(bytes: Uint8Array, name: string): Record<string, unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'damaged-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return JSON.parse(execFileSync(EXIFTOOL, ['-j', '-a', '-G1', '-Make', '-Model', '-Artist', '-DateTimeOriginal', '-GPSLatitude', '-SerialNumber', path], { encoding: 'utf8' }))[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a TIFF with thousands of damaged entries', () => {
  const file = damagedTiff({ megabytes: 1, ifds: 40, entries: 1000 });

  test('is analysed: the readable tags found, the damage named, not refused', async () => {
    const check = await checkImage(file);
    const categories = check.findings.map((f) => f.category);
    expect(categories).toContain('device');
    expect(categories).toContain('unreadable_metadata');
  });

  test('the damage is named briefly (the first entries, not thousands), the image directories too', async () => {
    const m = await readImageMetadata(file);
    expect(m.unreadable.join('; ').length).toBeLessThan(2_000);
    expect(m.unreadable.join()).toMatch(/EXIF tag 0x9000/);
  });

  withExiftool('the strip keeps the picture and drops the damaged directories; exiftool finds no make or model in it', () => {
    const { bytes } = stripMetadata(file);
    const out = exiftoolRead(bytes, 'clean.tif');
    expect(Object.keys(out).filter((k) => /Make|Model/.test(k))).toEqual([]);
  });
});

describe('junk inside the EXIF segment (its length written short)', () => {
  const file = jpegWithJunkInExif();

  test('is read as exiftool reads it: make, model and date, with a "partly unreadable" finding', async () => {
    const m = await readImageMetadata(file);
    expect(m.make?.value).toBe('Canon');
    expect(m.model?.value).toBe('Canon EOS 5D');
    expect(m.times.map((t) => t.value)).toContain('2021:06:01 10:00:00');
    expect(m.unreadable.join()).toMatch(/unreadable data between JPEG segments/);
    const check = await checkImage(file);
    expect(check.strip.possible).toBe(true);
  });

  withExiftool('the strip drops the junk with the segment; exiftool finds nothing personal in the copy', () => {
    const { bytes } = stripMetadata(file);
    const out = exiftoolRead(bytes, 'clean.jpg');
    expect(Object.keys(out).filter((k) => k !== 'SourceFile')).toEqual([]);
  });
});

describe('BigTIFF', () => {
  test('a real BigTIFF header is refused with its own message', async () => {
    expect(isBigTiff(bigTiffHeader())).toBe(true);
    expect(isBigTiff(bigTiffHeader(false))).toBe(true);
    await expect(checkImage(bigTiffHeader())).rejects.toThrow(new UnsupportedImageError(IMAGE_UPLOAD_MESSAGES.bigTiff));
  });

  test('an ordinary TIFF whose version word was damaged into 43 is read as a damaged TIFF and stripped', async () => {
    const file = tiffDamagedInto43();
    expect(isBigTiff(file)).toBe(false);
    expect(detectImageType(file)).toBe('tiff');
    const m = await readImageMetadata(file);
    expect(m.unreadable).toContain('TIFF header (damaged version number)');
    const { bytes } = stripMetadata(file);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint16(2, true)).toBe(42);
  });
});

describe('advice the person can follow', () => {
  test("without a possible strip, no finding says to use 'Strip Metadata'", async () => {
    // An old-style JPEG-compressed TIFF cannot be cleaned losslessly.
    const file = rgbTiff({ tags: { 259: { type: 'short', value: [6] }, 0x013b: { type: 'ascii', value: 'Jane Roe' } } });
    const check = await checkImage(file);
    expect(check.strip.possible).toBe(false);
    expect(check.findings.length).toBeGreaterThan(0);
    for (const f of check.findings) expect(f.recommendation).not.toContain("'Strip Metadata'");
  });
});
