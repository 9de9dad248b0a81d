/**
 * The description of an ICC profile (its 'desc' tag), the only part of a profile the check
 * reports. Reading just that tag costs a walk of the tag table, where a full parse of the profile
 * (exifr's) decodes the header and every tag: a large share of a JPEG's analysis time.
 * Follows exifr's reading: 'desc' (v2), 'mluc' (v4, one language), 'text' types; the last
 * 'desc' entry wins; the walk stops at the first tag that runs past the profile's end.
 */
import { latin1, u32be } from '../../shared/metadata-strip/bytes.util';
import { decodeCString, decodeUtf8 } from './metadata-values.util';

const HEADER_LENGTH = 128;
const MIN_LENGTH = 84;

function trimmed(text: string): string | undefined {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  const value = text.slice(0, end).trim();
  return value === '' ? undefined : value;
}

function utf16be(bytes: Uint8Array, at: number, length: number): string {
  let text = '';
  for (let i = 0; i < length && at + i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[at + i] << 8) | bytes[at + i + 1]);
  return text;
}

/** The value of a 'desc' tag of type `type` at `at`; undefined when empty or in an unread type. */
function tagValue(bytes: Uint8Array, type: string, at: number, length: number): string | undefined {
  if (type === 'desc') {
    const count = u32be(bytes, at + 8) - 1;
    if (count < 0 || at + 12 + count > bytes.length) return undefined;
    return trimmed(decodeUtf8(bytes.subarray(at + 12, at + 12 + count)));
  }
  if (type === 'mluc') {
    // Several languages: no single description (exifr gives a list, which the check never showed).
    if (u32be(bytes, at + 8) !== 1) return undefined;
    const size = u32be(bytes, at + 20);
    const offset = u32be(bytes, at + 24) + at;
    return trimmed(utf16be(bytes, offset, size));
  }
  if (type === 'text') return trimmed(decodeUtf8(bytes.subarray(at + 8, at + length)));
  if (type === 'sig ') return trimmed(decodeUtf8(bytes.subarray(at + 8, at + 12)));
  return trimmed(decodeCString(bytes.subarray(at, at + length)));
}

/** The profile's description, or undefined (none, or a damaged profile). */
export function iccDescription(bytes: Uint8Array): string | undefined {
  if (bytes.length < MIN_LENGTH || bytes.length < HEADER_LENGTH + 4) return undefined;
  try {
    let count = u32be(bytes, HEADER_LENGTH);
    let description: string | undefined;
    for (let entry = HEADER_LENGTH + 4; count-- > 0 && entry + 12 <= bytes.length; entry += 12) {
      const valueOffset = u32be(bytes, entry + 4);
      const valueLength = u32be(bytes, entry + 8);
      if (valueOffset + valueLength > bytes.length) break;
      if (latin1(bytes, entry, entry + 4) !== 'desc' || valueOffset + 12 > bytes.length) continue;
      const value = tagValue(bytes, latin1(bytes, valueOffset, valueOffset + 4), valueOffset, valueLength);
      if (value !== undefined) description = value;
    }
    return description;
  } catch {
    return undefined;
  }
}
