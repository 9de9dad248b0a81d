import sharp from 'sharp';
import {
  cameraExif,
  canonMakerNote,
  comSegment,
  eXIf,
  exifApp1,
  exifTiff,
  grayPng,
  iptcApp13,
  iptcIim,
  iTXt,
  jpegWith,
  nikonMakerNote,
  opaqueMakerNote,
  photoshopResources,
  rgbTiff,
  tEXt,
  tinyJpeg,
  tiffMetadataTags,
  webpImageChunk,
  webpWith,
  xmpApp1,
  xmpPacket,
} from '../../../test/support/image-fixtures';
import { stripMetadata } from '../browser-shared/metadata-strip/metadata.stripper';
import { analyzeImageMetadata, riskScore } from './exif-findings.analyzer';
import { EXIF_FINDING_CATEGORIES, EXIF_RISK_CATALOGUE, riskBand } from '../vocabulary/image-risk.catalogue';
import { readImageMetadata } from './image-metadata.reader';
import { emptyMetadata, ImageMetadata } from './image-metadata.types';

const meta = (patch: Partial<ImageMetadata>): ImageMetadata => ({ ...emptyMetadata('jpeg'), ...patch });

describe('risk catalogue and score', () => {
  it('has a severity, a weight and a recommendation for every category; location and identity weigh most', () => {
    for (const category of EXIF_FINDING_CATEGORIES) {
      const entry = EXIF_RISK_CATALOGUE[category];
      expect(entry.recommendation.length).toBeGreaterThan(20);
      expect(entry.weight).toBeGreaterThanOrEqual(0);
    }
    const weight = (c: keyof typeof EXIF_RISK_CATALOGUE) => EXIF_RISK_CATALOGUE[c].weight;
    const others = EXIF_FINDING_CATEGORIES.filter((c) => !['location', 'owner_identity', 'contact_details', 'people_in_image', 'serial_number'].includes(c));
    for (const c of others) expect(weight(c)).toBeLessThan(weight('serial_number'));
    expect(weight('location')).toBe(Math.max(...EXIF_FINDING_CATEGORIES.map(weight)));
    for (const c of ['location', 'owner_identity', 'contact_details', 'people_in_image', 'serial_number'] as const) expect(EXIF_RISK_CATALOGUE[c].severity).toBe('high');
  });

  it('adds each category once, caps at 100, and maps to the spec colours', () => {
    expect(riskScore([])).toBe(0);
    expect(riskScore([{ category: 'location' }, { category: 'location' }])).toBe(40);
    expect(riskScore([{ category: 'location' }, { category: 'owner_identity' }, { category: 'capture_time' }])).toBe(75);
    expect(riskScore(EXIF_FINDING_CATEGORIES.map((category) => ({ category })))).toBe(100);
    expect(riskScore([{ category: 'location_placeholder' }])).toBe(0);
    expect(riskScore([{ category: 'unreadable_metadata' }])).toBe(5);
    expect([riskBand(100), riskBand(70), riskBand(69), riskBand(40), riskBand(39), riskBand(0)]).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
  });
});

