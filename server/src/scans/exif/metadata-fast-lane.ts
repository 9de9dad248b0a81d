/**
 * The fast lane for small images: one worker that waits on shared memory instead of a message
 * port, and a caller that waits for it synchronously, for a bounded time. Handing a job to a pool
 * worker and back through message ports costs 0.15–0.3 ms a request on the 2-core test machine,
 * far more than reading or stripping a small file; through shared memory about 0.1 ms less.
 *
 * The parsers still never run on the main thread: a file that takes longer than `timeoutMs` (small
 * files take a fraction of a millisecond) stalls the server for that long once, then the lane
 * worker is terminated, the lane stays off for `cooldownMs`, and the job goes to the pool, whose
 * deadline and memory limits answer it as before. The lane worker has the pool's memory limits.
 *
 * Shared memory layout: a header of Int32 slots (below), the input area, then the reply area: the
 * reply's JSON (the check, or the strip's type and removed list, or the error) followed by the
 * stripped bytes.
 */
import { Logger } from '@nestjs/common';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { LANE_HEADER_BYTES, LANE_HEADER_SLOTS, LANE_SLOT, LANE_STATUS, type LaneStatus, type WorkerJob, type WorkerReply } from './metadata-worker.protocol';

export interface FastLaneLimits {
  /** Files up to this size take the lane (0: no lane). */
  maxBytes: number;
  /** How long the caller waits for the lane before giving the job to the pool. */
  timeoutMs: number;
  /** How long the lane stays off after a job outran it. */
  cooldownMs: number;
}

/** Small files take well under a millisecond; 50 ms leaves room for a busy machine's scheduling. */
export const DEFAULT_FAST_LANE: FastLaneLimits = { maxBytes: 64 * 1024, timeoutMs: 50, cooldownMs: 60_000 };

/** How long the caller watches for the reply before it sleeps until the timeout (awaitDone). */
const SPIN_MS = 1;

/** The reply area holds the reply's JSON and the stripped copy; a bigger reply goes through the pool. */
const REPLY_AREA_BYTES = 512 * 1024;

interface Lane {
  worker: Worker;
  header: Int32Array;
  input: Uint8Array;
  reply: Uint8Array;
  ready: boolean;
  loaded: Promise<void>;
  /** The last job number handed over. */
  sequence: number;
}

export class MetadataFastLane {
  private readonly logger = new Logger(MetadataFastLane.name);
  private lane?: Lane;
  private offUntil = 0;
  private closed = false;
  readonly stats = { jobs: 0, timeouts: 0, started: 0 };
  private readonly decoder = new TextDecoder();

  constructor(
    readonly limits: FastLaneLimits,
    private readonly workerScript: () => { filename: string; eval: boolean },
    private readonly resourceLimits: ResourceLimits,
  ) {}

  /** Starts the lane worker ahead of the first job; resolves once it takes jobs (at once when there is no lane). */
  async warm(): Promise<void> {
    if (!this.lane && !this.closed && this.limits.maxBytes > 0) this.start();
    await this.lane?.loaded;
  }

  /**
   * A heads-up: an upload of `bytes` has fully arrived and its job follows once it is parsed (a
   * fraction of a millisecond). Waking the lane worker now, while the main thread parses, takes the
   * worker's wake-up off the request's path; the worker then watches for the job for up to
   * LANE_HEADS_UP_WATCH_MS before it sleeps again.
   */
  expect(bytes: number): void {
    const lane = this.lane;
    if (!lane?.ready || bytes > this.limits.maxBytes || this.closed || Date.now() < this.offUntil) return;
    // The job slot unchanged: the worker wakes, sees no job yet, and watches for it.
    Atomics.notify(lane.header, LANE_SLOT.job, 1);
  }

