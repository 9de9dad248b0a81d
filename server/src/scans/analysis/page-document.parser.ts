import { Parser } from 'htmlparser2';

/**
 * One pass over a fetched page's HTML (htmlparser2, forgiving like a browser) collecting what the
 * website analyzers read: every element with its attributes, the visible text, JSON-LD blocks,
 * <meta http-equiv> values and the postal addresses marked up in the page. Pure and bounded: a
 * hostile page cannot make it keep more than the caps below.
 */
export interface PageElement {
  /** Lower-cased tag name. */
  tag: string;
  /** Lower-cased attribute names; values as written (entities decoded). */
  attrs: Readonly<Record<string, string>>;
}

/** A postal address found in the markup, field by field where the markup names them. */
export interface MarkedUpAddress {
  /** Where it came from: "schema.org PostalAddress (JSON-LD)", "<address> element", … */
  via: string;
  /** The address on one line. */
  text: string;
}

export interface PageDocument {
  elements: PageElement[];
  /** The visible text (no script, style or template content): one line per block element, spaces collapsed. */
  text: string;
  /** <meta http-equiv> values by lower-cased name, plus `referrer` from <meta name="referrer">. */
  metaHttpEquiv: ReadonlyMap<string, string[]>;
  /** The raw text of every <script type="application/ld+json">. */
  jsonLd: string[];
  addresses: MarkedUpAddress[];
}

const MAX_ELEMENTS = 20_000;
const MAX_TEXT_CHARS = 500_000;
const MAX_JSON_LD_CHARS = 200_000;
const MAX_ADDRESSES = 50;
const MAX_ADDRESS_CHARS = 300;

const HIDDEN_TEXT = new Set(['script', 'style', 'template', 'title', 'head']);
/** Elements that end a line of text: a number or address never runs across them. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'dd', 'div', 'dl', 'dt', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'td', 'th', 'tr', 'ul',
]);

/** schema.org PostalAddress property names and microformats adr class names, in display order. */
const ADDRESS_FIELDS: readonly (readonly string[])[] = [
  ['streetaddress', 'street-address', 'p-street-address', 'extended-address', 'p-extended-address', 'postofficeboxnumber', 'post-office-box', 'p-post-office-box'],
  ['postalcode', 'postal-code', 'p-postal-code'],
  ['addresslocality', 'locality', 'p-locality'],
  ['addressregion', 'region', 'p-region'],
  ['addresscountry', 'country-name', 'p-country-name'],
];
const FIELD_ORDER = new Map(ADDRESS_FIELDS.flatMap((names, order) => names.map((name) => [name, order] as const)));

interface Capture {
  via: string;
  /** Depth of the element that opened it. */
  depth: number;
  text: string[];
  /** Characters in `text` and `fields`, to stop collecting at the cap. */
  length: number;
  /** Text per field order, when the markup names fields. */
  fields: Map<number, string[]>;
}

export function parsePage(html: string): PageDocument {
  const elements: PageElement[] = [];
  const text: string[] = [];
  let textLength = 0;
  const metaHttpEquiv = new Map<string, string[]>();
  const jsonLd: string[] = [];
  const addresses: MarkedUpAddress[] = [];

  // The open elements (tag, and the address field they name, if any).
  const stack: { tag: string; field?: number; hidden: boolean; jsonLd: boolean }[] = [];
  const captures: Capture[] = [];
  let jsonLdText: string[] | undefined;
  let jsonLdLength = 0;

  const hiddenNow = () => stack.length > 0 && stack[stack.length - 1].hidden;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const tag = name.toLowerCase();
        if (elements.length < MAX_ELEMENTS) elements.push({ tag, attrs: attribs });
        const parentHidden = hiddenNow();
        const isJsonLd = tag === 'script' && (attribs.type ?? '').trim().toLowerCase() === 'application/ld+json';
        const field = addressField(attribs);
        stack.push({ tag, field, hidden: parentHidden || HIDDEN_TEXT.has(tag), jsonLd: isJsonLd });
        if (isJsonLd) {
          jsonLdText = [];
          jsonLdLength = 0;
        }

        if (tag === 'meta') {
          const equiv = (attribs['http-equiv'] ?? '').trim().toLowerCase();
          const metaName = (attribs.name ?? '').trim().toLowerCase();
          const key = equiv || (metaName === 'referrer' ? 'referrer' : '');
          if (key && attribs.content !== undefined) metaHttpEquiv.set(key, [...(metaHttpEquiv.get(key) ?? []), attribs.content]);
        }

        const via = addressMarker(tag, attribs);
        if (via && addresses.length + captures.length < MAX_ADDRESSES) captures.push({ via, depth: stack.length, text: [], length: 0, fields: new Map() });
        // <meta itemprop="postalCode" content="…"> carries its value in an attribute.
        if (field !== undefined && attribs.content && captures.length > 0) addText(attribs.content, field);
        if (!hiddenNow()) separate(tag);
      },
      ontext(data) {
        if (jsonLdText && stack[stack.length - 1]?.jsonLd) {
          if (jsonLdLength < MAX_JSON_LD_CHARS) jsonLdText.push(data);
          jsonLdLength += data.length;
          return;
        }
        if (hiddenNow()) return;
        if (textLength < MAX_TEXT_CHARS) {
          text.push(data);
          textLength += data.length;
        }
        if (captures.length > 0) addText(data, currentField());
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        // htmlparser2 closes implied elements itself, so the top of the stack is this element.
        const closed = stack.pop();
        if (closed?.jsonLd && jsonLdText) {
          jsonLd.push(jsonLdText.join(''));
          jsonLdText = undefined;
        }
        if (tag === 'br' || tag === 'p' || tag === 'div' || tag === 'li') addText(', ', undefined);
        while (captures.length > 0 && captures[captures.length - 1].depth > stack.length) {
          const done = captures.pop()!;
          const line = addressLine(done);
          if (line) addresses.push({ via: done.via, text: line });
        }
        if (!hiddenNow()) separate(tag);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );

  /** Text on either side of a tag is never glued together; blocks also end the line. */
  function separate(tag: string) {
    const separator = BLOCKS.has(tag) ? '\n' : ' ';
    const last = text[text.length - 1];
    if (last === undefined || last === '\n') return;
    if (last === ' ') text[text.length - 1] = separator;
    else text.push(separator);
  }

  function currentField(): number | undefined {
    for (let i = stack.length - 1; i >= 0; i--) if (stack[i].field !== undefined) return stack[i].field;
    return undefined;
  }

  function addText(data: string, field: number | undefined) {
    for (const capture of captures) {
      if (capture.length > MAX_ADDRESS_CHARS * 4) continue;
      capture.length += data.length;
      capture.text.push(data);
      if (field !== undefined) capture.fields.set(field, [...(capture.fields.get(field) ?? []), data]);
    }
  }

  parser.write(html);
  parser.end();
  // Elements left open at the end of the page still count.
  for (const capture of captures.reverse()) {
    const line = addressLine(capture);
    if (line) addresses.push({ via: capture.via, text: line });
  }
  for (const raw of jsonLd) addresses.push(...jsonLdAddresses(raw));

  return {
    elements,
    text: text
      .join('')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n[\s]*/g, '\n')
      .trim(),
    metaHttpEquiv,
    jsonLd,
    addresses: dedupeAddresses(addresses).slice(0, MAX_ADDRESSES),
  };
}

