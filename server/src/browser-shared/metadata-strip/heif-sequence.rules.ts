/**
 * The dated headers of image sequences (animated AVIF, HEIF bursts: a moov box, ISO/IEC 14496-12):
 * the movie (mvhd), track (tkhd) and media (mdhd) headers each carry a creation and a modification
 * time, which cameras set to the moment of capture. Shared by the reader, which reports them, and
 * the stripper, which zeroes them in place (0 means "not set"; the boxes keep their size, so no
 * offset moves and the copy stays lossless).
 */
import { MalformedImageError } from './bytes.util';

/** Boxes whose payload starts with version/flags, then creation and modification times (32-bit, or 64-bit in version 1). */
export const SEQUENCE_DATED_HEADERS: ReadonlySet<string> = new Set(['mvhd', 'tkhd', 'mdhd']);

/** Seconds from 1904-01-01 (the ISO base media epoch) to 1970-01-01. */
const EPOCH_1904 = 2_082_844_800;

export interface SequenceTimes {
  /** Where the two times lie in the file, and how many bytes they take. */
  at: number;
  length: number;
  /** Seconds since 1904 (0: not set). */
  created: number;
  modified: number;
}

/** The creation and modification times of a dated header box whose payload runs from `payload` to `end`. */
export function sequenceTimes(bytes: Uint8Array, payload: number, end: number): SequenceTimes {
  if (payload + 4 > end || end > bytes.length) throw new MalformedImageError('A HEIF sequence header is truncated');
  const version = bytes[payload];
  const size = version === 1 ? 8 : 4;
  const at = payload + 4;
  if (at + size * 2 > end) throw new MalformedImageError('A HEIF sequence header is truncated');
  const read = (p: number) => {
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + bytes[p + i];
    return value;
  };
  return { at, length: size * 2, created: read(at), modified: read(at + size) };
}

/** "YYYY:MM:DD HH:MM:SS" (UTC) of a time in seconds since 1904; undefined for 0 (unset) and impossible values. */
export function sequenceTimeText(seconds: number): string | undefined {
  if (!seconds) return undefined;
  const unix = seconds - EPOCH_1904;
  // Before 1970 or after 2100: a counter from another epoch or damage, not a date.
  if (unix <= 0 || unix > 4_102_444_800) return undefined;
  const d = new Date(unix * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}:${p(d.getUTCMonth() + 1)}:${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
