import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ascii, cameraExif, canonMakerNote, exifTiff, iptcIim, photoshopResources, utf8, xmpPacket } from '../../../test/support/image-fixtures';
import {
  box,
  exifItemData,
  fakeHvcC,
  fullBox,
  gifApplication,
  gifComment,
  gifWith,
  gifXmp,
  heifFile,
  heifTime,
  iphoneLikeHeic,
  ispe,
  udes,
} from '../../../test/support/heif-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata } from '../browser-shared/metadata-strip/metadata.stripper';
import { analyzeImageMetadata } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';

const values = (items: Array<{ value: string }>) => items.map((i) => i.value);
const XMP = xmpPacket({ creator: 'Jane Doe', gpsLatitude: '48,51.0N', gpsLongitude: '2,17.4E', email: 'jane@example.com' });
const GPS_EXIF = exifTiff({ make: 'Apple', model: 'iPhone 15 Pro', software: '17.4', dateTimeOriginal: '2024:05:01 10:20:30', gps: { latitude: 40.7, longitude: -74.0 }, bodySerial: 'F2LXK0ABC' });

describe('HEIF metadata', () => {
  it('reads an iPhone-like HEIC: Exif (GPS, device, time, serial), XMP and the thumbnail', async () => {
    const m = await readImageMetadata(iphoneLikeHeic({ exif: GPS_EXIF, xmp: XMP }));
    expect(m.type).toBe('heic');
    expect(m.gps.map((g) => [g.latitude.toFixed(2), g.longitude.toFixed(2), g.origin])).toEqual([
      ['40.70', '-74.00', 'EXIF GPS'],
      ['48.85', '2.29', 'XMP exif:GPSLatitude/GPSLongitude'],
    ]);
    expect(m.make?.value).toBe('Apple');
    expect(values(m.serials)).toEqual(['F2LXK0ABC']);
    expect(values(m.people)).toEqual(['Jane Doe']);
    expect(values(m.contacts)).toEqual(['jane@example.com']);
    expect(m.times.map((t) => t.value)).toContain('2024:05:01 10:20:30');
    expect(m.embeddedImages).toEqual([{ kind: 'thumbnail', origin: 'HEIF thumbnail image (item 6)', byteLength: 24, width: 32, height: 24 }]);
    expect(m.unreadable).toEqual([]);
  });

  it('reads maker notes inside a HEIC Exif item, deflated XMP, descriptive properties, other metadata items and unused data', async () => {
    const exif = exifTiff({ make: 'Canon', makerNote: canonMakerNote({ ownerName: 'Jane Roe', serialNumber: 4242 }) });
    const file = heifFile({
      primary: 1,
      items: [
        { id: 1, type: 'hvc1', data: new Uint8Array(40).fill(1), properties: [fakeHvcC(), ispe(8, 8), udes('Beach', 'Jane and Tom', 'holiday'), heifTime('crtt', '2024-07-01T09:00:00Z')] },
        { id: 2, type: 'Exif', data: exifItemData(exif) },
        { id: 3, type: 'mime', contentType: 'application/rdf+xml', contentEncoding: 'deflate', data: new Uint8Array(deflateSync(utf8(XMP))) },
        { id: 4, type: 'mime', contentType: 'application/c2pa', data: ascii('manifest') },
      ],
      references: [
        { type: 'cdsc', from: 2, to: [1] },
        { type: 'cdsc', from: 3, to: [1] },
        { type: 'cdsc', from: 4, to: [1] },
      ],
      after: [box('uuid', new Uint8Array(16), ascii('vendor'))],
      unusedMedia: new Uint8Array(300),
    });
    const m = await readImageMetadata(file);
    expect(values(m.serials)).toEqual(['4242']);
    expect(m.people.map((p) => [p.value, p.role])).toEqual([['Jane Roe', 'owner'], ['Jane Doe', 'creator']]);
    expect(values(m.comments)).toEqual(['Beach', 'Jane and Tom', 'holiday']);
    expect(m.times).toContainEqual(expect.objectContaining({ value: '2024:07:01 09:00:00', origin: 'HEIF creation time', timeZone: 'Z' }));
    expect(values(m.otherBlocks)).toEqual(['Content Credentials (C2PA) manifest', 'HEIF box "uuid"']);
    expect(m.embeddedImages).toEqual([{ kind: 'trailing-data', origin: 'HEIF media data no image uses', byteLength: 300 }]);
  });

  it('reports a damaged Exif item as unreadable and still reads the rest', async () => {
    const file = heifFile({
      primary: 1,
      items: [
        { id: 1, type: 'hvc1', data: new Uint8Array(40).fill(1), properties: [fakeHvcC(), ispe(8, 8)] },
        { id: 2, type: 'Exif', data: ascii('garbage that is not a TIFF block') },
        { id: 3, type: 'mime', contentType: 'application/rdf+xml', data: utf8(XMP) },
      ],
      references: [{ type: 'cdsc', from: 2, to: [1] }],
    });
    const m = await readImageMetadata(file);
    expect(m.unreadable).toEqual(['HEIF Exif item (damaged or larger than 4 MB)']);
    expect(values(m.people)).toEqual(['Jane Doe']);
  });

  it('refuses a file whose meta box cannot be read', async () => {
    const file = iphoneLikeHeic();
    await expect(readImageMetadata(file.subarray(0, 60))).rejects.toBeInstanceOf(MalformedImageError);
  });

  it('reads an AVIF written by sharp, and finds nothing after the strip', async () => {
    const avif = new Uint8Array(await sharp({ create: { width: 16, height: 16, channels: 3, background: '#345' } }).avif().withExif({ IFD0: { Artist: 'Jane Doe', Copyright: 'Jane Doe 2024' } }).toBuffer());
    const m = await readImageMetadata(avif);
    expect(m.type).toBe('avif');
    expect(m.people.map((p) => p.role)).toEqual(['artist', 'copyright']);
    expect(analyzeImageMetadata(await readImageMetadata(stripMetadata(avif).bytes))).toEqual({ riskScore: 0, findings: [] });
  });

  it('finds nothing in the clean copy of an iPhone-like HEIC', async () => {
    const clean = stripMetadata(iphoneLikeHeic({ exif: cameraExif(), xmp: XMP })).bytes;
    expect(analyzeImageMetadata(await readImageMetadata(clean))).toEqual({ riskScore: 0, findings: [] });
  });

  it('reads XMP in a meta "xml " box and names unknown meta boxes', async () => {
    const file = heifFile({
      primary: 1,
      items: [{ id: 1, type: 'hvc1', data: new Uint8Array(40).fill(1), properties: [fakeHvcC(), ispe(8, 8)] }],
      metaExtra: [fullBox('xml ', 0, 0, utf8(XMP)), box('abcd', ascii('x'))],
    });
    const m = await readImageMetadata(file);
    expect(values(m.people)).toEqual(['Jane Doe']);
    expect(values(m.otherBlocks)).toEqual(['HEIF meta box "abcd"']);
  });
});

