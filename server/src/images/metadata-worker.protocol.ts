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
