import { BadRequestException, Injectable, ServiceUnavailableException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { cleanFileName, IMAGE_TYPE_INFO } from '../browser-shared/metadata-strip/image-upload.rules';
import { UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import { ScanHistoryService } from '../scans/scan-history.service';
import { EXIF_MESSAGES, ExifAnalysisResponseDto } from './exif.dto';
import { MetadataLimitError, MetadataWorkerPool } from './metadata-worker.pool';
import { storedFindingsOfImage } from './stored-image-findings.mapper';

/** What FileInterceptor hands over (multer's memory storage: the bytes, never a path). */
export interface UploadedImage {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface CleanImage {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Longest file name kept in the history (names are the user's, not ours: bounded, not parsed). */
const MAX_NAME = 200;

/**
 * The image metadata check: the upload rules, reading (in the worker pool), findings and score,
 * and the record in the user's scan history; and the server-side strip for integrators.
 */
@Injectable()
export class ExifService {
  constructor(
    private readonly pool: MetadataWorkerPool,
    private readonly history: ScanHistoryService,
  ) {}

  async analyzeImage(userId: string, file: UploadedImage | undefined): Promise<ExifAnalysisResponseDto> {
    const { bytes, name } = this.accept(file);
    const check = await this.bounded(() => this.pool.analyze(bytes));
    const result = { riskScore: check.riskScore, findings: check.findings, imageType: check.imageType, strip: check.strip };
    // Written before the answer, like every scan: the id answered is one any instance can read.
    const scanId = await this.history.recordImageCheck(userId, {
      fileName: name,
      riskScore: check.riskScore,
      findings: storedFindingsOfImage(check.findings),
      analysis: result,
    });
    return { success: true, error: null, analysis: result, scanId };
  }

  async stripImage(file: UploadedImage | undefined): Promise<CleanImage> {
    const { bytes, name } = this.accept(file);
    const result = await this.bounded(() => this.pool.strip(bytes));
    return { bytes: result.bytes, mime: IMAGE_TYPE_INFO[result.type].mime, fileName: cleanFileName(name, result.type) };
  }

  /**
   * The upload's presence and a bounded name. Its size is multer's limit (413); its type is read
   * once, from its first bytes, by the parser in the worker, which refuses any other (415).
   */
  private accept(file: UploadedImage | undefined): { bytes: Uint8Array; name: string } {
    if (!file?.buffer) throw new BadRequestException(EXIF_MESSAGES.noFile);
    const name = (file.originalname || 'image').replace(CONTROL_CHARACTERS, '').slice(0, MAX_NAME) || 'image';
    return { bytes: new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength), name };
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof UnsupportedImageError) throw new UnsupportedMediaTypeException(err.message);
      if (err instanceof MalformedImageError) throw new UnprocessableEntityException(EXIF_MESSAGES.damaged);
      if (err instanceof MetadataLimitError) {
        if (err.reason === 'busy') throw new ServiceUnavailableException(EXIF_MESSAGES.busy);
        throw new UnprocessableEntityException(EXIF_MESSAGES.tooComplex);
      }
      throw err;
    }
  }
}
