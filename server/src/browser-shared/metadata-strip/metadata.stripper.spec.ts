import sharp from 'sharp';
import {
  adobeApp14,
  ascii,
  cameraExif,
  comSegment,
  concat,
  eXIf,
  exifApp1,
  exifTiff,
  grayPng,
  iptcApp13,
  iptcIim,
  iTXt,
  jfifApp0,
  jpegSegment,
  jpegWith,
  photoshopResources,
  pngChunk,
  rgbTiff,
  riffChunk,
  tEXt,
  thumbnailIfd,
  tIME,
  tinyJpeg,
  tiffMetadataTags,
  webpImageChunk,
  webpWith,
  xmpApp1,
  xmpPacket,
  zTXt,
} from '../../../../test/support/image-fixtures';
import { latin1 } from './bytes.util';
import { detectImageType } from './image-upload.rules';
import { readJpegHeader } from './jpeg-segments.reader';
import { exifOrientation } from './jpeg.stripper';
import { MalformedImageError, stripMetadata, UnsupportedImageError } from './metadata.stripper';
import { pngChunks } from './png.stripper';
import { findEntry, IfdReader } from './tiff-ifd.reader';
import { TIFF_STRUCTURAL_TAGS } from './tiff.stripper';
import { webpChunks } from './webp.stripper';

const RAW = { width: 16, height: 12, channels: 3 as const };
function pixels(): Buffer {
  const px = Buffer.alloc(RAW.width * RAW.height * RAW.channels);
  for (let i = 0; i < px.length; i++) px[i] = (i * 7 + (i >> 5)) & 0xff;
  return px;
}

async function decoded(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes).raw().toBuffer();
}

async function expectSamePixels(before: Uint8Array, after: Uint8Array) {
  const [a, b] = await Promise.all([decoded(before), decoded(after)]);
  expect(b.length).toBeGreaterThan(0);
  expect(Buffer.compare(a, b)).toBe(0);
}

const contains = (bytes: Uint8Array, text: string) => latin1(bytes).includes(text);

/** JPEG segments as [marker, payload-start-text]. */
function jpegMarkers(bytes: Uint8Array): Array<{ marker: number; id: string }> {
  const out: Array<{ marker: number; id: string }> = [];
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    const marker = bytes[pos + 1];
    if (marker === 0xd9) break;
    const length = (bytes[pos + 2] << 8) | bytes[pos + 3];
    out.push({ marker, id: latin1(bytes, pos + 4, pos + 4 + 12).replace(/[^\x20-\x7e]/g, '.') });
    if (marker === 0xda) break;
    pos += 2 + length;
  }
  return out;
}

/** Everything from the first SOS marker to the end. */
function scanData(bytes: Uint8Array): Uint8Array {
  for (let i = 2; i < bytes.length - 1; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) return bytes.subarray(i);
  throw new Error('no SOS');
}

const GPS_EXIF = cameraExif({ software: 'Editor 1.0', dateTime: '2021:06:01 12:30:45' });
/** The same, upright: nothing of it is kept. */
const UPRIGHT_EXIF = cameraExif({ software: 'Editor 1.0', dateTime: '2021:06:01 12:30:45', orientation: 1 });

