import { createHmac, generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { constantTimeEqual, IdTokenError, verifyIdToken } from './oidc-id-token';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ISSUER = 'https://accounts.example';
const CLIENT = 'client-1.apps.example';
const NONCE = 'nonce-123';
const NOW = new Date('2025-06-01T12:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(claims: Record<string, unknown>, header: Record<string, unknown> = {}, key: KeyObject = privateKey) {
  const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'k1', ...header })}.${b64(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}
const good = {
  iss: ISSUER,
  aud: CLIENT,
  sub: '1234567890',
  email: 'jane@example.com',
  email_verified: true,
  name: 'Jane',
  iat: now - 5,
  exp: now + 3600,
  nonce: NONCE,
};
const expectations = { issuer: ISSUER, clientId: CLIENT, nonce: NONCE, now: NOW, keyFor: async (kid: string) => (kid === 'k1' ? publicKey : undefined) };

async function reason(token: string): Promise<string> {
  try {
    await verifyIdToken(token, expectations);
  } catch (err) {
    if (err instanceof IdTokenError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('verifyIdToken', () => {
  it('accepts a good token and returns its claims', async () => {
    await expect(verifyIdToken(jwt(good), expectations)).resolves.toEqual({
      sub: '1234567890',
      email: 'jane@example.com',
      emailVerified: true,
      name: 'Jane',
    });
  });

  it('accepts several audiences when azp is ours, and email_verified given as "true"', async () => {
    const claims = await verifyIdToken(jwt({ ...good, aud: ['other', CLIENT], azp: CLIENT, email_verified: 'true' }), expectations);
    expect(claims.emailVerified).toBe(true);
    expect(await reason(jwt({ ...good, aud: ['other', CLIENT], azp: 'other' }))).toBe('wrong authorized party');
  });

  it('tolerates a small clock skew', async () => {
    expect(await reason(jwt({ ...good, exp: now - 30 }))).toBe('accepted');
    expect(await reason(jwt({ ...good, iat: now + 30 }))).toBe('accepted');
  });

  it.each([
    ['a token that is not a JWT', 'not.a.jwt!', 'malformed'],
    ['two parts', 'abc.def', 'malformed'],
    ['alg none', `${b64({ alg: 'none' })}.${b64(good)}.`, 'algorithm none not allowed'],
    ['alg HS256', (() => {
      const input = `${b64({ alg: 'HS256', kid: 'k1' })}.${b64(good)}`;
      return `${input}.${createHmac('sha256', 'secret').update(input).digest('base64url')}`;
    })(), 'algorithm HS256 not allowed'],
    ['no kid', jwt(good, { kid: undefined }), 'no key id'],
    ['an unknown kid', jwt(good, { kid: 'k2' }), 'unknown key id'],
    ['another key', jwt(good, {}, other.privateKey), 'bad signature'],
    ['a changed payload', (() => {
      const [h, , s] = jwt(good).split('.');
      return `${h}.${b64({ ...good, sub: 'someone-else' })}.${s}`;
    })(), 'bad signature'],
    ['another issuer', jwt({ ...good, iss: 'https://evil.example' }), 'wrong issuer'],
    ['another audience', jwt({ ...good, aud: 'other' }), 'wrong audience'],
    ['no audience', jwt({ ...good, aud: undefined }), 'wrong audience'],
    ['expiry past the skew', jwt({ ...good, exp: now - 61 }), 'expired'],
    ['no exp', jwt({ ...good, exp: undefined }), 'expired'],
    ['iat in the future', jwt({ ...good, iat: now + 120 }), 'issued in the future'],
    ['iat long ago', jwt({ ...good, iat: now - 3600, exp: now + 60 }), 'issued too long ago'],
    ['another nonce', jwt({ ...good, nonce: 'other' }), 'wrong nonce'],
    ['no nonce', jwt({ ...good, nonce: undefined }), 'wrong nonce'],
    ['no sub', jwt({ ...good, sub: '' }), 'no subject'],
  ])('refuses %s', async (_what, token, expected) => {
    expect(await reason(token)).toBe(expected);
  });

  it('reports an unverified email as such (the caller refuses it)', async () => {
    const claims = await verifyIdToken(jwt({ ...good, email_verified: false }), expectations);
    expect(claims.emailVerified).toBe(false);
  });
});

describe('constantTimeEqual', () => {
  it('compares strings of any length', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