describe('GIF metadata', () => {
  let base: Uint8Array;
  beforeAll(async () => {
    base = new Uint8Array(await sharp({ create: { width: 8, height: 6, channels: 3, background: '#a33' } }).gif().toBuffer());
  });

  it('reads comments, XMP, IPTC (ImageMagick blocks), and names other application extensions and trailing data', async () => {
    const gif = gifWith(
      base,
      [
        gifComment('Taken by Jane at 12 Main St, call +1 555 0100'),
        gifXmp(XMP),
        gifApplication('MGKIPTC0000', iptcIim([[2, 80, 'Tom Byline'], [2, 90, 'Lyon']])),
        gifApplication('MGK8BIM0000', photoshopResources(iptcIim([[2, 110, 'Studio Credit']]))),
        gifApplication('VENDOR01ABC', ascii('private')),
      ],
      ascii('hidden after the trailer'),
    );
    const m = await readImageMetadata(gif);
    expect(m.type).toBe('gif');
    expect(values(m.comments)).toEqual(['Taken by Jane at 12 Main St, call +1 555 0100']);
    expect(values(m.people)).toEqual(['Jane Doe', 'Tom Byline', 'Studio Credit']);
    expect(values(m.places)).toEqual(['Lyon']);
    expect(m.gps).toHaveLength(1);
    expect(values(m.otherBlocks)).toEqual(['GIF application extension "VENDOR01ABC"']);
    expect(m.embeddedImages).toEqual([{ kind: 'trailing-data', origin: 'data after the end of the GIF image', byteLength: 24 }]);

    const clean = stripMetadata(gif);
    expect(clean.type).toBe('gif');
    expect(analyzeImageMetadata(await readImageMetadata(clean.bytes))).toEqual({ riskScore: 0, findings: [] });
  });

  it('keeps the pixels and the animation loop, drops the rest', async () => {
    const frames = new Uint8Array(await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3a3' } }).gif({ loop: 3 }).toBuffer());
    const gif = gifWith(frames, [gifComment('secret'), gifXmp(XMP)]);
    const clean = stripMetadata(gif);
    expect(clean.removed).toEqual(['comment', 'application extension "XMP DataXMP"']);
    const [before, after] = await Promise.all([sharp(gif).raw().toBuffer(), sharp(clean.bytes).raw().toBuffer()]);
    expect(Buffer.compare(before, after)).toBe(0);
    expect((await sharp(clean.bytes).metadata()).loop).toBe(3);
  });

  it('a GIF cut short after its image gets its trailer back; one cut inside its image data is refused', async () => {
    const noTrailer = gifWith(base.subarray(0, base.length - 1), [], gifComment('late comment').subarray(0, 5));
    const m = await readImageMetadata(noTrailer);
    expect(m.unreadable[0]).toMatch(/^GIF data from byte/);
    const clean = stripMetadata(noTrailer).bytes;
    expect(clean[clean.length - 1]).toBe(0x3b);
    expect(Buffer.compare(await sharp(clean).raw().toBuffer(), await sharp(base).raw().toBuffer())).toBe(0);
    expect(() => stripMetadata(base.subarray(0, base.length - 4))).toThrow(MalformedImageError);
  });
});
