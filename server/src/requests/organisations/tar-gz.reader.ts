import { gunzipSync } from 'node:zlib';

/** A regular file of a tar archive. */
export interface TarFile {
  path: string;
  content: Buffer;
}

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const value = field(header, start, length).trim();
  return value === '' ? 0 : parseInt(value, 8);
}

/** The `path` record of a pax extended header ("<len> path=<value>\n"), if any. */
function paxPath(content: Buffer): string | undefined {
  for (const line of content.toString('utf8').split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The regular files of a gzipped tar archive (ustar, with pax and GNU long names, as GitHub's
 * repository archives are) whose path `wanted` accepts; others are skipped unread. Throws on a
 * damaged archive. `maxBytes` caps the unpacked size (a small download must not unpack to gigabytes).
 */
export function readTarGz(archive: Buffer, wanted: (path: string) => boolean, maxBytes: number): TarFile[] {
  const tar = gunzipSync(archive, { maxOutputLength: maxBytes });
  const files: TarFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const dataStart = offset + BLOCK;
    if (Number.isNaN(size) || dataStart + size > tar.length) throw new Error('damaged tar archive');
    const content = tar.subarray(dataStart, dataStart + size);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') {
      longName = paxPath(content) ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = content.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(header, 345, 155);
    const name = field(header, 0, 100);
    const path = longName ?? (prefix ? `${prefix}/${name}` : name);
    longName = undefined;
    if ((type === '0' || type === '\0') && wanted(path)) files.push({ path, content: Buffer.from(content) });
  }
  return files;
}
