/**
 * Fuzzing the readers and the stripper with 2,800 mutated files (seeded, so every run tries the
 * same files): truncations, bit flips, bogus lengths, huge value counts, looping IFD offsets,
 * broken HEIF box sizes and spliced bytes, over JPEG, PNG, WebP, TIFF, HEIC, AVIF and GIF images
 * with every kind of metadata we read. Each must end in a result or a clean error
 * (UnsupportedImageError / MalformedImageError), never anything else; and the analysis and
 * the strip must agree: what the analysis says the strip can do, it does, and leaves nothing the
 * analysis would report.
 *
 * Every test is bounded by counts (a fixed number of files, one at a time), never by the clock: on a
 * loaded machine a read can take any time, and timing targets live in the benchmarks
 * (test/bench/). The only clock is Jest's, set far above a normal run, to end a real hang.
 */
import {
  canonMakerNote,
  comSegment,
  concat,
  eXIf,
  exifApp1,
  exifTiff,
  fakeWebpImage,
  grayPng,
  iptcApp13,
  iptcIim,
  iTXt,
  jpegWith,
  nikonMakerNote,
  panasonicMakerNote,
  photoshopResources,
  rawProfileText,
  rgbTiff,
  tEXt,
  tiffMetadataTags,
  tinyJpeg,
  webpWith,
  xmpApp1,
  xmpPacket,
  zTXt,
} from '../../../test/support/image-fixtures';
import { exifItemData, fakeHvcC, gifApplication, gifComment, gifLoop, gifWith, gifXmp, heifFile, heifTime, iphoneLikeHeic, ispe, tinyGif, udes } from '../../../test/support/heif-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import { readImageMetadata } from './image-metadata.reader';
import { MetadataWorkerPool } from './metadata-worker.pool';

// A hang guard, not a target: a normal run of the longest test takes seconds.
jest.setTimeout(900_000);

const SEED = 0x5eed_f00d;
const PER_BASE = 400; // × 7 bases = 2,800 files
/** The pool's per-job deadline is a time limit, so it is set far above any normal job here; a hung job still ends the test at Jest's limit. */
const POOL_HANG_GUARD = { jobTimeoutMs: 300_000 };

