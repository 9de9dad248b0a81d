/**
 * Lossless PNG metadata removal: chunks are copied verbatim (with their CRCs) when decoding or
 * colour needs them, and dropped otherwise: text (tEXt, zTXt, iTXt), eXIf, tIME and every private
 * or unknown chunk, plus anything after IEND.
 */
import { ByteSink, latin1, MalformedImageError, u32be } from './bytes.util';

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Critical chunks, colour and transparency, physical pixel size, and APNG animation. */
export const PNG_KEPT_CHUNKS: ReadonlySet<string> = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND',
  'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'cLLI', 'tRNS', 'bKGD', 'hIST', 'sPLT',
  'pHYs',
  'acTL', 'fcTL', 'fdAT',
]);

const CHUNK_TYPE = /^[A-Za-z]{4}$/;

export interface PngChunk {
  type: string;
  /** Offset of the chunk's length field. */
  offset: number;
  /** Offset and length of the data. */
  dataOffset: number;
  length: number;
}

/** Walks the chunks after the signature; stops after IEND. Throws on a truncated or corrupt layout. */
export function* pngChunks(bytes: Uint8Array): Generator<PngChunk> {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) throw new MalformedImageError('Not a PNG file');
  let pos = 8;
  while (pos < bytes.length) {
    if (pos + 12 > bytes.length) throw new MalformedImageError('PNG chunk header is truncated');
    const length = u32be(bytes, pos);
    const type = latin1(bytes, pos + 4, pos + 8);
    if (!CHUNK_TYPE.test(type)) throw new MalformedImageError(`Invalid PNG chunk type at byte ${pos}`);
    if (length > 0x7fffffff || pos + 12 + length > bytes.length) throw new MalformedImageError(`PNG chunk ${type} runs past the end of the file`);
    yield { type, offset: pos, dataOffset: pos + 8, length };
    pos += 12 + length;
    if (type === 'IEND') return;
  }
}

export function stripPng(bytes: Uint8Array): { bytes: Uint8Array; report: { removed: string[] } } {
  const out = new ByteSink();
  out.push(bytes.subarray(0, 8));
  const removed: string[] = [];
  let end = 8;
  let sawHeader = false;
  let sawEnd = false;
  for (const chunk of pngChunks(bytes)) {
    if (!sawHeader && chunk.type !== 'IHDR') throw new MalformedImageError('PNG does not start with IHDR');
    sawHeader = true;
    end = chunk.dataOffset + chunk.length + 4;
    if (PNG_KEPT_CHUNKS.has(chunk.type)) out.push(bytes.subarray(chunk.offset, end));
    else removed.push(chunk.type);
    if (chunk.type === 'IEND') sawEnd = true;
  }
  if (!sawHeader) throw new MalformedImageError('PNG has no IHDR chunk');
  if (!sawEnd) throw new MalformedImageError('PNG has no IEND chunk (the file is truncated)');
  if (end < bytes.length) removed.push(`trailing data (${bytes.length - end} bytes)`);
  return { bytes: out.bytes(), report: { removed } };
}
