import { codeChallengeS256, createCodeVerifier } from './oidc-pkce';

describe('PKCE (RFC 7636)', () => {
  it('computes the S256 challenge of the RFC 7636 appendix B example', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes 43-character base64url verifiers, different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, () => createCodeVerifier()));
    expect(verifiers.size).toBe(50);
    for (const v of verifiers) expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
