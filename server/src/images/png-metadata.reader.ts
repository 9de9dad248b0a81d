/**
 * PNG: exifr reads only part of what PNG files carry (it ignores zTXt and non-XMP iTXt), so the
 * chunks are walked here. Text chunks (tEXt, zTXt, iTXt) are decoded, compressed ones inflated
 * within a budget, and dispatched by keyword: XMP packets, ImageMagick's "Raw profile type" hex
 * blobs (EXIF, XMP, IPTC, 8BIM, ICC) and `exif:*` keys, image generators' prompts, and the
 * standard keywords. eXIf chunks are read as TIFF blocks (tiffBlockRecords).
 */
import { inflateSync } from 'node:zlib';
import { latin1, MalformedImageError, u32be } from '../browser-shared/metadata-strip/bytes.util';
import { isPngChunkType, PNG_KEPT_CHUNKS, pngChunkType } from '../browser-shared/metadata-strip/png.stripper';
import { collectIptc, collectTiffRecords, collectXmp, exifrIptc, tiffBlockRecords } from './exifr.reader';
import { iccDescription } from './icc-profile.reader';
import { MetadataCollector } from './metadata.collector';
import {
  AI_SOFTWARE_PATTERN,
  AI_TEXT_KEYWORDS,
  IMAGEMAGICK_EXIF_KEYS,
  PNG_TEXT_FIELDS,
} from './metadata-fields.catalogue';
import { decodeLatin1, decodeUtf8, dmsToDecimal, rationalList } from './metadata-values.util';
import { readPhotoshopResources } from './photoshop-resources.reader';
import { collectMakerNotes } from './tiff-metadata.reader';

/** Inflated text per chunk and per image: compressed chunks cannot make us allocate more. */
export const PNG_INFLATE_LIMITS = { perChunk: 2 * 1024 * 1024, perImage: 8 * 1024 * 1024 } as const;

/** Text chunks read per image; a file with more is reported as partly unreadable. */
export const MAX_PNG_TEXT_CHUNKS = 2_000;

/** The standard keywords by their letters alone, for writers that drop or change the space. */
const PNG_KEYWORD_SPELLINGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(PNG_TEXT_FIELDS).map((key) => [key.replace(/[\s_-]/g, ''), key]),
);
const RAW_PROFILE = /^raw profile type (\S+)$/;

interface PngText {
  keyword: string;
  text: string;
  chunk: 'tEXt' | 'zTXt' | 'iTXt';
}

class InflateBudget {
  used = 0;

  inflate(data: Uint8Array, what: string, c: MetadataCollector): Uint8Array | undefined {
    const limit = Math.min(PNG_INFLATE_LIMITS.perChunk, PNG_INFLATE_LIMITS.perImage - this.used);
    if (limit <= 0) {
      c.unreadable(`${what} (over the decompression budget)`);
      return undefined;
    }
    try {
      const out = inflateSync(data, { maxOutputLength: limit });
      this.used += out.length;
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } catch (err) {
      const tooBig = err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      c.unreadable(`${what} (${tooBig ? 'larger than 2 MB when decompressed' : 'damaged compressed data'})`);
      return undefined;
    }
  }
}

function textChunk(type: string, data: Uint8Array, budget: InflateBudget, c: MetadataCollector): PngText | undefined {
  const nul = data.indexOf(0);
  if (nul <= 0 || nul > 79) {
    c.unreadable(`PNG ${type} chunk (no keyword)`);
    return undefined;
  }
  const keyword = decodeLatin1(data.subarray(0, nul));
  const what = `PNG ${type} '${keyword}'`;
  if (type === 'tEXt') return { keyword, text: decodeLatin1(data.subarray(nul + 1)), chunk: 'tEXt' };
  if (type === 'zTXt') {
    const inflated = budget.inflate(data.subarray(nul + 2), what, c);
    return inflated && { keyword, text: decodeLatin1(inflated), chunk: 'zTXt' };
  }
  // iTXt: keyword\0 compressed(1) method(1) language\0 translated\0 text
  const compressed = data[nul + 1] === 1;
  const languageEnd = data.indexOf(0, nul + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) {
    c.unreadable(`${what} (damaged)`);
    return undefined;
  }
  const body = data.subarray(translatedEnd + 1);
  const bytes = compressed ? budget.inflate(body, what, c) : body;
  return bytes && { keyword, text: decodeUtf8(bytes), chunk: 'iTXt' };
}

