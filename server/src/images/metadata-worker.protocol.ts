/** Messages between MetadataWorkerPool and metadata.worker.ts. */
import type { ImageType } from '../browser-shared/metadata-strip/image-upload.rules';
import type { ImageCheck } from './exif-findings.analyzer';

export type WorkerJob = { id: number; op: 'analyze' | 'strip'; bytes: Uint8Array };

/** Why a job failed: the file type, a damaged file, or anything unexpected. */
export type WorkerErrorKind = 'unsupported' | 'malformed' | 'internal';

/** Sent once the worker has loaded its code: job deadlines start from then. */
export type WorkerReady = { ready: true };

/** `input` is the job's buffer handed back (metadata.worker.ts says why); the pool drops it. */
export type WorkerReply = (
  | { id: number; ok: true; op: 'analyze'; check: ImageCheck }
  | { id: number; ok: true; op: 'strip'; type: ImageType; bytes: Uint8Array; removed: string[] }
  | { id: number; ok: false; kind: WorkerErrorKind; message: string }
) & { input?: Uint8Array };

/**
 * The fast lane's shared memory (metadata-fast-lane.ts): Int32 header slots. `job` holds the number
 * of the job handed over (the lane worker waits for it to change), `done` the number of the last
 * job answered (the caller waits for it to reach its job's).
 */
export const LANE_SLOT = { job: 0, done: 1, op: 2, inputLength: 3, status: 4, metaLength: 5, bytesLength: 6 } as const;
export const LANE_HEADER_SLOTS = 7;
export const LANE_HEADER_BYTES = LANE_HEADER_SLOTS * 4;
/** LANE_SLOT.op: what the worker does with the image. */
export const LANE_OP = { analyze: 0, strip: 1 } as const;
export const LANE_STATUS = { ok: 0, unsupported: 1, malformed: 2, internal: 3, overflow: 4 } as const;
export type LaneStatus = (typeof LANE_STATUS)[keyof typeof LANE_STATUS];
/** What the lane worker is started with (workerData). */
export type LaneWorkerData = { lane: SharedArrayBuffer; inputBytes: number };