describe('analyzeImageMetadata', () => {
  it('finds nothing in nothing', () => {
    expect(analyzeImageMetadata(emptyMetadata('png'))).toEqual({ riskScore: 0, findings: [] });
  });

  it('reports a location rounded to about 1 km, with its source, most severe first', () => {
    const { findings, riskScore: score } = analyzeImageMetadata(
      meta({ gps: [{ latitude: 51.7624083, longitude: -0.3178917, origin: 'EXIF GPS', placeholder: false }], software: [{ value: '8.0', origin: 'EXIF Software' }] }),
    );
    expect(findings[0]).toEqual({
      category: 'location',
      severity: 'high',
      description: 'GPS coordinates of where the photo was taken, shown here rounded to about 1 km (EXIF GPS)',
      redactedValue: '51.76, -0.32',
      recommendation: EXIF_RISK_CATALOGUE.location.recommendation,
      sources: ['EXIF GPS'],
    });
    expect(findings.map((f) => f.category)).toEqual(['location', 'software']);
    expect(score).toBe(45);
  });

  it('treats 0,0 as no fix: a zero-weight note, not a location', () => {
    const { findings, riskScore: score } = analyzeImageMetadata(meta({ gps: [{ latitude: 0, longitude: 0, origin: 'EXIF GPS', placeholder: true }] }));
    expect(findings.map((f) => [f.category, f.redactedValue])).toEqual([['location_placeholder', '0.00, 0.00 (no fix)']]);
    expect(score).toBe(0);
  });

  it('groups the same value from several fields into one finding listing them all', () => {
    const { findings } = analyzeImageMetadata(
      meta({
        people: [
          { value: 'Peter Bemmann', origin: 'EXIF Artist', role: 'artist' },
          { value: 'Peter  Bemmann', origin: 'IPTC By-line', role: 'creator' },
          { value: 'peter bemmann', origin: 'XMP dc:creator', role: 'creator' },
        ],
      }),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ description: "Photographer's name (EXIF Artist, IPTC By-line, XMP dc:creator)", redactedValue: 'P•••• B••••••', sources: ['EXIF Artist', 'IPTC By-line', 'XMP dc:creator'] });
  });

  it('masks serials and contact details, ignores all-zero serials, names undecoded maker notes', () => {
    const { findings } = analyzeImageMetadata(
      meta({
        serials: [
          { value: '083024003204', origin: 'EXIF SerialNumber', kind: 'camera', inMakerNotes: false },
          { value: '0000000000', origin: 'EXIF LensSerialNumber', kind: 'lens', inMakerNotes: false },
          { value: 'K0024263', origin: 'Canon maker notes InternalSerialNumber', kind: 'internal', inMakerNotes: true },
        ],
        contacts: [
          { value: 'pb@meine-ansichten.de', origin: 'XMP CiEmailWork', kind: 'email' },
          { value: '06136/958638', origin: 'XMP CiTelWork', kind: 'phone' },
          { value: 'http://www.example.de/about', origin: 'XMP CiUrlWork', kind: 'url' },
        ],
        makerNotes: { vendor: 'Samsung', decoded: false, byteLength: 202 },
      }),
    );
    expect(findings.map((f) => [f.category, f.description.split(' (')[0], f.redactedValue])).toEqual([
      ['contact_details', 'Email address', 'p•••@m•••.de'],
      ['contact_details', 'Phone number', '•••••/••••38'],
      ['contact_details', 'Website', 'example.de'],
      ['serial_number', 'Camera serial number', '••••••••3204'],
      ['serial_number', "Camera's internal serial number", '••••4263'],
      ['maker_notes', 'Maker notes from Samsung present — may hold serial or owner', '202 bytes of vendor data'],
    ]);
  });

  it('reports when the photo was taken (with time zone), separately from a later edit, and skips an edit time equal to it', () => {
    const taken = { value: '2010:12:12 12:41:35', kind: 'original' as const };
    const { findings } = analyzeImageMetadata(
      meta({
        times: [
          { ...taken, origin: 'EXIF DateTimeOriginal' },
          { ...taken, origin: 'XMP exif:DateTimeOriginal', timeZone: '+01:00' },
          { value: '2010:12:12 12:41:35', kind: 'modified', origin: 'EXIF ModifyDate' },
          { value: '2011:01:10 21:09:00', kind: 'modified', origin: 'XMP xmp:ModifyDate', timeZone: '+01:00' },
          { value: '2010:12:12 11:41:30', kind: 'gps', origin: 'EXIF GPS date and time', timeZone: 'Z' },
        ],
      }),
    );
    expect(findings.map((f) => [f.category, f.redactedValue])).toEqual([
      ['capture_time', '2010-12-12 12:41:35 UTC+01:00'],
      ['capture_time', '2010-12-12 11:41:30 UTC'],
      ['editing_history', '2011-01-10 21:09:00 UTC+01:00'],
    ]);
    expect(findings[0].description).toBe('Date, time and time zone the photo was taken (EXIF DateTimeOriginal, XMP exif:DateTimeOriginal)');
  });

  it('caps a category at six findings and says how many more there were', () => {
    const uniqueIds = Array.from({ length: 9 }, (_, i) => ({ value: `xmp.iid:${i}000000000000`, origin: `XMP id ${i}` }));
    const { findings } = analyzeImageMetadata(meta({ uniqueIds }));
    expect(findings).toHaveLength(6);
    expect(findings[5].description).toContain('and 3 more');
  });

  it('describes thumbnails, previews and appended data, AI prompts and unreadable parts', () => {
    const { findings, riskScore: score } = analyzeImageMetadata(
      meta({
        embeddedImages: [
          { kind: 'thumbnail', origin: 'EXIF IFD1 thumbnail', byteLength: 5448, width: 160, height: 120 },
          { kind: 'trailing-data', origin: 'data after the end of the JPEG image', byteLength: 2048 },
        ],
        aiGeneration: [{ value: 'portrait of Jane, Steps: 20', origin: "PNG tEXt 'parameters'" }],
        unreadable: ['PNG zTXt \'x\' (damaged compressed data)'],
      }),
    );
    expect(findings.map((f) => [f.category, f.redactedValue])).toEqual([
      ['embedded_image', '160×120, 5.3 KB'],
      ['embedded_image', '2.0 KB'],
      ['ai_generation', 'portrait of Jane, Steps: 20'],
      ['unreadable_metadata', "PNG zTXt 'x' (damaged compressed data)"],
    ]);
    expect(findings[0].description).toContain('before editing or cropping');
    expect(score).toBe(30);
  });

  it('placeholders ("unknown", "-", camera default captions, blanks) are not names, captions or owners: one low note, no score', async () => {
    const exif = exifTiff({
      make: 'Canon',
      model: 'Canon PowerShot S40',
      artist: 'unknown',
      copyright: '(C) 2019',
      imageDescription: 'OLYMPUS DIGITAL CAMERA         ',
      ownerName: 'n/a',
      xpAuthor: ' - ',
      makerNote: canonMakerNote({ ownerName: 'Unknown', serialNumber: 0 }),
    });
    const m = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exif), comSegment('   '), comSegment('SONY DSC')]));
    expect(m.people).toEqual([]);
    expect(m.comments).toEqual([]);
    expect(m.placeholders.map((p) => p.value)).toEqual(expect.arrayContaining(['unknown', '(C) 2019', 'OLYMPUS DIGITAL CAMERA', 'n/a', '-', 'Unknown', 'SONY DSC']));
    const { findings, riskScore: score } = analyzeImageMetadata(m);
    expect(findings.map((f) => f.category)).toEqual(['device', 'placeholder_text']);
    expect(findings[1]).toMatchObject({ severity: 'low', redactedValue: expect.stringContaining('Artist: unknown') });
    expect(score).toBe(5);
    // A real name next to a placeholder still counts.
    const named = await readImageMetadata(jpegWith(tinyJpeg(), [exifApp1(exifTiff({ artist: 'Jane Doe', ownerName: 'unknown' }))]));
    expect(named.people.map((p) => p.value)).toEqual(['Jane Doe']);
    expect(analyzeImageMetadata(named).riskScore).toBe(25);
  });

  it('rates a typical phone photo red and a photo with only a date green', async () => {
    const phone = jpegWith(tinyJpeg(), [
      exifApp1(exifTiff({ make: 'Apple', model: 'iPhone 12', software: '17.1', dateTimeOriginal: '2023:08:01 09:15:00', gps: { latitude: 40.7, longitude: -74 }, thumbnail: tinyJpeg() })),
    ]);
    const phoneScore = analyzeImageMetadata(await readImageMetadata(phone)).riskScore;
    expect(riskBand(phoneScore)).toBe('red');
    const dated = jpegWith(tinyJpeg(), [exifApp1(exifTiff({ dateTimeOriginal: '2023:08:01 09:15:00' }))]);
    expect(riskBand(analyzeImageMetadata(await readImageMetadata(dated)).riskScore)).toBe('green');
  });
});