/** ImageMagick's raw profile: "\n<name>\n<length>\n<hex...>". */
export function decodeRawProfile(text: string): Uint8Array | undefined {
  const m = /^\s*\S+\s+(\d+)\s+([0-9a-fA-F\s]+)$/.exec(text);
  if (!m) return undefined;
  const length = Number(m[1]);
  const hex = m[2].replace(/\s+/g, '');
  if (!Number.isSafeInteger(length) || hex.length < length * 2) return undefined;
  // Every character is a hex digit here: Node's decoder reads the pairs natively (copied out of
  // Buffer's shared pool so that the block is exactly the profile).
  return new Uint8Array(Buffer.from(hex.slice(0, length * 2), 'hex'));
}

/** A TIFF block, with or without the "Exif\0\0" prefix JPEG uses. */
function tiffBlockOf(bytes: Uint8Array): Uint8Array {
  return latin1(bytes, 0, 6) === 'Exif\0\0' ? bytes.subarray(6) : bytes;
}

export async function collectExifBlock(c: MetadataCollector, tiff: Uint8Array, prefix: string) {
  const block = tiffBlockOf(tiff);
  try {
    const out = await tiffBlockRecords(block);
    collectTiffRecords(c, out, prefix, block);
  } catch {
    c.unreadable(`${prefix} (damaged)`);
    return;
  }
  collectMakerNotes(c, block, prefix);
}

async function rawProfile(c: MetadataCollector, name: string, text: string, origin: string) {
  const data = decodeRawProfile(text);
  if (!data) {
    c.unreadable(`${origin} (damaged)`);
    return;
  }
  if (name === 'exif' || name === 'app1') await collectExifBlock(c, data, origin);
  else if (name === 'xmp') collectXmp(c, decodeUtf8(data), origin);
  else if (name === 'iptc' || name === '8bim') {
    const ps = latin1(data, 0, 4) === '8BIM' ? readPhotoshopResources(data) : { iptc: data };
    if ('thumbnail' in ps && ps.thumbnail) c.embeddedImage({ kind: 'thumbnail', origin: `${origin} Photoshop thumbnail`, ...ps.thumbnail });
    if (ps.iptc) {
      try {
        const records = await exifrIptc(ps.iptc);
        if (records) collectIptc(c, records);
      } catch {
        c.unreadable(`${origin} (damaged)`);
      }
    }
  } else if (name === 'icc' || name === 'icm') {
    c.iccProfile(iccDescription(data));
  } else c.add('otherBlocks', { value: `raw profile "${name}"`, origin });
}

/** ImageMagick copies EXIF as `exif:Tag` text entries; GPS comes as rationals plus references. */
function imageMagickExif(c: MetadataCollector, entries: Map<string, PngText>) {
  const get = (key: string) => entries.get(key)?.text;
  const lat = get('exif:gpslatitude');
  const lon = get('exif:gpslongitude');
  if (lat && lon) {
    const latitude = dmsToDecimal(rationalList(lat), get('exif:gpslatituderef'));
    const longitude = dmsToDecimal(rationalList(lon), get('exif:gpslongituderef'));
    const chunk = entries.get('exif:gpslatitude')?.chunk ?? 'tEXt';
    if (latitude !== undefined && longitude !== undefined) c.gps({ latitude, longitude, origin: `PNG ${chunk} 'exif:GPSLatitude'/'exif:GPSLongitude'` });
  }
  for (const [key, entry] of entries) {
    if (!key.startsWith('exif:')) continue;
    const target = IMAGEMAGICK_EXIF_KEYS[key.slice(5)];
    if (target) c.text(target, entry.text, `PNG ${entry.chunk} '${entry.keyword}'`);
  }
}

