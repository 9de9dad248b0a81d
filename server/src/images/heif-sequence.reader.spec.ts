/**
 * Image sequences (animated AVIF, HEIF bursts): the movie, track and media headers' dates and the
 * user data's places, devices and names are reported, and the strip leaves none of them (checked
 * with exiftool where it is installed), the samples kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSequence, quicktimeKeys, udtaText } from '../../../test/support/sequence-fixtures';
import { latin1 } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import { iso6709 } from './heif-sequence.reader';
import { readImageMetadata } from './image-metadata.reader';

const EXIFTOOL = '/usr/bin/exiftool';

const burst = (version: 0 | 1) =>
  imageSequence({
    date: '2018-03-09T14:16:50Z',
    version,
    major: 'hevs',
    udta: [udtaText('\xa9xyz', '+48.8584+002.2945+035.000/'), udtaText('\xa9mak', 'Apple'), udtaText('\xa9ART', 'Jane Roe')],
    moovMeta: quicktimeKeys([
      ['com.apple.quicktime.model', 'iPhone 8'],
      ['com.apple.quicktime.location.ISO6709', '+40.7128-074.0060/'],
    ]),
  });

describe('image sequences: movie headers and user data', () => {
  test.each([0, 1] as const)('the headers\' dates (version %i), the udta location, make, artist and the QuickTime keys are read', async (version) => {
    const m = await readImageMetadata(burst(version));
    expect(m.times.filter((t) => t.origin.startsWith('HEIF sequence')).map((t) => [t.value, t.kind])).toEqual([
      ['2018:03:09 14:16:50', 'digitized'],
      ['2018:03:09 14:16:50', 'digitized'],
      ['2018:03:09 14:16:50', 'digitized'],
    ]);
    expect(m.gps.map((g) => [g.latitude, g.longitude, g.altitude])).toEqual([
      [48.8584, 2.2945, 35],
      [40.7128, -74.006, undefined],
    ]);
    expect(m.make?.value).toBe('Apple');
    expect(m.model?.value).toBe('iPhone 8');
    expect(m.people.map((p) => p.value)).toEqual(['Jane Roe']);
  });

  test('the check scores what it finds (it scored 0 before: the dates were not read)', async () => {
    const check = await checkImage(imageSequence({ date: '2018-03-09T14:16:50Z' }));
    expect(check.findings.map((f) => f.category)).toContain('capture_time');
    expect(check.riskScore).toBeGreaterThan(0);
  });

  test('unset (0) and impossible header times are not dates', async () => {
    const m = await readImageMetadata(imageSequence({}));
    expect(m.times).toEqual([]);
  });

  test('ISO 6709 in degrees, degrees-minutes and degrees-minutes-seconds', () => {
    expect(iso6709('+48.8584+002.2945/')).toEqual({ latitude: 48.8584, longitude: 2.2945, altitude: undefined });
    expect(iso6709('+4851.504+00217.670/')).toMatchObject({ latitude: 48 + 51.504 / 60, longitude: 2 + 17.67 / 60 });
    expect(iso6709('-335130+1511230+10/')).toMatchObject({ latitude: -(33 + 51 / 60 + 30 / 3600), longitude: 151 + 12 / 60 + 30 / 3600, altitude: 10 });
    expect(iso6709('somewhere')).toBeUndefined();
  });

  test.each([0, 1] as const)('the strip zeroes the headers\' dates (version %i) and drops the user data, keeping the sample where its chunk offset says', async (version) => {
    const input = burst(version);
    const { bytes } = stripMetadata(input);
    const after = await readImageMetadata(bytes);
    expect({ times: after.times, gps: after.gps, people: after.people, make: after.make, model: after.model }).toEqual({ times: [], gps: [], people: [], make: undefined, model: undefined });
    expect(latin1(bytes)).not.toMatch(/Jane|iPhone|Apple|\+48\.8/);
    // Same size headers: the moov box shrinks only by the user data.
    const text = latin1(bytes);
    const stco = text.indexOf('stco');
    const offset = new DataView(bytes.buffer, bytes.byteOffset).getUint32(stco + 12);
    expect(text.slice(offset, offset + 15)).toBe('SEQUENCE-SAMPLE');
  });

  const withExiftool = existsSync(EXIFTOOL) ? test : test.skip;
  withExiftool('exiftool finds no date, place, device or name in the strip output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'seq-strip-'));
    try {
      const path = join(dir, 'clean.heic');
      writeFileSync(path, stripMetadata(burst(1)).bytes);
      const out = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-a', '-G1', path], { encoding: 'utf8' }))[0] as Record<string, unknown>;
      const personal = Object.entries(out).filter(([key, value]) => /GPS|Make|Model|Artist|Author/.test(key) || (/Date/.test(key) && !key.startsWith('System:') && value !== '0000:00:00 00:00:00'));
      expect(personal).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
