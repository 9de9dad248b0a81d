import { ascii, cameraExif, comSegment, concat, exifApp1, grayPng, iTXt, jpegWith, tinyJpeg, xmpPacket } from '../../../test/support/image-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import { DEFAULT_FAST_LANE } from './metadata-fast-lane';
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

/** The pool's own workers only: every job goes through its message ports. */
const NO_LANE = { fastLane: { ...DEFAULT_FAST_LANE, maxBytes: 0 } };

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
    pool = new MetadataWorkerPool({ workers: 2, ...NO_LANE });
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
    const pool = new MetadataWorkerPool({ workers: 1, jobTimeoutMs: 5_000, ...NO_LANE });
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
    const pool = new MetadataWorkerPool({ workers: 1, jobTimeoutMs: 20_000, resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4, codeRangeSizeMb: 8, stackSizeMb: 4 }, ...NO_LANE });
    try {
      await pool.analyze(tinyJpeg());
      await expect(pool.analyze(heavyPng())).rejects.toEqual(new MetadataLimitError('memory'));
      expect((await pool.analyze(photo())).findings.some((f) => f.redactedValue.includes('Canon'))).toBe(true);
    } finally {
      await pool.onModuleDestroy();
    }
  });

  it('refuses work beyond its queue instead of piling up uploads', async () => {
    const pool = new MetadataWorkerPool({ workers: 1, maxQueued: 1, jobTimeoutMs: 10_000, ...NO_LANE });
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

describe('MetadataWorkerPool fast lane (small files)', () => {
  let pool: MetadataWorkerPool;
  beforeEach(async () => {
    pool = new MetadataWorkerPool({ workers: 1, fastLane: { ...DEFAULT_FAST_LANE, timeoutMs: 5_000, cooldownMs: 300 } });
    await pool.fastLane.warm();
  });
  afterEach(() => pool.onModuleDestroy());

  it('checks and strips a small file in the lane worker exactly as in-process, without a pool worker', async () => {
    const input = photo();
    const check = await pool.analyze(input);
    expect(check).toEqual(await checkImage(photo()));
    expect(input.byteLength).toBeGreaterThan(0); // copied into the lane, the caller's buffer untouched
    const stripped = await pool.strip(photo());
    const expected = stripMetadata(photo());
    expect(Buffer.compare(Buffer.from(stripped.bytes), Buffer.from(expected.bytes))).toBe(0);
    expect(stripped).toMatchObject({ type: expected.type, removed: expected.removed });
    expect(pool.fastLane.stats).toMatchObject({ jobs: 2, timeouts: 0, started: 1 });
    expect(pool.size).toBe(0);
  });

  it('takes a prefetch: an image handed over ahead is worked before it is asked for, with the same answers', async () => {
    const expected = await checkImage(photo());
    pool.prefetch('analyze', photo());
    expect(await pool.analyze(photo())).toEqual(expected);
    pool.prefetch('strip', photo());
    const stripped = await pool.strip(photo());
    expect(Buffer.compare(Buffer.from(stripped.bytes), Buffer.from(stripMetadata(photo()).bytes))).toBe(0);
    const damaged = concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 1]));
    pool.prefetch('analyze', damaged);
    await expect(pool.analyze(damaged)).rejects.toBeInstanceOf(MalformedImageError);
    expect(pool.fastLane.stats).toMatchObject({ jobs: 3, prefetched: 3, timeouts: 0, started: 1 });
    expect(pool.size).toBe(0);
  });

  it('works the job again when the prefetch was for other bytes or the other job, and sleeps after a prefetch nobody asks for', async () => {
    const expected = await checkImage(photo());
    pool.prefetch('analyze', grayPng()); // another request's image
    expect(await pool.analyze(photo())).toEqual(expected);
    pool.prefetch('strip', photo()); // the other job
    expect(await pool.analyze(photo())).toEqual(expected);
    pool.prefetch('analyze', concat(photo(), new Uint8Array([0]))); // a byte longer
    expect(await pool.analyze(photo())).toEqual(expected);
    pool.prefetch('analyze', concat(photo(), new Uint8Array(pool.limits.fastLane.maxBytes))); // too large for the lane: not taken
    expect(await pool.analyze(photo())).toEqual(expected);
    expect(pool.fastLane.stats).toMatchObject({ jobs: 4, prefetched: 0, timeouts: 0 });

    pool.prefetch('analyze', photo()); // its request failed before its handler: never asked for
    const cpuBefore = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 200));
    const cpu = process.cpuUsage(cpuBefore);
    // The worker sleeps once the prefetch is done, rather than watching for more (about the 200 ms).
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(100);
    pool.prefetch('analyze', photo()); // the next upload's: it takes the lane
    expect(await pool.analyze(photo())).toEqual(expected);
    expect(pool.fastLane.stats).toMatchObject({ jobs: 5, prefetched: 1, timeouts: 0, started: 1 });
  });

  it("answers a damaged or unsupported small file with the pool's errors", async () => {
    await expectItsErrors(pool);
    expect(pool.fastLane.stats.jobs).toBe(4);
    expect(pool.size).toBe(0);
  });

  it('leaves a file over its size to the pool', async () => {
    const large = jpegWith(tinyJpeg(), [exifApp1(cameraExif()), comSegment('x'.repeat(65_000))]);
    expect(large.byteLength).toBeGreaterThan(pool.limits.fastLane.maxBytes);
    const check = await pool.analyze(large);
    expect(check.imageType).toBe('jpeg');
    expect(pool.fastLane.stats.jobs).toBe(0);
    expect(pool.size).toBe(1);
  });

  it('gives a job that outruns the lane to the pool, turns the lane off for its cool-down, then starts it again', async () => {
    pool.limits.fastLane.timeoutMs = 0; // no job is that fast: this one outruns the lane
    const expected = await checkImage(photo());
    expect(await pool.analyze(photo())).toEqual(expected);
    expect(pool.fastLane.stats).toMatchObject({ jobs: 0, timeouts: 1 });
    expect(pool.size).toBe(1); // answered by the pool

    pool.limits.fastLane.timeoutMs = 5_000;
    expect(await pool.analyze(photo())).toEqual(expected); // during the cool-down: the pool again
    expect(pool.fastLane.stats.jobs).toBe(0);

    await new Promise((r) => setTimeout(r, 350));
    // After it: a new lane worker is started. This job goes to the pool, or to the lane when the new
    // worker loaded before the pool answered (on a loaded machine it can), so it is not counted here.
    await pool.analyze(photo());
    await pool.fastLane.warm();
    const jobsBefore = pool.fastLane.stats.jobs;
    expect(await pool.analyze(photo())).toEqual(expected);
    expect(pool.fastLane.stats).toMatchObject({ jobs: jobsBefore + 1, timeouts: 1, started: 2 });
  });
});
