import { Controller, HttpCode, HttpStatus, Post, Res, StreamableFile, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated } from '../auth/bearer-auth.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { IMAGE_FORM_FIELD, IMAGE_TYPE_INFO, MAX_IMAGE_BYTES } from '../browser-shared/metadata-strip/image-upload.rules';
import { ExifErrorsFilter } from './exif-errors.filter';
import { EXIF_MESSAGES, ExifAnalysisResponseDto, ExifErrorBodyDto, ExifUploadDto } from './exif.dto';
import { ExifService, type UploadedImage } from './exif.service';

/**
 * Multer with its memory storage (no `dest`, no `storage`): an upload is never written to disk, and
 * multer stops reading at the size limit, so an oversized upload is not buffered whole. Browsers
 * send the file name as raw UTF-8 (no filename*); multer's default reads it as Latin-1 (café → cafÃ©).
 * Nest runs guards before interceptors: the body is read only for a signed-in caller.
 */
const ImageUpload = () =>
  UseInterceptors(FileInterceptor(IMAGE_FORM_FIELD, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 12 }, defParamCharset: 'utf8' }));

const ERRORS = {
  unauthorized: { type: ExifErrorBodyDto, description: "In the image routes' error shape, with `success: false`." },
  badRequest: { type: ExifErrorBodyDto, description: `No file in the form field "image": '${EXIF_MESSAGES.noFile}'.` },
  tooLarge: { type: ExifErrorBodyDto, description: `Larger than ${MAX_IMAGE_BYTES} bytes: '${EXIF_MESSAGES.tooLarge}'.` },
  unsupported: {
    type: ExifErrorBodyDto,
    description: `Not a JPEG, PNG, TIFF, WebP, HEIC/HEIF, AVIF or GIF file (by its content): '${EXIF_MESSAGES.unsupportedType}'; a BigTIFF file: '${EXIF_MESSAGES.bigTiff}'.`,
  },
  unprocessable: { type: ExifErrorBodyDto, description: `A damaged file ('${EXIF_MESSAGES.damaged}'), or one that exceeded the parsing time or memory limits ('${EXIF_MESSAGES.tooComplex}').` },
  busy: { type: ExifErrorBodyDto, description: `Too many images are being checked right now: '${EXIF_MESSAGES.busy}'.` },
} as const;

@ApiTags('scans')
@Controller('scans/exif')
@UseFilters(ExifErrorsFilter)
export class ExifController {
  constructor(private readonly exif: ExifService) {}

  @Post('analyze')
  @HttpCode(HttpStatus.OK)
  // Above @Authenticated(): the image routes' errors, 401 included, carry the spec's `success: false`.
  @ApiUnauthorizedResponse(ERRORS.unauthorized)
  @Authenticated()
  @ImageUpload()
  @ApiOperation({
    summary: "Check an image's metadata for privacy risks",
    description:
      'Reads JPEG, PNG, TIFF, WebP, HEIC/HEIF (iPhone photos), AVIF and GIF files: EXIF, GPS, XMP, IPTC, ICC, maker notes ' +
      "of the major camera makers, vendors' blocks (Canon CIFF, FLIR, Kodak, GoPro, Photoshop...), PNG text, WebP chunks, " +
      'HEIF items and properties, GIF comments and extensions. Answers findings (each with a redacted value, severity, ' +
      'recommendation and the fields it was read from), a risk score, and `strip`: whether the lossless strip can clean ' +
      'this file, and if not why and what to do. Placeholder values ("unknown", camera default captions) are not counted ' +
      'as names. A damaged file gets a finding for the parts that could not be read. The check is stored in the scan ' +
      'history (the file name only; the image is never stored or written to disk). Errors answer ExifErrorBodyDto: the ' +
      "usual error body with the spec's `success: false`.",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ExifUploadDto })
  @ApiOkResponse({ type: ExifAnalysisResponseDto })
  @ApiBadRequestResponse(ERRORS.badRequest)
  @ApiPayloadTooLargeResponse(ERRORS.tooLarge)
  @ApiUnsupportedMediaTypeResponse(ERRORS.unsupported)
  @ApiUnprocessableEntityResponse(ERRORS.unprocessable)
  @ApiServiceUnavailableResponse(ERRORS.busy)
  analyzeImage(@CurrentUser() user: AuthenticatedUser, @UploadedFile() file: UploadedImage | undefined): Promise<ExifAnalysisResponseDto> {
    return this.exif.analyzeImage(user.userId, file);
  }

  @Post('strip')
  @HttpCode(HttpStatus.OK)
  // Above @Authenticated(): the image routes' errors, 401 included, carry the spec's `success: false`.
  @ApiUnauthorizedResponse(ERRORS.unauthorized)
  @Authenticated()
  @ImageUpload()
  @ApiOperation({
    summary: 'Download a copy of an image without its metadata',
    description:
      'Lossless: the image data is copied byte for byte; only metadata is dropped (JPEG keeps JFIF, ICC and Adobe segments and ' +
      'a minimal EXIF block with the orientation; PNG keeps critical, colour and animation chunks; WebP keeps image, alpha, ' +
      'animation and ICC chunks; TIFF keeps its structural tags; HEIC/HEIF/AVIF keep their coded image items and their ' +
      'properties, rotation and mirroring included, and lose Exif, XMP and other metadata items, thumbnails and descriptive ' +
      'properties; GIF keeps images, colour tables, animation and colour-profile extensions). A file damaged outside its ' +
      'image data is still cleaned; one whose image data is damaged answers 422 (the analysis says so in `strip`). The ' +
      'browser widget does this locally with the same code; this route is for integrators. Answered as an attachment ' +
      'named `<name>-clean.<ext>`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: ExifUploadDto })
  @ApiOkResponse({
    description: 'The cleaned image, with the Content-Type of its format.',
    content: Object.fromEntries(Object.values(IMAGE_TYPE_INFO).map((t) => [t.mime, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiBadRequestResponse(ERRORS.badRequest)
  @ApiPayloadTooLargeResponse(ERRORS.tooLarge)
  @ApiUnsupportedMediaTypeResponse(ERRORS.unsupported)
  @ApiUnprocessableEntityResponse(ERRORS.unprocessable)
  @ApiServiceUnavailableResponse(ERRORS.busy)
  async stripImage(@UploadedFile() file: UploadedImage | undefined, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const clean = await this.exif.stripImage(file);
    // attachment() also sets a type from the name's extension: the format's own type replaces it.
    res.attachment(clean.fileName).type(clean.mime);
    return new StreamableFile(clean.bytes, { length: clean.bytes.byteLength });
  }
}
