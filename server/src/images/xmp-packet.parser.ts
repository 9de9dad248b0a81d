/**
 * Parses an XMP packet into namespace prefix → properties, the shape exifr's XMP parser gives
 * (values as it normalizes them: numbers, booleans, trimmed text; Seq/Bag/Alt as arrays or a
 * single value; qualified values as { lang, value }). exifr finds every element with regular
 * expressions run again over each element's content, which made XMP a fifth of the analysis
 * time; this parser reads the packet once, left to right, into a tree and serialises it the same
 * way. Like exifr it works on the literal text (no entity decoding) and only sees prefixed names;
 * an element whose closing tag is missing is see-through (its children count as its parent's),
 * except at the end of a truncated packet, where what is open is closed.
 */

type XmpValue = unknown;

/** The properties to read: namespace prefix → names (or every name). Others are skipped unread. */
export type XmpSelection = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

function selected(selection: XmpSelection | undefined, ns: string, name: string): boolean {
  if (!selection) return true;
  const names = selection.get(ns);
  return names === 'all' || (names !== undefined && names.has(name));
}

interface XmlAttribute {
  ns: string;
  name: string;
  /** As written: normalized only when read (most of a description's attributes are not). */
  raw: string;
}

interface XmlElement {
  /** The name as written ("dc:creator"). */
  qname: string;
  ns: string;
  name: string;
  /** Whether exifr would see the element: prefixed and closed (or self-closing). */
  visible: boolean;
  attrs: XmlAttribute[];
  nodes: XmlElement[];
  /** The raw content (undefined when self-closing). */
  inner?: string;
  contentStart: number;
}

// The names are checked character by character (a regular expression's match per element and
// attribute was a tenth of the parse): a tag name is /^[A-Za-z_][\w.:-]*$/, a prefixed one
// /^([\w-]+):([\w-]+)$/, and an attribute's prefix and name /([a-zA-Z0-9-]+):([a-zA-Z0-9-]+)$/.
const NOT_A_TAG = -2;
const NO_PREFIX = -1;

const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
/** [A-Za-z0-9-]: what an attribute's prefix and name are made of. */
const isNameChar = (c: number) => isLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;

/** Where a tag name's prefix ends (its colon), NO_PREFIX for a name without one, NOT_A_TAG for no name. */
function tagColon(qname: string): number {
  const n = qname.length;
  const first = qname.charCodeAt(0);
  if (n === 0 || !(isLetter(first) || first === 0x5f)) return NOT_A_TAG;
  let colon = NO_PREFIX;
  let prefixed = true;
  for (let i = 1; i < n; i++) {
    const c = qname.charCodeAt(i);
    if (c === 0x3a) {
      if (colon === NO_PREFIX) colon = i;
      else prefixed = false;
    } else if (c === 0x2e) prefixed = false;
    else if (!isNameChar(c) && c !== 0x5f) return NOT_A_TAG;
  }
  return prefixed && colon !== NO_PREFIX && colon < n - 1 ? colon : NO_PREFIX;
}

/** exifr's normalization of a text value. */
export function normalizeXmpValue(value: string | undefined): XmpValue {
  if (value === undefined || value === 'null' || value === 'undefined' || value.trim() === '') return undefined;
  const num = Number(value);
  if (!Number.isNaN(num)) return num;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return value.trim();
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c;
}

