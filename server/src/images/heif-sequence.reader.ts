/**
 * What an image sequence's movie boxes give away (animated AVIF, HEIF bursts, Live-Photo-like
 * sequences: a moov box): the creation and modification times of the movie, track and media
 * headers, and the user data QuickTime writers leave in udta — the ISO 6709 location (©xyz), make,
 * model, software, dates and names, as classic text atoms or as a meta box of keys and values
 * (com.apple.quicktime.location.ISO6709...). The stripper removes udta and meta and zeroes the
 * header times (heif.stripper.ts); this reader reports what it removes.
 */
import { latin1, MalformedImageError } from '../browser-shared/metadata-strip/bytes.util';
import { Box, MOOV_CONTAINERS, readBoxes } from '../browser-shared/metadata-strip/heif-structure.reader';
import { SEQUENCE_DATED_HEADERS, sequenceTimes, sequenceTimeText } from '../browser-shared/metadata-strip/heif-sequence.rules';
import type { FieldTarget } from './metadata-fields.catalogue';
import { MetadataCollector } from './metadata.collector';
import { decodeLatin1, decodeUtf8 } from './metadata-values.util';

const MAX_DEPTH = 8;
const MAX_TEXT_BYTES = 4096;

const HEADER_NAMES: Readonly<Record<string, string>> = { mvhd: 'movie header', tkhd: 'track header', mdhd: 'media header' };

/** QuickTime udta text atoms and iTunes-style ilst items, by four-character code (© is 0xA9). */
const ATOMS: Readonly<Record<string, { name: string; target: FieldTarget | 'gps' }>> = {
  '\xa9xyz': { name: 'GPSCoordinates', target: 'gps' },
  '\xa9mak': { name: 'Make', target: { to: 'make' } },
  '\xa9mod': { name: 'Model', target: { to: 'model' } },
  '\xa9swr': { name: 'Software', target: { to: 'software' } },
  '\xa9too': { name: 'Encoder', target: { to: 'software' } },
  '\xa9day': { name: 'ContentCreateDate', target: { to: 'times', kind: 'original' } },
  '\xa9nam': { name: 'Title', target: { to: 'comments' } },
  '\xa9cmt': { name: 'Comment', target: { to: 'comments' } },
  '\xa9des': { name: 'Description', target: { to: 'comments' } },
  '\xa9inf': { name: 'Information', target: { to: 'comments' } },
  '\xa9ART': { name: 'Artist', target: { to: 'people', role: 'artist' } },
  '\xa9aut': { name: 'Author', target: { to: 'people', role: 'author' } },
  '\xa9cpy': { name: 'Copyright', target: { to: 'people', role: 'copyright' } },
};

/** Keys of QuickTime metadata (hdlr "mdta"), after "com.apple.quicktime." or "com.android.". */
const KEYS: Readonly<Record<string, { name: string; target: FieldTarget | 'gps' }>> = {
  'location.iso6709': { name: 'GPSCoordinates', target: 'gps' },
  make: { name: 'Make', target: { to: 'make' } },
  model: { name: 'Model', target: { to: 'model' } },
  software: { name: 'Software', target: { to: 'software' } },
  version: { name: 'AndroidVersion', target: { to: 'software' } },
  creationdate: { name: 'CreationDate', target: { to: 'times', kind: 'original' } },
  author: { name: 'Author', target: { to: 'people', role: 'author' } },
  artist: { name: 'Artist', target: { to: 'people', role: 'artist' } },
  copyright: { name: 'Copyright', target: { to: 'people', role: 'copyright' } },
  displayname: { name: 'DisplayName', target: { to: 'comments' } },
  title: { name: 'Title', target: { to: 'comments' } },
  description: { name: 'Description', target: { to: 'comments' } },
  comment: { name: 'Comment', target: { to: 'comments' } },
  keywords: { name: 'Keywords', target: { to: 'comments' } },
  'location.name': { name: 'LocationName', target: { to: 'places' } },
  'location.body': { name: 'LocationBody', target: { to: 'places' } },
};

/** ISO 6709 "+48.8584+002.2945+035.000/" (degrees; DDMM and DDMMSS forms too). */
export function iso6709(text: string): { latitude: number; longitude: number; altitude?: number } | undefined {
  const m = /^\s*([+-])(\d{2,6})(\.\d+)?([+-])(\d{3,7})(\.\d+)?(?:([+-]\d+(?:\.\d+)?))?/.exec(text);
  if (!m) return undefined;
  const part = (sign: string, whole: string, fraction: string | undefined, degreeDigits: number) => {
    const digits = whole.length - degreeDigits;
    const f = Number(fraction ?? 0);
    let value: number;
    if (digits <= 0) value = Number(whole) + f;
    else if (digits === 2) value = Number(whole.slice(0, degreeDigits)) + (Number(whole.slice(degreeDigits)) + f) / 60;
    else if (digits === 4) value = Number(whole.slice(0, degreeDigits)) + Number(whole.slice(degreeDigits, degreeDigits + 2)) / 60 + (Number(whole.slice(degreeDigits + 2)) + f) / 3600;
    else return NaN;
    return sign === '-' ? -value : value;
  };
  const latitude = part(m[1], m[2], m[3], 2);
  const longitude = part(m[4], m[5], m[6], 3);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  const altitude = m[7] !== undefined ? Number(m[7]) : undefined;
  return { latitude, longitude, altitude: altitude !== undefined && Number.isFinite(altitude) ? altitude : undefined };
}

function text(bytes: Uint8Array, start: number, end: number): string {
  const body = bytes.subarray(start, Math.min(end, start + MAX_TEXT_BYTES));
  const utf8 = decodeUtf8(body);
  return utf8.includes('\uFFFD') ? decodeLatin1(body) : utf8;
}