/** mulberry32: a small seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] };
}
type Rng = ReturnType<typeof prng>;


const exif = (littleEndian: boolean) =>
  exifTiff({
    littleEndian,
    make: 'Canon',
    model: 'Canon EOS 5D',
    software: 'Fuzz 1.0',
    artist: 'Jane Doe',
    orientation: 6,
    dateTimeOriginal: '2021:06:01 12:30:45',
    bodySerial: 'SN12345',
    ownerName: 'Jane',
    gps: { latitude: 48.85, longitude: 2.29, altitude: 35 },
    makerNote: canonMakerNote({ ownerName: 'Jane', serialNumber: 42, internalSerial: 'K0024263' }, littleEndian),
    thumbnail: tinyJpeg(),
  });

const XMP = xmpPacket({ creator: 'Jane Doe', gpsLatitude: '48,51.0N', gpsLongitude: '2,17.4E', serialNumber: '0123', email: 'j@example.com', history: [{ action: 'saved', when: '2020-01-01T00:00:00Z', softwareAgent: 'Editor' }] });

const BASES: Record<string, Uint8Array> = {
  jpeg: jpegWith(tinyJpeg(), [
    exifApp1(exif(false)),
    xmpApp1(XMP),
    iptcApp13(photoshopResources(iptcIim([[2, 80, 'Jane'], [2, 90, 'Paris'], [2, 55, '20200101'], [2, 60, '120000+0100']]), tinyJpeg())),
    comSegment('fuzz comment'),
  ]),
  png: grayPng({
    before: [
      tEXt('Author', 'Jane'),
      zTXt('Raw profile type exif', rawProfileText('exif', concat(new TextEncoder().encode('Exif\0\0'), exif(true)))),
      iTXt('XML:com.adobe.xmp', XMP, true),
      tEXt('exif:GPSLatitude', '48/1, 51/1, 0/1'),
      tEXt('exif:GPSLatitudeRef', 'N'),
      tEXt('exif:GPSLongitude', '2/1, 17/1, 24/1'),
      tEXt('exif:GPSLongitudeRef', 'E'),
    ],
    after: [eXIf(exifTiff({ make: 'Nikon', makerNote: nikonMakerNote({ serialNumber: '7001' }) })), tEXt('parameters', 'prompt, Steps: 20')],
  }),
  webp: webpWith(fakeWebpImage(), { exif: exifTiff({ make: 'Panasonic', makerNote: panasonicMakerNote({ internalSerial: 'F3410012' }), gps: { latitude: 1, longitude: 2 } }), xmp: XMP, icc: new Uint8Array(132) }),
  tiff: rgbTiff({ strips: 3, tags: tiffMetadataTags({ make: 'Parrot', software: 'v1', artist: 'Jane', bodySerial: 'PI04', gps: { latitude: 49, longitude: 1.6 }, xmp: XMP, iptc: iptcIim([[2, 80, 'Jane']]) }) }),
  heic: iphoneLikeHeic({ exif: exif(false), xmp: XMP, extraProperties: [udes('Holiday', 'Jane at home', 'family'), heifTime('crtt', '2021-06-01T12:30:45Z')] }),
  avif: heifFile({
    major: 'avif',
    primary: 1,
    ilocVersion: 2,
    baseOffsets: true,
    items: [
      { id: 1, type: 'av01', data: new Uint8Array(90).fill(0x42), extents: 2, properties: [ispe(8, 8)] },
      { id: 2, type: 'Exif', data: exifItemData(exif(true)), extents: 2 },
      { id: 3, type: 'mime', contentType: 'application/rdf+xml', data: new TextEncoder().encode(XMP) },
      { id: 4, type: 'hvc1', data: new Uint8Array(20).fill(7), properties: [fakeHvcC(), ispe(4, 4)] },
    ],
    references: [
      { type: 'cdsc', from: 2, to: [1] },
      { type: 'cdsc', from: 3, to: [1] },
      { type: 'thmb', from: 4, to: [1] },
    ],
  }),
  gif: gifWith(tinyGif(), [gifLoop(), gifComment('Jane at 12 Main St'), gifXmp(XMP), gifApplication('MGKIPTC0000', iptcIim([[2, 80, 'Jane']]))], new TextEncoder().encode('after the trailer')),
};

/** Offsets of every TIFF header inside `bytes` (the EXIF blocks of any container). */
function tiffHeaders(bytes: Uint8Array): number[] {
  const found: number[] = [];
  for (let i = 0; i + 8 <= bytes.length; i++) {
    const le = bytes[i] === 0x49 && bytes[i + 1] === 0x49 && bytes[i + 2] === 0x2a && bytes[i + 3] === 0;
    const be = bytes[i] === 0x4d && bytes[i + 1] === 0x4d && bytes[i + 2] === 0 && bytes[i + 3] === 0x2a;
    if (le || be) found.push(i);
  }
  return found;
}

function ifdInfo(bytes: Uint8Array, header: number) {
  const le = bytes[header] === 0x49;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ifd0 = header + dv.getUint32(header + 4, le);
  if (ifd0 + 2 > bytes.length) return undefined;
  const count = dv.getUint16(ifd0, le);
  return { le, dv, ifd0, count, entries: Array.from({ length: Math.min(count, 64) }, (_, i) => ifd0 + 2 + i * 12).filter((at) => at + 12 <= bytes.length) };
}

