import { createHash } from 'node:crypto';
import type { PageVisit, TypedValue } from '../../../browser-audit/capture.types';
import type { Finding } from '../../../vocabulary/finding.types';
import { FINDING_SOURCES } from '../../../vocabulary/recommendation.catalogue';
import type { RiskLevel } from '../../../vocabulary/risk.types';
import { cappedLines, parseUrl, shortUrl } from './rendered-requests.util';

/** How a typed value may travel: as typed, URL-encoded, base64, or hashed. */
export type ValueEncoding = 'plain text' | 'URL-encoded' | 'JSON-escaped' | 'base64' | 'one key per request' | 'MD5' | 'SHA-1' | 'SHA-256' | 'SHA-512';

interface Needle {
  encoding: ValueEncoding;
  text: string;
  /** base64 is case-sensitive; everything else is compared in lower case. */
  caseSensitive: boolean;
}

const LABELS: Record<TypedValue['kind'], { label: string; risk: RiskLevel }> = {
  email: { label: 'Email address', risk: 'high' },
  password: { label: 'Password', risk: 'critical' },
  phone: { label: 'Phone number', risk: 'high' },
  'first-name': { label: 'First name', risk: 'high' },
  'last-name': { label: 'Last name', risk: 'high' },
  'full-name': { label: 'Full name', risk: 'high' },
  text: { label: 'Text', risk: 'medium' },
};

const hash = (algorithm: string, text: string) => createHash(algorithm).update(text, 'utf8').digest('hex');

/**
 * The forms a typed value can take in a request: as typed and normalized (trimmed, lower case;
 * a phone number's digits alone and in E.164), URL-encoded (percent and form style), base64 at
 * any byte offset (the stable middle of the encoding, so a value inside a larger encoded body is
 * found too), and MD5, SHA-1, SHA-256 and SHA-512 hex digests of each form.
 */