describe('detectImageType', () => {
  it('knows the types by their magic bytes and nothing else', () => {
    expect(detectImageType(tinyJpeg())).toBe('jpeg');
    expect(detectImageType(grayPng())).toBe('png');
    expect(detectImageType(rgbTiff({}))).toBe('tiff');
    expect(detectImageType(rgbTiff({ littleEndian: false }))).toBe('tiff');
    expect(detectImageType(concat(ascii('RIFF'), new Uint8Array(4), ascii('WEBPVP8L')))).toBe('webp');
    expect(detectImageType(concat(new Uint8Array([0, 0, 0, 0x18]), ascii('ftypheic'), new Uint8Array(12)))).toBe('heic');
    expect(detectImageType(concat(new Uint8Array([0, 0, 0, 0x18]), ascii('ftypisom'), new Uint8Array(12)))).toBeUndefined();
    expect(detectImageType(ascii('GIF89a......'))).toBe('gif');
    expect(detectImageType(ascii('GIF90a......'))).toBeUndefined();
    expect(detectImageType(concat(ascii('RIFF'), new Uint8Array(4), ascii('WAVEfmt ')))).toBeUndefined();
    expect(detectImageType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });

  it('refuses other types with the spec message', () => {
    expect(() => stripMetadata(ascii('BM6......'))).toThrow(UnsupportedImageError);
    expect(() => stripMetadata(ascii('BM6......'))).toThrow('Please upload a JPEG, PNG, TIFF, WebP, HEIC, AVIF, or GIF image');
  });
});

describe('JPEG', () => {
  let base: Uint8Array;
  let withIcc: Uint8Array;
  beforeAll(async () => {
    base = new Uint8Array(await sharp(pixels(), { raw: RAW }).jpeg({ quality: 90 }).toBuffer());
    withIcc = new Uint8Array(await sharp(pixels(), { raw: RAW }).withIccProfile('srgb').jpeg({ progressive: true }).toBuffer());
  });

  function loaded(b: Uint8Array) {
    return jpegWith(
      concat(b.subarray(0, 2), jfifApp0({ width: 2, height: 2 }), b.subarray(2)),
      [
        exifApp1(GPS_EXIF),
        xmpApp1(xmpPacket({ creator: 'Jane Doe', gpsLatitude: '48,51.5N' })),
        iptcApp13(photoshopResources(iptcIim([[2, 80, 'Jane Doe'], [2, 90, 'Paris']]), tinyJpeg())),
        jpegSegment(0xe2, concat(ascii('MPF\0'), new Uint8Array(40))),
        jpegSegment(0xec, concat(ascii('Ducky'), new Uint8Array(10))),
        comSegment('shot by jane@example.com'),
        adobeApp14(),
      ],
      concat(ascii('TRAILER'), tinyJpeg()),
    );
  }

  it('keeps JFIF, ICC and Adobe, the image data verbatim, and drops everything else', async () => {
    const input = loaded(withIcc);
    const { bytes, removed, type } = stripMetadata(input);
    expect(type).toBe('jpeg');
    const markers = jpegMarkers(bytes);
    const apps = markers.filter((m) => (m.marker >= 0xe0 && m.marker <= 0xef) || m.marker === 0xfe);
    // In their original order (the fixture put Adobe before the encoder's ICC segment).
    expect(apps.map((m) => m.id.slice(0, 5))).toEqual(['JFIF.', 'Exif.', 'Adobe', 'ICC_P']);
    for (const text of ['Jane Doe', 'Canon', 'Editor', '2021:06:01', '0123456789', 'http://ns.adobe.com/xap', 'Photoshop 3.0', 'MPF', 'Ducky', 'jane@example.com', 'TRAILER']) {
      expect(contains(bytes, text)).toBe(false);
    }
    expect(Buffer.compare(Buffer.from(scanData(bytes)), Buffer.from(scanData(withIcc)))).toBe(0);
    expect(bytes[bytes.length - 2]).toBe(0xff);
    expect(bytes[bytes.length - 1]).toBe(0xd9);
    expect(removed).toEqual(expect.arrayContaining(['JFIF thumbnail', 'APP1 Exif', 'APP13 Photoshop 3.', 'COM', expect.stringMatching(/^trailing data/)]));
    await expectSamePixels(input, bytes);
    // The ICC segment is byte-identical.
    const icc = (b: Uint8Array) => {
      const i = latin1(b).indexOf('ICC_PROFILE');
      const length = (b[i - 2] << 8) | b[i - 1];
      return Buffer.from(b.subarray(i - 4, i - 2 + length));
    };
    expect(Buffer.compare(icc(bytes), icc(withIcc))).toBe(0);
  });

  it('carries a non-default orientation in a minimal EXIF block with only that tag', () => {
    const { bytes } = stripMetadata(loaded(base));
    const i = latin1(bytes).indexOf('Exif\0\0');
    const tiff = bytes.subarray(i + 6, i + 6 + 26);
    expect(exifOrientation(tiff)).toBe(6);
    const reader = IfdReader.fromTiffHeader(tiff);
    const ifd0 = reader.readIfd(reader.firstIfdOffset);
    expect(ifd0.entries.map((e) => e.tag)).toEqual([0x0112]);
    expect(ifd0.nextOffset).toBe(0);
  });

  it('adds no EXIF at all when the orientation is the default', () => {
    const input = jpegWith(base, [exifApp1(exifTiff({ make: 'Apple', orientation: 1, gps: { latitude: 1, longitude: 2 } }))]);
    const { bytes } = stripMetadata(input);
    expect(contains(bytes, 'Exif')).toBe(false);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(base))).toBe(0);
  });

  it('leaves a clean JPEG byte-identical and is idempotent', () => {
    expect(Buffer.compare(Buffer.from(stripMetadata(base).bytes), Buffer.from(base))).toBe(0);
    const once = stripMetadata(loaded(base)).bytes;
    expect(Buffer.compare(Buffer.from(stripMetadata(once).bytes), Buffer.from(once))).toBe(0);
  });

  it('keeps a hand-made decodable JPEG decodable', async () => {
    const input = jpegWith(tinyJpeg(), [exifApp1(GPS_EXIF), comSegment('hello')]);
    const { bytes } = stripMetadata(input);
    await expectSamePixels(input, bytes);
  });

  it('refuses damaged files with MalformedImageError', () => {
    const good = loaded(base);
    expect(() => stripMetadata(good.subarray(0, 40))).toThrow(MalformedImageError);
    const noFrame = concat(new Uint8Array([0xff, 0xd8]), comSegment('x'), new Uint8Array([0xff, 0xd9]));
    expect(() => stripMetadata(noFrame)).toThrow(MalformedImageError);
    const badLength = concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]), new Uint8Array(10));
    expect(() => stripMetadata(badLength)).toThrow(MalformedImageError);
    const garbage = concat(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]), new Uint8Array([0, 4, 0, 0]), new Uint8Array([1, 2, 3]));
    expect(() => stripMetadata(garbage)).toThrow(MalformedImageError);
  });

  it('cleans a file damaged after its first scan: the rest, to the end-of-image marker, is copied as image data', () => {
    const input = jpegWith(withIcc, [exifApp1(GPS_EXIF)]);
    // Garble the length of a Huffman table between two scans.
    const damaged = input.slice();
    const tableAt = latin1(input).indexOf('\xff\xc4', readJpegHeader(input).sos.end);
    expect(tableAt).toBeGreaterThan(0);
    damaged[tableAt + 2] = 0xff;
    damaged[tableAt + 3] = 0xff;
    const clean = stripMetadata(damaged);
    expect(contains(clean.bytes, 'Canon')).toBe(false);
    const tail = Buffer.from(damaged.subarray(tableAt));
    expect(Buffer.from(clean.bytes).subarray(clean.bytes.length - tail.length).equals(tail)).toBe(true);
  });

  it('completes a truncated scan with an end marker, keeping the data it has', () => {
    const cut = base.subarray(0, base.length - 20);
    const { bytes } = stripMetadata(cut);
    expect(Buffer.compare(Buffer.from(bytes.subarray(0, bytes.length - 2)), Buffer.from(cut))).toBe(0);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });
});

