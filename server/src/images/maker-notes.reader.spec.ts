/**
 * Maker notes of each vendor, generated in code in the vendor's layout (test/support/
 * maker-note-fixtures.ts). Our reader must find the serials and names in them; where exiftool is
 * installed, it must read every serial number exiftool reads from the same files (the target:
 * serials found wherever exiftool finds them), and the count is printed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concat, exifApp1, exifTiff, ifdAt, jpegWith, TagValue, tinyJpeg } from '../../../test/support/image-fixtures';
import { MAKER_NOTE_CASES, makerNoteJpeg } from '../../../test/support/maker-note-fixtures';
import { analyzeImageMetadata } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';

const EXIFTOOL = '/usr/bin/exiftool';

describe.each(MAKER_NOTE_CASES.map((c) => [c.name, c] as const))('maker notes: %s', (_, c) => {
  it('yields its serial numbers, names, places and comments', async () => {
    const m = await readImageMetadata(makerNoteJpeg(c));
    expect(m.makerNotes?.decoded).toBe(true);
    // Exactly these: a value read from the wrong base (the *ist D's 0x98989898 filler) is no serial.
    expect(m.serials.map((s) => s.value).sort()).toEqual([...c.serials].sort());
    expect(m.serials.every((s) => s.inMakerNotes)).toBe(true);
    if (c.people) expect(m.people.map((p) => p.value)).toEqual(expect.arrayContaining(c.people));
    if (c.places) expect(m.places.map((p) => p.value)).toEqual(expect.arrayContaining(c.places));
    if (c.comments) expect(m.comments.map((p) => p.value)).toEqual(expect.arrayContaining(c.comments));
    expect(m.unreadable).toEqual([]);
    // A decoded note is no "may hold a serial" hint: what it holds is reported instead.
    expect(analyzeImageMetadata(m).findings.map((f) => f.category)).not.toContain('maker_notes');
  });
});

describe('forgiving reading', () => {
  const panasonic = (position: number, le: boolean) => concat(new TextEncoder().encode('Panasonic\0\0\0'), ifdAt({ 0x0025: { type: 'ascii', value: 'F540509210064' }, 0x0066: { type: 'ascii', value: 'Emma with a long name' } }, le, position + 12, 0));

  it('values counted from the wrong base (the note instead of the TIFF header) are still found', async () => {
    // Offsets written relative to the note's own start, where the layout says the TIFF header.
    const note: TagValue = { type: 'undefined', value: concat(new TextEncoder().encode('Panasonic\0\0\0'), ifdAt({ 0x0025: { type: 'ascii', value: 'F540509210064' }, 0x0066: { type: 'ascii', value: 'Emma with a long name' } }, true, 12, 0)) };
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exifTiff({ littleEndian: true, make: 'Panasonic', makerNote: note }))]));
    expect(m.serials.map((s) => s.value)).toEqual(['F540509210064']);
    expect(m.people.map((p) => p.value)).toEqual(['Emma with a long name']);
  });

  it('a note in the other byte order than its TIFF block is read', async () => {
    const note: TagValue = { type: 'placed', build: (position) => panasonic(position, false) };
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exifTiff({ littleEndian: true, make: 'Panasonic', makerNote: note }))]));
    expect(m.serials.map((s) => s.value)).toEqual(['F540509210064']);
  });

  it('a note whose declared size runs past the EXIF block is read as far as the block goes, and the damage is named', async () => {
    const note: TagValue = { type: 'placed', build: (position) => panasonic(position, true) };
    const exif = exifTiff({ littleEndian: true, make: 'Panasonic', makerNote: note });
    // Raise the maker note's count far past the block.
    const view = new DataView(exif.buffer, exif.byteOffset);
    const at = Buffer.from(exif).indexOf(Buffer.from([0x7c, 0x92, 0x07, 0x00]));
    view.setUint32(at + 4, 1_000_000, true);
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exif)]));
    expect(m.serials.map((s) => s.value)).toEqual(['F540509210064']);
    expect(m.unreadable).toEqual(['Panasonic maker notes: size (runs past the EXIF block)']);
  });

  it('one damaged field loses only itself', async () => {
    const note: TagValue = { type: 'placed', build: (position) => panasonic(position, true) };
    const exif = exifTiff({ littleEndian: true, make: 'Panasonic', makerNote: note });
    // Point BabyName (0x0066) outside the block.
    const at = Buffer.from(exif).indexOf(Buffer.from([0x66, 0x00, 0x02, 0x00]));
    new DataView(exif.buffer, exif.byteOffset).setUint32(at + 8, 0x7fffff, true);
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exif)]));
    expect(m.serials.map((s) => s.value)).toEqual(['F540509210064']);
    expect(m.unreadable).toEqual(['Panasonic maker notes: BabyName (damaged)']);
  });

  it('an unknown vendor: present, not decoded, and said so', async () => {
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'Zeiss', makerNote: { type: 'undefined', value: new Uint8Array(40).fill(3) } }))]));
    expect(m.makerNotes).toEqual({ vendor: 'Zeiss', decoded: false, byteLength: 40 });
    expect(analyzeImageMetadata(m).findings.find((f) => f.category === 'maker_notes')?.description).toContain('Maker notes from Zeiss present');
  });
});

const exiftool = existsSync(EXIFTOOL) ? describe : describe.skip;
exiftool(`against exiftool${existsSync(EXIFTOOL) ? '' : ` (SKIPPED: ${EXIFTOOL} is missing)`}`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fp-makernotes-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Serial values compared loosely: exiftool prints some with prefixes, separators or zero padding. */
  const loose = (value: unknown) => String(value).toLowerCase().replace(/^0x/, '').replace(/[^a-z0-9]/g, '').replace(/^0+/, '');

  it('finds every serial number exiftool finds in the generated maker notes', async () => {
    const paths = MAKER_NOTE_CASES.map((c, i) => {
      const path = join(dir, `case-${i}.jpg`);
      writeFileSync(path, makerNoteJpeg(c));
      return path;
    });
    // -G1:4 names a repeated tag's copies apart (Copy1...): JSON keeps only one value per key.
    const read = (n: boolean) => JSON.parse(execFileSync(EXIFTOOL, ['-j', '-G1:4', '-a', ...(n ? ['-n'] : []), ...paths], { encoding: 'utf8' })) as Array<Record<string, unknown>>;
    const printed = read(false);
    const raw = read(true);
    const lines: string[] = [];
    let theirs = 0;
    let found = 0;
    for (const [i, c] of MAKER_NOTE_CASES.entries()) {
      const ours = (await readImageMetadata(makerNoteJpeg(c))).serials.map((s) => loose(s.value));
      const keys = Object.keys(printed[i]).filter((k) => /Serial/.test(k) && !/Format/.test(k));
      for (const key of keys) {
        theirs++;
        const ok = ours.includes(loose(printed[i][key])) || ours.includes(loose(raw[i][key]));
        if (ok) found++;
        lines.push(`${ok ? 'found ' : 'MISSED'} ${c.name}: ${key} = ${String(printed[i][key])}`);
      }
      // And the other way: no serial of ours that exiftool does not read (a value from a wrong base).
      const known = keys.flatMap((k) => [loose(printed[i][k]), loose(raw[i][k])]);
      for (const value of ours.filter((v) => !known.includes(v))) lines.push(`EXTRA  ${c.name}: ${value}`);
    }
    process.stdout.write(`\nSerial numbers exiftool reads in the generated maker notes: ${found} of ${theirs} found by the check\n  ${lines.join('\n  ')}\n`);
    expect(theirs).toBeGreaterThanOrEqual(MAKER_NOTE_CASES.length);
    expect(lines.filter((l) => l.startsWith('MISSED') || l.startsWith('EXTRA'))).toEqual([]);
  });
});
