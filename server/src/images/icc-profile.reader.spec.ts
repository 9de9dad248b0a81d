import { deflateSync } from 'node:zlib';
import * as exifr from 'exifr';
import {
  ascii,
  concat,
  fakeWebpImage,
  grayPng,
  iccApp2,
  jpegWith,
  pngChunk,
  rawProfileText,
  rgbTiff,
  tinyJpeg,
  webpWith,
  zTXt,
} from '../../../test/support/image-fixtures';
import { iccDescription } from './icc-profile.reader';
import { readImageMetadata } from './image-metadata.reader';
import { valueText } from './metadata-values.util';

// ---- ICC profiles built in code --------------------------------------------------------------

function u32(value: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, value >>> 0);
  return b;
}

function u16(value: number): Uint8Array {
  return new Uint8Array([(value >> 8) & 0xff, value & 0xff]);
}

function utf16be(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) out.set(u16(text.charCodeAt(i)), i * 2);
  return out;
}

/** A v2 'desc' (textDescriptionType): ASCII count and text, empty Unicode and ScriptCode parts. */
function descType(text: string, count = text.length + 1): Uint8Array {
  return concat(ascii('desc'), u32(0), u32(count), ascii(text), new Uint8Array(1), u32(0), u32(0), u16(0), new Uint8Array(1), new Uint8Array(67));
}

/** A v4 'mluc' (multiLocalizedUnicodeType): one record per language, UTF-16BE strings after them. */
function mlucType(records: Array<[string, string]>): Uint8Array {
  const head = 16 + records.length * 12;
  const strings = records.map(([, text]) => utf16be(text));
  let at = head;
  const table = records.map(([langCountry], i) => {
    const record = concat(ascii(langCountry), u32(strings[i].length), u32(at));
    at += strings[i].length;
    return record;
  });
  return concat(ascii('mluc'), u32(0), u32(records.length), u32(12), ...table, ...strings);
}

const textType = (text: string) => concat(ascii('text'), u32(0), ascii(text), new Uint8Array(1));
const xyzType = () => concat(ascii('XYZ '), u32(0), u32(0xf6d6), u32(0x10000), u32(0xd32d));

interface Tag {
  sig: string;
  data: Uint8Array;
  /** Overrides of the table entry (damaged profiles). */
  offset?: number;
  length?: number;
}

/** A profile: a 128-byte header, the tag table, the tag data (4-byte aligned). */
function iccProfile(tags: Tag[], options: { version?: number; count?: number } = {}): Uint8Array {
  let at = 128 + 4 + tags.length * 12;
  const placed = tags.map((tag) => {
    const offset = at;
    at += tag.data.length + ((4 - (tag.data.length % 4)) % 4);
    return offset;
  });
  const table = tags.map((tag, i) => concat(ascii(tag.sig), u32(tag.offset ?? placed[i]), u32(tag.length ?? tag.data.length)));
  const data = tags.map((tag) => concat(tag.data, new Uint8Array((4 - (tag.data.length % 4)) % 4)));
  const header = new Uint8Array(128);
  header.set(u32(at), 0);
  header.set(ascii('lcms'), 4);
  header.set(u32(options.version ?? 0x02100000), 8);
  header.set(ascii('mntrRGB XYZ '), 12);
  header.set(ascii('acsp'), 36);
  return concat(header, u32(options.count ?? tags.length), ...table, ...data);
}

/** A typical v2 display profile (sRGB as most cameras embed it). */
const srgbV2 = () =>
  iccProfile([
    { sig: 'cprt', data: textType('Copyright (c) 1998 Hewlett-Packard Company') },
    { sig: 'desc', data: descType('sRGB IEC61966-2.1') },
    { sig: 'wtpt', data: xyzType() },
    { sig: 'rXYZ', data: xyzType() },
  ]);

/** A v4 profile whose description has one language (Display P3 as Apple writes it). */
const displayP3V4 = () =>
  iccProfile(
    [
      { sig: 'desc', data: mlucType([['enUS', 'Display P3']]) },
      { sig: 'cprt', data: mlucType([['enUS', 'Copyright Apple Inc., 2017']]) },
      { sig: 'wtpt', data: xyzType() },
    ],
    { version: 0x04000000 },
  );

// ---- exifr, for comparison -------------------------------------------------------------------

const IccParser = exifr.segmentParsers.get('icc') as { parse(input: Uint8Array, options: object): Record<string, unknown> };

