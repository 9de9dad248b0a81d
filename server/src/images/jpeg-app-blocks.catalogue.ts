/**
 * Vendors' own JPEG application segments (APPn), by marker and identifier: whose they are and
 * what they can hold. Those we decode (Canon CIFF, FLIR, Kodak Meta, GoPro, Photoshop Ducky,
 * Picture Info, Pentax, Samsung's unique id, Unicode comments, embedded previews) are read by
 * jpeg-app-blocks.reader.ts; the others are reported by what they can hold: a block able to carry
 * names, serial numbers, places or times weighs more than one of camera settings.
 */

export type AppBlockKind =
  /** Decoded by jpeg-app-blocks.reader.ts. */
  | 'decoded'
  /** Not decoded; such blocks can carry names, serials, places or times. */
  | 'identity'
  /** Not decoded; camera or encoder settings, stereo or HDR layout. */
  | 'settings';

export interface AppBlock {
  marker: number;
  /** The identifier at the start of the segment's data (or a test of it). */
  id: string | ((data: Uint8Array) => boolean);
  vendor: string;
  name: string;
  kind: AppBlockKind;
}

const startsWith = (data: Uint8Array, text: string, at = 0) => text.split('').every((c, i) => data[at + i] === c.charCodeAt(0));
const jpegPreview = (data: Uint8Array, skip: number) => data[skip] === 0xff && data[skip + 1] === 0xd8 && data[skip + 2] === 0xff;

export const APP_BLOCKS: readonly AppBlock[] = [
  { marker: 0xe0, id: (d) => (startsWith(d, 'II') || startsWith(d, 'MM')) && startsWith(d, 'HEAPJPGM', 6), vendor: 'Canon', name: 'CIFF', kind: 'decoded' },
  { marker: 0xe0, id: 'AVI1', vendor: 'AVI (motion JPEG)', name: 'AVI1', kind: 'settings' },
  { marker: 0xe0, id: 'Ocad', vendor: 'Ocad', name: 'Ocad', kind: 'settings' },
  { marker: 0xe1, id: 'FLIR\0', vendor: 'FLIR', name: 'FLIR thermal data', kind: 'decoded' },
  { marker: 0xe1, id: 'QVCI\0', vendor: 'Casio', name: 'QVCI', kind: 'identity' },
  { marker: 0xe1, id: 'PARROT\0', vendor: 'Parrot', name: 'raw thermal image', kind: 'identity' },
  { marker: 0xe2, id: 'FPXR\0', vendor: 'FlashPix (Kodak, HP)', name: 'FPXR', kind: 'identity' },
  { marker: 0xe2, id: (d) => startsWith(d, 'IJPEG\0', 4), vendor: 'InfiRay', name: 'thermal data', kind: 'identity' },
  { marker: 0xe3, id: (d) => startsWith(d, 'Meta\0\0') || startsWith(d, 'META\0\0') || startsWith(d, 'Exif\0\0'), vendor: 'Kodak', name: 'Meta', kind: 'decoded' },
  { marker: 0xe3, id: 'Stim\0', vendor: 'Fujifilm (stereo)', name: 'Stim', kind: 'settings' },
  { marker: 0xe3, id: '_JPSJPS_', vendor: 'JPEG stereo', name: 'JPS', kind: 'settings' },
  { marker: 0xe4, id: 'SCALADO\0', vendor: 'Scalado', name: 'SCALADO', kind: 'identity' },
  { marker: 0xe4, id: 'FPXR\0', vendor: 'FlashPix (HP)', name: 'FPXR', kind: 'identity' },
  { marker: 0xe5, id: 'RMETA\0', vendor: 'Ricoh', name: 'RMETA', kind: 'identity' },
  { marker: 0xe5, id: (d) => startsWith(d, 'ssuniqueid\0'), vendor: 'Samsung', name: 'unique id', kind: 'decoded' },
  { marker: 0xe6, id: 'EPPIM\0', vendor: 'Toshiba', name: 'PrintIM', kind: 'settings' },
  { marker: 0xe6, id: 'NTIF\0', vendor: 'NITF', name: 'NITF header', kind: 'identity' },
  { marker: 0xe6, id: 'TDHD\x01\0\0\0', vendor: 'HP', name: 'TDHD', kind: 'identity' },
  { marker: 0xe6, id: 'GoPro\0', vendor: 'GoPro', name: 'GPMF', kind: 'decoded' },
  { marker: 0xe6, id: 'DTAT\0\0', vendor: 'DJI', name: 'thermal data', kind: 'identity' },
  { marker: 0xe7, id: 'PENTAX \0', vendor: 'Pentax', name: 'Pentax', kind: 'decoded' },
  { marker: 0xe7, id: 'HUAWEI\0\0', vendor: 'Huawei', name: 'Huawei', kind: 'identity' },
  { marker: 0xe7, id: '\x1aQualcomm Camera Attributes', vendor: 'Qualcomm', name: 'camera attributes', kind: 'settings' },
  { marker: 0xe8, id: 'SPIFF\0', vendor: 'SPIFF', name: 'SPIFF', kind: 'settings' },
  { marker: 0xe9, id: 'Media Jukebox\0', vendor: 'Media Jukebox', name: 'Media Jukebox', kind: 'identity' },
  { marker: 0xea, id: 'UNICODE\0', vendor: 'Unicode comment', name: 'comment', kind: 'decoded' },
  { marker: 0xeb, id: 'HDR_RI ', vendor: 'JPEG-HDR', name: 'HDR ratio image', kind: 'settings' },
  { marker: 0xeb, id: 'JP', vendor: 'JUMBF (Content Credentials, C2PA)', name: 'JUMBF', kind: 'identity' },
  { marker: 0xec, id: 'Ducky', vendor: 'Photoshop', name: 'Ducky', kind: 'decoded' },
  { marker: 0xec, id: (d) => latinHead(d).includes('[picture info]') || latinHead(d).includes('Type='), vendor: 'Picture Info', name: 'Picture Info', kind: 'decoded' },
  { marker: 0xed, id: 'Adobe_CM', vendor: 'Adobe', name: 'Adobe_CM', kind: 'settings' },
  { marker: 0xef, id: (d) => /^Q\s*\d/.test(latinHead(d)), vendor: 'GraphicConverter', name: 'quality', kind: 'settings' },
  // Preview images stored in application segments (HP, Samsung, BenQ and others).
  ...[0xe2, 0xe3, 0xe4, 0xe5].map((marker) => ({ marker, id: (d: Uint8Array) => jpegPreview(d, 0) || (startsWith(d, 'QVGA\0') && jpegPreview(d, 5)) || (startsWith(d, 'BGTH') && jpegPreview(d, 4)), vendor: 'preview', name: 'preview image', kind: 'decoded' as const })),
];

function latinHead(d: Uint8Array): string {
  return String.fromCharCode(...d.subarray(0, 64));
}

/** The catalogue entry of an APPn segment's data, if any. */
export function appBlockOf(marker: number, data: Uint8Array): AppBlock | undefined {
  return APP_BLOCKS.find((b) => b.marker === marker && (typeof b.id === 'string' ? startsWith(data, b.id) : b.id(data)));
}
