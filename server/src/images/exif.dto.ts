import { ApiProperty } from '@nestjs/swagger';
import { ErrorBodyDto } from '../common/http/error-body.dto';
import { IMAGE_TYPES, IMAGE_UPLOAD_MESSAGES, ImageType, MAX_IMAGE_BYTES } from '../browser-shared/metadata-strip/image-upload.rules';
import { EXIF_FINDING_CATEGORIES, EXIF_SEVERITIES, ExifFindingCategory, ExifSeverity } from '../vocabulary/image-risk.catalogue';
import type { ExifFinding, ImageCheck, StripAvailability } from './exif-findings.analyzer';

/** Every message the image routes answer with; the first two are the spec's. */
export const EXIF_MESSAGES = {
  ...IMAGE_UPLOAD_MESSAGES,
  noFile: 'Please choose an image to upload (form field "image")',
  damaged: 'This image file is damaged and its metadata could not be read',
  tooComplex: 'This image could not be checked within our time and memory limits. Please try another image.',
  busy: 'The image check is busy. Please try again in a moment.',
} as const;

export class ExifUploadDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description: `A JPEG, PNG, TIFF, WebP, HEIC/HEIF, AVIF or GIF image (decided by its content, not its name or declared type), at most ${MAX_IMAGE_BYTES} bytes.`,
  })
  image!: unknown;
}

export class ExifFindingDto implements ExifFinding {
  @ApiProperty({ example: 'GPS coordinates of where the photo was taken, shown here rounded to about 1 km (EXIF GPS)' })
  description!: string;

  @ApiProperty({ description: 'The value, redacted for display: coordinates to about 1 km, serials and emails partly masked.', example: '51.76, -0.32' })
  redactedValue!: string;

  @ApiProperty({ example: "Anyone with the file can see where it was taken. Use 'Strip Metadata' to download a clean copy before sharing." })
  recommendation!: string;

  @ApiProperty({ enum: EXIF_SEVERITIES, enumName: 'ExifSeverity' })
  severity!: ExifSeverity;

  @ApiProperty({ enum: EXIF_FINDING_CATEGORIES, enumName: 'ExifFindingCategory', description: 'The kind of finding; its weight counts once in the risk score.' })
  category!: ExifFindingCategory;

  @ApiProperty({ type: [String], description: 'The metadata fields the value was read from (the evidence).', example: ['EXIF GPS'] })
  sources!: string[];
}

export class ExifStripDto implements StripAvailability {
  @ApiProperty({ description: "Whether 'Strip Metadata' (the browser widget, or POST /api/scans/exif/strip) can make a clean copy of this file." })
  possible!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'When it cannot: why (the damage found) and what to do instead. Null when it can.',
    example: null,
  })
  message!: string | null;
}

export class ExifAnalysisDto implements ImageCheck {
  @ApiProperty({ minimum: 0, maximum: 100, description: 'Higher is riskier: 70 and above red, 40-69 yellow, below 40 green.', example: 75 })
  riskScore!: number;

  @ApiProperty({ type: [ExifFindingDto], description: 'Most severe first; empty when the image carries no personal metadata.' })
  findings!: ExifFindingDto[];

  @ApiProperty({ enum: IMAGE_TYPES, enumName: 'ImageType', description: 'The type found from the file content.' })
  imageType!: ImageType;

  @ApiProperty({ type: ExifStripDto, description: 'Whether everything found can be removed by the lossless strip; if not, why.' })
  strip!: ExifStripDto;
}

/** The spec's "EXIF analysis response", plus the stored scan's id. */
export class ExifAnalysisResponseDto {
  @ApiProperty({ type: Boolean, enum: [true] })
  success!: true;

  @ApiProperty({ type: String, nullable: true, description: "Always null on success (the spec's shape)." })
  error!: null;

  @ApiProperty({ type: ExifAnalysisDto })
  analysis!: ExifAnalysisDto;

  @ApiProperty({ format: 'uuid', description: "The check as stored in the user's scan history (file name only, never the image)." })
  scanId!: string;
}

/**
 * Errors of the image routes: the API's usual error body (`statusCode`, `error`, `requestId`) with
 * the spec's `success: false` and `analysis: null`, so clients of either shape read `error`.
 */
export class ExifErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ type: Boolean, enum: [false] })
  success!: false;

  @ApiProperty({ type: () => ExifAnalysisDto, nullable: true, description: 'Always null on error.' })
  analysis!: null;
}
