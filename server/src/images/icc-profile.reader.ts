/**
 * The description of an ICC profile (its 'desc' tag), the only part of a profile the check
 * reports. Reading just that tag costs a walk of the tag table, where a full parse of the profile
 * (exifr's) decodes the header and every tag: a large share of a JPEG's analysis time.
 * Follows exifr's reading: 'desc' (v2), 'mluc' (v4, one language), 'text' types; the last
 * 'desc' entry wins; the walk stops at the first tag that runs past the profile's end.
 */
import { latin1, u32be } from '../browser-shared/metadata-strip/bytes.util';
import { decodeCString, decodeUtf8 } from './metadata-values.util';

const HEADER_LENGTH = 128;
const MIN_LENGTH = 84;

function trimmed(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  const value = text.slice(0, end).trim();
  return value === '' ? undefined : value;
}

/**
 * A profile's bytes, whole or as the parts a JPEG splits it into (APP2 segments). Reading through
 * `range` copies only a range that straddles two parts: a large profile is never joined just to
 * read its description.
 */
class ProfileBytes {
  readonly length: number;
  private readonly starts: number[] = [];

  constructor(private readonly parts: readonly Uint8Array[]) {
    let length = 0;
    for (const part of parts) {
      this.starts.push(length);
      length += part.length;
    }
    this.length = length;
  }

  /** Bytes [start, end), clipped to the profile as `subarray` clips. */
  range(start: number, end: number): Uint8Array {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    let i = 0;
    while (i + 1 < this.parts.length && this.starts[i + 1] <= from) i++;
    const first = this.parts[i];
    if (to - this.starts[i] <= first.length) return first.subarray(from - this.starts[i], to - this.starts[i]);
    const out = new Uint8Array(to - from);
    for (let at = from; at < to; i++) {
      const piece = this.parts[i].subarray(at - this.starts[i], to - this.starts[i]);
      out.set(piece, at - from);
      at += piece.length;
    }
    return out;
  }

  u32(at: number): number {
    return u32be(this.range(at, at + 4), 0);
  }

  latin1(start: number, end: number): string {
    return latin1(this.range(start, end));
  }
}

/** `length` bytes of UTF-16BE; an odd length reads one byte past, as exifr does. */
function utf16be(bytes: Uint8Array, length: number): string {
  let text = '';
  for (let i = 0; i < length && i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i] << 8) | bytes[i + 1]);
  return text;
}

/** The value of a 'desc' tag of type `type` at `at`; undefined when empty or in an unread type. */
function tagValue(bytes: ProfileBytes, type: string, at: number, length: number): string | undefined {
  if (type === 'desc') {
    const count = bytes.u32(at + 8) - 1;
    if (count < 0 || at + 12 + count > bytes.length) return undefined;
    return trimmed(decodeUtf8(bytes.range(at + 12, at + 12 + count)));
  }
  if (type === 'mluc') {
    // Several languages: no single description (exifr gives a list, which the check never showed).
    if (bytes.u32(at + 8) !== 1) return undefined;
    const size = bytes.u32(at + 20);
    const offset = bytes.u32(at + 24) + at;
    return trimmed(utf16be(bytes.range(offset, offset + size + 1), size));
  }
  if (type === 'text') return trimmed(decodeUtf8(bytes.range(at + 8, at + length)));
  if (type === 'sig ') return trimmed(decodeUtf8(bytes.range(at + 8, at + 12)));
  return trimmed(decodeCString(bytes.range(at, at + length)));
}

/**
 * The profile's description, or undefined (none, or a damaged profile). `profile` is the whole
 * profile or, from a JPEG, its parts in order.
 */
export function iccDescription(profile: Uint8Array | readonly Uint8Array[]): string | undefined {
  const bytes = new ProfileBytes(profile instanceof Uint8Array ? [profile] : profile);
  if (bytes.length < MIN_LENGTH || bytes.length < HEADER_LENGTH + 4) return undefined;
  try {
    let count = bytes.u32(HEADER_LENGTH);
    const tableStart = HEADER_LENGTH + 4;
    // The entries the walk can reach: `count` of them, or as many as the profile holds.
    const table = bytes.range(tableStart, tableStart + 12 * Math.min(count, Math.floor((bytes.length - tableStart) / 12)));
    let description: string | undefined;
    for (let entry = 0; count-- > 0 && entry + 12 <= table.length; entry += 12) {
      const valueOffset = u32be(table, entry + 4);
      const valueLength = u32be(table, entry + 8);
      if (valueOffset + valueLength > bytes.length) break;
      if (latin1(table, entry, entry + 4) !== 'desc' || valueOffset + 12 > bytes.length) continue;
      const value = tagValue(bytes, bytes.latin1(valueOffset, valueOffset + 4), valueOffset, valueLength);
      if (value !== undefined) description = value;
    }
    return description;
  } catch {
    return undefined;
  }
}