/** What String.prototype.trim removes. */
function isTrimmed(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

const newElement = (qname: string, ns: string, name: string): XmlElement => ({ qname, ns, name, visible: false, attrs: [], nodes: [], contentStart: 0 });

/** How an opening tag's attributes ended. */
const TAG_OPEN = 0;
const TAG_SELF_CLOSED = 1;
/** A '<' inside the tag: not a tag after all. */
const TAG_ABANDONED = 2;
/** The packet ends inside the tag. */
const TAG_INCOMPLETE = 3;

/** Reads the attributes of opening tags; `at` is where it stands. */
class AttributeScanner {
  at = 0;

  constructor(private readonly xml: string) {}

  /**
   * Reads attributes from `at` up to the tag's '>' or '/>' (returns TAG_*). Prefixed attributes
   * go to `element` (none without one); with `only`, only the properties it selects, and nothing
   * else is sliced out of the packet (most of a description's attributes are never read).
   */
  read(element: XmlElement | undefined, only: XmpSelection | undefined): number {
    const xml = this.xml;
    const length = xml.length;
    let at = this.at;
    try {
      while (at < length) {
        const code = xml.charCodeAt(at);
        if (code === 0x3c /* < */) return TAG_ABANDONED;
        if (isSpace(code)) {
          at++;
          continue;
        }
        if (code === 0x3e /* > */) {
          at++;
          return TAG_OPEN;
        }
        if (code === 0x2f /* / */ && xml.charCodeAt(at + 1) === 0x3e) {
          at += 2;
          return TAG_SELF_CLOSED;
        }
        const nameStart = at;
        let nameCode = code;
        while (at < length && !isSpace(nameCode) && nameCode !== 0x3d /* = */ && nameCode !== 0x3e && nameCode !== 0x2f && nameCode !== 0x3c) nameCode = xml.charCodeAt(++at);
        const nameEnd = at;
        while (at < length && isSpace(xml.charCodeAt(at))) at++;
        if (xml.charCodeAt(at) !== 0x3d) {
          if (at === nameStart) at++;
          continue;
        }
        at++;
        while (at < length && isSpace(xml.charCodeAt(at))) at++;
        const quote = xml.charCodeAt(at);
        let valueStart: number;
        let valueEnd: number;
        if (quote === 0x22 /* " */ || quote === 0x27 /* ' */) {
          valueEnd = xml.indexOf(quote === 0x22 ? '"' : "'", at + 1);
          if (valueEnd < 0) return TAG_INCOMPLETE;
          valueStart = at + 1;
          at = valueEnd + 1;
        } else {
          valueStart = at;
          while (at < length && !isSpace(xml.charCodeAt(at)) && xml.charCodeAt(at) !== 0x3e && xml.charCodeAt(at) !== 0x3c) at++;
          valueEnd = at;
        }
        if (element) this.keep(element, only, nameStart, nameEnd, valueStart, valueEnd);
      }
      return TAG_INCOMPLETE;
    } finally {
      this.at = at;
    }
  }

  /**
   * Adds the attribute if its name has a prefix and a local name, as
   * /([a-zA-Z0-9-]+):([a-zA-Z0-9-]+)$/ finds them (the prefix may follow other characters).
   */
  private keep(element: XmlElement, only: XmpSelection | undefined, nameStart: number, nameEnd: number, valueStart: number, valueEnd: number) {
    const xml = this.xml;
    let colon = nameEnd - 1; // searched within the name only (lastIndexOf would run on into the packet)
    while (colon > nameStart && xml.charCodeAt(colon) !== 0x3a /* : */) colon--;
    if (colon <= nameStart || colon === nameEnd - 1) return;
    for (let i = colon + 1; i < nameEnd; i++) if (!isNameChar(xml.charCodeAt(i))) return;
    let prefixStart = colon;
    while (prefixStart > nameStart && isNameChar(xml.charCodeAt(prefixStart - 1))) prefixStart--;
    if (prefixStart === colon) return;
    const ns = xml.slice(prefixStart, colon);
    const names = only?.get(ns);
    if (only && names === undefined) return;
    const name = xml.slice(colon + 1, nameEnd);
    if (names !== undefined && names !== 'all' && !names.has(name)) return;
    element.attrs.push({ ns, name, raw: xml.slice(valueStart, valueEnd) });
  }
}

/** Where `</qname>` is from `from` on, -1 if nowhere (indexOf of the tag, without building it). */
function closingTag(xml: string, qname: string, from: number): number {
  for (let at = xml.indexOf('</', from); at >= 0; at = xml.indexOf('</', at + 2)) {
    if (xml.startsWith(qname, at + 2) && xml.charCodeAt(at + 2 + qname.length) === 0x3e /* > */) return at;
  }
  return -1;
}

/** Reads the tree of elements; returns the top-level nodes. */
function readTree(xml: string, selection: XmpSelection | undefined): XmlElement[] {
  // rdf:Description elements open: a property of the outermost one that is not selected is
  // skipped to its closing tag (when there is one) rather than read.
  let descriptionsOpen = 0;
  const root = newElement('', '', '');
  const stack: XmlElement[] = [root];
  const attributes = new AttributeScanner(xml);
  const length = xml.length;
  let pos = xml.indexOf('<');
  while (pos >= 0 && pos < length) {
    const next = xml.charCodeAt(pos + 1);
    if (next === 0x21 /* ! */ || next === 0x3f /* ? */) {
      const terminator = xml.startsWith('<!--', pos) ? '-->' : xml.startsWith('<![CDATA[', pos) ? ']]>' : next === 0x3f ? '?>' : '>';
      const end = xml.indexOf(terminator, pos + 2);
      if (end < 0) break;
      pos = xml.indexOf('<', end + terminator.length);
      continue;
    }
    if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', pos + 2);
      if (end < 0) break;
      // The name between '</' and '>', without what trim() would remove, compared in place.
      let nameStart = pos + 2;
      let nameEnd = end;
      while (nameStart < nameEnd && isTrimmed(xml.charCodeAt(nameStart))) nameStart++;
      while (nameEnd > nameStart && isTrimmed(xml.charCodeAt(nameEnd - 1))) nameEnd--;
      for (let i = stack.length - 1; i > 0; i--) {
        const open = stack[i];
        if (open.qname.length !== nameEnd - nameStart || !xml.startsWith(open.qname, nameStart)) continue;
        open.inner = xml.slice(open.contentStart, pos);
        open.visible = open.ns !== '';
        for (let j = stack.length - 1; j >= i; j--) if (stack[j].qname === 'rdf:Description') descriptionsOpen--;
        stack.length = i; // elements left open inside it stay see-through
        break;
      }
      pos = xml.indexOf('<', end + 1);
      continue;
    }
    // An opening tag: its name, then attributes up to '>' or '/>'.
    let at = pos + 1;
    let nameCode = xml.charCodeAt(at);
    while (at < length && !isSpace(nameCode) && nameCode !== 0x3e /* > */ && nameCode !== 0x2f /* / */) nameCode = xml.charCodeAt(++at);
    const qname = xml.slice(pos + 1, at);
    const colon = tagColon(qname);
    if (colon === NOT_A_TAG) {
      // Not a tag ("5/<1", a damaged packet): text, as exifr's expressions would pass over it.
      pos = xml.indexOf('<', pos + 1);
      continue;
    }
    const prefixed = colon !== NO_PREFIX;
    const ns = prefixed ? qname.slice(0, colon) : '';
    const name = prefixed ? qname.slice(colon + 1) : qname;
    const parent = stack[stack.length - 1];
    // An unselected property of the outermost description is skipped unread when it ends.
    const skipped = descriptionsOpen === 1 && parent.qname === 'rdf:Description' && ns !== '' && !selected(selection, ns, name);
    // The outermost description's own attributes are read only where selected (nothing else reads them).
    const only = selection && descriptionsOpen === 0 && qname === 'rdf:Description' ? selection : undefined;
    let element = skipped ? undefined : newElement(qname, ns, name);
    const attributesAt = at;
    attributes.at = at;
    const ending = attributes.read(element, only);
    if (ending === TAG_ABANDONED) {
      pos = xml.indexOf('<', pos + 1);
      continue;
    }
    if (ending === TAG_INCOMPLETE) break;
    at = attributes.at;
    const closed = ending === TAG_SELF_CLOSED;
    if (!element) {
      const end = closed ? at : closingTag(xml, qname, at);
      if (end >= 0) {
        pos = xml.indexOf('<', closed ? at : end + qname.length + 3);
        continue;
      }
      // Never closed: read after all.
      element = newElement(qname, ns, name);
      attributes.at = attributesAt;
      attributes.read(element, undefined);
    }
    parent.nodes.push(element);
    if (closed) element.visible = element.ns !== '';
    else {
      element.contentStart = at;
      stack.push(element);
      if (qname === 'rdf:Description') descriptionsOpen++;
    }
    pos = xml.indexOf('<', at);
  }
  // A truncated packet: what was open closes at the end, so its properties are still read.
  for (let i = stack.length - 1; i > 0; i--) {
    stack[i].inner = xml.slice(stack[i].contentStart);
    stack[i].visible = stack[i].ns !== '';
  }
  return root.nodes;
}