/** exifr's full ICC parse of the profile: its 'desc' value (undefined when the parse fails). */
function exifrDesc(profile: Uint8Array): unknown {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    return IccParser.parse(profile, { translateKeys: false, translateValues: false }).desc;
  } catch {
    return undefined;
  } finally {
    warn.mockRestore();
  }
}

// ---- tests -------------------------------------------------------------------------------------

describe('iccDescription', () => {
  describe('reads the description tag as exifr does', () => {
    it("v2 'desc' (textDescriptionType) among other tags", () => {
      const profile = srgbV2();
      expect(iccDescription(profile)).toBe('sRGB IEC61966-2.1');
      expect(exifrDesc(profile)).toBe('sRGB IEC61966-2.1');
    });

    it("v4 'mluc' with one language, including text outside Latin-1 and a surrogate pair", () => {
      expect(iccDescription(displayP3V4())).toBe('Display P3');
      const text = 'Écran calibré 日本語 😀';
      const profile = iccProfile([{ sig: 'desc', data: mlucType([['frFR', text]]) }], { version: 0x04200000 });
      expect(iccDescription(profile)).toBe(text);
      expect(exifrDesc(profile)).toBe(text);
    });

    it("v4 'mluc' with several languages: no single description (exifr gives a list, the check showed none)", () => {
      const profile = iccProfile(
        [
          {
            sig: 'desc',
            data: mlucType([
              ['enUS', 'Generic RGB Profile'],
              ['deDE', 'Allgemeines RGB-Profil'],
              ['frFR', 'Profil générique RVB'],
              ['jaJP', '汎用 RGB プロファイル'],
            ]),
          },
        ],
        { version: 0x04000000 },
      );
      expect(iccDescription(profile)).toBeUndefined();
      const exifrValue = exifrDesc(profile);
      expect(exifrValue).toEqual([
        { lang: 'en', country: 'US', text: 'Generic RGB Profile' },
        { lang: 'de', country: 'DE', text: 'Allgemeines RGB-Profil' },
        { lang: 'fr', country: 'FR', text: 'Profil générique RVB' },
        { lang: 'ja', country: 'JP', text: '汎用 RGB プロファイル' },
      ]);
      // What the check made of exifr's list before this reader.
      expect(valueText(exifrValue)).toBeUndefined();
    });

    it("a 'text' type description, with its trailing NULs and blanks trimmed", () => {
      const profile = iccProfile([{ sig: 'desc', data: concat(ascii('text'), u32(0), ascii('  Scanner RGB  '), new Uint8Array(3)) }]);
      expect(iccDescription(profile)).toBe('Scanner RGB');
      expect(exifrDesc(profile)).toBe('Scanner RGB');
    });

    it("v2 'desc' padded with NULs inside its count, and an empty one", () => {
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('Adobe RGB (1998)\0\0\0') }]))).toBe('Adobe RGB (1998)');
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('') }]))).toBeUndefined();
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('   ') }]))).toBeUndefined();
    });

    it("a description in a type exifr does not decode: its bytes as a C string, as the check read exifr's raw value", () => {
      const data = concat(ascii('abcd'), ascii('Odd profile'), new Uint8Array(1), ascii('junk'));
      const profile = iccProfile([{ sig: 'desc', data }]);
      expect(iccDescription(profile)).toBe('abcdOdd profile');
      expect(valueText(exifrDesc(profile))).toBe('abcdOdd profile');
    });

    it('the last description tag wins; an empty later one leaves the earlier one', () => {
      const twice = iccProfile([
        { sig: 'desc', data: descType('First') },
        { sig: 'desc', data: mlucType([['enUS', 'Second']]) },
      ]);
      expect(iccDescription(twice)).toBe('Second');
      expect(exifrDesc(twice)).toBe('Second');
      const emptyLater = iccProfile([
        { sig: 'desc', data: descType('Kept') },
        { sig: 'desc', data: descType('') },
      ]);
      expect(iccDescription(emptyLater)).toBe('Kept');
      expect(exifrDesc(emptyLater)).toBe('Kept');
    });

    it('only the desc tag is read: other text tags are not taken for it', () => {
      const profile = iccProfile([
        { sig: 'cprt', data: textType('Copyright nobody') },
        { sig: 'dmnd', data: descType('Manufacturer') },
        { sig: 'dmdd', data: descType('Model') },
      ]);
      expect(iccDescription(profile)).toBeUndefined();
      expect(exifrDesc(profile)).toBeUndefined();
    });

    it('reads a profile that is a view into a larger buffer (offsets count from the profile)', () => {
      const profile = srgbV2();
      const host = concat(ascii('GARBAGE-BEFORE-THE-PROFILE'), profile, ascii('AFTER'));
      const view = host.subarray(26, 26 + profile.length);
      expect(iccDescription(view)).toBe('sRGB IEC61966-2.1');
    });
  });

  describe('damaged profiles: undefined or what exifr would read, never a throw', () => {
    it('too short for a header and a tag count', () => {
      expect(iccDescription(new Uint8Array(0))).toBeUndefined();
      expect(iccDescription(srgbV2().subarray(0, 84))).toBeUndefined();
      expect(iccDescription(srgbV2().subarray(0, 131))).toBeUndefined();
    });

    it('no tag table: a count of zero, a header alone', () => {
      expect(iccDescription(iccProfile([]))).toBeUndefined();
      const countOnly = concat(srgbV2().subarray(0, 128), u32(0));
      expect(iccDescription(countOnly)).toBeUndefined();
    });

    it('a tag count far beyond the table: the entries that are there are read, and the walk ends', () => {
      const profile = iccProfile([{ sig: 'wtpt', data: xyzType() }, { sig: 'desc', data: descType('Huge count') }], { count: 0xffffffff });
      expect(iccDescription(profile)).toBe('Huge count');
    });

    it('a tag count beyond the table whose entries end at the profile end', () => {
      // The count says 3, the table holds 1 and then nothing: no entry past the end is read.
      const head = iccProfile([{ sig: 'desc', data: descType('Short table') }], { count: 3 });
      expect(iccDescription(head)).toBe('Short table');
      expect(iccDescription(head.subarray(0, 128 + 4 + 12))).toBeUndefined();
    });

    it('a tag running past the profile end stops the walk, as in exifr (an earlier desc stays)', () => {
      const before = iccProfile([
        { sig: 'wtpt', data: xyzType(), length: 1_000_000 },
        { sig: 'desc', data: descType('Never reached') },
      ]);
      expect(iccDescription(before)).toBeUndefined();
      expect(exifrDesc(before)).toBeUndefined();
      const after = iccProfile([
        { sig: 'desc', data: descType('Read first') },
        { sig: 'rTRC', data: xyzType(), offset: 0xfffffff0 },
        { sig: 'desc', data: descType('Never reached') },
      ]);
      expect(iccDescription(after)).toBe('Read first');
    });

    it("a desc entry whose own length runs past the end is not read (nor anything after it)", () => {
      const profile = iccProfile([{ sig: 'desc', data: descType('Cut') }]);
      const cut = profile.subarray(0, profile.length - 80);
      expect(iccDescription(cut)).toBeUndefined();
    });

    it("a 'desc' count of zero, or one reaching past the profile", () => {
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('Zero', 0) }]))).toBeUndefined();
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('Huge', 0x7fffffff) }]))).toBeUndefined();
      expect(iccDescription(iccProfile([{ sig: 'desc', data: descType('Huge', 0xffffffff) }]))).toBeUndefined();
    });

    it('a desc entry pointing into the header, or at the last bytes of the profile', () => {
      // The "type" read there is the header's version (02 10 00 00): an unknown type, whose bytes
      // are control characters only, which the collector (like valueText on exifr's value) drops.
      const intoHeader = iccProfile([{ sig: 'desc', data: descType('x'), offset: 8, length: 4 }]);
      expect(iccDescription(intoHeader)).toBe('\x02\x10');
      expect(valueText(iccDescription(intoHeader))).toBeUndefined();
      expect(valueText(exifrDesc(intoHeader))).toBeUndefined();
      const profile = srgbV2();
      const atEnd = iccProfile([{ sig: 'desc', data: descType('x'), offset: profile.length - 4, length: 0 }]);
      expect(() => iccDescription(atEnd)).not.toThrow();
    });

    it("'mluc' records pointing past the profile, or of odd length", () => {
      const data = mlucType([['enUS', 'Display']]);
      const far = data.slice();
      far.set(u32(0x7ffffff0), 24);
      expect(iccDescription(iccProfile([{ sig: 'desc', data: far }]))).toBeUndefined();
      const odd = data.slice();
      odd.set(u32(7), 20); // three and a half characters: the half one is read whole, as in exifr
      expect(iccDescription(iccProfile([{ sig: 'desc', data: odd }]))).toBe('Disp');
      expect(exifrDesc(iccProfile([{ sig: 'desc', data: odd }]))).toBe('Disp');
      const none = concat(ascii('mluc'), u32(0), u32(0), u32(12));
      expect(iccDescription(iccProfile([{ sig: 'desc', data: none }]))).toBeUndefined();
    });

    it('every truncation and many corruptions of real profiles: no throw, never a wrong description', () => {
      for (const [profile, description] of [
        [srgbV2(), 'sRGB IEC61966-2.1'],
        [displayP3V4(), 'Display P3'],
      ] as const) {
        for (let end = 0; end <= profile.length; end++) {
          const value = iccDescription(profile.subarray(0, end));
          if (value !== undefined) expect(value).toBe(description);
        }
        expect(iccDescription(profile)).toBe(description);
        let seed = 7;
        const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
        for (let round = 0; round < 300; round++) {
          const damaged = profile.slice();
          for (let k = 0; k < 4; k++) damaged[128 + Math.floor(random() * (damaged.length - 128))] = Math.floor(random() * 256);
          expect(() => iccDescription(damaged)).not.toThrow();
        }
      }
    });
  });

  it('reads a profile in parts (JPEG segments) exactly as the joined profile, wherever the cuts fall', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const odd = mlucType([['enUS', 'Display P3']]);
    odd.set(u32(7), 20);
    const profiles = [
      srgbV2(),
      displayP3V4(),
      iccProfile([{ sig: 'desc', data: odd }]),
      iccProfile([{ sig: 'desc', data: descType('Adobe RGB (1998)') }], { count: 40 }),
      iccProfile([{ sig: 'desc', data: descType('Past the end'), length: 4000 }]),
    ];
    for (const whole of profiles) {
      for (let round = 0; round < 200; round++) {
        // Some rounds damage the profile, so that the damaged-profile paths are compared too.
        const profile = round % 2 === 0 ? whole : whole.slice(0, 1 + Math.floor(random() * whole.length));
        const cuts = Array.from({ length: 1 + Math.floor(random() * 5) }, () => Math.floor(random() * (profile.length + 1))).sort((a, b) => a - b);
        const parts = [0, ...cuts].map((start, i) => profile.subarray(start, [...cuts, profile.length][i]));
        expect(iccDescription(parts)).toBe(iccDescription(profile));
      }
    }
  });
});

