/**
 * Names are people only when they are not the file's own device, a device's model name, the
 * software or a camera's default line; sentinel serials are not serials; vendors' fields decoded
 * as exiftool does (Kodak's CameraOwner past its character-code prefix, FLIR's hemisphere
 * references, Latin-1 text).
 */
import { ascii, concat, exifApp1, exifTiff, jpegWith, tinyJpeg, type ExifSpec } from '../../../test/support/image-fixtures';
import { flirApp1, kodakMetaApp3 } from '../../../test/support/vendor-block-fixtures';
import { analyzeImageMetadata } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';
import { isSerialSentinel, notAPersonReason } from './metadata-values.util';

const jpeg = (spec: ExifSpec, extra: Uint8Array[] = []) => jpegWith(tinyJpeg(), [exifApp1(exifTiff(spec)), ...extra]);
const hostComputer = (value: string) => ({ 0x013c: { type: 'ascii' as const, value } });

describe('device strings and camera defaults are not people', () => {
  test.each([
    ['an iPhone whose HostComputer is its model', { make: 'Apple', model: 'iPhone 13 Pro Max', ifd0: hostComputer('iPhone 13 Pro Max') }],
    ['a HostComputer naming a device kind without the file saying so', { make: 'Apple', model: 'iPhone 12', ifd0: hostComputer('iPad Pro (12.9-inch)') }],
    ['a Kodak DC240 whose Copyright is its own model', { make: 'EASTMAN KODAK COMPANY', model: 'KODAK DC240 ZOOM DIGITAL CAMERA', copyright: 'KODAK DC240 ZOOM DIGITAL CAMERA' }],
    ["Ricoh's default copyright line", { make: 'RICOH', model: 'RDC-5300', copyright: '(C) by RDC-5300 User' }],
    ["Ricoh's default line with another model", { make: 'RICOH', model: 'Caplio RR1', copyright: '(C) by Caplio Pro G3 User' }],
    ["Ricoh's Credit default", { make: 'RICOH', model: 'Caplio RR30', artist: 'CREDIT' }],
    ['an Artist that is the software', { make: 'Canon', model: 'Canon EOS 5D', software: 'Adobe Photoshop 7.0', artist: 'Adobe Photoshop 7.0' }],
  ])('%s: a placeholder, not an owner finding', async (_, spec) => {
    const m = await readImageMetadata(jpeg(spec as ExifSpec));
    expect(m.people).toEqual([]);
    expect(m.placeholders.length).toBeGreaterThan(0);
    expect(analyzeImageMetadata(m).findings.map((f) => f.category)).not.toContain('owner_identity');
  });

  test.each([
    ["a person's own device name", "Jane's iPhone"],
    ['a real name', 'Jane Roe'],
    ['a copyright with a name', '(C) 2021 Jane Roe'],
  ])('%s stays a name', async (_, value) => {
    const m = await readImageMetadata(jpeg({ make: 'Apple', model: 'iPhone 13 Pro Max', ifd0: hostComputer(value) }));
    expect(m.people.map((p) => p.value)).toEqual([value]);
  });

  test('the reasons given', () => {
    const device = { make: 'Canon', model: 'Canon EOS 5D', software: ['Digital Photo Professional'] };
    expect(notAPersonReason('Canon EOS 5D', device)).toBe('device');
    expect(notAPersonReason('Copyright Canon EOS 5D owner', device)).toBe('camera default');
    expect(notAPersonReason('Digital Photo Professional', device)).toBe('software');
    expect(notAPersonReason('Jane Roe', device)).toBeUndefined();
  });

  test("a DC240's CameraOwner is decoded past its UNICODE prefix (not read as 'UNICODE')", async () => {
    const utf16be = (text: string) => concat(...[...text].map((ch) => new Uint8Array([0, ch.charCodeAt(0)])));
    const owner = concat(ascii('UNICODE\0'), utf16be('Jane Roe'));
    const m = await readImageMetadata(jpeg({ make: 'EASTMAN KODAK COMPANY', model: 'KODAK DC240 ZOOM DIGITAL CAMERA' }, [kodakMetaApp3(owner, 'KCKCH53810034')]));
    expect(m.people.map((p) => [p.value, p.origin])).toEqual([['Jane Roe', 'Kodak Meta CameraOwner']]);
    const ascii8 = concat(ascii('ASCII\0\0\0'), ascii('Tom Poe'));
    const m2 = await readImageMetadata(jpeg({ make: 'EASTMAN KODAK COMPANY', model: 'KODAK DC240 ZOOM DIGITAL CAMERA' }, [kodakMetaApp3(ascii8, 'KCKCH53810034')]));
    expect(m2.people.map((p) => p.value)).toEqual(['Tom Poe']);
  });
});

describe('sentinel serials', () => {
  test.each(['No Lens', '0000000000', '00000000', 'FFFFFFFF', '98989898', '2560137368', '4294967295', 'none'])('%s is not a serial', (value) => {
    expect(isSerialSentinel(value)).toBe(true);
  });

  test.each(['1046111', '4242', 'SN-0123456789', '083024003204', 'K0024263', '330100138'])('%s is a serial', (value) => {
    expect(isSerialSentinel(value)).toBe(false);
  });

  test('a lens serial of zeros and "No Lens" are set aside; the body serial is reported', async () => {
    const m = await readImageMetadata(jpeg({ make: 'Canon', model: 'Canon EOS 5D', bodySerial: '083024003204', lensSerial: '0000000000' }));
    expect(m.serials.map((s) => s.value)).toEqual(['083024003204']);
    expect(m.placeholders.map((p) => p.value)).toContain('0000000000');
    const noLens = await readImageMetadata(jpeg({ make: 'Canon', model: 'Canon EOS 5D', lensSerial: 'No Lens' }));
    expect(noLens.serials).toEqual([]);
  });
});

describe('text decoded as exiftool does', () => {
  test('Latin-1 EXIF text (an ASCII-typed field with bytes over 0x7F) is read as letters, not replacement characters', async () => {
    // exifTiff writes 'ascii' values one byte per character: "é" and "ü" become the Latin-1 bytes E9 and FC.
    const m = await readImageMetadata(jpeg({ make: 'Canon', model: 'Canon EOS 5D', artist: 'Ren\u00e9 M\u00fcller', copyright: 'Fran\u00e7ois' }));
    expect(m.people.map((p) => p.value)).toEqual(['Ren\u00e9 M\u00fcller', 'Fran\u00e7ois']);
  });

  test('FLIR longitude written unsigned with a West reference is west', async () => {
    const flir = flirApp1({ model: 'FLIR E8', serial: '63912345', lensSerial: 'L1234', time: 1_600_000_000, zoneMinutes: 0, latitude: 40.7128, longitude: 74.006, longitudeRef: 'W' });
    const m = await readImageMetadata(jpegWith(tinyJpeg(), flir));
    expect(m.gps.map((g) => [g.latitude, g.longitude])).toEqual([[40.7128, -74.006]]);
  });
});
