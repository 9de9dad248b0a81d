/**
 * The real-world corpus (../shared/fixtures/images from the project root, with exiftool 12.57's
 * reference readings in expected.json): what the readers find must match exiftool's, and the
 * stripper must keep every file's pixels while leaving nothing personal for exiftool to find.
 * Skipped, saying so, when the corpus is not there (it is not part of this repository).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { detectImageType } from '../browser-shared/metadata-strip/image-upload.rules';
import { stripMetadata } from '../browser-shared/metadata-strip/metadata.stripper';
import { analyzeImageMetadata } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';
import type { ImageMetadata } from './image-metadata.types';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'fixtures', 'images');
const EXPECTED = join(CORPUS, 'expected.json');
const EXIFTOOL = '/usr/bin/exiftool';

type Value = string | number;
interface Expected {
  file_type: string;
  gps: { latitude: number; longitude: number } | null;
  make: string | null;
  model: string | null;
  date_time_original: string | null;
  software: Record<string, Value> | null;
  creator: Record<string, Value> | null;
  serials: Record<string, Value> | null;
  thumbnail: boolean;
  thumbnail_bytes: number | null;
  icc_profile: string | null;
  orientation: number | null;
}

/** exiftool groups that are standard fields; any other group holding a serial is a maker note. */
const STANDARD_GROUPS = /^(IFD0|ExifIFD|XMP-.*|IPTC)$/;
const same = (ours: string, theirs: Value) => (typeof theirs === 'number' ? Number(ours) === theirs : ours === theirs);