/** The elements exifr sees among `nodes`: see-through ones replaced by what they contain. */
function visibleChildren(nodes: readonly XmlElement[], out: XmlElement[] = []): XmlElement[] {
  for (const node of nodes) {
    if (node.visible) out.push(node);
    else visibleChildren(node.nodes, out);
  }
  return out;
}

function isEmpty(value: Record<string, unknown>): boolean {
  for (const key in value) if (value[key] !== undefined) return false;
  return true;
}

const isList = (e: XmlElement) => e.ns === 'rdf' && (e.name === 'Seq' || e.name === 'Bag' || e.name === 'Alt');

function serialize(element: XmlElement): XmpValue {
  const children = visibleChildren(element.nodes);
  const value = children.length === 0 ? normalizeXmpValue(element.inner) : undefined;
  const { attrs } = element;
  if (attrs.length === 0 && children.length === 0 && value === undefined) return undefined;
  if (value !== undefined && attrs.length === 0) return value;
  if (children.length === 1 && isList(children[0])) return serialize(children[0]);
  if (isList(element)) {
    const items = children.map(serialize);
    return items.length === 1 ? items[0] : items;
  }
  if (element.ns === 'rdf' && element.name === 'li' && children.length === 1 && attrs.length === 0) return serialize(children[0]);
  const output: Record<string, unknown> = {};
  for (const attr of attrs) {
    const normalized = normalizeXmpValue(attr.raw);
    if (normalized !== undefined) output[attr.name] = normalized;
  }
  for (const child of children) {
    const serialized = serialize(child);
    if (serialized !== undefined) output[child.name] = serialized;
  }
  if (value !== undefined) output.value = value;
  return isEmpty(output) ? undefined : output;
}

