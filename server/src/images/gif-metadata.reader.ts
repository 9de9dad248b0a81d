/**
 * GIF: comment extensions, and application extensions: XMP ("XMP DataXMP", stored raw with a
 * 258-byte trailer that makes it walk as sub-blocks), Photoshop resources and IPTC written by
 * ImageMagick ("MGK8BIM0000", "MGKIPTC0000"), the ICC profile ("ICCRGBG1012"), and any other
 * vendor's block by name. Walked with the stripper's own block reader.
 */
import { latin1, MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { GIF_EXTENSION, readGif, subBlockData } from '../browser-shared/metadata-strip/gif-blocks.reader';
import { GIF_KEPT_APPLICATIONS } from '../browser-shared/metadata-strip/gif.stripper';
import type { WalkedStructure } from '../browser-shared/metadata-strip/metadata.stripper';
import { collectIptc, collectXmp, exifrIptc } from './exifr.reader';
import { iccDescription } from './icc-profile.reader';
import { MetadataCollector } from './metadata.collector';
import { decodeLatin1, decodeUtf8 } from './metadata-values.util';
import { readPhotoshopResources } from './photoshop-resources.reader';

/** The XMP packet of an "XMP DataXMP" extension: its raw bytes up to the end of the packet. */
function xmpPacket(raw: Uint8Array): string {
  const text = decodeUtf8(raw);
  const end = text.lastIndexOf('<?xpacket end');
  const close = end >= 0 ? text.indexOf('?>', end) : -1;
  if (close >= 0) return text.slice(0, close + 2);
  const meta = text.lastIndexOf('</x:xmpmeta>');
  return meta >= 0 ? text.slice(0, meta + '</x:xmpmeta>'.length) : text;
}

async function iptc(c: MetadataCollector, data: Uint8Array, origin: string) {
  try {
    const records = await exifrIptc(data);
    if (records) collectIptc(c, records);
  } catch {
    c.unreadable(`${origin} (damaged)`);
  }
}

export async function readGifMetadata(bytes: Uint8Array, c: MetadataCollector, walked: WalkedStructure = {}) {
  const layout = readGif(bytes);
  walked.gif = layout;
  if (!layout.blocks.some((b) => b.kind === 'image') && layout.damage) throw new MalformedImageError('The GIF structure is damaged');
  if (layout.damage) c.unreadable(`GIF data from byte ${layout.damagedAt} (${layout.damage})`);
  else if (!layout.blocks.some((b) => b.kind === 'image')) c.unreadable('GIF image data (none found)');
  for (const block of layout.blocks) {
    if (block.kind !== 'extension') continue;
    if (block.label === GIF_EXTENSION.comment) {
      c.text({ to: 'comments' }, decodeLatin1(subBlockData(bytes, block.start + 2, block.end)), 'GIF comment');
      continue;
    }
    if (block.label !== GIF_EXTENSION.application) {
      if (block.label !== GIF_EXTENSION.graphicControl && block.label !== GIF_EXTENSION.plainText) {
        c.add('otherBlocks', { value: `GIF extension 0x${block.label.toString(16)}`, origin: 'GIF' });
      }
      continue;
    }
    const id = block.application ?? '';
    const dataStart = block.start + 14; // introducer, label, size 11, identifier and code
    if (id === 'XMP DataXMP') collectXmp(c, xmpPacket(bytes.subarray(dataStart, block.end)), 'XMP');
    else if (id === 'ICCRGBG1012') c.iccProfile(iccDescription(subBlockData(bytes, dataStart, block.end)));
    else if (id === 'MGKIPTC0000') await iptc(c, subBlockData(bytes, dataStart, block.end), 'GIF IPTC block');
    else if (id === 'MGK8BIM0000') {
      const resources = readPhotoshopResources(subBlockData(bytes, dataStart, block.end));
      if (resources.thumbnail) c.embeddedImage({ kind: 'thumbnail', origin: 'GIF Photoshop thumbnail', ...resources.thumbnail });
      if (resources.iptc) await iptc(c, resources.iptc, 'GIF Photoshop block');
    } else if (!GIF_KEPT_APPLICATIONS.has(id)) {
      c.add('otherBlocks', { value: `GIF application extension "${latin1(bytes, block.start + 3, block.start + 14).replace(/[^\x20-\x7e]/g, '?').trim()}"`, origin: 'GIF' });
    }
  }
  if (layout.trailer !== undefined && layout.trailer + 1 < bytes.length) {
    c.embeddedImage({ kind: 'trailing-data', origin: 'data after the end of the GIF image', byteLength: bytes.length - layout.trailer - 1 });
  }
}