export function valueNeedles(typed: TypedValue): Needle[] {
  const forms = new Set([typed.value, typed.value.trim().toLowerCase()]);
  if (typed.kind === 'phone') {
    const digits = typed.value.replace(/\D/g, '');
    forms.add(digits);
    forms.add(`+${digits}`);
  }
  const needles: Needle[] = [];
  for (const form of forms) {
    needles.push({ encoding: 'plain text', text: form, caseSensitive: false });
    // JSON with every character past ASCII letters and digits escaped (\u0040 for @), as some
    // serialisers write it, and with / escaped.
    const jsonEscaped = [...form].map((c) => (/[A-Za-z0-9 ]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');
    if (jsonEscaped !== form) needles.push({ encoding: 'JSON-escaped', text: jsonEscaped, caseSensitive: false });
    const slashEscaped = JSON.stringify(form).slice(1, -1).replace(/\//g, '\\/');
    if (slashEscaped !== form) needles.push({ encoding: 'JSON-escaped', text: slashEscaped, caseSensitive: false });
    const encoded = encodeURIComponent(form);
    if (encoded !== form) needles.push({ encoding: 'URL-encoded', text: encoded, caseSensitive: false });
    const formEncoded = new URLSearchParams({ v: form }).toString().slice(2);
    if (formEncoded !== form && formEncoded !== encoded) needles.push({ encoding: 'URL-encoded', text: formEncoded, caseSensitive: false });
    for (const offset of [0, 1, 2]) {
      const b64 = Buffer.concat([Buffer.alloc(offset), Buffer.from(form, 'utf8')]).toString('base64');
      // Characters that also depend on the bytes before and after the value are left off.
      const start = offset === 0 ? 0 : Math.ceil((offset * 4) / 3) + 1;
      const stable = b64.replace(/=+$/, '').slice(start, -2);
      if (stable.length >= 12) needles.push({ encoding: 'base64', text: stable, caseSensitive: true });
      if (stable.length >= 12) needles.push({ encoding: 'base64', text: stable.replace(/\+/g, '-').replace(/\//g, '_'), caseSensitive: true });
    }
    needles.push({ encoding: 'MD5', text: hash('md5', form), caseSensitive: false });
    needles.push({ encoding: 'SHA-1', text: hash('sha1', form), caseSensitive: false });
    needles.push({ encoding: 'SHA-256', text: hash('sha256', form), caseSensitive: false });
    needles.push({ encoding: 'SHA-512', text: hash('sha512', form), caseSensitive: false });
  }
  return needles;
}

interface Haystack {
  where: string;
  host: string;
  /** As sent, then with percent-encoding undone (a value found only there was sent URL-encoded). */
  raw: string;
  decoded: string;
  /** Set when the haystack is joined from many requests, one key each: the encoding to report. */
  joined?: ValueEncoding;
}

/** The string leaves of a JSON document, each with its path ("d.k"), at most 200. */
function jsonLeaves(text: string): [string, string][] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  const out: [string, string][] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (out.length >= 200 || depth > 8) return;
    if (typeof node === 'string') out.push([path, node]);
    else if (Array.isArray(node)) node.forEach((item) => walk(item, `${path}[]`, depth + 1));
    else if (node !== null && typeof node === 'object') for (const [key, item] of Object.entries(node)) walk(item, path ? `${path}.${key}` : key, depth + 1);
  };
  walk(value, '', 0);
  return out;
}

/** The named values a request carries: its query parameters, and its body's JSON leaves or form fields. */
function requestValues(url: string, body: string): [string, string][] {
  const out: [string, string][] = [];
  const parsed = parseUrl(url);
  if (parsed) for (const [name, value] of parsed.searchParams) out.push([`?${name}`, value]);
  const leaves = jsonLeaves(body);
  if (leaves.length > 0) out.push(...leaves);
  else if (/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(body)) for (const [name, value] of new URLSearchParams(body)) out.push([`${name}=`, value]);
  return out;
}

/** One key as a logger may send it: the character itself, or base64 of it. */
function oneKey(value: string): string | undefined {
  if ([...value].length === 1) return value;
  if (/^[A-Za-z0-9+/]{2,3}={0,2}$/.test(value)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    if ([...decoded].length === 1 && decoded >= ' ') return decoded;
  }
  return undefined;
}

/**
 * A logger that sends one key per request (`?k=a`, then `?k=l`, …) never sends the value whole:
 * the keys sent to one host under one name are joined in the order they were sent, and the joined
 * text is searched like a request (MIN_JOINED_KEYS keys at least).
 */
const MIN_JOINED_KEYS = 4;
function keyStreams(visit: PageVisit): Haystack[] {
  const streams = new Map<string, { host: string; name: string; keys: string[]; requests: number }>();
  const sent = [
    ...visit.requests.filter((r) => r.party === 'third').map((r) => ({ url: r.url, body: r.body ?? '', at: r.at })),
    ...visit.webSocketFrames.map((f) => ({ url: f.url.replace(/^ws/, 'http'), body: f.payload, at: f.at })),
  ].sort((a, b) => a.at - b.at);
  for (const { url, body } of sent) {
    const host = parseUrl(url)?.hostname;
    if (!host) continue;
    for (const [name, value] of requestValues(url, body)) {
      const key = oneKey(value);
      if (key === undefined) continue;
      const id = `${host} ${name}`;
      const stream = streams.get(id) ?? { host, name, keys: [], requests: 0 };
      if (stream.keys.length < 2_000) stream.keys.push(key);
      stream.requests += 1;
      streams.set(id, stream);
    }
  }
  return [...streams.values()]
    .filter((s) => s.keys.length >= MIN_JOINED_KEYS)
    .map((s) => {
      const text = s.keys.join('');
      return { where: `${s.requests} requests to ${s.host}, one key each in "${s.name.replace(/^\?|=$/g, '')}"`, host: s.host, raw: text, decoded: text, joined: 'one key per request' as const };
    });
}

/**
 * Whether a stream's keys spell `value` from some point on, where a key may be missing only if the
 * same key was typed before it. A logger whose request for a key is the same URL every time (an
 * image of `?c=` + the key) does not always send a repeated key again: the browser merges the
 * request with the same one still in flight, or answers it from its cache. How often depends on
 * how fast the logger answers, so on the load of both machines (measured on a loaded one: the
 * keys of "footprint" arrived as "fotprint"). The first of each key always travels, so every
 * distinct key of the value is in the stream, in order.
 */
export function keysSpell(keys: string, value: string): boolean {
  const sent = [...keys];
  const typed = [...value];
  for (let start = 0; start < sent.length; start++) {
    if (sent[start] !== typed[0]) continue;
    const before = new Set<string>();
    let next = start;
    let matched = 0;
    let i = 0;
    for (; i < typed.length; i++) {
      if (next < sent.length && sent[next] === typed[i]) {
        next += 1;
        matched += 1;
      } else if (!before.has(typed[i])) break;
      before.add(typed[i]);
    }
    if (i === typed.length && matched >= MIN_JOINED_KEYS) return true;
  }
  return false;
}

function haystacks(visit: PageVisit): Haystack[] {
  const out: Haystack[] = [];
  const add = (where: string, rawUrl: string, text: string) => {
    const host = parseUrl(rawUrl)?.hostname ?? rawUrl;
    let decoded = text;
    try {
      decoded = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      // a body with a stray % stays as it is
    }
    out.push({ where, host, raw: text, decoded });
  };
  for (const request of visit.requests) {
    if (request.party !== 'third') continue;
    add(`${request.method} ${shortUrl(request.url)}`, request.url, `${request.url}\n${request.body ?? ''}`);
  }
  for (const frame of visit.webSocketFrames) {
    if (!parseUrl(frame.url)) continue;
    add(`WebSocket message to ${shortUrl(frame.url)}`, frame.url.replace(/^ws/, 'http'), frame.payload);
  }
  out.push(...keyStreams(visit));
  return out;
}

/**
 * Key logging: the values typed into the page's fields (never submitted) found in requests or
 * WebSocket messages to third parties, as typed, URL-encoded, JSON-escaped, base64 or hashed, or
 * sent one key per request (the keys joined in order). A value sent only
 * to the site itself is not key logging. One finding per field kind, naming where it went and how.
 */
export function analyzeKeyLogging(visit: PageVisit): Finding[] {
  if (visit.typed.length === 0) return [];
  const stacks = haystacks(visit);
  const byKind = new Map<TypedValue['kind'], { typed: TypedValue; lines: string[]; hosts: Set<string>; encodings: Set<ValueEncoding> }>();
  for (const typed of visit.typed) {
    if (byKind.has(typed.kind)) continue;
    const needles = valueNeedles(typed);
    const hit = { typed, lines: [] as string[], hosts: new Set<string>(), encodings: new Set<ValueEncoding>() };
    for (const stack of stacks) {
      const inText = (text: string) => needles.find((n) => (n.caseSensitive ? text.includes(n.text) : text.toLowerCase().includes(n.text.toLowerCase())));
      const asSent = inText(stack.raw);
      // Found only once percent-encoding is undone: it travelled URL-encoded.
      const found = asSent?.encoding ?? (inText(stack.decoded) ? 'URL-encoded' : stack.joined && keysSpell(stack.raw, typed.value) ? stack.joined : undefined);
      const encoding = found && stack.joined ? stack.joined : found;
      if (!encoding) continue;
      hit.lines.push(`${encoding}: ${stack.where}`);
      hit.hosts.add(stack.host);
      hit.encodings.add(encoding);
    }
    if (hit.lines.length > 0) byKind.set(typed.kind, hit);
  }
  return [...byKind.values()].map(({ typed, lines, hosts, encodings }) => {
    const { label, risk } = LABELS[typed.kind];
    const to = [...hosts].slice(0, 4).join(', ');
    return {
      group: 'personalInfo' as const,
      detail: {
        kind: 'risk' as const,
        type: 'key_logging' as const,
        value: `${label} typed into "${typed.field}" sent to ${to} (${[...encodings].join(', ')})`,
        source: FINDING_SOURCES.browserAudit,
        risk,
        evidence: {
          summary: `We typed a test ${label.toLowerCase()} into the field "${typed.field}" without submitting anything; it left the page for ${to} while we typed`,
          observed: cappedLines(lines),
        },
      },
    };
  });
}
