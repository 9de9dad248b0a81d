/**
 * Byte helpers for the metadata readers and strippers. Isomorphic on purpose (browser and Node):
 * Uint8Array and DataView only, no Buffer, no TextDecoder.
 */

/** Thrown for input that is not a well-formed image of its type; `message` is safe to show. */
export class MalformedImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedImageError';
  }
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** True when `bytes` holds the ASCII text `text` at `offset`. */
export function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset < 0 || offset + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** Bytes as Latin-1 text (each byte one character): chunk types, signatures, keywords. */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let text = '';
  const stop = Math.min(end, bytes.length);
  for (let i = Math.max(0, start); i < stop; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

/**
 * Where `value` next occurs in `bytes` from `from` on, or -1: `bytes.indexOf(value, from)`. On
 * Node, Buffer's indexOf (memchr) does it on any Uint8Array several times faster than the typed
 * array's own, which walks byte by byte: it matters for the megabytes of a JPEG's image data. The
 * browser has no Buffer and takes the typed array's.
 */
export const indexOfByte: (bytes: Uint8Array, value: number, from: number) => number = (() => {
  const native = (globalThis as { Buffer?: { prototype: { indexOf: (this: Uint8Array, value: number, from: number) => number } } }).Buffer?.prototype.indexOf;
  return native ? (bytes, value, from) => native.call(bytes, value, from) : (bytes, value, from) => bytes.indexOf(value, from);
})();

export function asciiBytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function u16be(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] << 8) | bytes[offset + 1];
}

export function u32be(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] << 24) >>> 0) + ((bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]);
}

export function u32le(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset + 3] << 24) >>> 0) + ((bytes[offset + 2] << 16) | (bytes[offset + 1] << 8) | bytes[offset]);
}

/** Collects output pieces without copying until the end. */
export class ByteSink {
  private readonly parts: Uint8Array[] = [];
  length = 0;

  push(part: Uint8Array) {
    if (part.length === 0) return;
    this.parts.push(part);
    this.length += part.length;
  }

  /** Appends another sink's pieces (no copy). */
  append(other: ByteSink) {
    for (const part of other.parts) this.push(part);
  }

  bytes(): Uint8Array {
    return concatBytes(this.parts);
  }
}