if (!existsSync(EXPECTED)) {
  test.skip(`SKIPPED: the image corpus is not at ${CORPUS} (../shared/fixtures/images); corpus tests need it`, () => undefined);
} else {
  const expected = (JSON.parse(readFileSync(EXPECTED, 'utf8')) as { files: Record<string, Expected> }).files;
  const files = Object.keys(expected).filter((name) => detectImageType(readFileSync(join(CORPUS, name))));
  const bytesOf = (name: string) => new Uint8Array(readFileSync(join(CORPUS, name)));
  const read = new Map<string, ImageMetadata>();
  const makerNoteCoverage: string[] = [];

  beforeAll(async () => {
    for (const name of files) read.set(name, await readImageMetadata(bytesOf(name)));
  });

  afterAll(() => {
    const found = makerNoteCoverage.filter((line) => line.startsWith('found')).length;
    process.stdout.write(`\nMaker-note serials (exiftool's, outside the standard fields): ${found}/${makerNoteCoverage.length} found\n  ${makerNoteCoverage.join('\n  ')}\n`);
  });

  test('every corpus file is a supported type', () => {
    expect(files).toHaveLength(Object.keys(expected).length);
    expect(files.length).toBeGreaterThanOrEqual(19);
  });

  describe.each(files)('%s: what exiftool finds', (name) => {
    const want = expected[name];
    const m = () => read.get(name)!;

    test('GPS within 1e-5 (0,0 recognised as a placeholder)', () => {
      if (!want.gps) {
        expect(m().gps).toEqual([]);
        return;
      }
      const fix = m().gps[0];
      expect(fix).toBeDefined();
      expect(Math.abs(fix.latitude - want.gps.latitude)).toBeLessThanOrEqual(1e-5);
      expect(Math.abs(fix.longitude - want.gps.longitude)).toBeLessThanOrEqual(1e-5);
      expect(fix.placeholder).toBe(want.gps.latitude === 0 && want.gps.longitude === 0);
    });

    test('make and model', () => {
      expect(m().make?.value ?? null).toBe(want.make);
      expect(m().model?.value ?? null).toBe(want.model);
    });

    test('DateTimeOriginal', () => {
      const original = m().times.find((t) => /DateTimeOriginal$/.test(t.origin));
      expect(original?.value ?? null).toBe(want.date_time_original);
    });

    test('software', () => {
      for (const value of Object.values(want.software ?? {})) {
        expect(m().software.some((s) => same(s.value, value))).toBe(true);
      }
    });

    test('creator fields (Artist, dc:creator, By-line, XPAuthor, OwnerName)', () => {
      for (const value of Object.values(want.creator ?? {})) {
        expect(m().people.map((p) => p.value)).toContain(String(value));
      }
    });

    test('serial numbers wherever exiftool finds them outside maker notes (sentinels such as all zeros set aside as placeholders)', () => {
      for (const [field, value] of Object.entries(want.serials ?? {})) {
        if (/^0+$/.test(String(value))) {
          expect({ field, reported: m().serials.some((s) => same(s.value, value)), setAside: m().placeholders.some((p) => same(p.value, value)) }).toEqual({ field, reported: false, setAside: true });
          continue;
        }
        const found = m().serials.some((s) => same(s.value, value));
        const group = field.split(':')[0];
        if (STANDARD_GROUPS.test(group)) expect({ field, found }).toEqual({ field, found: true });
        else makerNoteCoverage.push(`${found ? 'found' : 'MISSED'} ${name} ${field} = ${value}`);
      }
    });

    test('thumbnail and ICC profile', () => {
      if (want.thumbnail && want.thumbnail_bytes) {
        expect(m().embeddedImages.map((i) => i.byteLength)).toContain(want.thumbnail_bytes);
      }
      // exiftool's flag covers IFD1 thumbnails and maker-note previews; we also report Photoshop's own thumbnail.
      if (!want.thumbnail) expect(m().embeddedImages.filter((i) => /IFD1|maker notes/.test(i.origin))).toEqual([]);
      if (want.icc_profile) expect(m().iccProfile).toBe(want.icc_profile);
    });
  });

  describe('strip', () => {
    const stripped = new Map<string, Uint8Array>();
    beforeAll(() => {
      for (const name of files) stripped.set(name, stripMetadata(bytesOf(name)).bytes);
    });

    test.each(files)('%s: decoded pixels are identical', async (name) => {
      const decode = (bytes: Uint8Array) => sharp(bytes, { pages: -1, failOn: 'none' }).raw().toBuffer({ resolveWithObject: true });
      const [before, after] = await Promise.all([decode(bytesOf(name)), decode(stripped.get(name)!)]);
      expect(after.info).toEqual(before.info);
      expect(Buffer.compare(after.data, before.data)).toBe(0);
    });

    test.each(files)('%s: re-analysed, nothing personal is left', async (name) => {
      const analysis = analyzeImageMetadata(await readImageMetadata(stripped.get(name)!.slice()));
      expect(analysis).toEqual({ riskScore: 0, findings: [] });
    });

    const exiftool = existsSync(EXIFTOOL) ? test : test.skip;
    exiftool(`exiftool finds no GPS, serial, creator, date, software, XMP or IPTC in any stripped file${existsSync(EXIFTOOL) ? '' : ` (SKIPPED: ${EXIFTOOL} is missing)`}`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'fp-strip-'));
      try {
        const paths = files.map((name) => {
          const path = join(dir, name);
          writeFileSync(path, stripped.get(name)!);
          return path;
        });
        const records = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-G1', '-a', '-n', ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })) as Array<Record<string, unknown>>;
        const leaks: string[] = [];
        for (const record of records) {
          const file = String(record.SourceFile).replace(`${dir}/`, '');
          for (const key of Object.keys(record)) {
            const [group, tag = ''] = key.split(':');
            // The file system's dates, exiftool's own notes, and the kept colour profile's creation date are not the photo's.
            if (/^(System|File|ExifTool|Composite)$/.test(group) || key === 'SourceFile') continue;
            const problem =
              (/GPS/i.test(key) && 'GPS') ||
              (/Serial/i.test(tag) && 'serial') ||
              (/^(Artist|Creator|By-line|XPAuthor|OwnerName|Author|Copyright|Rights)$/i.test(tag) && 'creator') ||
              (/(Date|Time)/.test(tag) && !/^ICC/.test(group) && 'date') ||
              (/Software|CreatorTool/i.test(tag) && 'software') ||
              (/^XMP/.test(group) && 'XMP') ||
              (/^(IPTC|Photoshop)$/.test(group) && 'IPTC');
            if (problem) leaks.push(`${file}: ${problem} ${key}=${JSON.stringify(record[key])}`);
          }
        }
        expect(leaks).toEqual([]);
        // A photo taken sideways stays upright: JPEG and WebP keep a non-default orientation (TIFF keeps
        // its structural Orientation tag; PNG has no place for one but eXIf, which is dropped).
        const turned = files.filter((name) => (expected[name].orientation ?? 1) !== 1 && !/\.png$/i.test(name));
        expect(turned.length).toBeGreaterThan(0);
        const orientations = Object.fromEntries(records.map((r) => [String(r.SourceFile).replace(`${dir}/`, ''), r['IFD0:Orientation']]));
        expect(Object.fromEntries(turned.map((name) => [name, orientations[name]]))).toEqual(Object.fromEntries(turned.map((name) => [name, expected[name].orientation])));
        expect(records).toHaveLength(files.length);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
