/**
 * The metadata worker: checks (reads and analyses) and strips images off the main thread, inside the time and memory
 * limits MetadataWorkerPool gives it. It never touches the network or the disk: exifr is only
 * handed bytes, and fetch is removed so that nothing could reach it by mistake.
 */
import { parentPort } from 'node:worker_threads';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { checkImage } from './exif-findings.analyzer';
import type { WorkerErrorKind, WorkerJob, WorkerReady, WorkerReply } from './metadata-worker.protocol';

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

parentPort?.on('message', (job: WorkerJob) => void handle(job));
parentPort?.postMessage({ ready: true } satisfies WorkerReady);
