import { ascii, cameraExif, concat, exifApp1, grayPng, iTXt, jpegWith, tinyJpeg, xmpPacket } from '../../../test/support/image-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import { MetadataLimitError, MetadataWorkerPool } from './metadata-worker.pool';

jest.setTimeout(60_000);

const photo = () => jpegWith(tinyJpeg(), [exifApp1(cameraExif())]);
/** An unsupported and a damaged file, analysed and stripped, each get their own error (4 jobs). */
async function expectItsErrors(pool: MetadataWorkerPool) {
    await expect(pool.analyze(ascii('BM6 and more bytes'))).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(pool.strip(ascii('BM6 and more bytes'))).rejects.toBeInstanceOf(UnsupportedImageError);
    await expect(pool.analyze(concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 1])))).rejects.toBeInstanceOf(MalformedImageError);
    await expect(pool.strip(grayPng().subarray(0, 30))).rejects.toBeInstanceOf(MalformedImageError);
}

/**
 * A PNG whose metadata takes a while (about half a second) and a lot of heap (about 100 MB) to
 * read: a 1.8 MB XMP packet with 80,000 keywords.
 */
function heavyPng(): Uint8Array {
  const keywords = Array.from({ length: 80_000 }, (_, i) => `<rdf:li>k${i}</rdf:li>`).join('');
  return grayPng({ before: [iTXt('XML:com.adobe.xmp', xmpPacket({ extra: `<dc:subject><rdf:Bag>${keywords}</rdf:Bag></dc:subject>` }), true)] });
}

describe('MetadataWorkerPool', () => {
  let pool: MetadataWorkerPool;
  beforeAll(() => {
    pool = new MetadataWorkerPool({ workers: 2 });
  });
  afterAll(() => pool.onModuleDestroy());

  it('checks an image in a worker exactly as in-process, and takes the buffer over instead of copying it', async () => {
    const input = photo();
    const expected = await checkImage(input.slice());
    const check = await pool.analyze(input);
    expect(check).toEqual(expected);
    expect(input.byteLength).toBe(0); // transferred to the worker
    expect(check.imageType).toBe('jpeg');
    expect(check.findings.find((f) => f.category === 'serial_number')?.redactedValue).toMatch(/^•+\w{4}$/);
  });

  it('strips in a worker exactly as in-process', async () => {
    const input = photo();
    const expected = stripMetadata(input.slice());
    const result = await pool.strip(input);
    expect(Buffer.compare(Buffer.from(result.bytes), Buffer.from(expected.bytes))).toBe(0);
    expect(result.removed).toEqual(expected.removed);
  });

  it('copies a view into a larger buffer rather than transferring someone else\'s memory', async () => {
    const big = concat(new Uint8Array(16), photo());
    const view = big.subarray(16);
    await pool.analyze(view);
    expect(big.byteLength).toBeGreaterThan(16);
    expect(view.byteLength).toBeGreaterThan(0);
  });

  it('reports unsupported and damaged files with their own errors', async () => {
    await expectItsErrors(pool);
  });

  it('runs many jobs in parallel on at most `workers` threads', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => pool.analyze(photo())));
    expect(results.every((r) => r.findings.some((f) => f.category === 'device' && f.redactedValue.includes('Canon')))).toBe(true);
    expect(pool.size).toBeLessThanOrEqual(2);
  });
});

describe('MetadataWorkerPool limits', () => {
  it('stops a job at its deadline, replaces the worker and keeps serving', async () => {
    const pool = new MetadataWorkerPool({ workers: 1, jobTimeoutMs: 5_000 });
    try {
      await pool.analyze(tinyJpeg()); // the worker is loaded and warm
      pool.limits.jobTimeoutMs = 50;
      // the job itself would run for seconds; the error kind and the counter show the deadline ended it
      await expect(pool.analyze(heavyPng())).rejects.toEqual(new MetadataLimitError('timeout'));
      expect(pool.stats.timeouts).toBe(1);
      pool.limits.jobTimeoutMs = 5_000;
      const again = await pool.analyze(photo());
      expect(again.findings.some((f) => f.redactedValue.includes('Canon'))).toBe(true);
      expect(pool.stats.started).toBe(2);
    } finally {
      await pool.onModuleDestroy();
    }
  });

  it('ends a worker that exceeds its heap limit, with a clean error, and keeps serving', async () => {
    const pool = new MetadataWorkerPool({ workers: 1, jobTimeoutMs: 20_000, resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4, codeRangeSizeMb: 8, stackSizeMb: 4 } });
    try {
      await pool.analyze(tinyJpeg());
      await expect(pool.analyze(heavyPng())).rejects.toEqual(new MetadataLimitError('memory'));
      expect((await pool.analyze(photo())).findings.some((f) => f.redactedValue.includes('Canon'))).toBe(true);
    } finally {
      await pool.onModuleDestroy();
    }
  });

  it('refuses work beyond its queue instead of piling up uploads', async () => {
    const pool = new MetadataWorkerPool({ workers: 1, maxQueued: 1, jobTimeoutMs: 10_000 });
    try {
      const jobs = [pool.analyze(heavyPng()), pool.analyze(photo()), pool.analyze(photo())];
      const settled = await Promise.allSettled(jobs);
      expect(settled.filter((s) => s.status === 'rejected' && s.reason instanceof MetadataLimitError && s.reason.reason === 'busy')).toHaveLength(1);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    } finally {
      await pool.onModuleDestroy();
    }
  });
});
