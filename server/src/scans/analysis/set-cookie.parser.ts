/** One Set-Cookie header value, read the way RFC 6265 (section 5.2) tells user agents to read it. */
export interface ParsedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** The SameSite value when it is one browsers know. */
  sameSite?: 'strict' | 'lax' | 'none';
  /** SameSite was given without a value or with one browsers do not know. */
  sameSiteInvalid: boolean;
  /** The Domain attribute, lower-cased, without a leading dot. */
  domain?: string;
  path?: string;
  /** Max-Age in seconds (it wins over Expires). */
  maxAge?: number;
  expires?: Date;
  partitioned: boolean;
  /** The header value as sent, capped, for evidence. */
  raw: string;
}

const MAX_RAW = 300;

export function parseSetCookie(header: string): ParsedCookie | undefined {
  const [pair, ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  // A pair without '=' is a nameless cookie (RFC 6265bis); without a name we cannot report it.
  const name = (eq === -1 ? '' : pair.slice(0, eq)).trim();
  if (name === '') return undefined;
  const cookie: ParsedCookie = {
    name,
    secure: false,
    httpOnly: false,
    sameSiteInvalid: false,
    partitioned: false,
    raw: header.length > MAX_RAW ? `${header.slice(0, MAX_RAW - 1)}…` : header.trim(),
  };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const value = at === -1 ? '' : attribute.slice(at + 1).trim();
    switch (key) {
      case 'secure':
        cookie.secure = true;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      case 'partitioned':
        cookie.partitioned = true;
        break;
      case 'samesite': {
        const lower = value.toLowerCase();
        if (lower === 'strict' || lower === 'lax' || lower === 'none') cookie.sameSite = lower;
        else cookie.sameSiteInvalid = true;
        break;
      }
      case 'domain':
        if (value !== '') cookie.domain = value.toLowerCase().replace(/^\./, '');
        break;
      case 'path':
        if (value.startsWith('/')) cookie.path = value;
        break;
      case 'max-age':
        if (/^-?\d+$/.test(value)) cookie.maxAge = Number(value);
        break;
      case 'expires': {
        const at = Date.parse(value);
        if (!Number.isNaN(at)) cookie.expires = new Date(at);
        break;
      }
    }
  }
  return cookie;
}

/** Seconds the cookie lives from `now`; undefined for a session cookie (gone when the browser closes). */
export function lifetimeSeconds(cookie: ParsedCookie, now: Date): number | undefined {
  if (cookie.maxAge !== undefined) return cookie.maxAge;
  if (cookie.expires) return Math.round((cookie.expires.getTime() - now.getTime()) / 1000);
  return undefined;
}

/** A Set-Cookie that removes a cookie (Max-Age zero or less, or an Expires in the past). */
export function isDeletion(cookie: ParsedCookie, now = new Date()): boolean {
  const lifetime = lifetimeSeconds(cookie, now);
  return lifetime !== undefined && lifetime <= 0;
}
