/**
 * A small MIME reader, enough for what nodemailer writes: folded headers, RFC 2047 encoded words,
 * nested multipart bodies, and 7bit/8bit, quoted-printable or base64 parts in any charset that
 * TextDecoder knows. (mailparser would do more; it is not a dependency of this project.)
 */

export interface MimePart {
  /** Lower-cased header names; repeated headers keep every value, unfolded and decoded. */
  headers: Map<string, string[]>;
  contentType: string;
  /** Decoded text of a text/* leaf, line endings as LF. */
  body?: string;
  parts: MimePart[];
}

export interface ParsedMail {
  headers: Map<string, string[]>;
  subject: string;
  from: string;
  to: string;
  /** The first text/plain and text/html leaves that are not attachments, LF line endings. */
  text?: string;
  html?: string;
  root: MimePart;
}

/** Parses a whole message (the bytes received after DATA). */
export function parseMail(raw: Buffer): ParsedMail {
  const root = parsePart(raw.toString('latin1'));
  const header = (name: string) => root.headers.get(name)?.[0] ?? '';
  const leaves = flatten(root).filter((p) => !/^attachment\b/i.test(p.headers.get('content-disposition')?.[0] ?? ''));
  return {
    headers: root.headers,
    subject: header('subject'),
    from: header('from'),
    to: header('to'),
    text: leaves.find((p) => p.contentType === 'text/plain')?.body,
    html: leaves.find((p) => p.contentType === 'text/html')?.body,
    root,
  };
}

function flatten(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(flatten) : [part];
}

/** `binary` holds one byte per character (latin1). */
function parsePart(binary: string): MimePart {
  const split = /\r?\n\r?\n/.exec(binary);
  const head = split ? binary.slice(0, split.index) : binary;
  const body = split ? binary.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(head);
  const { value: contentType, params } = parseHeaderValue(headers.get('content-type')?.[0] ?? 'text/plain; charset=us-ascii');

  if (contentType.startsWith('multipart/') && params.boundary) {
    return { headers, contentType, parts: splitMultipart(body, params.boundary).map(parsePart) };
  }
  const encoding = (headers.get('content-transfer-encoding')?.[0] ?? '7bit').trim().toLowerCase();
  const bytes = decodeTransfer(body, encoding);
  const result: MimePart = { headers, contentType, parts: [] };
  if (contentType.startsWith('text/')) result.body = decodeCharset(bytes, params.charset).replace(/\r\n/g, '\n');
  return result;
}

function parseHeaders(head: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // Header bytes may be raw UTF-8 (SMTPUTF8) besides encoded words.
    const value = decodeEncodedWords(decodeCharset(Buffer.from(line.slice(colon + 1).trim(), 'latin1'), 'utf-8'));
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
}

/** `type/subtype; a=b; c="d"` → lower-cased type and its parameters (names lower-cased). */
function parseHeaderValue(value: string): { value: string; params: Record<string, string> } {
  const [first, ...rest] = value.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? [''];
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    let v = param.slice(eq + 1).trim();
    if (v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1).replace(/\\(.)/g, '$1');
    params[name] = v;
  }
  return { value: first.trim().toLowerCase(), params };
}

function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?:\\r?\\n|$)`, 'g');
  const parts: string[] = [];
  let start: number | undefined;
  for (let m = delimiter.exec(body); m; m = delimiter.exec(body)) {
    if (start !== undefined) parts.push(body.slice(start, m.index));
    if (m[1]) return parts; // the close delimiter
    start = m.index + m[0].length;
  }
  return parts;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

function decodeQuotedPrintable(body: string): Buffer {
  const text = body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.toLowerCase() === 'us-ascii' ? 'utf-8' : charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** RFC 2047: =?charset?B|Q?text?= words; whitespace between two adjacent words is dropped. */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;
  return value.replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?)/g, '$1').replace(word, (_m, charset: string, kind: string, text: string) => {
    const bytes =
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text.replace(/_/g, ' '));
    return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
  });
}
