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

/**
 * The four bytes of a chunk type at `at` as text. IDAT, most of a photo's chunks (a 9 MB photo has
 * a thousand), is answered without building a string.
 */
export function pngChunkType(bytes: Uint8Array, at: number): string {
  if (bytes[at] === 0x49 && bytes[at + 1] === 0x44 && bytes[at + 2] === 0x41 && bytes[at + 3] === 0x54) return 'IDAT';
  return latin1(bytes, at, at + 4);
}

/** Whether `type` is a well-formed chunk type (four ASCII letters). */
export function isPngChunkType(type: string): boolean {
  return type === 'IDAT' || CHUNK_TYPE.test(type);
}

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
    const type = pngChunkType(bytes, pos + 4);
    if (!isPngChunkType(type)) throw new MalformedImageError(`Invalid PNG chunk type at byte ${pos}`);
    if (length > 0x7fffffff || pos + 12 + length > bytes.length) throw new MalformedImageError(`PNG chunk ${type} runs past the end of the file`);
    yield { type, offset: pos, dataOffset: pos + 8, length };
    pos += 12 + length;
    if (type === 'IEND') return;
  }
}

const IEND = new Uint8Array([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/**
 * The walk of stripPng: `keep(start, end)` receives each kept range in order (the strip check
 * passes none: it needs the verdict, not the pieces). Answers what was removed and whether the
 * file's IEND was reached.
 */
function walkPng(bytes: Uint8Array, keep?: (start: number, end: number) => void): { removed: string[]; ended: boolean } {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) throw new MalformedImageError('Not a PNG file');
  keep?.(0, 8);
  const removed: string[] = [];
  let pos = 8;
  let sawHeader = false;
  let sawData = false;
  let lastType = '';
  let ended = false;
  while (pos < bytes.length) {
    const length = pos + 8 <= bytes.length ? u32be(bytes, pos) : -1;
    const type = pos + 8 <= bytes.length ? pngChunkType(bytes, pos + 4) : '';
    const sound = length >= 0 && isPngChunkType(type) && length <= 0x7fffffff && pos + 12 + length <= bytes.length;
    if (!sound) {
      // A cut or garbled IDAT (or what follows one without a readable type) is damaged image data.
      const inImage = type === 'IDAT' || (!CHUNK_TYPE.test(type) && lastType === 'IDAT');
      if (!sawHeader || !sawData || inImage) throw new MalformedImageError(`The PNG image data is damaged or cut short (byte ${pos})`);
      removed.push(`damaged data from byte ${pos}`);
      break;
    }
    if (!sawHeader && type !== 'IHDR') throw new MalformedImageError('PNG does not start with IHDR');
    sawHeader = true;
    const end = pos + 12 + length;
    if (type === 'IDAT') sawData = true;
    if (PNG_KEPT_CHUNKS.has(type)) keep?.(pos, end);
    else removed.push(type);
    lastType = type;
    pos = end;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!sawHeader) throw new MalformedImageError('PNG has no IHDR chunk');
  if (!sawData) throw new MalformedImageError('PNG has no image data');
  if (ended && pos < bytes.length) removed.push(`trailing data (${bytes.length - pos} bytes)`);
  return { removed, ended };
}

/**
 * Kept chunks are copied with their CRCs. Damage after the image data (a chunk cut short or
 * garbled once the IDAT chunks are complete) drops the rest and ends the copy with IEND; damage
 * in or before the image data refuses the file.
 */
export function stripPng(bytes: Uint8Array): { out: ByteSink; report: { removed: string[] } } {
  const out = new ByteSink();
  const { removed, ended } = walkPng(bytes, (start, end) => out.push(bytes.subarray(start, end)));
  if (!ended) out.push(IEND);
  return { out, report: { removed } };
}

/** Throws what stripPng would throw, without collecting the pieces (the image check's strip check). */
export function checkPngStrip(bytes: Uint8Array): void {
  walkPng(bytes);
}
