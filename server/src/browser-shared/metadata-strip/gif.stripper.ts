/**
 * Lossless GIF metadata removal: the header, screen descriptor, colour tables, images and what
 * shows them (graphic control and plain-text extensions, the looping and colour-profile
 * application extensions) are copied byte for byte. Dropped: comments, every other application
 * extension (XMP, Photoshop and IPTC blocks, vendors' own) and anything after the trailer. A file
 * cut short after its last complete image gets its trailer back; one whose image data is cut
 * short is refused.
 */
import { ByteSink, MalformedImageError } from './bytes.util';
import { GIF_EXTENSION, GifLayout, readGif } from './gif-blocks.reader';

/** Application extensions that change how the image is shown: animation loops, the ICC profile. */
export const GIF_KEPT_APPLICATIONS: ReadonlySet<string> = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

/** `layout`: the blocks of these bytes when already walked (the image check's reader walks them first). */
export function stripGif(bytes: Uint8Array, layout: GifLayout = readGif(bytes)): { out: ByteSink; report: { removed: string[] } } {
  const images = layout.blocks.filter((b) => b.kind === 'image').length;
  if (layout.damagedAt !== undefined && bytes[layout.damagedAt] === 0x2c) throw new MalformedImageError('The GIF image data is cut short or damaged');
  if (images === 0) throw new MalformedImageError('The GIF file has no image');
  const out = new ByteSink();
  const removed: string[] = [];
  out.push(bytes.subarray(0, layout.headerEnd));
  for (const block of layout.blocks) {
    if (block.kind === 'image') out.push(bytes.subarray(block.start, block.end));
    else if (block.label === GIF_EXTENSION.graphicControl || block.label === GIF_EXTENSION.plainText) out.push(bytes.subarray(block.start, block.end));
    else if (block.label === GIF_EXTENSION.application && block.application && GIF_KEPT_APPLICATIONS.has(block.application)) out.push(bytes.subarray(block.start, block.end));
    else if (block.label === GIF_EXTENSION.comment) removed.push('comment');
    else if (block.label === GIF_EXTENSION.application) removed.push(`application extension ${JSON.stringify((block.application ?? '').replace(/[^\x20-\x7e]/g, '?'))}`);
    else removed.push(`extension 0x${block.label.toString(16)}`);
  }
  out.push(new Uint8Array([0x3b]));
  const end = layout.trailer !== undefined ? layout.trailer + 1 : (layout.damagedAt ?? bytes.length);
  if (layout.damage) removed.push(`damaged data from byte ${layout.damagedAt}`);
  if (end < bytes.length && layout.trailer !== undefined) removed.push(`trailing data (${bytes.length - end} bytes)`);
  return { out, report: { removed } };
}
