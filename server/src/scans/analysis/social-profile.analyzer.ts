import { findPhoneNumbersInText, parsePhoneNumberFromString } from 'libphonenumber-js';
import { Parser } from 'htmlparser2';
import { getDomain } from 'tldts';
import { maskEmail, maskPhone } from '../../common/privacy/redaction.util';
import type { SocialGenericType } from '../../vocabulary/social-platform.catalogue';
import type { UsernameSiteResult } from '../username/username-site.types';
import type { Evidence, Finding, FindingGroup } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import { parsePage, truncate } from './page-document.parser';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';

/** What the reader needs of a hit: the site, the profile URL and the page (HTML, or JSON from an API). */
export type ProfileHit = Pick<UsernameSiteResult, 'site' | 'url' | 'profileHtml'>;

/** At most this many emails, phones and places per profile; links are listed in one finding. */
export const MAX_PROFILE_VALUES = 3;
const MAX_LINKS_LISTED = 10;
const MAX_SNIPPET = 200;
/** JSON walks stop here: a hostile answer cannot make the reader visit more. */
const MAX_JSON_NODES = 5_000;
const MAX_JSON_DEPTH = 8;

const EMAIL = /[a-z0-9][a-z0-9._%+-]{0,63}@[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*\.[a-z]{2,24}\b/gi;
const FILE_SUFFIX = /\.(png|jpe?g|gif|svg|webp|avif|ico|css|m?js|json|woff2?)$/i;
/** Seven or more digits, optionally after "+", with the separators phone numbers are written with. */
const PHONE_LIKE = /\+?\d[\d\s().-]{5,}\d/g;
const PLACEHOLDER_DOMAIN = /^(example\.(com|net|org)|.*\.(example|invalid|localhost|test))$/i;

type Kind = 'email' | 'phone' | 'location' | 'employer' | 'link';

/** One value seen on the profile, where it was seen, and the text around it. */
interface Seen {
  kind: Kind;
  value: string;
  via: string;
  snippet: string;
}

/**
 * The personal data a public profile page shows: email addresses, phone numbers, location text,
 * employer and links to other sites, read from the visible text, meta descriptions, JSON-LD
 * (schema.org Person), microdata and microformats (h-card), the marks profile pages commonly put
 * on these fields, and JSON answers of profile APIs. Pure: the page is given.
 *
 * Emails, phones, employer and links → personalInfo; places → locationData. Addresses of the site
 * itself (its own domain) and links back to it are the site's, not the person's, and are skipped.
 * Email addresses and phone numbers are shown partly masked: the profile link lets its owner see
 * the full value, and anyone can scan any name.
 */
export function analyzeSocialProfile(hit: ProfileHit): Finding[] {
  const body = hit.profileHtml?.trim();
  if (!body) return [];
  const siteDomain = registrableDomain(hit.url);
  const seen = looksLikeJson(body) ? fromJson(body) : fromHtml(body);

  const kept = new Map<string, Seen>();
  for (const item of seen) {
    const value = normalize(item);
    if (!value || !plausible({ ...item, value }, siteDomain)) continue;
    const key = `${item.kind}\n${value.toLowerCase()}`;
    if (!kept.has(key)) kept.set(key, { ...item, value });
  }
  const of = (kind: Kind) => withoutParts([...kept.values()].filter((item) => item.kind === kind));
  const evidenceUrl = /^https:\/\//i.test(hit.url) ? hit.url : undefined;
  const make = (group: FindingGroup, type: SocialGenericType, risk: RiskLevel, value: string, summary: string, observed: string): Finding => {
    const evidence: Evidence = { summary, observed: truncate(redacted(observed), MAX_SNIPPET), ...(evidenceUrl ? { url: evidenceUrl } : {}) };
    return { group, detail: { kind: 'risk', type, value: truncate(value, 300), source: FINDING_SOURCES.usernameCheck, platform: hit.site, risk, evidence } };
  };
  const where = `The public profile on ${hit.site} (${hit.url})`;

  const findings: Finding[] = [];
  for (const item of of('email').slice(0, MAX_PROFILE_VALUES)) {
    const masked = maskEmail(item.value);
    findings.push(make('personalInfo', 'social_profile_email', 'medium', masked, `${where} shows the email address ${masked} (${item.via})`, item.snippet));
  }
  for (const item of of('phone').slice(0, MAX_PROFILE_VALUES)) {
    const masked = maskPhone(item.value);
    findings.push(make('personalInfo', 'social_profile_phone', 'high', masked, `${where} shows the phone number ${masked} (${item.via})`, item.snippet));
  }
  for (const item of of('location').slice(0, MAX_PROFILE_VALUES)) {
    findings.push(make('locationData', 'social_profile_location', 'medium', item.value, `${where} shows where its owner is: "${item.value}" (${item.via})`, item.snippet));
  }
  const employers = of('employer').slice(0, MAX_PROFILE_VALUES);
  if (employers.length > 0) {
    const value = employers.map((item) => item.value).join('; ');
    findings.push(make('personalInfo', 'social_profile_employer', 'medium', value, `${where} names an employer or organisation: ${value} (${employers[0].via})`, employers[0].snippet));
  }
  const links = of('link');
  if (links.length > 0) {
    const hosts = [...new Set(links.map((item) => hostOf(item.value)))];
    const listed = hosts.slice(0, MAX_LINKS_LISTED).join(', ') + (hosts.length > MAX_LINKS_LISTED ? `, and ${hosts.length - MAX_LINKS_LISTED} more` : '');
    findings.push(
      make(
        'personalInfo',
        'social_profile_links',
        'low',
        `Links to ${hosts.length} other ${hosts.length === 1 ? 'site' : 'sites'}: ${listed}`,
        `${where} links its owner to other sites (${links[0].via}): ${listed}`,
        links.slice(0, MAX_LINKS_LISTED).map((item) => item.value).join(' '),
      ),
    );
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// HTML pages

/** Field marks on elements: schema.org itemprops, microformats classes, common profile markup. */
const ITEMPROP_KINDS: Readonly<Record<string, Kind>> = {
  homelocation: 'location',
  address: 'location',
  addresslocality: 'location',
  location: 'location',
  worksfor: 'employer',
  affiliation: 'employer',
  email: 'email',
  telephone: 'phone',
  url: 'link',
  sameas: 'link',
};
const CLASS_KINDS: Readonly<Record<string, Kind>> = {
  'p-locality': 'location',
  'p-region': 'location',
  'p-country-name': 'location',
  'p-adr': 'location',
  'p-location': 'location',
  'user-location': 'location',
  'profile-location': 'location',
  'p-org': 'employer',
  'user-company': 'employer',
  'profile-company': 'employer',
  'p-email': 'email',
  'u-email': 'email',
  'p-tel': 'phone',
  'u-url': 'link',
};
/** data-testid values profile pages use ("UserLocation", "UserUrl"), matched on their words. */
const TEST_ID_KINDS: readonly [RegExp, Kind][] = [
  [/location/i, 'location'],
  [/company|employer|workplace/i, 'employer'],
];
const TEST_ID_LINK = /url|website/i;

/** "Location: Lisbon", "Lives in Lisbon", "Works at Acme" in the visible text or a description. */
const LABELLED: readonly [RegExp, Kind][] = [
  [/\b(?:location|city|hometown|home town)\s*[:：]\s*([^\n|•·;]{2,80})/gi, 'location'],
  [/\b(?:lives in|living in|based in|located in)\s+([\p{Lu}][^\n|•·;.!?()]{1,60})/gu, 'location'],
  [/\b(?:company|employer|workplace)\s*[:：]\s*([^\n|•·;]{2,80})/gi, 'employer'],
  [/\b(?:works at|working at|works for|working for|employed at|employed by)\s+([\p{Lu}@][^\n|•·;.!?()]{1,60})/gu, 'employer'],
];

/** Descriptions that usually carry the profile's bio. */
const DESCRIPTION_META = new Set(['description', 'og:description', 'twitter:description', 'profile:description']);

function fromHtml(html: string): Seen[] {
  const page = parsePage(html);
  const seen: Seen[] = [];

  for (const element of page.elements) {
    const href = (element.tag === 'a' || element.tag === 'link' || element.tag === 'area' ? element.attrs.href : undefined)?.trim();
    if (href && /^mailto:/i.test(href)) {
      for (const match of safeDecode(href.slice(7).split('?')[0]).matchAll(EMAIL)) seen.push({ kind: 'email', value: match[0], via: 'a mailto: link', snippet: href });
    } else if (href && /^tel:/i.test(href)) {
      seen.push({ kind: 'phone', value: safeDecode(href.slice(4)).split(/[;?]/)[0], via: 'a tel: link', snippet: href });
    } else if (href && /^https?:\/\//i.test(href)) {
      const rel = (element.attrs.rel ?? '').toLowerCase().split(/\s+/);
      const itemprop = (element.attrs.itemprop ?? '').toLowerCase().split(/\s+/);
      if (rel.includes('me')) seen.push({ kind: 'link', value: href, via: 'a rel="me" link', snippet: href });
      else if (itemprop.includes('sameas') || itemprop.includes('url')) seen.push({ kind: 'link', value: href, via: 'schema.org microdata', snippet: href });
      else if (classes(element.attrs).includes('u-url')) seen.push({ kind: 'link', value: href, via: 'microformats h-card', snippet: href });
      else if (TEST_ID_LINK.test(element.attrs['data-testid'] ?? '')) seen.push({ kind: 'link', value: href, via: "the profile's website field", snippet: href });
    }
    if (element.tag === 'meta') {
      const name = (element.attrs.name ?? element.attrs.property ?? '').trim().toLowerCase();
      const content = element.attrs.content ?? '';
      if (DESCRIPTION_META.has(name) && content) seen.push(...fromText(content, `the page's ${name} meta tag`));
      const itemKind = ITEMPROP_KINDS[(element.attrs.itemprop ?? '').trim().toLowerCase()];
      if (itemKind && content) seen.push({ kind: itemKind, value: content, via: 'schema.org microdata', snippet: content });
    }
  }

  seen.push(...markedFields(html));
  for (const raw of page.jsonLd) {
    const data = parseJson(raw);
    if (data !== undefined) seen.push(...fromJsonValue(data, 'the page\'s schema.org data (JSON-LD)', true));
  }
  seen.push(...fromText(page.text, 'the page text'));
  return seen;
}

/** The text of elements marked as a profile field (itemprop, microformats class, data-testid). */
function markedFields(html: string): Seen[] {
  const found: Seen[] = [];
  const stack: { kind?: Kind; via?: string; text: string[] }[] = [];
  const parser = new Parser(
    {
      onopentag(_name, attrs) {
        const mark = fieldMark(attrs);
        stack.push({ kind: mark?.kind, via: mark?.via, text: [] });
      },
      ontext(data) {
        for (const open of stack) if (open.kind && open.text.length < 50) open.text.push(data);
      },
      onclosetag() {
        const closed = stack.pop();
        if (!closed?.kind) return;
        const text = closed.text.join(' ').replace(/\s+/g, ' ').replace(/ ([,.;])/g, '$1').trim();
        if (text && found.length < 200) found.push({ kind: closed.kind, value: text, via: closed.via ?? 'the page markup', snippet: text });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

function fieldMark(attrs: Record<string, string>): { kind: Kind; via: string } | undefined {
  for (const prop of (attrs.itemprop ?? '').toLowerCase().split(/\s+/)) {
    // Links are read from href above; here only fields whose value is their text.
    const kind = ITEMPROP_KINDS[prop];
    if (kind && kind !== 'link' && attrs.content === undefined) return { kind, via: 'schema.org microdata' };
  }
  for (const name of classes(attrs)) {
    const kind = CLASS_KINDS[name];
    if (kind && kind !== 'link') return { kind, via: name.startsWith('p-') || name.startsWith('u-') ? 'microformats h-card' : 'the profile\'s marked-up fields' };
  }
  const testId = attrs['data-testid'];
  if (testId) {
    for (const [pattern, kind] of TEST_ID_KINDS) if (pattern.test(testId)) return { kind, via: 'the profile\'s marked-up fields' };
  }
  return undefined;
}

/** Emails, international phone numbers and labelled places and employers in free text. */
function fromText(text: string, via: string): Seen[] {
  const seen: Seen[] = [];
  for (const match of text.matchAll(EMAIL)) seen.push({ kind: 'email', value: match[0], via, snippet: around(text, match.index, match[0].length) });
  // Without a country to read national numbers by, only numbers written in international form count.
  for (const match of findPhoneNumbersInText(text.slice(0, 100_000))) {
    const raw = text.slice(match.startsAt, match.endsAt);
    if (raw.trim().startsWith('+')) seen.push({ kind: 'phone', value: raw, via, snippet: around(text, match.startsAt, raw.length) });
  }
  for (const [pattern, kind] of LABELLED) {
    for (const match of text.matchAll(pattern)) seen.push({ kind, value: match[1], via, snippet: around(text, match.index, match[0].length) });
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------
// JSON (profile APIs) and JSON-LD

const JSON_KEYS: Readonly<Record<string, Kind>> = {
  email: 'email',
  public_email: 'email',
  publicemail: 'email',
  contact_email: 'email',
  phone: 'phone',
  telephone: 'phone',
  phone_number: 'phone',
  location: 'location',
  homelocation: 'location',
  address: 'location',
  city: 'location',
  hometown: 'location',
  current_city: 'location',
  country: 'location',
  company: 'employer',
  employer: 'employer',
  worksfor: 'employer',
  organization: 'employer',
  organisation: 'employer',
  affiliation: 'employer',
  blog: 'link',
  website: 'link',
  website_url: 'link',
  websiteurl: 'link',
  homepage: 'link',
  url: 'link',
  sameas: 'link',
  links: 'link',
};

function fromJson(body: string): Seen[] {
  const data = parseJson(body);
  return data === undefined ? [] : fromJsonValue(data, 'the profile data the site returns', false);
}

/**
 * Walks JSON for the keys above. In JSON-LD only schema.org Person nodes (and what they nest)
 * describe the person: a page's Organization or WebSite nodes describe the site.
 */
function fromJsonValue(root: unknown, via: string, personOnly: boolean): Seen[] {
  const seen: Seen[] = [];
  let nodes = 0;
  const visit = (node: unknown, depth: number, inPerson: boolean) => {
    if (++nodes > MAX_JSON_NODES || depth > MAX_JSON_DEPTH || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1, inPerson);
      return;
    }
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record['@type'] ?? []).map((t) => String(t).toLowerCase());
    const person = inPerson || !personOnly || types.includes('person');
    for (const [key, value] of Object.entries(record)) {
      const lower = key.toLowerCase();
      // In an API's JSON, "url" is mostly the API's own links and images: only JSON-LD's url is the person's.
      const kind = person && !(lower === 'url' && !personOnly) ? JSON_KEYS[lower] : undefined;
      if (kind) {
        for (const text of jsonTexts(value, kind)) seen.push({ kind, value: text, via, snippet: `"${key}": ${truncate(JSON.stringify(value) ?? '', MAX_SNIPPET - key.length - 4)}` });
        continue;
      }
      visit(value, depth + 1, person);
    }
  };
  visit(root, 0, false);
  return seen;
}

/** The text values of a field: strings, lists of strings, and schema.org objects by their name or address parts. */
function jsonTexts(value: unknown, kind: Kind): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' && kind === 'phone') return [String(value)];
  if (Array.isArray(value)) return value.slice(0, 20).flatMap((item) => jsonTexts(item, kind));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (kind === 'location') {
      const parts = ['streetAddress', 'addressLocality', 'addressRegion', 'addressCountry'].map((k) => record[k]).filter((v): v is string => typeof v === 'string');
      if (parts.length > 0) return [parts.join(', ')];
      if (typeof record.address === 'string') return [record.address];
      if (record.address && typeof record.address === 'object') return jsonTexts(record.address, kind);
    }
    if (kind === 'link' && typeof record.url === 'string') return [record.url];
    if (typeof record.name === 'string') return [record.name];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Cleaning

function normalize(item: Seen): string | undefined {
  const value = item.value.replace(/\s+/g, ' ').trim().replace(/[\s,;:–—-]+$/u, '');
  switch (item.kind) {
    case 'email':
      return value.toLowerCase();
    case 'phone': {
      const number = parsePhoneNumberFromString(value);
      return number?.isValid() ? number.formatInternational() : undefined;
    }
    case 'link':
      return /^https?:\/\//i.test(value) ? value : undefined;
    default:
      return value;
  }
}

/** Drops what belongs to the site, placeholders, and text that cannot be a place or an employer. */
function plausible(item: Seen, siteDomain: string): boolean {
  switch (item.kind) {
    case 'email': {
      const domain = item.value.slice(item.value.lastIndexOf('@') + 1);
      return !FILE_SUFFIX.test(item.value) && !PLACEHOLDER_DOMAIN.test(domain) && registrableDomain(`https://${domain}`) !== siteDomain;
    }
    case 'link':
      return registrableDomain(item.value) !== siteDomain && registrableDomain(item.value) !== '';
    case 'location':
    case 'employer':
      return (
        item.value.length >= 2 &&
        item.value.length <= 80 &&
        /\p{L}/u.test(item.value) &&
        !/https?:\/\/|@\S+\.|www\./i.test(item.value) &&
        item.value.split(' ').length <= 8
      );
    case 'phone':
      return true;
  }
}

/** "Lisboa" is dropped when "Rua das Flores 7, Lisboa" was seen too: the same place read twice. */
function withoutParts(items: Seen[]): Seen[] {
  if (items[0]?.kind !== 'location' && items[0]?.kind !== 'employer') return items;
  return items.filter((item) => !items.some((other) => other !== item && other.value.length > item.value.length && other.value.toLowerCase().includes(item.value.toLowerCase())));
}

function looksLikeJson(body: string): boolean {
  return (body.startsWith('{') || body.startsWith('[')) && parseJson(body) !== undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The site's own domain ("github.com" for gist.github.com; the host itself for IP addresses). */
function registrableDomain(url: string): string {
  const host = hostOf(url);
  return getDomain(host) ?? host;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return '';
  }
}

function classes(attrs: Record<string, string>): string[] {
  return (attrs.class ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** Up to MAX_SNIPPET characters of the text around a match, on its line. */
function around(text: string, index: number | undefined, length: number): string {
  const at = index ?? 0;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at + length);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const offset = at - lineStart;
  const from = Math.max(0, offset - 60);
  return `${from > 0 ? '…' : ''}${truncate(line.slice(from).trim(), MAX_SNIPPET - 1)}`;
}

/** A snippet with every email address and phone-like digit run in it masked, whatever the finding is about. */
function redacted(snippet: string): string {
  return snippet.replace(EMAIL, (email) => maskEmail(email)).replace(PHONE_LIKE, (digits) => maskPhone(digits));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
