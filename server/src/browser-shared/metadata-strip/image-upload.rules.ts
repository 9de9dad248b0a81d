/**
 * The image check's upload rules, shared by the browser (checked
 * before any upload) and the server (checked again, by magic bytes, never by name or declared type).
 */
import { fileBrands, heifKind } from './heif-structure.reader';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024; // 10485760

/** The multipart form field that carries the image (the API's ExifUploadDto). */
export const IMAGE_FORM_FIELD = 'image';

export const IMAGE_UPLOAD_MESSAGES = {
  // The spec's message, with the formats added since (iPhone photos are HEIC by default).
  unsupportedType: 'Please upload a JPEG, PNG, TIFF, WebP, HEIC, AVIF, or GIF image',
  bigTiff: 'BigTIFF files are not supported yet. Please save the image as a standard TIFF, JPEG or PNG and try again',
  tooLarge: 'File too large. Maximum size is 10MB',
} as const;

export const IMAGE_TYPES = ['jpeg', 'png', 'tiff', 'webp', 'heic', 'heif', 'avif', 'gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_TYPE_INFO: Record<ImageType, { mime: string; extension: string; label: string }> = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg', label: 'JPEG' },
  png: { mime: 'image/png', extension: 'png', label: 'PNG' },
  tiff: { mime: 'image/tiff', extension: 'tif', label: 'TIFF' },
  webp: { mime: 'image/webp', extension: 'webp', label: 'WebP' },
  heic: { mime: 'image/heic', extension: 'heic', label: 'HEIC' },
  heif: { mime: 'image/heif', extension: 'heif', label: 'HEIF' },
  avif: { mime: 'image/avif', extension: 'avif', label: 'AVIF' },
  gif: { mime: 'image/gif', extension: 'gif', label: 'GIF' },
};

/** What a file chooser offers: the types' MIME types and their extensions (some systems know no MIME type for HEIC). */
export const IMAGE_ACCEPT = [...new Set(Object.values(IMAGE_TYPE_INFO).flatMap((t) => [t.mime, `.${t.extension}`])), '.jpeg', '.tiff', '.hif'].join(',');

/** How many leading bytes detectImageType needs (an ftyp box lists its brands within them). */
export const IMAGE_SIGNATURE_BYTES = 256;

/**
 * The image type from the file's first bytes, or undefined for anything else (BigTIFF, video,
 * text...). JPEG: FF D8 FF. PNG: the 8-byte signature. TIFF: II*\0 or MM\0*. WebP: RIFF....WEBP.
 * GIF: GIF87a or GIF89a. HEIC, HEIF, AVIF: an ftyp box with a HEIF brand.
 */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return 'png';
  }
  if (b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a))) {
    return 'tiff';
  }
  // A TIFF whose version word was damaged into BigTIFF's 43 without BigTIFF's header: read as the damaged TIFF it is.
  if (isTiffWithDamagedVersion(b)) return 'tiff';
  if (b.length >= 12 && b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) {
    return 'webp';
  }
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  const brands = fileBrands(b);
  return brands && heifKind(brands.major, brands.brands);
}

/** The byte-order mark and version 43 of BigTIFF: II+\0 or MM\0+. */
function hasBigTiffVersion(b: Uint8Array): boolean {
  return b.length >= 8 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2b && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2b));
}

/**
 * BigTIFF (TIFF with 64-bit offsets): version 43, then the offset size 8 and a zero word, as the
 * BigTIFF header requires. Version 43 alone is not enough: damage to an ordinary TIFF's version
 * word makes the same bytes, and such a file is damaged, not of another kind.
 */
export function isBigTiff(b: Uint8Array): boolean {
  if (!hasBigTiffVersion(b) || b.length < 16) return false;
  const le = b[0] === 0x49;
  const offsetSize = le ? b[4] | (b[5] << 8) : (b[4] << 8) | b[5];
  if (offsetSize !== 8 || b[6] !== 0 || b[7] !== 0) return false;
  // The first directory's 64-bit offset: past the header, and below 4 GB (an ordinary TIFF with IFD0
  // at 8 has its entry table here instead, whose bytes make no such number).
  const high = le ? [b[12], b[13], b[14], b[15]] : [b[8], b[9], b[10], b[11]];
  const low = le ? b[8] | (b[9] << 8) | (b[10] << 16) | (b[11] << 24) : (b[12] << 24) | (b[13] << 16) | (b[14] << 8) | b[15];
  return high.every((x) => x === 0) && low >>> 0 >= 16;
}

/** Version 43 without the rest of BigTIFF's header: an ordinary TIFF with a damaged version word. */
export function isTiffWithDamagedVersion(b: Uint8Array): boolean {
  return hasBigTiffVersion(b) && !isBigTiff(b);
}

/** Why a file of no supported type is refused: BigTIFF is named, anything else gets the list of types. */
export function unsupportedTypeMessage(leadingBytes: Uint8Array): string {
  return isBigTiff(leadingBytes) ? IMAGE_UPLOAD_MESSAGES.bigTiff : IMAGE_UPLOAD_MESSAGES.unsupportedType;
}

/** The spec's message for a file that cannot be checked, or undefined when it can be uploaded. */
export function uploadProblem(size: number, leadingBytes: Uint8Array): string | undefined {
  if (!detectImageType(leadingBytes)) return unsupportedTypeMessage(leadingBytes);
  if (size > MAX_IMAGE_BYTES) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

/** `<name>-clean.<ext>`: the original name's extension when it has one, else the type's. */
export function cleanFileName(originalName: string, type: ImageType): string {
  const base = originalName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base || 'image';
  const extension = dot > 0 && dot < base.length - 1 ? base.slice(dot + 1) : IMAGE_TYPE_INFO[type].extension;
  return `${stem}-clean.${extension}`;
}
