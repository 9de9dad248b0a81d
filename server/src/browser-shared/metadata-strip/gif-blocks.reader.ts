/**
 * The block structure of GIF files (GIF87a, GIF89a): the screen descriptor and global colour
 * table, then extensions (graphic control, comment, plain text, application) and images, up to the
 * trailer. Shared by the metadata reader and the stripper so that both see the same file.
 */
import { latin1, MalformedImageError } from './bytes.util';

export const GIF_LIMITS = { blocks: 200_000, subBlocksPerBlock: 2_000_000 } as const;

export type GifBlock =
  | { kind: 'extension'; label: number; start: number; end: number; /** The application identifier and code (11 bytes), for label 0xFF. */ application?: string }
  | { kind: 'image'; start: number; end: number };

export interface GifLayout {
  /** Header, logical screen descriptor and global colour table. */
  headerEnd: number;
  blocks: GifBlock[];
  /** Where the trailer (0x3B) is; undefined when the file ends without one. */
  trailer?: number;
  /** Where the walk stopped on damage (a block cut short or an unknown introducer). */
  damagedAt?: number;
  damage?: string;
}

export const GIF_EXTENSION = { plainText: 0x01, graphicControl: 0xf9, comment: 0xfe, application: 0xff } as const;

/** The end of the data sub-blocks starting at `pos` (after the zero-length terminator). */
function subBlocksEnd(bytes: Uint8Array, pos: number): number {
  let at = pos;
  for (let i = 0; i < GIF_LIMITS.subBlocksPerBlock; i++) {
    if (at >= bytes.length) throw new MalformedImageError('A GIF block is truncated');
    const size = bytes[at];
    at += 1 + size;
    if (size === 0) return at;
  }
  throw new MalformedImageError('A GIF block has too many sub-blocks');
}

/** The data of the sub-blocks between `pos` and their terminator, joined. */
export function subBlockData(bytes: Uint8Array, pos: number, end: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  let at = pos;
  while (at < end && bytes[at] !== 0) {
    const size = bytes[at];
    parts.push(bytes.subarray(at + 1, Math.min(end, at + 1 + size)));
    total += size;
    at += 1 + size;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out.subarray(0, offset);
}

function colourTableSize(packed: number): number {
  return packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0;
}

/**
 * Walks the blocks. Throws MalformedImageError when even the header or screen descriptor is
 * damaged; damage further on stops the walk and is reported in `damage`, with the blocks before it.
 */
export function readGif(bytes: Uint8Array): GifLayout {
  if (bytes.length < 13 || !/^GIF8[79]a$/.test(latin1(bytes, 0, 6))) throw new MalformedImageError('Not a GIF file');
  const headerEnd = 13 + colourTableSize(bytes[10]);
  if (headerEnd > bytes.length) throw new MalformedImageError('The GIF colour table is truncated');
  const layout: GifLayout = { headerEnd, blocks: [] };
  let pos = headerEnd;
  try {
    while (pos < bytes.length) {
      if (layout.blocks.length >= GIF_LIMITS.blocks) throw new MalformedImageError('A GIF file has too many blocks');
      const introducer = bytes[pos];
      if (introducer === 0x3b) {
        layout.trailer = pos;
        return layout;
      }
      if (introducer === 0x21) {
        if (pos + 2 > bytes.length) throw new MalformedImageError('A GIF extension is truncated');
        const label = bytes[pos + 1];
        const end = subBlocksEnd(bytes, pos + 2);
        const block: GifBlock = { kind: 'extension', label, start: pos, end };
        if (label === GIF_EXTENSION.application && bytes[pos + 2] === 11 && pos + 14 <= end) block.application = latin1(bytes, pos + 3, pos + 14);
        layout.blocks.push(block);
        pos = end;
      } else if (introducer === 0x2c) {
        const descriptorEnd = pos + 10;
        if (descriptorEnd > bytes.length) throw new MalformedImageError('A GIF image descriptor is truncated');
        const dataStart = descriptorEnd + colourTableSize(bytes[pos + 9]) + 1; // local colour table, LZW code size
        if (dataStart > bytes.length) throw new MalformedImageError('A GIF image is truncated');
        const end = subBlocksEnd(bytes, dataStart);
        layout.blocks.push({ kind: 'image', start: pos, end });
        pos = end;
      } else throw new MalformedImageError(`Unknown GIF block at byte ${pos}`);
    }
  } catch (err) {
    if (!(err instanceof MalformedImageError)) throw err;
    layout.damagedAt = pos;
    layout.damage = err.message;
  }
  return layout;
}
