import type { ParsedSiteList, UsernameSite, WmnSite } from './username-site.types';

/** The placeholder of the format: the username goes where it stands. */
export const ACCOUNT_PLACEHOLDER = '{account}';

/** More sites than any real list holds (the public one has a few hundred); the rest are dropped. */
export const MAX_LIST_SITES = 5_000;
/** Longer strings in an entry are not what the format describes: the entry is dropped. */
const MAX_URL_LENGTH = 2_048;
const MAX_POST_BODY_LENGTH = 10_000;
const MAX_MARKER_LENGTH = 1_000;
const MAX_NAME_LENGTH = 120;
const MAX_HEADERS = 20;
const MAX_HEADER_LENGTH = 1_000;
/** Header names as RFC 9110 tokens; values without control characters, tab included (no header injection). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[^\p{Cc}]*$/u;

/** A category naming adult content ('xx NSFW xx' in the public list, or plainer words). */
const ADULT_CATEGORY = /nsfw|adult|porn|xxx/i;

export function isAdultCategory(category: string): boolean {
  return ADULT_CATEGORY.test(category);
}

/**
 * Validates and normalizes a list document in the WhatsMyName format (`{ sites: [...], categories? }`).
 * Outside input: never throws, whatever it is given (not an object, wrong types, huge). Entries
 * that are not usable are dropped and counted: a required field missing or mistyped, a URL that is
 * not http(s), no `{account}` to put the name in, an empty `e_string`, a repeated name.
 */
export function parseSiteList(document: unknown): ParsedSiteList {
  const result: ParsedSiteList = { sites: [], dropped: 0, disabled: 0 };
  if (!isRecord(document) || !Array.isArray(document.sites)) return result;
  const entries: unknown[] = document.sites;
  const names = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    if (result.sites.length >= MAX_LIST_SITES) {
      result.dropped += entries.length - i;
      break;
    }
    const entry = entries[i];
    if (isRecord(entry) && entry.valid === false) {
      result.disabled += 1;
      continue;
    }
    const site = normalizeSite(entry);
    const key = site?.name.toLowerCase();
    if (!site || key === undefined || names.has(key)) {
      result.dropped += 1;
      continue;
    }
    names.add(key);
    result.sites.push(site);
  }
  return result;
}

/** One entry of the format as our UsernameSite, or undefined when it is not usable. */
export function normalizeSite(entry: unknown): UsernameSite | undefined {
  if (!isRecord(entry)) return undefined;
  const raw = entry as Partial<Record<keyof WmnSite, unknown>>;
  const name = text(raw.name, MAX_NAME_LENGTH)?.trim();
  const eCode = statusCode(raw.e_code);
  const mCode = statusCode(raw.m_code);
  const eString = text(raw.e_string, MAX_MARKER_LENGTH);
  const mString = text(raw.m_string, MAX_MARKER_LENGTH);
  const category = text(raw.cat, MAX_NAME_LENGTH)?.trim().toLowerCase();
  let postBody: string | undefined;
  if (raw.post_body !== undefined && raw.post_body !== null) {
    postBody = text(raw.post_body, MAX_POST_BODY_LENGTH);
    if (postBody === undefined) return undefined;
  }
  // A POST entry may carry the name in its body only (a GraphQL or JSON API at a fixed address).
  const nameInBody = postBody?.includes(ACCOUNT_PLACEHOLDER) ?? false;
  const uriCheck = template(raw.uri_check, !nameInBody);
  if (!name || !uriCheck || eCode === undefined || mCode === undefined || eString === undefined || mString === undefined || !category) return undefined;
  // A hit must be proven by a marker in the body: a status code alone is what the traps fake.
  if (eString === '') return undefined;

  let uriPretty: string | undefined;
  if (raw.uri_pretty !== undefined && raw.uri_pretty !== null) {
    uriPretty = template(raw.uri_pretty, true);
    if (!uriPretty) return undefined;
  }
  let headers: Record<string, string> | undefined;
  if (raw.headers !== undefined && raw.headers !== null) {
    headers = headerMap(raw.headers);
    if (!headers) return undefined;
  }
  let stripBadChar: string | undefined;
  if (raw.strip_bad_char !== undefined && raw.strip_bad_char !== null) {
    stripBadChar = text(raw.strip_bad_char, 100);
    if (stripBadChar === undefined) return undefined;
  }
  const protection = Array.isArray(raw.protection)
    ? raw.protection.filter((p): p is string => typeof p === 'string' && p.length <= 50).slice(0, 10)
    : undefined;

  return {
    name,
    uriCheck,
    ...(uriPretty ? { uriPretty } : {}),
    ...(postBody !== undefined ? { postBody } : {}),
    ...(headers && Object.keys(headers).length > 0 ? { headers } : {}),
    ...(stripBadChar ? { stripBadChar } : {}),
    eCode,
    eString,
    mCode,
    mString,
    category,
    profilePage: false,
    adult: isAdultCategory(category),
    ...(protection && protection.length > 0 ? { protection } : {}),
  };
}

/**
 * The URL of a template with the username in place of every `{account}`: the site's bad characters
 * removed first, then percent-encoded. Undefined when nothing of the name is left, or the result is
 * not an http(s) URL (a hostile template or a name that breaks a host name).
 */
export function substituteAccount(urlTemplate: string, username: string, stripBadChar?: string): string | undefined {
  const name = withoutBadChars(username, stripBadChar);
  if (name === '') return undefined;
  const filled = urlTemplate.split(ACCOUNT_PLACEHOLDER).join(encodeURIComponent(name));
  try {
    const url = new URL(filled);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Names that need no escaping in a JSON string, a form or a query: what the check sends (normalizeUsername). */
const BODY_SAFE_NAME = /^[A-Za-z0-9._-]+$/;

/**
 * A POST entry's body with the username in place of every `{account}`, the site's bad characters
 * removed first. Undefined when nothing of the name is left, or it holds a character that would
 * need escaping in the body (JSON, form or GraphQL text alike).
 */
export function substituteBody(bodyTemplate: string, username: string, stripBadChar?: string): string | undefined {
  const name = withoutBadChars(username, stripBadChar);
  if (!BODY_SAFE_NAME.test(name)) return undefined;
  return bodyTemplate.split(ACCOUNT_PLACEHOLDER).join(name);
}

function withoutBadChars(username: string, stripBadChar: string | undefined): string {
  return stripBadChar ? [...username].filter((c) => !stripBadChar.includes(c)).join('') : username;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, maxLength: number): string | undefined {
  return typeof value === 'string' && value.length <= maxLength ? value : undefined;
}

/** Lists write codes as numbers; older ones as numeric strings. */
function statusCode(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{3}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : undefined;
}

/** An http(s) URL template (holding `{account}` when `needsAccount`), whose host is valid once a name is put in. */
function template(value: unknown, needsAccount: boolean): string | undefined {
  const raw = text(value, MAX_URL_LENGTH)?.trim();
  if (!raw || (needsAccount && !raw.includes(ACCOUNT_PLACEHOLDER))) return undefined;
  if (!/^https?:\/\//i.test(raw)) return undefined;
  return substituteAccount(raw, 'probe') ? raw : undefined;
}

function headerMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length > MAX_HEADERS) return undefined;
  const out: Record<string, string> = {};
  for (const [name, headerValue] of entries) {
    if (!HEADER_NAME.test(name) || typeof headerValue !== 'string' || headerValue.length > MAX_HEADER_LENGTH || !HEADER_VALUE.test(headerValue)) {
      return undefined;
    }
    out[name] = headerValue;
  }
  return out;
}
