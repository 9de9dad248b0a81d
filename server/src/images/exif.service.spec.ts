import { ArgumentsHost, HttpStatus, PayloadTooLargeException, UnauthorizedException } from '@nestjs/common';
import { ascii, exifApp1, exifTiff, jpegWith, tinyJpeg } from '../../../test/support/image-fixtures';
import { MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { stripMetadata, UnsupportedImageError } from '../browser-shared/metadata-strip/metadata.stripper';
import type { ScanHistoryService } from '../scans/scan-history.service';
import { ExifErrorsFilter } from './exif-errors.filter';
import { EXIF_MESSAGES } from './exif.dto';
import { ExifService, UploadedImage } from './exif.service';
import { checkImage } from './exif-findings.analyzer';
import { MetadataLimitError, MetadataWorkerPool } from './metadata-worker.pool';
import { storedFindingsOfImage } from './stored-image-findings.mapper';

const upload = (bytes: Uint8Array, originalname = 'photo.jpg'): UploadedImage => ({ originalname, size: bytes.length, buffer: Buffer.from(bytes) });
const photo = () => jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'Canon', artist: 'Jane Doe', gps: { latitude: 1.5, longitude: 2.5 } }))]);

function setup() {
  // The pool's work, done in-process: the service's rules are what is under test here.
  const pool = {
    analyze: jest.fn((bytes: Uint8Array) => checkImage(bytes)),
    strip: jest.fn(async (bytes: Uint8Array) => stripMetadata(bytes)),
  };
  const history = { recordImageCheck: jest.fn(async () => 'scan-1') };
  const service = new ExifService(pool as unknown as MetadataWorkerPool, history as unknown as ScanHistoryService);
  return { pool, history, service };
}

describe('ExifService', () => {
  it('analyses an upload, records it in the history (file name, score, findings, redacted analysis) and answers the spec shape', async () => {
    const { service, history } = setup();
    const result = await service.analyzeImage('user-1', upload(photo(), 'Beach\u0007 day.jpg'));
    expect(result).toEqual({ success: true, error: null, analysis: { riskScore: 70, findings: expect.any(Array), imageType: 'jpeg', strip: { possible: true, message: null } }, scanId: 'scan-1' });
    expect(history.recordImageCheck).toHaveBeenCalledWith('user-1', { fileName: 'Beach day.jpg', riskScore: 70, findings: storedFindingsOfImage(result.analysis.findings), analysis: result.analysis });
  });

  it('asks for a file before any parsing; the type is read from the content, by the parser, with the upload rules\' messages', async () => {
    const { service, pool, history } = setup();
    await expect(service.analyzeImage('u', undefined)).rejects.toMatchObject({ status: 400, message: EXIF_MESSAGES.noFile });
    expect(pool.analyze).not.toHaveBeenCalled();
    await expect(service.analyzeImage('u', upload(ascii('BM6 bitmap'), 'x.jpg'))).rejects.toMatchObject({ status: 415, message: EXIF_MESSAGES.unsupportedType });
    const bigTiff = new Uint8Array([0x49, 0x49, 0x2b, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]);
    await expect(service.stripImage(upload(bigTiff, 'scan.tif'))).rejects.toMatchObject({ status: 415, message: EXIF_MESSAGES.bigTiff });
    expect(history.recordImageCheck).not.toHaveBeenCalled();
  });

  it.each([
    [new UnsupportedImageError(), 415, EXIF_MESSAGES.unsupportedType],
    [new MalformedImageError('bad'), 422, EXIF_MESSAGES.damaged],
    [new MetadataLimitError('timeout'), 422, EXIF_MESSAGES.tooComplex],
    [new MetadataLimitError('memory'), 422, EXIF_MESSAGES.tooComplex],
    [new MetadataLimitError('busy'), 503, EXIF_MESSAGES.busy],
  ])('turns %p from the worker into %i', async (error, status, message) => {
    const { service, pool, history } = setup();
    pool.analyze.mockRejectedValueOnce(error);
    await expect(service.analyzeImage('u', upload(photo()))).rejects.toMatchObject({ status, message });
    expect(history.recordImageCheck).not.toHaveBeenCalled();
  });

  it('strips to <name>-clean.<ext> with the type of the content', async () => {
    const { service } = setup();
    const clean = await service.stripImage(upload(photo(), 'IMG_0001.jpeg'));
    expect(clean).toEqual({ bytes: stripMetadata(photo()).bytes, mime: 'image/jpeg', fileName: 'IMG_0001-clean.jpeg' });
    expect((await service.stripImage(upload(photo(), 'no-extension'))).fileName).toBe('no-extension-clean.jpg');
  });
});

describe('ExifErrorsFilter', () => {
  function run(exception: unknown) {
    const res = { headersSent: false, statusCode: 0, body: undefined as unknown, headers: {} as Record<string, string> };
    const response = {
      get headersSent() {
        return res.headersSent;
      },
      setHeader: (name: string, value: string) => (res.headers[name] = value),
      status(code: number) {
        res.statusCode = code;
        return this;
      },
      json(body: unknown) {
        res.body = body;
      },
    };
    const host = { switchToHttp: () => ({ getRequest: () => ({ headers: {}, id: 'req-1' }), getResponse: () => response }) } as unknown as ArgumentsHost;
    new ExifErrorsFilter().catch(exception, host);
    return res;
  }

  it("answers the global error body plus the spec's success: false", () => {
    const res = run(new UnauthorizedException('Please sign in to continue.'));
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ success: false, statusCode: 401, error: 'Please sign in to continue.', requestId: expect.any(String), analysis: null });
  });

  it("gives multer's size error the spec's message", () => {
    const res = run(new PayloadTooLargeException('File too large'));
    expect(res.body).toMatchObject({ statusCode: HttpStatus.PAYLOAD_TOO_LARGE, error: 'File too large. Maximum size is 10MB' });
  });

  it('answers unexpected errors with a generic 500', () => {
    const res = run(new Error('boom: /internal/path'));
    expect(res.statusCode).toBe(500);
    expect(res.body).toMatchObject({ success: false, error: 'Something went wrong on our side. Please try again.' });
  });
});