function descriptions(nodes: readonly XmlElement[], out: XmlElement[] = []): XmlElement[] {
  for (const node of nodes) {
    if (node.visible && node.ns === 'rdf' && node.name === 'Description') out.push(node);
    else descriptions(node.nodes, out);
  }
  return out;
}

/**
 * The packet's properties by namespace prefix (empty when it has none); with a selection, only
 * the selected properties of the outermost descriptions (what they hold is read in full).
 */
export function parseXmpPacket(xml: string, selection?: XmpSelection): Record<string, Record<string, unknown>> {
  const tree = readTree(xml, selection);
  let found = descriptions(tree);
  // No rdf:Description: the whole packet is read as one.
  if (found.length === 0) found = [{ qname: 'rdf:Description', ns: 'rdf', name: 'Description', visible: true, attrs: [], nodes: tree, inner: xml, contentStart: 0 }];
  const xmp: Record<string, Record<string, unknown>> = {};
  for (const description of found) {
    for (const attr of description.attrs) {
      if (!selected(selection, attr.ns, attr.name)) continue;
      const target = (xmp[attr.ns] ??= {});
      const value = normalizeXmpValue(attr.raw);
      if (value !== undefined) target[attr.name] = value;
    }
    for (const child of visibleChildren(description.nodes)) {
      if (!selected(selection, child.ns, child.name)) continue;
      const target = (xmp[child.ns] ??= {});
      const serialized = serialize(child);
      if (serialized !== undefined) target[child.name] = serialized;
    }
  }
  for (const ns of Object.keys(xmp)) if (isEmpty(xmp[ns])) delete xmp[ns];
  return xmp;
}