describe('ICC profile descriptions in images', () => {
  const EXIFR_JPEG_ICC = { tiff: false, xmp: false, iptc: false, jfif: false, ihdr: false, icc: true, mergeOutput: false, translateKeys: false, translateValues: false, multiSegment: true };

  async function exifrJpegDesc(jpeg: Uint8Array): Promise<unknown> {
    const out = (await exifr.parse(jpeg, EXIFR_JPEG_ICC)) as { icc?: Record<string, unknown> } | undefined;
    return out?.icc?.desc;
  }

  /** The profile in `count` APP2 ICC_PROFILE segments, numbered 1..count. */
  function split(profile: Uint8Array, count: number): Uint8Array[] {
    const size = Math.ceil(profile.length / count);
    return Array.from({ length: count }, (_, i) => iccApp2(profile.subarray(i * size, (i + 1) * size), i + 1, count));
  }

  it('JPEG: one APP2 segment', async () => {
    const jpeg = jpegWith(tinyJpeg(), [iccApp2(srgbV2())]);
    expect((await readImageMetadata(jpeg)).iccProfile).toBe('sRGB IEC61966-2.1');
    expect(await exifrJpegDesc(jpeg)).toBe('sRGB IEC61966-2.1');
  });

  it('JPEG: a profile in three APP2 segments is joined before its tag table is read', async () => {
    const profile = iccProfile([
      { sig: 'wtpt', data: xyzType() },
      { sig: 'A2B0', data: new Uint8Array(600).fill(0x5a) },
      { sig: 'desc', data: descType('Camera RGB split across segments') },
    ]);
    const segments = split(profile, 3);
    // The description lies in the last segment: without the join there is none.
    expect(iccDescription(profile.subarray(0, Math.ceil(profile.length / 3)))).toBeUndefined();
    const jpeg = jpegWith(tinyJpeg(), segments);
    expect((await readImageMetadata(jpeg)).iccProfile).toBe('Camera RGB split across segments');
    expect(await exifrJpegDesc(jpeg)).toBe('Camera RGB split across segments');
  });

  it('JPEG: a multi-segment v4 profile whose mluc string straddles two segments', async () => {
    const profile = iccProfile([{ sig: 'desc', data: mlucType([['enUS', 'Wide Gamut RGB — calibrated 2024']]) }], { version: 0x04300000 });
    const cut = profile.length - 20; // inside the UTF-16 string
    const jpeg = jpegWith(tinyJpeg(), [iccApp2(profile.subarray(0, cut), 1, 2), iccApp2(profile.subarray(cut), 2, 2)]);
    expect((await readImageMetadata(jpeg)).iccProfile).toBe('Wide Gamut RGB — calibrated 2024');
    expect(await exifrJpegDesc(jpeg)).toBe('Wide Gamut RGB — calibrated 2024');
  });

  it('JPEG: two whole single-segment profiles: the first is read, as exifr reads it', async () => {
    const jpeg = jpegWith(tinyJpeg(), [iccApp2(srgbV2()), iccApp2(displayP3V4())]);
    expect((await readImageMetadata(jpeg)).iccProfile).toBe('sRGB IEC61966-2.1');
    expect(await exifrJpegDesc(jpeg)).toBe('sRGB IEC61966-2.1');
  });

  it('JPEG: a profile cut into segments each numbered 1 of 1 is not joined: the first is read alone, as in exifr', async () => {
    const profile = iccProfile([
      { sig: 'A2B0', data: new Uint8Array(400) },
      { sig: 'desc', data: descType('Only in the second part') },
    ]);
    const jpeg = jpegWith(tinyJpeg(), [iccApp2(profile.subarray(0, 300)), iccApp2(profile.subarray(300))]);
    expect((await readImageMetadata(jpeg)).iccProfile).toBeUndefined();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await exifrJpegDesc(jpeg)).toBeUndefined();
    } finally {
      warn.mockRestore();
    }
    // Numbered as a series, the same segments are joined.
    const series = jpegWith(tinyJpeg(), [iccApp2(profile.subarray(0, 300), 1, 2), iccApp2(profile.subarray(300), 2, 2)]);
    expect((await readImageMetadata(series)).iccProfile).toBe('Only in the second part');
  });

  it('JPEG: a series missing its last segment gives no description, and no error', async () => {
    const profile = iccProfile([
      { sig: 'A2B0', data: new Uint8Array(400) },
      { sig: 'desc', data: descType('Lost with the last segment') },
    ]);
    const jpeg = jpegWith(tinyJpeg(), split(profile, 3).slice(0, 2));
    const m = await readImageMetadata(jpeg);
    expect(m.iccProfile).toBeUndefined();
    expect(m.unreadable).toEqual([]);
  });

  it('PNG: an iCCP chunk (zlib) and an ImageMagick raw profile', async () => {
    const iccp = pngChunk('iCCP', concat(ascii('ICC Profile'), new Uint8Array([0, 0]), deflateSync(displayP3V4())));
    expect((await readImageMetadata(grayPng({ before: [iccp] }))).iccProfile).toBe('Display P3');
    const raw = zTXt('Raw profile type icc', rawProfileText('icc', srgbV2()));
    expect((await readImageMetadata(grayPng({ after: [raw] }))).iccProfile).toBe('sRGB IEC61966-2.1');
  });

  it('WebP: an ICCP chunk', async () => {
    const webp = webpWith(fakeWebpImage(), { icc: srgbV2() });
    expect((await readImageMetadata(webp)).iccProfile).toBe('sRGB IEC61966-2.1');
  });

  it('TIFF: the InterColorProfile tag (0x8773), in both byte orders', async () => {
    for (const littleEndian of [true, false]) {
      const tiff = rgbTiff({ littleEndian, tags: { 0x8773: { type: 'undefined', value: displayP3V4() } } });
      expect((await readImageMetadata(tiff)).iccProfile).toBe('Display P3');
    }
  });

  it('a damaged profile in any container: no description, the rest still read', async () => {
    const broken = srgbV2().subarray(0, 100);
    expect((await readImageMetadata(jpegWith(tinyJpeg(), [iccApp2(broken)]))).iccProfile).toBeUndefined();
    expect((await readImageMetadata(webpWith(fakeWebpImage(), { icc: broken }))).iccProfile).toBeUndefined();
    expect((await readImageMetadata(rgbTiff({ tags: { 0x8773: { type: 'undefined', value: broken } } }))).iccProfile).toBeUndefined();
  });
});
