import { createHash, randomBytes } from 'node:crypto';

/** A PKCE code verifier (RFC 7636 4.1): 32 random bytes, base64url, 43 characters. */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** The S256 code challenge of a verifier (RFC 7636 4.2): BASE64URL(SHA256(ASCII(verifier))). */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
