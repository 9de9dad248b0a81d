/**
 * Bounds the image parsers in time and memory: a small pool of worker threads, each with V8 heap
 * limits (`resourceLimits`), one job at a time per worker, and a per-job deadline after which the
 * worker is terminated and replaced. A damaged or hostile file can therefore cost at most one
 * worker restart; it never grows the server's heap nor blocks the event loop.
 *
 * The upload's bytes are transferred to the worker (not copied) and the stripped copy transferred
 * back, so a request holds the file about once in memory plus what the parsers allocate.
 */
import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { StripResult, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import type { ImageCheck } from './exif-findings.analyzer';
import type { WorkerJob, WorkerReady, WorkerReply } from './metadata-worker.protocol';

export interface MetadataPoolLimits {
  workers: number;
  /** A job's time limit once a worker has it. */
  jobTimeoutMs: number;
  /** Jobs waiting for a worker beyond this are refused (the server is busy). */
  maxQueued: number;
  /** V8 limits of each worker (heap megabytes). */
  resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number; codeRangeSizeMb: number; stackSizeMb: number };
}

const STARTUP_TIMEOUT_MS = 30_000;

/** Injection token to override the limits (tests). */
export const METADATA_POOL_LIMITS = Symbol('METADATA_POOL_LIMITS');

export const DEFAULT_POOL_LIMITS: MetadataPoolLimits = {
  workers: Math.max(1, Math.min(2, availableParallelism())),
  jobTimeoutMs: 1_000,
  maxQueued: 32,
  resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 },
};

/** The job did not finish within its limits (time, or the worker's memory). */
export class MetadataLimitError extends Error {
  constructor(readonly reason: 'timeout' | 'memory' | 'crash' | 'busy') {
    super(`image processing stopped: ${reason}`);
    this.name = 'MetadataLimitError';
  }
}

interface PendingJob {
  job: WorkerJob;
  resolve(reply: WorkerReply & { ok: true }): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  current?: PendingJob;
  timer?: NodeJS.Timeout;
  /** The worker has loaded its code: a job's deadline starts then, not before. */
  ready: boolean;
}

/**
 * Running the compiled server, the worker is metadata.worker.js beside this file. Running from
 * the TypeScript sources (Jest), it is compiled on the fly with @swc/core, the test transformer.
 */
function workerScript(): { filename: string; eval: boolean; workerData?: unknown } {
  const compiled = join(__dirname, 'metadata.worker.js');
  if (existsSync(compiled)) return { filename: compiled, eval: false };
  const source = join(__dirname, 'metadata.worker.ts');
  const bootstrap = `
    const { transformSync } = require('@swc/core');
    const { readFileSync } = require('node:fs');
    require.extensions['.ts'] = (module, filename) => {
      const { code } = transformSync(readFileSync(filename, 'utf8'), {
        filename,
        jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022', transform: { legacyDecorator: true, decoratorMetadata: true } },
        module: { type: 'commonjs' },
      });
      module._compile(code, filename);
    };
    require(${JSON.stringify(source)});
  `;
  return { filename: bootstrap, eval: true };
}

@Injectable()
export class MetadataWorkerPool implements OnModuleDestroy {
  private readonly logger = new Logger(MetadataWorkerPool.name);
  private readonly slots: Slot[] = [];
  private readonly queue: PendingJob[] = [];
  private nextId = 1;
  private closed = false;
  /** Counters for tests and the benchmark. */
  readonly stats = { started: 0, timeouts: 0, crashes: 0 };

  readonly limits: MetadataPoolLimits;

  constructor(@Optional() @Inject(METADATA_POOL_LIMITS) limits?: Partial<MetadataPoolLimits>) {
    this.limits = { ...DEFAULT_POOL_LIMITS, ...limits };
  }

  /** The image's findings and risk score, worked out in a worker. */
  async analyze(bytes: Uint8Array): Promise<ImageCheck> {
    const reply = await this.run('analyze', bytes);
    if (reply.op !== 'analyze') throw new Error('unexpected worker reply');
    return reply.check;
  }

  async strip(bytes: Uint8Array): Promise<StripResult> {
    const reply = await this.run('strip', bytes);
    if (reply.op !== 'strip') throw new Error('unexpected worker reply');
    return { type: reply.type, bytes: reply.bytes, removed: reply.removed };
  }

  /** A reply's outcome: the reply when it succeeded, else the error it stands for. */
  private settle(reply: WorkerReply): WorkerReply & { ok: true } {
    if (reply.ok) return reply;
    if (reply.kind === 'unsupported') throw new UnsupportedImageError(reply.message);
    if (reply.kind === 'malformed') throw new MalformedImageError(reply.message);
    this.logger.error(`metadata worker error: ${reply.message}`);
    throw new Error('image processing failed');
  }

  /** Workers running now (for tests). */
  get size(): number {
    return this.slots.length;
  }

  private run(op: WorkerJob['op'], bytes: Uint8Array): Promise<WorkerReply & { ok: true }> {
    if (this.closed || this.queue.length >= this.limits.maxQueued) return Promise.reject(new MetadataLimitError('busy'));
    // Transfer an exclusively owned buffer; copy a view into a larger (pooled) one.
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, op, bytes: owned }, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.current);
      if (!slot && this.slots.length < this.limits.workers) slot = this.spawn();
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private spawn(): Slot {
    const script = workerScript();
    const worker = new Worker(script.filename, { eval: script.eval, resourceLimits: this.limits.resourceLimits, stdout: false, stderr: false });
    worker.unref();
    this.stats.started++;
    const slot: Slot = { worker, ready: false };
    // A worker that cannot even load is retired rather than waited for.
    const startup = setTimeout(() => this.retire(slot, new MetadataLimitError('crash')), STARTUP_TIMEOUT_MS);
    startup.unref();
    worker.on('message', (message: WorkerReply | WorkerReady) => {
      if ('ready' in message) {
        clearTimeout(startup);
        slot.ready = true;
        if (slot.current) this.startDeadline(slot);
      } else this.finish(slot, message);
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!memory) this.logger.warn(`metadata worker failed: ${err.name}`);
      this.retire(slot, new MetadataLimitError(memory ? 'memory' : 'crash'));
    });
    worker.on('exit', () => this.retire(slot, new MetadataLimitError('crash')));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: PendingJob) {
    slot.current = pending;
    if (slot.ready) this.startDeadline(slot);
    slot.worker.postMessage(pending.job, [pending.job.bytes.buffer as ArrayBuffer]);
  }

  private startDeadline(slot: Slot) {
    slot.timer = setTimeout(() => {
      this.stats.timeouts++;
      this.retire(slot, new MetadataLimitError('timeout'));
    }, this.limits.jobTimeoutMs);
  }

  private finish(slot: Slot, reply: WorkerReply) {
    const pending = slot.current;
    if (!pending || pending.job.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.current = undefined;
    try {
      pending.resolve(this.settle(reply));
    } catch (err) {
      pending.reject(err as Error);
    }
    this.dispatch();
  }

  /** Takes a worker out of service (deadline, out of memory, crash) and fails its job. */
  private retire(slot: Slot, reason: MetadataLimitError) {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.timer);
    if (reason.reason === 'crash') this.stats.crashes++;
    const pending = slot.current;
    slot.current = undefined;
    void slot.worker.terminate();
    pending?.reject(reason);
    if (!this.closed) this.dispatch();
  }

  async onModuleDestroy() {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new MetadataLimitError('busy'));
    await Promise.all(this.slots.splice(0).map((slot) => {
      slot.current?.reject(new MetadataLimitError('busy'));
      return slot.worker.terminate();
    }));
  }
}
