/**
 * Photoshop image resources ("8BIM" blocks in JPEG APP13, TIFF tag 34377 and PNG raw profiles):
 * where Photoshop keeps IPTC (0x0404) and a thumbnail of the picture (0x0409 / 0x040C).
 */
import { hasAscii, u16be, u32be } from '../browser-shared/metadata-strip/bytes.util';

export interface PhotoshopResources {
  iptc?: Uint8Array;
  thumbnail?: { byteLength: number; width: number; height: number };
}

const MAX_RESOURCES = 1_000;

export function readPhotoshopResources(bytes: Uint8Array): PhotoshopResources {
  const found: PhotoshopResources = {};
  let pos = 0;
  for (let count = 0; count < MAX_RESOURCES && pos + 12 <= bytes.length; count++) {
    if (!hasAscii(bytes, pos, '8BIM')) break;
    const id = u16be(bytes, pos + 4);
    const nameLength = bytes[pos + 6];
    let at = pos + 6 + 1 + nameLength;
    if ((1 + nameLength) % 2 === 1) at++; // the Pascal name is padded to an even size
    if (at + 4 > bytes.length) break;
    const size = u32be(bytes, at);
    const dataStart = at + 4;
    if (dataStart + size > bytes.length) break;
    const data = bytes.subarray(dataStart, dataStart + size);
    if (id === 0x0404) found.iptc ??= data;
    if ((id === 0x0409 || id === 0x040c) && data.length > 28) {
      found.thumbnail ??= { byteLength: data.length - 28, width: u32be(data, 4), height: u32be(data, 8) };
    }
    pos = dataStart + size + (size & 1);
  }
  return found;
}
