/**
 * Turning raw metadata values (EXIF strings and byte arrays, XMP text, IPTC records) into clean
 * text, dates with time zones, coordinates and contact kinds.
 */
import type { ContactKind } from './image-metadata.types';
import { DEFAULT_OWNER_FRAME_WORDS, DEVICE_NAME_PATTERN, PLACEHOLDER_PATTERN, PLACEHOLDER_VALUES, SERIAL_SENTINELS } from './metadata-fields.catalogue';

// Patterns compiled once (a literal in a function body is a new RegExp object, run unoptimised, on every call).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const WHITESPACE = /\s+/g;
const TIME = /^(\d{4})[:-]?(\d{2})[:-]?(\d{2})(?:[T ](\d{2}):?(\d{2})(?::?(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const ZONE = /^([+-])(\d{2}):?(\d{2})$/;
const SOUTH_OR_WEST = /^[SW]/i;
const XMP_COORDINATE = /^\s*(\d{1,3}),(\d{1,2}(?:\.\d+)?)(?:,(\d{1,2}(?:\.\d+)?))?\s*([NSEW])\s*$/i;
const MAX_TEXT = 1_000;
const utf8Decoder = new TextDecoder('utf-8', { fatal: false });

/** Characters `\s` matches from U+00A0 up (below it: tab to carriage return, and the space). */
function isWideSpace(code: number): boolean {
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/**
 * True when cleanText would return `value` unchanged: no control characters, no whitespace but
 * single spaces between words, not too long. Most values are, and a scan is much cheaper than
 * the two replacements.
 */
function alreadyClean(value: string): boolean {
  const n = value.length;
  if (n === 0 || n > MAX_TEXT) return false;
  let space = true; // no leading space
  for (let i = 0; i < n; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x20) {
      if (space) return false;
      space = true;
    } else if (code < 0x20 || code === 0x7f || (code >= 0xa0 && isWideSpace(code))) return false;
    else space = false;
  }
  return !space; // no trailing space
}

/** Printable, trimmed, single-spaced text, at most 1,000 characters; undefined when empty. */
export function cleanText(value: string): string | undefined {
  if (alreadyClean(value)) return value;
  // Cut first: a multi-megabyte text field must not cost multi-megabyte regular expressions.
  const head = value.length > MAX_TEXT * 4 ? value.slice(0, MAX_TEXT * 4) : value;
  const text = head.replace(CONTROL_CHARACTERS, '').replace(WHITESPACE, ' ').trim();
  if (!text) return undefined;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** Below this many bytes, ASCII is turned into text by hand: TextDecoder's call costs more. */
const SHORT_TEXT = 64;

export function decodeUtf8(bytes: Uint8Array): string {
  const n = bytes.length;
  if (n <= SHORT_TEXT) {
    let ascii = true;
    for (let i = 0; i < n; i++) {
      if (bytes[i] >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) return String.fromCharCode.apply(null, bytes as unknown as number[]);
  }
  return utf8Decoder.decode(bytes);
}

export function decodeLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** UTF-16 text up to a NUL character (Windows XP* tags are little endian). */
export function decodeUtf16(bytes: Uint8Array, littleEndian = true): string {
  let text = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const code = littleEndian ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1];
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text;
}

/** Bytes up to the first NUL, as UTF-8 (falls back to Latin-1 when not valid UTF-8). */
export function decodeCString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  const body = end >= 0 ? bytes.subarray(0, end) : bytes;
  const text = decodeUtf8(body);
  return text.includes('\uFFFD') ? decodeLatin1(body) : text;
}

/** EXIF UserComment: an 8-byte character code, then the text. */
export function decodeUserComment(bytes: Uint8Array): string {
  const code = decodeLatin1(bytes.subarray(0, 8)).replace(/\0+$/, '');
  const body = bytes.subarray(8);
  if (code === 'UNICODE') {
    // The byte order is the TIFF's; guess it from where the zero bytes of ASCII-range text sit.
    let evenZeros = 0;
    for (let i = 0; i < Math.min(body.length, 64); i += 2) if (body[i] === 0) evenZeros++;
    return decodeUtf16(body, evenZeros * 4 < Math.min(body.length, 64));
  }
  return decodeCString(body);
}

/** A metadata value as text: strings, numbers, arrays (joined), XMP alternatives ({value}), bytes. */
export function valueText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return Number.isFinite(Number(value)) ? String(value) : undefined;
  if (typeof value === 'boolean') return undefined;
  if (value instanceof Uint8Array) return cleanText(decodeCString(value));
  if (Array.isArray(value)) {
    const parts = value.map(valueText).filter((v): v is string => v !== undefined);
    return parts.length ? cleanText(parts.join(', ')) : undefined;
  }
  if (typeof value === 'object' && 'value' in value) return valueText((value as { value: unknown }).value);
  return undefined;
}

/** The individual items of a value that may be a list (XMP Seq/Bag, IPTC repeated datasets). */
export function valueItems(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(valueItems);
  const text = valueText(value);
  return text === undefined ? [] : [text];
}

export interface NormalizedTime {
  /** "YYYY:MM:DD HH:MM:SS" (or "YYYY:MM:DD" for a date alone), EXIF style. */
  value: string;
  timeZone?: string;
}

/**
 * EXIF ("2010:12:12 12:41:35"), ISO/XMP ("2010-12-12T12:41:35.00+01:00"), IPTC ("20130907") and
 * PNG ("2019-09-02T14:45:37+00:00") dates. Undefined for placeholders (all zeros) and other text.
 */
export function normalizeTime(text: string): NormalizedTime | undefined {
  const t = text.trim();
  const m = TIME.exec(t);
  if (!m) return undefined;
  // Indexed, not destructured: unoptimized, a destructuring walks the match with an iterator.
  const y = m[1];
  const mo = m[2];
  const d = m[3];
  const h = m[4];
  const mi = m[5];
  const s = m[6];
  const zone = m[7];
  if (Number(y) === 0 || Number(mo) === 0 || Number(d) === 0 || Number(mo) > 12 || Number(d) > 31) return undefined;
  const value = h === undefined ? `${y}:${mo}:${d}` : `${y}:${mo}:${d} ${h}:${mi}:${s ?? '00'}`;
  return { value, timeZone: zone ? normalizeZone(zone) : undefined };
}

/** "+0100" → "+01:00"; "Z" stays. Undefined for anything else. */
export function normalizeZone(zone: string): string | undefined {
  const z = zone.trim();
  if (z === 'Z') return 'Z';
  const m = ZONE.exec(z);
  return m ? `${m[1]}${m[2]}:${m[3]}` : undefined;
}

// Bounded parts: an unbounded local part makes the search quadratic on long text without '@'.
const EMAIL = /[A-Z0-9._%+-]{1,64}@[A-Z0-9.-]{1,253}\.[A-Z]{2,24}/i;
const URL_PATTERN = /^(https?:\/\/|www\.)\S+$/i;
const PHONE = /^\+?[\d\s()./-]{6,}$/;

/** What kind of contact detail a free-text value is. */
export function contactKind(value: string): ContactKind {
  if (value.includes('@') && EMAIL.test(value)) return 'email';
  if (URL_PATTERN.test(value)) return 'url';
  if (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6) return 'phone';
  return 'address';
}

/** Email addresses inside any text (owner names, comments, copyright lines). */
export function emailsIn(text: string): string[] {
  if (!text.includes('@')) return [];
  return text.match(new RegExp(EMAIL.source, 'gi')) ?? [];
}

/** Degrees, minutes, seconds (numbers) with an N/S/E/W reference, as signed decimal degrees. */
export function dmsToDecimal(dms: readonly number[], ref: string | undefined): number | undefined {
  if (dms.length === 0 || dms.some((n) => !Number.isFinite(n))) return undefined;
  const [d, m = 0, s = 0] = dms;
  const value = d + m / 60 + s / 3600;
  const sign = SOUTH_OR_WEST.test(ref?.trim() ?? '') ? -1 : 1;
  return sign * value;
}

/** XMP's "DDD,MM.mmK" or "DDD,MM,SSK" (K one of NSEW), as signed decimal degrees. */
export function xmpCoordinate(text: string): number | undefined {
  const m = XMP_COORDINATE.exec(text);
  if (m) return dmsToDecimal([Number(m[1]), Number(m[2]), Number(m[3] ?? 0)], m[4]);
  const plain = Number(text);
  return text.trim() !== '' && Number.isFinite(plain) ? plain : undefined;
}

/** ImageMagick's "50/1, 17/1, 5857/100" rationals, as numbers. */
export function rationalList(text: string): number[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((part) => {
      const [n, d] = part.split('/').map(Number);
      return d === undefined ? n : d === 0 ? NaN : n / d;
    });
}

/** True for coordinates inside the valid range. */
export function validCoordinates(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

const PUNCTUATION = /[\p{P}\p{S}\s]+/gu;
const ASCII_PUNCTUATION = /[^a-z0-9\u0080-\uffff]+/g;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/**
 * True for text that fills a field without naming anyone: "unknown", "-", "OLYMPUS DIGITAL
 * CAMERA", "© 2019". `shapes` adds the patterns (zeros, years), which do not apply to serial
 * numbers and identifiers: those are numbers anyway.
 */
export function isPlaceholder(value: string, shapes = true): boolean {
  if (value.length > 64) return false;
  const key = comparisonKey(value);
  return PLACEHOLDER_VALUES.has(key) || (shapes && PLACEHOLDER_PATTERN.test(key));
}

/** Lower case, punctuation and symbols as single spaces, trimmed: how names are compared. */
export function comparisonKey(value: string): string {
  const lower = value.toLowerCase();
  // ASCII text (nearly all of it) needs no Unicode classes, which are slow.
  return (ASCII.test(lower) ? lower.replace(ASCII_PUNCTUATION, ' ') : lower.replace(PUNCTUATION, ' ')).trim();
}

/** What a file says about its own device, to tell a device string from a person's name. */
export interface DeviceStrings {
  make?: string;
  model?: string;
  software: readonly string[];
}

/**
 * Why a value in a name field (owner, copyright, host computer...) is not a person's name, or
 * undefined when it may be one: the file's own make or model, a camera's default line built around
 * it ("(C) by Caplio RR1 User"), a device's model name ("iPhone 13 Pro Max"), or the software that
 * wrote the file.
 */
export function notAPersonReason(value: string, device: DeviceStrings): 'device' | 'camera default' | 'software' | undefined {
  if (value.length > 120) return undefined;
  const key = comparisonKey(value);
  if (!key) return undefined;
  const make = device.make ? comparisonKey(device.make) : '';
  const model = device.model ? comparisonKey(device.model) : '';
  const own = new Set([make, model, make && model && !model.startsWith(make) ? `${make} ${model}` : ''].filter(Boolean));
  if (own.has(key)) return 'device';
  if (DEVICE_NAME_PATTERN.test(key)) return 'device';
  // The frame words taken away, what is left is the model: a camera's default line.
  const rest = key.split(' ').filter((w) => !DEFAULT_OWNER_FRAME_WORDS.has(w)).join(' ');
  if (rest !== key && (own.has(rest) || (rest && DEVICE_NAME_PATTERN.test(rest)))) return 'camera default';
  // Ricoh's default: "(C) by <model> User" even where the Model tag is missing or differs.
  if (/^c by .+ user$/.test(key)) return 'camera default';
  if (device.software.some((s) => comparisonKey(s) === key)) return 'software';
  return undefined;
}

/**
 * Serial fields' values that say there is none: a sentinel word ("No Lens"), only zeros, or one
 * byte repeated (0xFFFFFFFF, "98989898", 2560137368 = 0x98989898: unwritten flash or filler).
 */
export function isSerialSentinel(value: string): boolean {
  const key = comparisonKey(value);
  if (SERIAL_SENTINELS.has(key)) return true;
  const compact = value.replace(/[\s-]/g, '');
  if (/^0+$/.test(compact)) return true;
  if (compact.length >= 4 && /^(.)\1+$/.test(compact)) return true;
  if (compact.length >= 8 && /^([0-9a-f]{2})\1+$/i.test(compact)) return true;
  if (/^\d{3,10}$/.test(compact)) {
    // A 32-bit number read from unwritten memory: every byte the same (2560137368 = 0x98989898).
    const n = Number(compact);
    const bytes = n > 0xff && n <= 0xffffffff ? bytesOfNumber(n) : [];
    if (bytes.length >= 3 && bytes.every((x) => x === bytes[0])) return true;
  }
  return false;
}

function bytesOfNumber(n: number): number[] {
  const out: number[] = [];
  for (let x = n; x > 0; x = Math.floor(x / 256)) out.push(x & 0xff);
  return out;
}