function looksLikeGeneratorJson(text: string): boolean {
  return /^\s*\{/.test(text) && /"(prompt|steps|sampler|seed|cfg_scale|uc)"/i.test(text);
}

async function collectText(c: MetadataCollector, t: PngText, all: Map<string, PngText>) {
  const key = t.keyword.toLowerCase();
  const origin = `PNG ${t.chunk} '${t.keyword}'`;
  if (key === 'xml:com.adobe.xmp') return collectXmp(c, t.text, `PNG ${t.chunk} XMP`);
  const raw = RAW_PROFILE.exec(key);
  if (raw) return rawProfile(c, raw[1], t.text, origin);
  if (key.startsWith('exif:')) return; // read together (imageMagickExif)
  if (AI_TEXT_KEYWORDS.includes(key)) return c.add('aiGeneration', { value: t.text, origin });
  const software = all.get('software')?.text ?? '';
  if ((key === 'comment' || key === 'description') && (looksLikeGeneratorJson(t.text) || AI_SOFTWARE_PATTERN.test(software))) {
    return c.add('aiGeneration', { value: t.text, origin });
  }
  // Writers spell the standard keywords their own way ("CreationTime", "Creation_Time").
  const field = PNG_TEXT_FIELDS[key] ?? PNG_TEXT_FIELDS[PNG_KEYWORD_SPELLINGS[key.replace(/[\s_-]/g, '')] ?? ''];
  if (field) {
    c.text(field.target, t.text, origin);
    if ((key === 'software' || key === 'source') && AI_SOFTWARE_PATTERN.test(t.text)) c.add('aiGeneration', { value: t.text, origin });
    return;
  }
  c.text({ to: 'comments' }, t.text, origin);
}

export async function readPngMetadata(bytes: Uint8Array, c: MetadataCollector) {
  const budget = new InflateBudget();
  const texts: PngText[] = [];
  const exifBlocks: Uint8Array[] = [];
  const unknown = new Map<string, number>();
  let pos = 8;
  let sawHeader = false;
  let ended = false;
  let textChunks = 0;
  while (pos + 12 <= bytes.length) {
    const length = u32be(bytes, pos);
    const type = pngChunkType(bytes, pos + 4);
    if (!isPngChunkType(type) || length > 0x7fffffff || pos + 12 + length > bytes.length) {
      if (!sawHeader) throw new MalformedImageError('The PNG structure is damaged');
      c.unreadable(`PNG chunks after byte ${pos} (damaged)`);
      break;
    }
    if (!sawHeader && type !== 'IHDR') throw new MalformedImageError('The PNG structure is damaged');
    sawHeader = true;
    if (type === 'IDAT') {
      pos += 12 + length; // image data, most of the chunks: nothing to read
      continue;
    }
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      if (++textChunks > MAX_PNG_TEXT_CHUNKS) {
        if (textChunks === MAX_PNG_TEXT_CHUNKS + 1) c.unreadable(`PNG text chunks beyond the first ${MAX_PNG_TEXT_CHUNKS}`);
      } else {
        const text = textChunk(type, data, budget, c);
        if (text) texts.push(text);
      }
    } else if (type === 'eXIf') exifBlocks.push(data);
    else if (type === 'tIME' && length === 7) {
      const year = (data[0] << 8) | data[1];
      const pad = (n: number) => String(n).padStart(2, '0');
      c.time(`${year}:${pad(data[2])}:${pad(data[3])} ${pad(data[4])}:${pad(data[5])}:${pad(data[6])}`, 'PNG tIME', 'modified', 'Z');
    } else if (type === 'iCCP') {
      const nul = data.indexOf(0);
      const profile = nul > 0 ? budget.inflate(data.subarray(nul + 2), 'PNG iCCP', c) : undefined;
      if (profile) c.iccProfile(iccDescription(profile));
    } else if (type === 'caBX') {
      c.add('otherBlocks', { value: 'Content Credentials (C2PA) manifest', origin: 'PNG caBX chunk' });
      if (latin1(data).includes('trainedAlgorithmicMedia')) c.add('aiGeneration', { value: 'trainedAlgorithmicMedia (C2PA)', origin: 'PNG caBX chunk' });
    } else if (!PNG_KEPT_CHUNKS.has(type)) unknown.set(type, (unknown.get(type) ?? 0) + 1);
    pos += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!sawHeader) throw new MalformedImageError('The PNG structure is damaged');
  if (ended && pos < bytes.length) {
    c.embeddedImage({ kind: 'trailing-data', origin: 'data after the end of the PNG image', byteLength: bytes.length - pos });
  }

  for (const block of exifBlocks) await collectExifBlock(c, block, 'PNG eXIf');
  const byKeyword = new Map(texts.map((t) => [t.keyword.toLowerCase(), t]));
  for (const t of texts) await collectText(c, t, byKeyword);
  imageMagickExif(c, byKeyword);
  for (const [type, count] of unknown) {
    c.add('otherBlocks', { value: `PNG chunk "${type}"${count > 1 ? ` ×${count}` : ''}`, origin: 'PNG' });
  }
}
