/**
 * The metadata worker: checks (reads and analyses) and strips images off the main thread, inside the time and memory
 * limits MetadataWorkerPool gives it. It never touches the network or the disk: exifr is only
 * handed bytes, and fetch is removed so that nothing could reach it by mistake.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import {
  LANE_HEADER_BYTES,
  LANE_HEADER_SLOTS,
  LANE_OP,
  LANE_SLOT,
  LANE_STATUS,
  type LaneStatus,
  type LaneWorkerData,
  type WorkerErrorKind,
  type WorkerJob,
  type WorkerReady,
  type WorkerReply,
} from './metadata-worker.protocol';

Object.defineProperty(globalThis, 'fetch', { value: undefined, configurable: true, writable: false });

/**
 * Sends the reply and hands the job's input buffer back with it. The upload is done with once
 * read, but letting it die here costs every request: a worker's small heap counts the freed
 * megabytes as external memory and collects for them (about 0.1–0.2 ms per image on the corpus);
 * the main thread, whose heap is larger, frees them in its routine collections.
 */
function reply(job: WorkerJob, message: WorkerReply, transfer: ArrayBuffer[] = []) {
  const input = job.bytes.buffer as ArrayBuffer;
  const giveBack = input.byteLength > 0 && !transfer.includes(input);
  parentPort?.postMessage(giveBack ? { ...message, input: job.bytes } : message, giveBack ? [...transfer, input] : transfer);
}

/** Reads or strips; a failure becomes its kind and message. */
async function work(op: WorkerJob['op'], bytes: Uint8Array) {
  try {
    // Findings are made here too: the reply is then a small result, not the whole metadata graph.
    if (op === 'analyze') return { ok: true as const, op, check: await checkImage(bytes) };
    const result = stripMetadata(bytes);
    return { ok: true as const, op, type: result.type, bytes: result.bytes, removed: result.removed };
  } catch (err) {
    const kind: WorkerErrorKind = err instanceof UnsupportedImageError ? 'unsupported' : err instanceof MalformedImageError ? 'malformed' : 'internal';
    return { ok: false as const, kind, message: err instanceof Error ? err.message : String(err) };
  }
}

async function handle(job: WorkerJob) {
  const done = await work(job.op, job.bytes);
  // A stripped copy is transferred, not copied.
  reply(job, { id: job.id, ...done }, done.ok && done.op === 'strip' ? [done.bytes.buffer as ArrayBuffer] : []);
}

/**
 * The fast lane (metadata-fast-lane.ts): waits on shared memory for the next job, works it, writes
 * the reply (JSON, then any stripped bytes) and wakes the caller. Blocking between jobs is this
 * worker's whole purpose; a job's own awaits still run, as the wait only starts once it is done.
 */
async function serveLane({ lane, inputBytes }: LaneWorkerData) {
  const header = new Int32Array(lane, 0, LANE_HEADER_SLOTS);
  const input = new Uint8Array(lane, LANE_HEADER_BYTES, inputBytes);
  const area = new Uint8Array(lane, LANE_HEADER_BYTES + inputBytes);
  const encoder = new TextEncoder();
  let seen = 0;
  for (;;) {
    Atomics.wait(header, LANE_SLOT.job, seen);
    if (Atomics.load(header, LANE_SLOT.job) === seen) continue;
    seen = Atomics.load(header, LANE_SLOT.job);
    const op = header[LANE_SLOT.op] === LANE_OP.analyze ? 'analyze' : 'strip';
    // The parsers get their own copy: ordinary memory, as a pool job's.
    const done = await work(op, input.slice(0, header[LANE_SLOT.inputLength]));
    if (!done.ok) writeLaneReply(header, area, LANE_STATUS[done.kind], { message: done.message }, undefined, encoder);
    else if (done.op === 'analyze') writeLaneReply(header, area, LANE_STATUS.ok, { check: done.check }, undefined, encoder);
    else writeLaneReply(header, area, LANE_STATUS.ok, { type: done.type, removed: done.removed }, done.bytes, encoder);
    Atomics.store(header, LANE_SLOT.done, seen);
    Atomics.notify(header, LANE_SLOT.done);
  }
}

/** The reply's JSON and bytes into the reply area, or `overflow` when they do not fit (the caller then asks the pool). */
function writeLaneReply(header: Int32Array, area: Uint8Array, status: LaneStatus, meta: unknown, bytes: Uint8Array | undefined, encoder: TextEncoder) {
  const json = JSON.stringify(meta);
  const { read, written } = encoder.encodeInto(json, area);
  const fits = read === json.length && written + (bytes?.byteLength ?? 0) <= area.byteLength;
  if (fits && bytes) area.set(bytes, written);
  header[LANE_SLOT.status] = fits ? status : LANE_STATUS.overflow;
  header[LANE_SLOT.metaLength] = written;
  header[LANE_SLOT.bytesLength] = bytes?.byteLength ?? 0;
}

const laneData = workerData as Partial<LaneWorkerData> | undefined;
if (laneData?.lane) {
  parentPort?.postMessage({ ready: true } satisfies WorkerReady);
  void serveLane(laneData as LaneWorkerData);
} else {
  parentPort?.on('message', (job: WorkerJob) => void handle(job));
  parentPort?.postMessage({ ready: true } satisfies WorkerReady);
}