describe('free text in findings', () => {
  it('shows captions and prompts with the emails and phone numbers in them masked', () => {
    const { findings } = analyzeImageMetadata(
      meta({
        comments: [{ value: 'Harbour at dusk. Prints: jane.doe@example.com, +44 20 7946 0958', origin: 'EXIF UserComment' }],
        aiGeneration: [{ value: 'a portrait, contact me at jane.doe@example.com', origin: 'PNG parameters' }],
      }),
    );
    const comment = findings.find((f) => f.category === 'comments')!;
    expect(comment.redactedValue).toBe('Harbour at dusk. Prints: j•••@e•••.com, +•• •• •••• ••58');
    const prompt = findings.find((f) => f.category === 'ai_generation')!;
    expect(prompt.redactedValue).toBe('a portrait, contact me at j•••@e•••.com');
    expect(JSON.stringify(findings)).not.toContain('jane.doe@example.com');
  });
});

describe('stripped images, re-analysed, have no personal metadata left', () => {
  const XMP = xmpPacket({ creator: 'Jane Doe', email: 'jane@example.com', gpsLatitude: '48,51.5N', gpsLongitude: '2,17.7E', serialNumber: '0123', history: [{ action: 'saved', when: '2020-01-01T00:00:00Z', softwareAgent: 'Editor' }] });
  const EXIF = cameraExif({ software: 'Editor', imageUniqueId: 'abcdef0123456789' });

  it.each([
    ['JPEG', () => jpegWith(tinyJpeg(), [exifApp1(EXIF), xmpApp1(XMP), iptcApp13(photoshopResources(iptcIim([[2, 80, 'Jane']]), tinyJpeg())), comSegment('hi')])],
    ['PNG', () => grayPng({ before: [eXIf(EXIF), iTXt('XML:com.adobe.xmp', XMP, true), tEXt('Author', 'Jane'), tEXt('parameters', 'a cat')] })],
    ['TIFF', () => rgbTiff({ tags: tiffMetadataTags({ make: 'Parrot', artist: 'Jane', bodySerial: 'PI04', gps: { latitude: 49, longitude: 1.6 }, xmp: XMP, iptc: iptcIim([[2, 80, 'Jane']]) }) })],
  ])('%s', async (_type, build) => {
    const input = build();
    expect(analyzeImageMetadata(await readImageMetadata(input.slice())).riskScore).toBeGreaterThanOrEqual(70);
    const clean = stripMetadata(input).bytes;
    const metadata = await readImageMetadata(clean);
    expect(analyzeImageMetadata(metadata)).toEqual({ riskScore: 0, findings: [] });
  });

  it('WebP (with a Nikon maker note and preview)', async () => {
    const base = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } }).webp({ lossless: true }).toBuffer());
    const exif = exifTiff({ make: 'NIKON', makerNote: nikonMakerNote({ serialNumber: '3004', previewImage: tinyJpeg() }), gps: { latitude: 1, longitude: 2 } });
    const input = webpWith(webpImageChunk(base, 4, 4), { exif, xmp: XMP });
    expect(analyzeImageMetadata(await readImageMetadata(input.slice())).findings.length).toBeGreaterThan(3);
    expect(analyzeImageMetadata(await readImageMetadata(stripMetadata(input).bytes))).toEqual({ riskScore: 0, findings: [] });
  });

  it('keeps only the orientation of a JPEG, which is not a finding', async () => {
    const clean = stripMetadata(jpegWith(tinyJpeg(), [exifApp1(EXIF)])).bytes;
    const metadata = await readImageMetadata(clean);
    expect(metadata.orientation).toBe(6);
    expect(analyzeImageMetadata(metadata).findings).toEqual([]);
  });

  it('an undecoded maker note is gone too', async () => {
    const input = jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'SONY', makerNote: opaqueMakerNote() }))]);
    expect((await readImageMetadata(input.slice())).makerNotes?.decoded).toBe(false);
    expect((await readImageMetadata(stripMetadata(input).bytes)).makerNotes).toBeUndefined();
  });
});