const MUTATIONS: Record<string, (b: Uint8Array, r: Rng) => Uint8Array> = {
  truncate: (b, r) => b.slice(0, r.int(b.length)),
  bitFlips: (b, r) => {
    const out = b.slice();
    for (let n = 1 + r.int(8); n > 0; n--) out[r.int(out.length)] ^= 1 << r.int(8);
    return out;
  },
  bogusLength: (b, r) => {
    if (b.length < 4) return MUTATIONS.splice(b, r);
    const out = b.slice();
    const at = r.int(out.length - 3);
    const dv = new DataView(out.buffer);
    const value = r.pick([0, 1, 2, 0xffff, 0xfffe, 0x7fffffff, 0xffffffff, r.int(0x10000), out.length - at, out.length - at + 1]);
    if (r.next() < 0.5) dv.setUint16(at, value & 0xffff, r.next() < 0.5);
    else dv.setUint32(at, value >>> 0, r.next() < 0.5);
    return out;
  },
  hugeCount: (b, r) => {
    const out = b.slice();
    const headers = tiffHeaders(out);
    const info = headers.length ? ifdInfo(out, r.pick(headers)) : undefined;
    if (!info || info.entries.length === 0) return MUTATIONS.bogusLength(out, r);
    const entry = r.pick(info.entries);
    if (r.next() < 0.3) info.dv.setUint16(info.ifd0, r.pick([0xffff, 0x7fff, 4096]), info.le);
    else info.dv.setUint32(entry + 4, r.pick([0xffffffff, 0x40000000, 0x10000000, 1 << 20]), info.le);
    return out;
  },
  loopingIfd: (b, r) => {
    const out = b.slice();
    const headers = tiffHeaders(out);
    const header = headers.length ? r.pick(headers) : undefined;
    const info = header !== undefined ? ifdInfo(out, header) : undefined;
    if (!info || header === undefined) return MUTATIONS.bitFlips(out, r);
    const self = info.ifd0 - header;
    const next = info.ifd0 + 2 + info.count * 12;
    const pointers = info.entries.filter((at) => [0x8769, 0x8825, 0xa005, 0x014a].includes(info.dv.getUint16(at, info.le)));
    if (pointers.length && r.next() < 0.6) info.dv.setUint32(r.pick(pointers) + 8, r.pick([self, 0, 8, self + 2]), info.le);
    else if (next + 4 <= out.length) info.dv.setUint32(next, self, info.le);
    return out;
  },
  /** A HEIF box's size (meta and its children, mdat) set to something wrong. */
  boxSize: (b, r) => {
    const text = Buffer.from(b).toString('latin1');
    const at = ['meta', 'iloc', 'iinf', 'iref', 'iprp', 'ipco', 'ipma', 'idat', 'mdat', 'infe', 'pitm']
      .map((type) => text.indexOf(type))
      .filter((i) => i >= 4);
    if (at.length === 0) return MUTATIONS.bogusLength(b, r);
    const out = b.slice();
    new DataView(out.buffer).setUint32(r.pick(at) - 4, r.pick([0, 1, 7, 8, 9, 0xffffffff, r.int(out.length * 2), out.length]));
    return out;
  },
  splice: (b, r) => {
    const at = r.int(b.length);
    const junk = new Uint8Array(1 + r.int(64));
    for (let i = 0; i < junk.length; i++) junk[i] = r.int(256);
    return r.next() < 0.5 ? concat(b.subarray(0, at), junk, b.subarray(at)) : concat(b.subarray(0, at), b.subarray(Math.min(b.length, at + junk.length)));
  },
};

function mutated(): Array<{ label: string; bytes: Uint8Array }> {
  const r = prng(SEED);
  const files: Array<{ label: string; bytes: Uint8Array }> = [];
  for (const [type, base] of Object.entries(BASES)) {
    for (let i = 0; i < PER_BASE; i++) {
      let bytes = base;
      const names: string[] = [];
      for (let n = 1 + r.int(3); n > 0; n--) {
        const name = r.pick(Object.keys(MUTATIONS));
        names.push(name);
        bytes = MUTATIONS[name](bytes, r);
      }
      files.push({ label: `${type}#${i} ${names.join('+')}`, bytes });
    }
  }
  return files;
}

const clean = (err: unknown) => err instanceof MalformedImageError || err instanceof UnsupportedImageError;

