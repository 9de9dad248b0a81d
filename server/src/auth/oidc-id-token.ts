import { createHash, type KeyObject, timingSafeEqual, verify } from 'node:crypto';

/** The claims sign-in uses from a verified ID token. */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nonce: string;
  /** The key with this key id, or undefined when the provider has none. */
  keyFor(kid: string): Promise<KeyObject | undefined>;
  now?: Date;
}

/** Why an ID token was refused (logged; the person sees one general message). */
export class IdTokenError extends Error {
  constructor(readonly reason: string) {
    super(`invalid ID token: ${reason}`);
    this.name = 'IdTokenError';
  }
}

/** Clock difference tolerated between us and the provider. */
export const CLOCK_SKEW_SECONDS = 60;
/** An ID token issued longer ago than this is refused, whatever its exp says. */
const MAX_AGE_SECONDS = 10 * 60;

/**
 * Verifies an ID token as OpenID Connect Core 3.1.3.7 asks: RS256 only, signed by the provider's
 * key of that kid, iss equal to the issuer, aud containing our client id (and azp ours when there
 * are several audiences), exp and iat within a small skew, and the nonce of this sign-in.
 */
export async function verifyIdToken(token: string, expect: IdTokenExpectations): Promise<IdTokenClaims> {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) throw new IdTokenError('malformed');
  const header = decodeJson(parts[0], 'header');
  const claims = decodeJson(parts[1], 'payload');

  if (header.alg !== 'RS256') throw new IdTokenError(`algorithm ${String(header.alg).slice(0, 10)} not allowed`);
  if (typeof header.kid !== 'string' || header.kid === '') throw new IdTokenError('no key id');
  const key = await expect.keyFor(header.kid);
  if (!key) throw new IdTokenError('unknown key id');
  const signature = Buffer.from(parts[2], 'base64url');
  const signed = verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`, 'ascii'), key, signature);
  if (!signed) throw new IdTokenError('bad signature');

  if (claims.iss !== expect.issuer) throw new IdTokenError('wrong issuer');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expect.clientId)) throw new IdTokenError('wrong audience');
  if (audiences.length > 1 && claims.azp !== expect.clientId) throw new IdTokenError('wrong authorized party');

  const now = Math.floor((expect.now ?? new Date()).getTime() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS <= now) throw new IdTokenError('expired');
  if (typeof claims.iat !== 'number' || claims.iat - CLOCK_SKEW_SECONDS > now) throw new IdTokenError('issued in the future');
  if (claims.iat + MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS < now) throw new IdTokenError('issued too long ago');
  if (typeof claims.nonce !== 'string' || !constantTimeEqual(claims.nonce, expect.nonce)) throw new IdTokenError('wrong nonce');

  if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw new IdTokenError('no subject');
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // Google sends a boolean; some providers send the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
}

function decodeJson(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new IdTokenError(`${what} is not a JSON object`);
}

/** Compares two strings in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
