/**
 * WebP: exifr cannot read it at all (it has no WebP parser), so the RIFF chunks are walked here; the EXIF
 * chunk is read as a TIFF block (with or without the "Exif\0\0" prefix some writers add), the
 * XMP chunk to the XMP reader, the ICC profile to icc-profile.reader.ts.
 */
import { latin1, MalformedImageError, u32le } from '../browser-shared/metadata-strip/bytes.util';
import { WEBP_KEPT_CHUNKS } from '../browser-shared/metadata-strip/webp.stripper';
import { collectXmp } from './exifr.reader';
import { iccDescription } from './icc-profile.reader';
import { MetadataCollector } from './metadata.collector';
import { decodeUtf8 } from './metadata-values.util';
import { collectExifBlock } from './png-metadata.reader';

const MAX_CHUNKS = 100_000;

export async function readWebpMetadata(bytes: Uint8Array, c: MetadataCollector) {
  if (bytes.length < 20) throw new MalformedImageError('The WebP structure is damaged');
  // Some writers get the RIFF size wrong: never read past the actual end.
  const riffEnd = Math.min(bytes.length, 8 + u32le(bytes, 4));
  let pos = 12;
  let sawImage = false;
  for (let count = 0; count < MAX_CHUNKS && pos + 8 <= riffEnd; count++) {
    const fourcc = latin1(bytes, pos, pos + 4);
    const length = u32le(bytes, pos + 4);
    const start = pos + 8;
    if (start + length > riffEnd) {
      if (!sawImage && count === 0) throw new MalformedImageError('The WebP structure is damaged');
      c.unreadable(`WebP chunk "${fourcc.trim()}" (truncated)`);
      break;
    }
    const data = bytes.subarray(start, start + length);
    if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') sawImage = true;
    if (fourcc === 'EXIF') await collectExifBlock(c, data, 'WebP EXIF');
    else if (fourcc === 'XMP ' || fourcc === 'XMP\0') collectXmp(c, decodeUtf8(data), 'WebP XMP');
    else if (fourcc === 'ICCP') c.iccProfile(iccDescription(data));
    else if (!WEBP_KEPT_CHUNKS.has(fourcc)) {
      c.add('otherBlocks', { value: `WebP chunk "${fourcc.replace(/[^\x20-\x7e]/g, '?').trim()}"`, origin: 'WebP' });
    }
    pos = start + length + (length & 1);
  }
  if (!sawImage && pos <= 12) throw new MalformedImageError('The WebP structure is damaged');
  if (riffEnd < bytes.length) {
    c.embeddedImage({ kind: 'trailing-data', origin: 'data after the end of the WebP image', byteLength: bytes.length - riffEnd });
  }
}