describe('fuzzing the metadata readers and the stripper', () => {
  const files = mutated();

  it('makes at least 2,000 distinct mutated files, the same every run', () => {
    expect(files.length).toBeGreaterThanOrEqual(2_000);
    const again = mutated();
    expect(again.map((f) => f.label)).toEqual(files.map((f) => f.label));
    expect(Buffer.compare(Buffer.from(again[1234].bytes), Buffer.from(files[1234].bytes))).toBe(0);
    expect(new Set(files.map((f) => Buffer.from(f.bytes).toString('base64'))).size).toBeGreaterThan(1_900);
  });

  it('reads each one to a result or a clean error', async () => {
    const problems: string[] = [];
    let results = 0;
    let errors = 0;
    for (const file of files) {
      try {
        await readImageMetadata(file.bytes);
        results++;
      } catch (err) {
        if (clean(err)) errors++;
        else problems.push(`${file.label}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(results + errors).toBe(files.length);
    expect(results).toBeGreaterThan(0);
    expect(errors).toBeGreaterThan(0);
  });

  it('strips each one to a result or a clean error; what it returns strips to itself', () => {
    const problems: string[] = [];
    let results = 0;
    for (const file of files) {
      try {
        const out = stripMetadata(file.bytes).bytes;
        results++;
        const again = stripMetadata(out).bytes;
        if (Buffer.compare(Buffer.from(again), Buffer.from(out)) !== 0) problems.push(`${file.label}: not idempotent`);
      } catch (err) {
        if (!clean(err)) problems.push(`${file.label}: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(results).toBeGreaterThan(0);
  });

  it('the analysis and the strip agree on every one: the strip does what the analysis says it can, and leaves nothing it would report', async () => {
    const problems: string[] = [];
    const tally = { cleaned: 0, refusedWithReason: 0, bothRefused: 0, stripOnly: 0 };
    for (const file of files) {
      let check;
      try {
        check = await checkImage(file.bytes);
      } catch {
        check = undefined;
      }
      let stripped: Uint8Array | undefined;
      let stripError = '';
      try {
        stripped = stripMetadata(file.bytes).bytes;
      } catch (err) {
        stripError = err instanceof Error ? err.message : String(err);
      }
      if (!check) {
        // A file the analysis cannot read at all: the strip may still clean it (an integrator's call).
        if (stripped) tally.stripOnly++;
        else tally.bothRefused++;
        continue;
      }
      if (check.strip.possible !== (stripped !== undefined)) {
        problems.push(`${file.label}: analysis says possible=${check.strip.possible}, strip ${stripped ? 'succeeded' : `refused (${stripError})`}`);
        continue;
      }
      if (!stripped) {
        tally.refusedWithReason++;
        if (!check.strip.message?.includes(stripError.replace(/\.$/, ''))) problems.push(`${file.label}: reason not given (${stripError})`);
        continue;
      }
      tally.cleaned++;
      const again = await checkImage(stripped).catch((err: Error) => err);
      if (again instanceof Error) problems.push(`${file.label}: the clean copy cannot be read (${again.message})`);
      else if (again.findings.length) problems.push(`${file.label}: left after the strip: ${again.findings.map((f) => `${f.category} ${f.redactedValue}`).join('; ')}`);
    }
    process.stdout.write(`\nanalysis and strip on ${files.length} mutated files: ${JSON.stringify(tally)}\n`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(tally.cleaned).toBeGreaterThan(files.length / 4);
  });

  it('through the worker pool too (a sample): no worker crash, no deadline reached', async () => {
    const pool = new MetadataWorkerPool({ workers: 2, ...POOL_HANG_GUARD });
    try {
      const sample = files.filter((_, i) => i % 12 === 0);
      const unclean: string[] = [];
      // Four at a time: within the pool's queue limit.
      for (let i = 0; i < sample.length; i += 4) {
        const batch = sample.slice(i, i + 4);
        const outcomes = await Promise.allSettled(batch.map((f) => pool.analyze(f.bytes.slice())));
        outcomes.forEach((o, j) => {
          if (o.status === 'rejected' && !clean(o.reason)) unclean.push(`${batch[j].label}: ${String(o.reason)}`);
        });
      }
      expect(unclean).toEqual([]);
      expect(pool.stats).toMatchObject({ timeouts: 0, crashes: 0 });
    } finally {
      await pool.onModuleDestroy();
    }
  });
});
