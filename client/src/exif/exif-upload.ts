/**
 * The image upload to POST /api/scans/exif/analyze. The one call that does not go through the
 * openapi-fetch client: fetch cannot report upload progress, so this uses XMLHttpRequest, with the
 * same bearer token (and the same single refresh and retry on a 401) and the generated types.
 */
import type { components } from '../../../openapi/schema';
import { currentAccessToken, refreshAccessToken } from '../api/client';

export type ExifAnalysisResponse = components['schemas']['ExifAnalysisResponseDto'];
export type ExifAnalysis = ExifAnalysisResponse['analysis'];
export type ExifFinding = components['schemas']['ExifFindingDto'];
type ExifErrorBody = components['schemas']['ExifErrorBodyDto'];

export const ANALYZE_PATH = '/api/scans/exif/analyze';

/** The image check's messages for a failed analysis. */
export const EXIF_ERRORS = {
  network: 'Network error. Please try again.',
  failed: 'Analysis failed',
} as const;

/** Carries the message to show. */
export class ExifUploadError extends Error {}

export interface UploadProgress {
  /** 0 to 1, as the bytes leave the browser. */
  onProgress(fraction: number): void;
  /** Every byte is sent: the server is analysing. */
  onUploaded(): void;
}

interface Answer {
  status: number;
  body: unknown;
}

function send(file: File, token: string | undefined, progress: UploadProgress): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ANALYZE_PATH);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) progress.onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.upload.onload = () => {
      progress.onProgress(1);
      progress.onUploaded();
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ExifUploadError(EXIF_ERRORS.network));
    xhr.onabort = () => reject(new ExifUploadError(EXIF_ERRORS.network));
    xhr.ontimeout = () => reject(new ExifUploadError(EXIF_ERRORS.network));
    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}

function isSuccess(body: unknown): body is ExifAnalysisResponse {
  return !!body && typeof body === 'object' && (body as { success?: unknown }).success === true && typeof (body as { analysis?: unknown }).analysis === 'object';
}

/**
 * Uploads the image and answers the analysis. Throws ExifUploadError with the spec's message: the
 * response's `error` text, else 'Analysis failed'; 'Network error. Please try again.' when the
 * request could not complete.
 */
export async function analyzeImage(file: File, progress: UploadProgress): Promise<ExifAnalysisResponse> {
  let answer = await send(file, currentAccessToken(), progress);
  if (answer.status === 401) {
    const token = await refreshAccessToken().catch(() => undefined);
    if (token) answer = await send(file, token, progress);
  }
  if (answer.status >= 200 && answer.status < 300 && isSuccess(answer.body)) return answer.body;
  const error = (answer.body as Partial<ExifErrorBody> | undefined)?.error;
  throw new ExifUploadError(typeof error === 'string' && error ? error : EXIF_ERRORS.failed);
}
