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
 * A job can start before it is asked for: the image of an upload read at once is handed over as
 * soon as it is read (prefetch), so the worker works while the request goes on to its handler.
 *
 * Shared memory layout: a header of Int32 slots (below), the input area (the image), then
 * the reply area: the reply's JSON (the check, or the strip's type and removed list, or the error)
 * followed by the stripped bytes.
 */
import { Logger } from '@nestjs/common';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { LANE_HEADER_BYTES, LANE_HEADER_SLOTS, LANE_OP, LANE_SLOT, LANE_STATUS, type LaneStatus, type WorkerJob, type WorkerReply } from './metadata-worker.protocol';

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
  /** A prefetch not yet taken by run(): its job number and operation. */
  prefetched?: { sequence: number; op: WorkerJob['op'] };
}

export class MetadataFastLane {
  private readonly logger = new Logger(MetadataFastLane.name);
  private lane?: Lane;
  private offUntil = 0;
  private closed = false;
  /** `prefetched`: the jobs answered from a prefetch (also counted in `jobs`). */
  readonly stats = { jobs: 0, prefetched: 0, timeouts: 0, started: 0 };
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
   * A prefetch: an upload has been read, and its route will ask for `op` on `image` once the request
   * reaches its handler. The lane worker wakes and works meanwhile (waking it is most of the lane's
   * cost); run() then takes that answer if it is asked for `op` on exactly these bytes, and otherwise
   * works its bytes as usual. A lane still on another prefetch is not overtaken.
   */
  prefetch(op: WorkerJob['op'], image: Uint8Array): void {
    const lane = this.laneFor(image.byteLength);
    if (!lane || Atomics.load(lane.header, LANE_SLOT.done) !== lane.sequence) return;
    this.hand(lane, op, image);
    lane.prefetched = { sequence: lane.sequence, op };
  }

  /**
   * The job's reply, when the lane took it; undefined when the job is for the pool: too large, the
   * lane not loaded yet or off, a reply too large for the lane, or a job that outran the lane.
   */
  run(op: WorkerJob['op'], bytes: Uint8Array): WorkerReply | undefined {
    const lane = this.laneFor(bytes.byteLength);
    if (!lane) return undefined;
    const prefetched = lane.prefetched;
    lane.prefetched = undefined;
    if (prefetched) {
      // Done or not, and this request's or not, the lane's one job must end before another starts.
      if (!this.awaitDone(lane, prefetched.sequence)) return undefined;
      if (prefetched.op === op && this.laneInputIs(lane, bytes)) {
        this.stats.jobs++;
        this.stats.prefetched++;
        return this.replyOf(lane, prefetched.sequence, op);
      }
    }
    this.hand(lane, op, bytes);
    const sequence = lane.sequence;
    if (!this.awaitDone(lane, sequence)) return undefined;
    this.stats.jobs++;
    return this.replyOf(lane, sequence, op);
  }

  /** The lane, when it can take a job of this size now. */
  private laneFor(size: number): Lane | undefined {
    if (size > this.limits.maxBytes || this.closed || Date.now() < this.offUntil) return undefined;
    const lane = this.lane;
    if (!lane?.ready) {
      void this.warm();
      return undefined;
    }
    return lane;
  }

  /** Starts job `op` on `image`. */
  private hand(lane: Lane, op: WorkerJob['op'], image: Uint8Array): void {
    lane.input.set(image);
    lane.header[LANE_SLOT.op] = LANE_OP[op];
    lane.header[LANE_SLOT.inputLength] = image.byteLength;
    Atomics.store(lane.header, LANE_SLOT.job, ++lane.sequence);
    Atomics.notify(lane.header, LANE_SLOT.job);
  }

  /** Whether the lane's last job was on `bytes`, byte for byte. */
  private laneInputIs(lane: Lane, bytes: Uint8Array): boolean {
    if (lane.header[LANE_SLOT.inputLength] !== bytes.byteLength) return false;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(lane.input.subarray(0, bytes.byteLength));
  }

  /**
   * Waits for the lane's job `sequence`: first by watching the memory for up to SPIN_MS (a small
   * file is done in well under that), then asleep until the timeout. A thread asleep in
   * Atomics.wait is woken by the kernel, 50-100 µs a job here (a third of the lane's cost); the
   * thread is blocked either way, so watching costs no work that could have run meanwhile. A job
   * that outruns the timeout turns the lane off for the cool-down (false).
   */
  private awaitDone(lane: Lane, sequence: number): boolean {
    const began = performance.now();
    const spinUntil = began + Math.min(SPIN_MS, this.limits.timeoutMs);
    while (Atomics.load(lane.header, LANE_SLOT.done) !== sequence) {
      const now = performance.now();
      if (now >= spinUntil) {
        Atomics.wait(lane.header, LANE_SLOT.done, sequence - 1, Math.max(0, this.limits.timeoutMs - (now - began)));
        break;
      }
    }
    if (Atomics.load(lane.header, LANE_SLOT.done) === sequence) return true;
    this.stats.timeouts++;
    this.logger.warn(`a job of ${lane.header[LANE_SLOT.inputLength]} bytes was not done within ${this.limits.timeoutMs} ms (a slow file, or a busy machine): the fast lane is off for ${this.limits.cooldownMs / 1000} s`);
    this.offUntil = Date.now() + this.limits.cooldownMs;
    this.stop();
    return false;
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