describe('PNG', () => {
  it('keeps critical, colour and animation chunks, drops text, eXIf, tIME, private chunks and trailing data', async () => {
    const input = grayPng({
      width: 5,
      height: 3,
      before: [
        pngChunk('gAMA', new Uint8Array([0, 0, 0xb1, 0x8f])),
        pngChunk('pHYs', new Uint8Array([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
        tEXt('Author', 'Jane Doe'),
        zTXt('Raw profile type exif', 'exif 10 4578'),
        iTXt('XML:com.adobe.xmp', xmpPacket({ creator: 'Jane Doe' }), true),
        eXIf(GPS_EXIF),
        tIME(),
        pngChunk('prVW', new Uint8Array(20)),
        pngChunk('caBX', new Uint8Array(8)),
      ],
      after: [tEXt('parameters', 'a photo of a cat, Steps: 20, Seed: 42')],
      trailing: ascii('junk after the end'),
    });
    const { bytes, removed } = stripMetadata(input);
    expect([...pngChunks(bytes)].map((c) => c.type)).toEqual(['IHDR', 'gAMA', 'pHYs', 'IDAT', 'IEND']);
    expect(removed).toEqual(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME', 'prVW', 'caBX', 'tEXt', 'trailing data (18 bytes)']);
    for (const text of ['Jane', 'Canon', 'parameters', 'junk']) expect(contains(bytes, text)).toBe(false);
    await expectSamePixels(input, bytes);
  });

  it('keeps APNG animation chunks and transparency', () => {
    const input = grayPng({
      before: [pngChunk('acTL', new Uint8Array(8)), pngChunk('fcTL', new Uint8Array(26)), pngChunk('tRNS', new Uint8Array([0, 0])), tEXt('Comment', 'x')],
      after: [pngChunk('fcTL', new Uint8Array(26)), pngChunk('fdAT', new Uint8Array(12))],
    });
    expect([...pngChunks(stripMetadata(input).bytes)].map((c) => c.type)).toEqual(['IHDR', 'acTL', 'fcTL', 'tRNS', 'IDAT', 'fcTL', 'fdAT', 'IEND']);
  });

  it('cleans a file damaged after its image data (ending it with IEND); refuses one damaged before or inside it', async () => {
    const good = grayPng({ before: [tEXt('Author', 'x')], after: [tEXt('Comment', 'late and long comment')] });
    for (const cut of [6, 20, 30]) {
      const clean = stripMetadata(good.subarray(0, good.length - cut));
      expect([...pngChunks(clean.bytes)].map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      await expectSamePixels(good, clean.bytes);
    }
    const cutInData = grayPng();
    expect(() => stripMetadata(cutInData.subarray(0, cutInData.length - 14))).toThrow(MalformedImageError);
  });

  it('refuses truncated and corrupt layouts', () => {
    const good = grayPng({ before: [tEXt('Author', 'x')] });
    expect(() => stripMetadata(good.subarray(0, 40))).toThrow(MalformedImageError);
    const badType = good.slice();
    badType[12] = 0x21; // "!HDR"
    expect(() => stripMetadata(badType)).toThrow(MalformedImageError);
    const hugeLength = good.slice();
    hugeLength[8] = 0x7f;
    expect(() => stripMetadata(hugeLength)).toThrow(MalformedImageError);
  });
});

describe('WebP', () => {
  let lossless: Uint8Array;
  let lossy: Uint8Array;
  beforeAll(async () => {
    lossless = new Uint8Array(await sharp(pixels(), { raw: RAW }).webp({ lossless: true }).toBuffer());
    lossy = new Uint8Array(await sharp(pixels(), { raw: RAW }).webp({ quality: 80 }).toBuffer());
  });

  it.each([
    ['lossless', () => lossless],
    ['lossy', () => lossy],
  ])('drops EXIF, XMP and unknown chunks, clears the VP8X flags and fixes the RIFF size (%s)', async (_kind, image) => {
    const input = webpWith(webpImageChunk(image(), RAW.width, RAW.height), {
      exif: UPRIGHT_EXIF,
      xmp: xmpPacket({ creator: 'Jane Doe' }),
      unknown: ascii('odd'),
    });
    const { bytes, removed } = stripMetadata(input);
    const { chunks } = webpChunks(bytes);
    expect(chunks.map((c) => c.fourcc)).toEqual(['VP8X', image()[15] === 0x4c ? 'VP8L' : 'VP8 ']);
    expect(removed).toEqual(['EXIF', 'XMP', 'ABCD']);
    expect(bytes[20] & 0x0c).toBe(0);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)).toBe(bytes.length - 8);
    expect(contains(bytes, 'Jane')).toBe(false);
    await expectSamePixels(input, bytes);
  });

  it('keeps the ICC profile and its flag', () => {
    const input = webpWith(webpImageChunk(lossless, RAW.width, RAW.height), { icc: new Uint8Array(20).fill(3), exif: UPRIGHT_EXIF });
    const { bytes } = stripMetadata(input);
    expect(webpChunks(bytes).chunks.map((c) => c.fourcc)).toEqual(['VP8X', 'ICCP', 'VP8L']);
    expect(bytes[20]).toBe(0x20);
  });

  it.each([
    ['a bare TIFF', (tiff: Uint8Array) => tiff],
    ['a TIFF behind "Exif\\0\\0"', (tiff: Uint8Array) => concat(ascii('Exif\0\0'), tiff)],
  ])('carries a non-default orientation in a minimal EXIF chunk, its flag kept (%s)', async (_form, wrap) => {
    const exif = wrap(exifTiff({ make: 'Nikon', orientation: 6, artist: 'Jane Doe', gps: { latitude: 1, longitude: 2 } }));
    const input = webpWith(webpImageChunk(lossless, RAW.width, RAW.height), { exif, xmp: xmpPacket({ creator: 'Jane Doe' }) });
    const { bytes, removed } = stripMetadata(input);
    const { chunks } = webpChunks(bytes);
    expect(chunks.map((c) => c.fourcc)).toEqual(['VP8X', 'VP8L', 'EXIF']);
    expect(removed).toEqual(['EXIF', 'XMP']);
    expect(bytes[20] & 0x0c).toBe(0x08);
    const chunk = chunks[2];
    const tiff = bytes.subarray(chunk.dataOffset, chunk.dataOffset + chunk.length);
    expect(exifOrientation(tiff)).toBe(6);
    const reader = IfdReader.fromTiffHeader(tiff);
    expect(reader.readIfd(reader.firstIfdOffset).entries.map((e) => e.tag)).toEqual([0x0112]);
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)).toBe(bytes.length - 8);
    expect(contains(bytes, 'Jane')).toBe(false);
    expect((await sharp(bytes).metadata()).orientation).toBe(6);
    await expectSamePixels(input, bytes);
  });

  it('cleans a file cut short in its metadata; refuses one cut short in its image data, or without any', async () => {
    const input = webpWith(webpImageChunk(lossless, RAW.width, RAW.height), { exif: GPS_EXIF });
    const cutInExif = input.subarray(0, input.length - 10);
    const clean = stripMetadata(cutInExif);
    expect(clean.removed).toContain('damaged chunk "EXIF" at byte ' + latin1(input).indexOf('EXIF'));
    await expectSamePixels(input, clean.bytes);
    const imageLast = webpWith(webpImageChunk(lossless, RAW.width, RAW.height), {});
    expect(() => stripMetadata(imageLast.subarray(0, imageLast.length - 10))).toThrow(MalformedImageError);
    const noImage = concat(ascii('RIFF'), new Uint8Array([12, 0, 0, 0]), ascii('WEBP'), riffChunk('EXIF', new Uint8Array(0)));
    expect(() => stripMetadata(noImage)).toThrow(MalformedImageError);
  });
});

describe('IfdReader.entryOf', () => {
  it('finds the entry findEntry finds in the whole IFD, and refuses what readIfd refuses', () => {
    for (const littleEndian of [true, false]) {
      const tiff = cameraExif({ littleEndian });
      const reader = IfdReader.fromTiffHeader(tiff);
      const ifd0 = reader.readIfd(reader.firstIfdOffset);
      for (const tag of [...ifd0.entries.map((e) => e.tag), 0x9999]) expect(reader.entryOf(reader.firstIfdOffset, tag)).toEqual(findEntry(ifd0, tag));
      expect(reader.uint(reader.entryOf(reader.firstIfdOffset, 0x0112))).toBe(reader.uints(findEntry(ifd0, 0x0112)!)![0]);
      for (const [offset, max] of [[tiff.length - 1, undefined], [tiff.length + 8, undefined], [reader.firstIfdOffset, 2]] as const) {
        const message = (read: () => unknown) => {
          try {
            read();
            return 'read';
          } catch (err) {
            return `${(err as Error).name}: ${(err as Error).message}`;
          }
        };
        expect(message(() => reader.entryOf(offset, 0x010f, max))).toBe(message(() => reader.readIfd(offset, max)));
        expect(message(() => reader.entryOf(offset, 0x010f, max))).not.toBe('read');
      }
    }
  });
});

describe('TIFF', () => {
  const metadataTags = tiffMetadataTags({
    make: 'Parrot',
    model: 'Sequoia',
    software: 'v1',
    dateTime: '2020:01:02 03:04:05',
    artist: 'Jane Doe',
    copyright: 'Jane Doe',
    orientation: 3,
    bodySerial: 'PI040378D25L000046',
    ownerName: 'Jane Doe',
    dateTimeOriginal: '2020:01:02 03:04:05',
    gps: { latitude: 49.18, longitude: 1.65 },
    xmp: xmpPacket({ creator: 'Jane Doe' }),
    iptc: iptcIim([[2, 80, 'Jane Doe']]),
  });

  it.each([true, false])('keeps only structural tags and copies the strips (little endian: %s)', async (littleEndian) => {
    const input = rgbTiff({
      littleEndian,
      strips: 3,
      tags: { ...metadataTags, 50735: { type: 'ascii', value: 'SERIAL-123' }, 33550: { type: 'rational', value: [[1, 1], [1, 1], [0, 1]] } },
      more: [thumbnailIfd(), { tags: rgbTiffPageTags() }],
    });
    const { bytes, removed } = stripMetadata(input);
    const reader = IfdReader.fromTiffHeader(bytes);
    expect(reader.littleEndian).toBe(littleEndian);
    const chain = reader.readChain(reader.firstIfdOffset);
    expect(chain).toHaveLength(2); // the thumbnail is gone, the second page stays
    for (const ifd of chain) for (const entry of ifd.entries) expect(TIFF_STRUCTURAL_TAGS.has(entry.tag)).toBe(true);
    expect(reader.uint(findEntry(chain[0], 274))).toBe(3);
    expect(removed).toEqual(expect.arrayContaining(['tag 271', 'tag 272', 'tag 305', 'tag 306', 'tag 315', 'tag 700', 'tag 33432', 'tag 33723', 'tag 34665', 'tag 34853', 'tag 50735', 'tag 33550', '1 reduced-resolution image(s)']));
    for (const text of ['Jane', 'Parrot', 'Sequoia', 'SERIAL', 'PI0403', '2020:01:02']) expect(contains(bytes, text)).toBe(false);
    await expectSamePixels(input, bytes);
  });

  it.each([
    ['LZW with a predictor, tiled', { compression: 'lzw', predictor: 'horizontal', tile: true, tileWidth: 16, tileHeight: 16 }],
    ['deflate, strips', { compression: 'deflate' }],
    ['JPEG-compressed', { compression: 'jpeg', quality: 80 }],
  ] as const)('keeps %s TIFF images pixel-identical', async (_label, options) => {
    const input = new Uint8Array(await sharp(pixels(), { raw: RAW }).tiff(options).toBuffer());
    const { bytes } = stripMetadata(input);
    await expectSamePixels(input, bytes);
  });

  it('refuses damaged structure', () => {
    const good = rgbTiff({ tags: metadataTags });
    expect(() => stripMetadata(good.subarray(0, 30))).toThrow(MalformedImageError);
    const outside = rgbTiff({ tags: { 273: { type: 'long', value: [999999] }, 279: { type: 'long', value: [144] } } });
    expect(() => stripMetadata(outside)).toThrow(MalformedImageError);
    const loop = good.slice();
    // IFD0's "next IFD" pointing to itself ends the chain instead of looping.
    const reader = IfdReader.fromTiffHeader(loop);
    const ifd0 = reader.readIfd(reader.firstIfdOffset);
    new DataView(loop.buffer).setUint32(reader.firstIfdOffset + 2 + ifd0.entries.length * 12, reader.firstIfdOffset, true);
    const stripped = IfdReader.fromTiffHeader(stripMetadata(loop).bytes);
    expect(stripped.readChain(stripped.firstIfdOffset)).toHaveLength(1);
    // A garbled pointer to a next page ends the pages: the first is still cleaned.
    const garbled = good.slice();
    new DataView(garbled.buffer).setUint32(reader.firstIfdOffset + 2 + ifd0.entries.length * 12, 0x7ffffff0, true);
    const result = stripMetadata(garbled);
    expect(result.removed).toContain('damaged image directory at byte 2147483632');
    const cleanReader = IfdReader.fromTiffHeader(result.bytes);
    expect(cleanReader.readChain(cleanReader.firstIfdOffset)).toHaveLength(1);
  });
});

function rgbTiffPageTags() {
  // A second full-size page: reuse a fresh single-page TIFF's IFD0 values.
  const page = rgbTiff({ width: 4, height: 4, strips: 1 });
  const reader = IfdReader.fromTiffHeader(page);
  const ifd = reader.readIfd(reader.firstIfdOffset);
  const tags: Record<number, import('../../../../test/support/image-fixtures').TagValue> = {};
  for (const entry of ifd.entries) {
    if (entry.tag === 273) tags[273] = { type: 'blobs', value: [page.slice(reader.uint(entry)!, reader.uint(entry)! + 48)] };
    else if (entry.type === 3) tags[entry.tag] = { type: 'short', value: reader.uints(entry)! };
    else if (entry.type === 4) tags[entry.tag] = { type: 'long', value: reader.uints(entry)! };
    else if (entry.type === 5) tags[entry.tag] = { type: 'rational', value: [[72, 1]] };
  }
  tags[254] = { type: 'long', value: [2] };
  return tags;
}