/** The element starts an address: <address>, a schema.org PostalAddress item, or a microformats adr. */
function addressMarker(tag: string, attribs: Record<string, string>): string | undefined {
  if (tag === 'address') return '<address> element';
  if (/schema\.org\/PostalAddress\b/i.test(attribs.itemtype ?? '')) return 'schema.org PostalAddress (microdata)';
  const classes = (attribs.class ?? '').toLowerCase().split(/\s+/);
  if (classes.includes('h-adr') || classes.includes('adr') || classes.includes('p-adr')) return 'microformats address (adr)';
  return undefined;
}

function addressField(attribs: Record<string, string>): number | undefined {
  const names = [...(attribs.itemprop ?? '').split(/\s+/), ...(attribs.class ?? '').split(/\s+/)].map((n) => n.toLowerCase());
  for (const name of names) {
    const order = FIELD_ORDER.get(name);
    if (order !== undefined) return order;
  }
  return undefined;
}

function addressLine(capture: Capture): string | undefined {
  const fields = [...capture.fields.entries()].sort(([a], [b]) => a - b).map(([, parts]) => clean(parts.join(' ')));
  const fromFields = fields.filter(Boolean).join(', ');
  // A marked-up address with named fields reads best from them; an <address> element from its text.
  const line = fromFields || clean(capture.text.join(' '));
  return line && looksLikePostalAddress(line, fromFields !== '') ? truncate(line, MAX_ADDRESS_CHARS) : undefined;
}

/**
 * <address> is often just an email link or a name: keep only text that has a street-like part
 * (a number next to words) or named address fields.
 */
function looksLikePostalAddress(line: string, hasFields: boolean): boolean {
  if (hasFields) return /\p{L}/u.test(line);
  return /\d/.test(line) && /\p{L}{3,}/u.test(line) && line.length >= 10;
}

/** PostalAddress objects (and `address` strings of Organization/Place/Person) anywhere in JSON-LD. */
function jsonLdAddresses(raw: string): MarkedUpAddress[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const found: MarkedUpAddress[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 12 || found.length >= MAX_ADDRESSES || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []).map((t) => String(t).toLowerCase());
    if (types.includes('postaladdress')) {
      const line = ADDRESS_FIELDS.map((names) => names.map((n) => jsonText(record, n)).find(Boolean))
        .filter(Boolean)
        .join(', ');
      if (line) found.push({ via: 'schema.org PostalAddress (JSON-LD)', text: truncate(line, MAX_ADDRESS_CHARS) });
      return;
    }
    if (typeof record.address === 'string' && record.address.trim()) {
      found.push({ via: 'schema.org address (JSON-LD)', text: truncate(clean(record.address), MAX_ADDRESS_CHARS) });
    }
    for (const value of Object.values(record)) visit(value, depth + 1);
  };
  visit(data, 0);
  return found;
}

/** A JSON-LD property by its lower-cased name; addressCountry may itself be a Country object. */
function jsonText(record: Record<string, unknown>, lowerName: string): string | undefined {
  const key = Object.keys(record).find((k) => k.toLowerCase() === lowerName);
  const value = key === undefined ? undefined : record[key];
  if (typeof value === 'string' || typeof value === 'number') return clean(String(value)) || undefined;
  if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') return clean((value as { name: string }).name) || undefined;
  return undefined;
}

function dedupeAddresses(list: MarkedUpAddress[]): MarkedUpAddress[] {
  const seen = new Set<string>();
  return list.filter((address) => {
    const key = address.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function clean(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .replace(/\s*,(\s*,)+/g, ',')
    .replace(/\s+,/g, ',')
    .replace(/^[\s,]+|[\s,]+$/g, '')
    .trim();
}

export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