  /**
   * The job's reply, when the lane took it; undefined when the job is for the pool: too large, the
   * lane not loaded yet or off, a reply too large for the lane, or a job that outran the lane.
   */
  run(op: WorkerJob['op'], bytes: Uint8Array): WorkerReply | undefined {
    if (bytes.byteLength > this.limits.maxBytes || this.closed || Date.now() < this.offUntil) return undefined;
    const lane = this.lane;
    if (!lane?.ready) {
      void this.warm();
      return undefined;
    }
    const sequence = ++lane.sequence;
    lane.input.set(bytes);
    lane.header[LANE_SLOT.op] = op === 'analyze' ? 0 : 1;
    lane.header[LANE_SLOT.inputLength] = bytes.byteLength;
    Atomics.store(lane.header, LANE_SLOT.job, sequence);
    Atomics.notify(lane.header, LANE_SLOT.job);
    this.awaitDone(lane, sequence);
    if (Atomics.load(lane.header, LANE_SLOT.done) !== sequence) {
      this.stats.timeouts++;
      this.logger.warn(`an image of ${bytes.byteLength} bytes was not done within ${this.limits.timeoutMs} ms (a slow file, or a busy machine): the fast lane is off for ${this.limits.cooldownMs / 1000} s`);
      this.offUntil = Date.now() + this.limits.cooldownMs;
      this.stop();
      return undefined;
    }
    this.stats.jobs++;
    return this.replyOf(lane, sequence, op);
  }

  /**
   * Waits for the lane's reply: first by watching the memory for up to SPIN_MS (a small file is
   * done in well under that), then asleep until the timeout. A thread asleep in Atomics.wait is
   * woken by the kernel, 50-100 µs a job here (a third of the lane's cost); the thread is
   * blocked either way, so watching costs no work that could have run meanwhile.
   */
  private awaitDone(lane: Lane, sequence: number): void {
    const began = performance.now();
    const spinUntil = began + Math.min(SPIN_MS, this.limits.timeoutMs);
    while (Atomics.load(lane.header, LANE_SLOT.done) !== sequence) {
      const now = performance.now();
      if (now >= spinUntil) {
        Atomics.wait(lane.header, LANE_SLOT.done, sequence - 1, Math.max(0, this.limits.timeoutMs - (now - began)));
        return;
      }
    }
  }

  close(): Promise<number> | undefined {
    this.closed = true;
    return this.stop();
  }

  private replyOf(lane: Lane, id: number, op: WorkerJob['op']): WorkerReply | undefined {
    const status = lane.header[LANE_SLOT.status] as LaneStatus;
    if (status === LANE_STATUS.overflow) return undefined;
    const metaLength = lane.header[LANE_SLOT.metaLength];
    // A copy out of shared memory: the next job overwrites the area.
    const meta = JSON.parse(this.decoder.decode(lane.reply.slice(0, metaLength))) as Record<string, unknown>;
    if (status !== LANE_STATUS.ok) {
      const kind = status === LANE_STATUS.unsupported ? 'unsupported' : status === LANE_STATUS.malformed ? 'malformed' : 'internal';
      return { id, ok: false, kind, message: String(meta.message) };
    }
    if (op === 'analyze') return { id, ok: true, op, check: meta.check as Extract<WorkerReply, { op: 'analyze' }>['check'] };
    const bytes = lane.reply.slice(metaLength, metaLength + lane.header[LANE_SLOT.bytesLength]);
    const strip = meta as { type: Extract<WorkerReply, { op: 'strip' }>['type']; removed: string[] };
    return { id, ok: true, op, type: strip.type, removed: strip.removed, bytes };
  }

  private start(): void {
    const memory = new SharedArrayBuffer(LANE_HEADER_BYTES + this.limits.maxBytes + REPLY_AREA_BYTES);
    const script = this.workerScript();
    const worker = new Worker(script.filename, {
      eval: script.eval,
      resourceLimits: this.resourceLimits,
      stdout: false,
      stderr: false,
      workerData: { lane: memory, inputBytes: this.limits.maxBytes },
    });
    worker.unref();
    this.stats.started++;
    let loaded = () => undefined as void;
    const lane: Lane = {
      loaded: new Promise<void>((resolve) => (loaded = resolve)),
      worker,
      header: new Int32Array(memory, 0, LANE_HEADER_SLOTS),
      input: new Uint8Array(memory, LANE_HEADER_BYTES, this.limits.maxBytes),
      reply: new Uint8Array(memory, LANE_HEADER_BYTES + this.limits.maxBytes, REPLY_AREA_BYTES),
      ready: false,
      sequence: 0,
    };
    worker.on('message', (message: { ready?: true }) => {
      if (message.ready) {
        lane.ready = true;
        loaded();
      }
    });
    // A lane that fails (out of memory, a crash) is dropped; the next small job starts another.
    const drop = () => {
      loaded();
      if (this.lane === lane) this.lane = undefined;
    };
    worker.on('error', drop);
    worker.on('exit', drop);
    this.lane = lane;
  }

  private stop(): Promise<number> | undefined {
    const lane = this.lane;
    this.lane = undefined;
    return lane?.worker.terminate();
  }
}
