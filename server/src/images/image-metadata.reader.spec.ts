import { deflateSync } from 'node:zlib';
import {
  ascii,
  canonMakerNote,
  comSegment,
  concat,
  eXIf,
  exifApp1,
  exifTiff,
  fakeWebpImage,
  fujifilmMakerNote,
  grayPng,
  iptcApp13,
  iptcIim,
  iTXt,
  jfifApp0,
  jpegSegment,
  jpegWith,
  nikonMakerNote,
  olympusMakerNote,
  opaqueMakerNote,
  panasonicMakerNote,
  photoshopResources,
  pngChunk,
  rawProfileText,
  rgbTiff,
  tEXt,
  thumbnailIfd,
  tIME,
  tiffMetadataTags,
  tinyJpeg,
  utf8,
  webpWith,
  xmpApp1,
  xmpPacket,
  zTXt,
} from '../../../test/support/image-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { readImageMetadata } from './image-metadata.reader';
import { PNG_INFLATE_LIMITS } from './png-metadata.reader';

const values = (items: Array<{ value: string }>) => items.map((i) => i.value);
const jpeg = (...segments: Uint8Array[]) => jpegWith(tinyJpeg(), segments);

describe('readImageMetadata', () => {
  it('refuses other types (MP4, BigTIFF) with UnsupportedImageError and unreadable structure with MalformedImageError', async () => {
    const mp4 = concat(new Uint8Array([0, 0, 0, 0x18]), ascii('ftypisom'), new Uint8Array(16));
    await expect(readImageMetadata(mp4)).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(readImageMetadata(new Uint8Array([0x4d, 0x4d, 0, 0x2b, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 16]))).rejects.toThrow(/BigTIFF/);
    const heic = concat(new Uint8Array([0, 0, 0, 0x18]), ascii('ftypheic'), new Uint8Array(16));
    await expect(readImageMetadata(heic)).rejects.toBeInstanceOf(MalformedImageError);
    await expect(readImageMetadata(ascii('GIF89a......'))).rejects.toBeInstanceOf(MalformedImageError);
    await expect(readImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 1, 0, 0]))).rejects.toBeInstanceOf(MalformedImageError);
    await expect(readImageMetadata(concat(grayPng().subarray(0, 8), ascii('garbage garbage garbage')))).rejects.toBeInstanceOf(MalformedImageError);
    await expect(readImageMetadata(concat(ascii('II'), new Uint8Array([42, 0, 0xff, 0xff, 0xff, 0x7f])))).rejects.toBeInstanceOf(MalformedImageError);
  });

  it('finds nothing in an image without metadata', async () => {
    const m = await readImageMetadata(tinyJpeg());
    expect(m).toMatchObject({ type: 'jpeg', gps: [], serials: [], people: [], times: [], embeddedImages: [], comments: [], unreadable: [] });
    expect(m.make).toBeUndefined();
  });

  describe('JPEG', () => {
    it('reads EXIF: GPS, device, serials, people, times with time zone, software, ids, comments, thumbnail', async () => {
      const m = await readImageMetadata(
        jpeg(
          exifApp1(
            exifTiff({
              make: 'Canon',
              model: 'Canon EOS 5D',
              software: 'Editor 2.1',
              dateTime: '2021:07:01 08:00:00',
              artist: 'Jane Doe',
              copyright: '(c) Jane Doe',
              xpAuthor: 'J. Doe',
              imageDescription: 'beach',
              orientation: 8,
              dateTimeOriginal: '2021:06:01 12:30:45',
              offsetTimeOriginal: '+02:00',
              bodySerial: '0123456789',
              lensSerial: 'L-998877',
              ownerName: 'Jane Doe',
              imageUniqueId: 'a1b2c3d4e5f6a7b8',
              userComment: 'with Sam',
              gps: { latitude: -33.856784, longitude: 151.215297, altitude: 12 },
              thumbnail: tinyJpeg(),
            }),
          ),
        ),
      );
      expect(m.gps).toEqual([{ latitude: expect.closeTo(-33.856784, 5), longitude: expect.closeTo(151.215297, 5), altitude: 12, origin: 'EXIF GPS', placeholder: false }]);
      expect(m.make).toEqual({ value: 'Canon', origin: 'EXIF Make' });
      expect(m.model?.value).toBe('Canon EOS 5D');
      expect(m.orientation).toBe(8);
      expect(m.serials).toEqual([
        { value: '0123456789', origin: 'EXIF SerialNumber', kind: 'camera', inMakerNotes: false },
        { value: 'L-998877', origin: 'EXIF LensSerialNumber', kind: 'lens', inMakerNotes: false },
      ]);
      expect(m.people.map((p) => [p.value, p.role])).toEqual([
        ['Jane Doe', 'artist'],
        ['(c) Jane Doe', 'copyright'],
        ['J. Doe', 'author'],
        ['Jane Doe', 'owner'],
      ]);
      expect(m.times).toEqual(
        expect.arrayContaining([
          { value: '2021:06:01 12:30:45', origin: 'EXIF DateTimeOriginal', kind: 'original', timeZone: '+02:00' },
          { value: '2021:07:01 08:00:00', origin: 'EXIF ModifyDate', kind: 'modified', timeZone: undefined },
        ]),
      );
      expect(values(m.software)).toEqual(['Editor 2.1']);
      expect(values(m.uniqueIds)).toEqual(['a1b2c3d4e5f6a7b8']);
      expect(values(m.comments)).toEqual(['beach', 'with Sam']);
      expect(m.embeddedImages).toEqual([{ kind: 'thumbnail', origin: 'EXIF IFD1 thumbnail', byteLength: tinyJpeg().length, width: 8, height: 8 }]);
    });

    it('recognises 0,0 GPS as a placeholder', async () => {
      const m = await readImageMetadata(jpeg(exifApp1(exifTiff({ make: 'SAMSUNG', gps: { latitude: 0, longitude: 0 } }))));
      expect(m.gps).toEqual([expect.objectContaining({ latitude: 0, longitude: 0, placeholder: true })]);
    });

    it('reads XMP (GPS, creator, contact, serial with its leading zeros, history, face regions) and IPTC', async () => {
      const xmp = xmpPacket({
        creator: 'Jane Doe',
        gpsLatitude: '48,51.5N',
        gpsLongitude: '2,17.7W',
        serialNumber: '007',
        email: 'jane@example.com',
        phone: '+44 20 7946 0000',
        address: '1 Rue de Rivoli',
        city: 'Paris',
        documentId: 'xmp.did:1234-5678',
        history: [{ action: 'saved', when: '2020-02-02T10:00:00+01:00', softwareAgent: 'Photo Editor 5' }],
        regionName: 'Sam Smith',
        personInImage: 'Alex Roe',
        createDate: '2020-02-01T09:00:00.00+01:00',
      });
      const iim = iptcIim([
        [2, 80, 'Jane Doe'],
        [2, 92, 'Eiffel Tower'],
        [2, 101, 'France'],
        [2, 118, 'press@example.org'],
        [2, 55, '20200201'],
        [2, 60, '090000+0100'],
      ]);
      const m = await readImageMetadata(jpeg(xmpApp1(xmp), iptcApp13(photoshopResources(iim))));
      expect(m.gps).toEqual([expect.objectContaining({ latitude: expect.closeTo(48.858333, 5), longitude: expect.closeTo(-2.295, 5), origin: 'XMP exif:GPSLatitude/GPSLongitude' })]);
      expect(m.serials).toEqual([{ value: '007', origin: 'XMP aux:SerialNumber', kind: 'camera', inMakerNotes: false }]);
      expect(m.people.map((p) => [p.value, p.role, p.origin])).toEqual(
        expect.arrayContaining([
          ['Jane Doe', 'creator', 'XMP dc:creator'],
          ['Jane Doe', 'creator', 'IPTC By-line'],
          ['Sam Smith', 'person-in-image', 'XMP face region'],
          ['Alex Roe', 'person-in-image', 'XMP Iptc4xmpExt:PersonInImage'],
        ]),
      );
      expect(m.contacts.map((c) => [c.value, c.kind])).toEqual(
        expect.arrayContaining([
          ['jane@example.com', 'email'],
          ['+44 20 7946 0000', 'phone'],
          ['1 Rue de Rivoli', 'address'],
          ['press@example.org', 'email'],
        ]),
      );
      expect(values(m.places)).toEqual(expect.arrayContaining(['Paris', 'Eiffel Tower', 'France']));
      expect(values(m.uniqueIds)).toEqual(['xmp.did:1234-5678']);
      expect(values(m.history)).toEqual(['saved · 2020-02-02T10:00:00+01:00 · Photo Editor 5']);
      expect(values(m.software)).toEqual(['Photo Editor 5']);
      expect(m.times).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ value: '2020:02:01 09:00:00', origin: 'XMP xmp:CreateDate', timeZone: '+01:00' }),
          expect.objectContaining({ value: '2020:02:01 09:00:00', origin: 'IPTC DateCreated', kind: 'original', timeZone: '+01:00' }),
        ]),
      );
    });

    it('reads face regions written as self-closing nested descriptions too', async () => {
      const regions =
        '<mwg-rs:Regions rdf:parseType="Resource"><mwg-rs:RegionList><rdf:Bag><rdf:li><rdf:Description mwg-rs:Name="Sam Smith" mwg-rs:Type="Face"/></rdf:li></rdf:Bag></mwg-rs:RegionList></mwg-rs:Regions>';
      const m = await readImageMetadata(jpeg(xmpApp1(xmpPacket({ creator: 'Jane Doe', extra: regions }))));
      expect(m.people.map((p) => [p.value, p.role])).toEqual([
        ['Jane Doe', 'creator'],
        ['Sam Smith', 'person-in-image'],
      ]);
    });

    it('finds comments, JFIF, Photoshop and MPF images, vendor segments and data after the image', async () => {
      const mpf = jpegSegment(
        0xe2,
        concat(
          ascii('MPF\0'),
          exifTiff({ ifd0: { 0xb000: { type: 'undefined', value: ascii('0100') }, 0xb002: { type: 'undefined', value: concat(new Uint8Array(16), new Uint8Array([0, 0, 0, 0, 0, 0, 0x30, 0x39]), new Uint8Array(8)) } } }),
        ),
      );
      const input = concat(
        jpegWith(concat(tinyJpeg().subarray(0, 2), jfifApp0({ width: 4, height: 3 }), tinyJpeg().subarray(2)), [
          comSegment('note to self'),
          iptcApp13(photoshopResources(iptcIim([[2, 80, 'X']]), tinyJpeg())),
          mpf,
          jpegSegment(0xe9, concat(ascii('VendorX\0'), new Uint8Array(8))),
          jpegSegment(0xe2, concat(ascii('FPXR\0'), new Uint8Array(8))),
        ]),
      );
      const m = await readImageMetadata(input);
      expect(values(m.comments)).toEqual(['note to self']);
      expect(m.embeddedImages).toEqual(
        expect.arrayContaining([
          { kind: 'thumbnail', origin: 'JFIF thumbnail', byteLength: 36, width: 4, height: 3 },
          expect.objectContaining({ kind: 'thumbnail', origin: 'Photoshop thumbnail' }),
          { kind: 'additional-image', origin: 'MPF image 2', byteLength: 12345 },
        ]),
      );
      expect(values(m.otherBlocks)).toEqual(['JPEG APP9 "VendorX" segment']);
      expect(m.vendorBlocks).toEqual([{ value: 'FlashPix (Kodak, HP) FPXR', origin: 'JPEG APP2 "FPXR" segment' }]);

      const withTrailer = await readImageMetadata(concat(tinyJpeg(), ascii('ftypmp42 video bytes')));
      expect(withTrailer.embeddedImages).toEqual([{ kind: 'trailing-data', origin: 'data after the end of the JPEG image', byteLength: 20 }]);
      // A second picture with a vendor trailer after it (as Samsung's editor leaves the original).
      const withSecondJpeg = await readImageMetadata(concat(tinyJpeg(), tinyJpeg(), ascii('SEFHxxxxSEFT')));
      expect(withSecondJpeg.embeddedImages).toEqual([expect.objectContaining({ kind: 'additional-image' })]);
      const padded = await readImageMetadata(concat(tinyJpeg(), new Uint8Array(32)));
      expect(padded.embeddedImages).toEqual([]);
    });
  });

  describe('maker notes', () => {
    const withNote = (make: string, makerNote: Parameters<typeof exifTiff>[0]['makerNote'], littleEndian = false) =>
      readImageMetadata(jpeg(exifApp1(exifTiff({ make, makerNote, littleEndian }))));
    const serials = (m: Awaited<ReturnType<typeof readImageMetadata>>) => m.serials.map((s) => [s.value, s.origin, s.inMakerNotes]);

    it.each([false, true])('Canon: owner, serial and internal serial (little endian: %s)', async (le) => {
      const m = await withNote('Canon', canonMakerNote({ ownerName: 'Jane Doe', serialNumber: 330100138, internalSerial: 'K0024263' }, le), le);
      expect(m.makerNotes).toEqual({ vendor: 'Canon', decoded: true, byteLength: expect.any(Number) });
      expect(serials(m)).toEqual([
        ['330100138', 'Canon maker notes SerialNumber', true],
        ['K0024263', 'Canon maker notes InternalSerialNumber', true],
      ]);
      expect(m.people).toEqual([{ value: 'Jane Doe', origin: 'Canon maker notes OwnerName', role: 'owner' }]);
    });

    it('Nikon (type 3): serial and preview image', async () => {
      const m = await withNote('NIKON CORPORATION', nikonMakerNote({ serialNumber: '3004a4a1', previewImage: tinyJpeg() }));
      expect(serials(m)).toEqual([['3004a4a1', 'Nikon maker notes SerialNumber', true]]);
      expect(m.embeddedImages).toEqual([{ kind: 'preview', origin: 'Nikon maker notes PreviewImage', byteLength: tinyJpeg().length }]);
    });

    it.each([true, false])('Panasonic: internal serial (little endian: %s)', async (le) => {
      const m = await withNote('Panasonic', panasonicMakerNote({ internalSerial: 'F341001200316' }, le), le);
      expect(serials(m)).toEqual([['F341001200316', 'Panasonic maker notes InternalSerialNumber', true]]);
    });

    it('Fujifilm and Olympus: serials', async () => {
      expect(serials(await withNote('FUJIFILM', fujifilmMakerNote({ internalSerial: 'FF02B1234567' })))).toEqual([['FF02B1234567', 'Fujifilm maker notes InternalSerialNumber', true]]);
      expect(serials(await withNote('OLYMPUS IMAGING CORP.', olympusMakerNote({ serialNumber: 'BHP123456' })))).toEqual([['BHP123456', 'Olympus maker notes SerialNumber', true]]);
    });

    it('other vendors: present, not decoded; damaged notes do not break the rest', async () => {
      const sony = await withNote('SONY', opaqueMakerNote());
      expect(sony.makerNotes).toEqual({ vendor: 'Sony', decoded: false, byteLength: expect.any(Number) });
      const unknown = await withNote('', opaqueMakerNote('XYZ'));
      expect(unknown.makerNotes?.vendor).toBe('an unknown maker');
      const broken = await withNote('Canon', { type: 'undefined', value: new Uint8Array([0xff, 0xff, 1, 2, 3]) });
      expect(broken.makerNotes).toEqual({ vendor: 'Canon', decoded: false, byteLength: 5 });
      expect(broken.make?.value).toBe('Canon');
    });
  });

  describe('PNG', () => {
    it('reads tEXt, zTXt and iTXt (compressed or not), tIME and eXIf', async () => {
      const m = await readImageMetadata(
        grayPng({
          before: [
            tEXt('Author', 'Jane Doe'),
            zTXt('Copyright', 'Jane Doe 2020'),
            iTXt('Description', 'Café at dusk'),
            iTXt('Comment', 'shot for jane@example.com', true),
            tEXt('Software', 'Paint 3'),
            tIME(),
            eXIf(exifTiff({ make: 'Google', model: 'Pixel 8', gps: { latitude: 10.5, longitude: 20.25 } })),
          ],
        }),
      );
      expect(m.people.map((p) => [p.value, p.origin])).toEqual([
        ['Jane Doe', "PNG tEXt 'Author'"],
        ['Jane Doe 2020', "PNG zTXt 'Copyright'"],
      ]);
      expect(values(m.comments)).toEqual(['Café at dusk', 'shot for jane@example.com']);
      expect(m.contacts).toEqual([{ value: 'jane@example.com', origin: "PNG iTXt 'Comment'", kind: 'email' }]);
      expect(values(m.software)).toEqual(['Paint 3']);
      expect(m.times).toEqual([{ value: '2021:06:01 12:30:45', origin: 'PNG tIME', kind: 'modified', timeZone: 'Z' }]);
      expect(m.gps).toEqual([expect.objectContaining({ latitude: 10.5, longitude: 20.25, origin: 'PNG eXIf GPS' })]);
      expect(m.model?.value).toBe('Pixel 8');
    });

    it("reads ImageMagick's exif:* keys (GPS included) and raw profiles (EXIF, XMP, IPTC, 8BIM)", async () => {
      const exif = concat(ascii('Exif\0\0'), exifTiff({ make: 'Canon', bodySerial: 'RAW-42', makerNote: canonMakerNote({ ownerName: 'Raw Owner' }) }));
      const m = await readImageMetadata(
        grayPng({
          after: [
            tEXt('exif:GPSLatitude', '50/1, 17/1, 5857/100'),
            tEXt('exif:GPSLatitudeRef', 'N'),
            tEXt('exif:GPSLongitude', '14/1, 49/1, 1306/100'),
            tEXt('exif:GPSLongitudeRef', 'W'),
            tEXt('exif:Artist', 'Magick Artist'),
            tEXt('exif:DateTimeOriginal', '2019:01:02 03:04:05'),
            zTXt('Raw profile type exif', rawProfileText('exif', exif)),
            zTXt('Raw profile type xmp', rawProfileText('xmp', utf8(xmpPacket({ creator: 'Xmp Creator' })))),
            zTXt('Raw profile type iptc', rawProfileText('iptc', iptcIim([[2, 80, 'Iptc Byline']]))),
            zTXt('Raw profile type 8bim', rawProfileText('8bim', photoshopResources(iptcIim([[2, 90, 'Berlin']]), tinyJpeg()))),
          ],
        }),
      );
      expect(m.gps).toEqual([expect.objectContaining({ latitude: expect.closeTo(50.299603, 5), longitude: expect.closeTo(-14.820294, 5) })]);
      expect(values(m.people)).toEqual(expect.arrayContaining(['Magick Artist', 'Raw Owner', 'Xmp Creator', 'Iptc Byline']));
      expect(m.serials.map((s) => s.value)).toEqual(['RAW-42']);
      expect(values(m.places)).toEqual(['Berlin']);
      expect(m.embeddedImages).toEqual([expect.objectContaining({ kind: 'thumbnail', origin: "PNG zTXt 'Raw profile type 8bim' Photoshop thumbnail" })]);
      expect(m.times).toEqual(expect.arrayContaining([expect.objectContaining({ value: '2019:01:02 03:04:05', origin: "PNG tEXt 'exif:DateTimeOriginal'" })]));
    });

    it('reads image generators\' prompts and settings (AUTOMATIC1111, ComfyUI, NovelAI)', async () => {
      const m = await readImageMetadata(
        grayPng({
          after: [
            tEXt('parameters', 'portrait of Jane, Steps: 20, Sampler: Euler a, Seed: 1234'),
            tEXt('prompt', '{"3": {"class_type": "KSampler"}}'),
            tEXt('Software', 'NovelAI'),
            tEXt('Comment', '{"prompt": "a dragon", "steps": 28}'),
          ],
        }),
      );
      expect(m.aiGeneration.map((a) => a.origin)).toEqual(["PNG tEXt 'parameters'", "PNG tEXt 'prompt'", "PNG tEXt 'Software'", "PNG tEXt 'Comment'"]);
    });

    it('lists private chunks and data after IEND; notes damaged chunks and stays within its inflate budget', async () => {
      const bomb = pngChunk('zTXt', concat(ascii('Comment'), new Uint8Array([0, 0]), deflateSync(Buffer.alloc(PNG_INFLATE_LIMITS.perChunk + 1024, 0x41))));
      const m = await readImageMetadata(
        grayPng({ before: [pngChunk('prVW', new Uint8Array(10)), pngChunk('mkBT', new Uint8Array(4)), pngChunk('mkBT', new Uint8Array(4)), bomb, pngChunk('zTXt', concat(ascii('Bad'), new Uint8Array([0, 0]), ascii('not zlib')))], trailing: ascii('tail') }),
      );
      expect(values(m.otherBlocks)).toEqual(['PNG chunk "prVW"', 'PNG chunk "mkBT" ×2']);
      expect(m.embeddedImages).toEqual([{ kind: 'trailing-data', origin: 'data after the end of the PNG image', byteLength: 4 }]);
      expect(m.unreadable).toEqual(["PNG zTXt 'Comment' (larger than 2 MB when decompressed)", "PNG zTXt 'Bad' (damaged compressed data)"]);
      expect(m.comments).toEqual([]);
    });
  });

  describe('WebP', () => {
    it('reads the EXIF chunk (with or without the Exif\\0\\0 prefix), the XMP chunk and notes unknown chunks', async () => {
      const tiff = exifTiff({ make: 'HTC', model: 'HTC Desire', gps: { latitude: 45.5, longitude: 9.11 }, makerNote: panasonicMakerNote({ internalSerial: 'P1' }) });
      for (const exif of [tiff, concat(ascii('Exif\0\0'), tiff)]) {
        const m = await readImageMetadata(webpWith(fakeWebpImage(), { exif, xmp: xmpPacket({ creator: 'Web Creator' }), unknown: ascii('x') }));
        expect(m.type).toBe('webp');
        expect(m.make?.value).toBe('HTC');
        expect(m.gps).toEqual([expect.objectContaining({ latitude: 45.5, longitude: 9.11, origin: 'WebP EXIF GPS' })]);
        expect(m.people).toEqual([{ value: 'Web Creator', origin: 'WebP XMP dc:creator', role: 'creator' }]);
        expect(values(m.otherBlocks)).toEqual(['WebP chunk "ABCD"']);
      }
    });

    it('keeps what it read before a truncated chunk', async () => {
      const file = webpWith(fakeWebpImage(), { exif: exifTiff({ make: 'HTC' }), xmp: xmpPacket({ creator: 'Lost' }) });
      const cut = file.subarray(0, file.length - 40);
      const m = await readImageMetadata(cut);
      expect(m.make?.value).toBe('HTC');
      expect(m.unreadable).toEqual(['WebP chunk "XMP" (truncated)']);
    });
  });

  describe('accuracy', () => {
    it('a PNG "CreationTime" (however spelled) is a capture time, not a comment', async () => {
      for (const keyword of ['Creation Time', 'CreationTime', 'creation_time']) {
        const m = await readImageMetadata(grayPng({ before: [tEXt(keyword, '2019-09-02T14:45:37+00:00')] }));
        expect(m.comments).toEqual([]);
        expect(m.times).toEqual([expect.objectContaining({ value: '2019:09:02 14:45:37', kind: 'original', timeZone: '+00:00' })]);
      }
    });

    it('a thumbnail size read from a damaged header is left out rather than shown', async () => {
      const ifd1 = { ...thumbnailIfd(), tags: { ...thumbnailIfd().tags, 257: { type: 'long' as const, value: [4177528807] } } };
      const m = await readImageMetadata(rgbTiff({ more: [ifd1] }));
      expect(m.embeddedImages).toEqual([{ kind: 'thumbnail', origin: 'TIFF reduced-resolution image (IFD1)', byteLength: 12 }]);
    });

    it('software and names on a further page of a TIFF are reported', async () => {
      const page2 = { tags: { ...thumbnailIfd().tags, 254: { type: 'long' as const, value: [2] }, 0x0131: { type: 'ascii' as const, value: 'Scanner Suite 9' }, 0x013b: { type: 'ascii' as const, value: 'Jane Roe' } } };
      const m = await readImageMetadata(rgbTiff({ more: [page2] }));
      expect(m.software).toEqual([{ value: 'Scanner Suite 9', origin: 'TIFF page 2 Software' }]);
      expect(m.people.map((p) => [p.value, p.origin])).toEqual([['Jane Roe', 'TIFF page 2 Artist']]);
    });
  });

  describe('TIFF', () => {
    it('reads the tags, XMP and IPTC, and reports reduced-resolution images as thumbnails', async () => {
      const m = await readImageMetadata(
        rgbTiff({
          tags: tiffMetadataTags({ make: 'Parrot', model: 'Sequoia', bodySerial: 'PI0403', artist: 'Drone Pilot', gps: { latitude: 49.18, longitude: 1.65 }, xmp: xmpPacket({ city: 'Rouen' }), iptc: iptcIim([[2, 80, 'Iptc Person']]) }),
          more: [thumbnailIfd(4, 3)],
        }),
      );
      expect(m.make?.value).toBe('Parrot');
      expect(m.serials.map((s) => s.value)).toEqual(['PI0403']);
      expect(values(m.people)).toEqual(['Drone Pilot', 'Iptc Person']);
      expect(values(m.places)).toEqual(['Rouen']);
      expect(m.gps).toEqual([expect.objectContaining({ latitude: expect.closeTo(49.18, 5), longitude: expect.closeTo(1.65, 5) })]);
      expect(m.embeddedImages).toEqual([{ kind: 'thumbnail', origin: 'TIFF reduced-resolution image (IFD1)', byteLength: 36, width: 4, height: 3 }]);
    });
  });
});
