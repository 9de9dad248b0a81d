/**
 * PostgreSQL's `jsonb` (and `text`) refuses two things JavaScript strings may hold: the NUL
 * character (`\u0000`) and a lone UTF-16 surrogate (half of a pair, which no UTF-8 can encode). One
 * of either anywhere in a value fails the whole write. Values that come from outside — a page's
 * storage keys and request bodies, a site's HTML — are made storable here before they are written:
 * each such character becomes U+FFFD (the replacement character), keys included, and the count is
 * given so the caller can say so. Everything else is kept as it was.
 */

/** NUL, a high surrogate not followed by a low one, a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Deeper than any value we write; a cycle or an absurd nesting stops here (the rest becomes null). */
const MAX_DEPTH = 64;

export interface Storable<T> {
  value: T;
  /** How many characters were replaced. */
  replaced: number;
}

/** The string with every character PostgreSQL refuses replaced by U+FFFD. */
export function storableText(text: string): Storable<string> {
  let replaced = 0;
  const value = text.replace(UNSTORABLE, () => {
    replaced += 1;
    return '\uFFFD';
  });
  return { value, replaced };
}

/**
 * A copy of a JSON-like value (what JSON.stringify would write: objects, arrays, strings, numbers,
 * booleans, null; Dates as their ISO text) that PostgreSQL accepts. Undefined properties are
 * dropped and non-finite numbers become null, as JSON.stringify does.
 */
export function storableJson<T>(value: T): Storable<T> {
  let replaced = 0;
  const clean = (text: string): string => {
    const out = storableText(text);
    replaced += out.replaced;
    return out.value;
  };
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') return clean(item);
    if (item === null || typeof item === 'boolean') return item;
    if (typeof item === 'number') return Number.isFinite(item) ? item : null;
    if (typeof item !== 'object' || depth >= MAX_DEPTH) return null;
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? null : item.toISOString();
    if (Buffer.isBuffer(item)) return clean(item.toString('utf8'));
    if (Array.isArray(item)) return item.map((element) => (element === undefined || typeof element === 'function' ? null : walk(element, depth + 1)));
    const out: Record<string, unknown> = {};
    for (const [key, element] of Object.entries(item)) {
      if (element === undefined || typeof element === 'function' || typeof element === 'symbol') continue;
      out[clean(key)] = walk(element, depth + 1);
    }
    return out;
  };
  const result = walk(value, 0) as T;
  return { value: result, replaced };
}