function put(c: MetadataCollector, target: FieldTarget | 'gps', value: string, origin: string) {
  if (target === 'gps') {
    const fix = iso6709(value);
    if (fix) c.gps({ ...fix, origin });
    else c.unreadable(`${origin} (not an ISO 6709 location)`);
  } else if (target.to === 'times') {
    c.time(value, origin, target.kind);
  } else c.text(target, value, origin);
}

/** The value of an ilst item: its first "data" box (type 1: UTF-8, 2: UTF-16; other types are not text). */
function dataValue(bytes: Uint8Array, item: Box): string | undefined {
  for (const data of readBoxes(bytes, item.payload, item.end)) {
    if (data.type !== 'data' || data.payload + 8 > data.end) continue;
    const type = (bytes[data.payload + 1] << 16) | (bytes[data.payload + 2] << 8) | bytes[data.payload + 3];
    if (type === 1 || type === 0) return text(bytes, data.payload + 8, data.end);
    if (type === 2) {
      let s = '';
      for (let i = data.payload + 8; i + 1 < Math.min(data.end, data.payload + 8 + MAX_TEXT_BYTES); i += 2) s += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
      return s;
    }
    return undefined;
  }
  return undefined;
}

/** A meta box inside moov or udta: keys and ilst (QuickTime "mdta"), or ilst with ©-atoms ("mdir"). */
function readMeta(c: MetadataCollector, bytes: Uint8Array, meta: Box) {
  // QuickTime writes meta without version/flags, ISO with: the children start where a box header fits.
  const looksLikeBox = (at: number) => at + 8 <= meta.end && /^[a-z]{4}$/.test(latin1(bytes, at + 4, at + 8));
  const start = looksLikeBox(meta.payload) ? meta.payload : meta.payload + 4;
  const children = readBoxes(bytes, start, meta.end);
  const keys: string[] = [];
  const keysBox = children.find((b) => b.type === 'keys');
  if (keysBox && keysBox.payload + 8 <= keysBox.end) {
    let at = keysBox.payload + 8;
    while (at + 8 <= keysBox.end && keys.length < 1000) {
      const size = ((bytes[at] << 24) >>> 0) + ((bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]);
      if (size < 8 || at + size > keysBox.end) break;
      keys.push(latin1(bytes, at + 8, at + size));
      at += size;
    }
  }
  const ilst = children.find((b) => b.type === 'ilst');
  if (!ilst) return;
  for (const item of readBoxes(bytes, ilst.payload, ilst.end)) {
    const index = ((bytes[item.start + 4] << 24) >>> 0) + ((bytes[item.start + 5] << 16) | (bytes[item.start + 6] << 8) | bytes[item.start + 7]);
    const key = keys.length && index >= 1 && index <= keys.length ? keys[index - 1] : undefined;
    const rule = key ? KEYS[key.toLowerCase().replace(/^(com\.apple\.quicktime\.|com\.android\.)/, '')] : ATOMS[item.type];
    if (!rule) continue;
    const value = dataValue(bytes, item);
    if (value) put(c, rule.target, value, `HEIF sequence ${key ?? 'ilst'} ${rule.name}`);
  }
}

/** A damaged meta box loses only itself: the headers' dates and the other atoms are still read. */
function metaPart(c: MetadataCollector, bytes: Uint8Array, meta: Box) {
  try {
    readMeta(c, bytes, meta);
  } catch (err) {
    if (!(err instanceof MalformedImageError) && !(err instanceof RangeError)) throw err;
    c.unreadable('HEIF sequence metadata box (damaged)');
  }
}

/** udta's classic text atoms: a 16-bit length and language, then the text. */
function readUdta(c: MetadataCollector, bytes: Uint8Array, udta: Box) {
  for (const atom of readBoxes(bytes, udta.payload, udta.end)) {
    if (atom.type === 'meta') {
      metaPart(c, bytes, atom);
      continue;
    }
    const rule = ATOMS[atom.type];
    if (!rule || atom.payload + 4 > atom.end) continue;
    const length = (bytes[atom.payload] << 8) | bytes[atom.payload + 1];
    const value = text(bytes, atom.payload + 4, Math.min(atom.end, atom.payload + 4 + length));
    if (value) put(c, rule.target, value, `HEIF sequence udta ${rule.name}`);
  }
}

function walk(c: MetadataCollector, bytes: Uint8Array, container: Box, depth: number) {
  if (depth > MAX_DEPTH) return;
  for (const child of readBoxes(bytes, container.payload, container.end)) {
    if (SEQUENCE_DATED_HEADERS.has(child.type)) {
      const times = sequenceTimes(bytes, child.payload, child.end);
      const name = HEADER_NAMES[child.type];
      const created = sequenceTimeText(times.created);
      const modified = sequenceTimeText(times.modified);
      if (created) c.time(created, `HEIF sequence ${name} creation time`, 'digitized', 'Z');
      // Writers set both at capture: only a different modification time says the file was changed later.
      if (modified && modified !== created) c.time(modified, `HEIF sequence ${name} modification time`, 'modified', 'Z');
    } else if (child.type === 'udta') readUdta(c, bytes, child);
    else if (child.type === 'meta') metaPart(c, bytes, child);
    else if (MOOV_CONTAINERS.has(child.type)) walk(c, bytes, child, depth + 1);
  }
}

/** Reads a moov box's dates, places, devices and names into the collector. Throws MalformedImageError on a damaged box. */
export function readSequenceMetadata(c: MetadataCollector, bytes: Uint8Array, moov: Box) {
  walk(c, bytes, moov, 0);
}
