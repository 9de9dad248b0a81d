import { createHash, createHmac, generateKeyPairSync, KeyObject, randomBytes, sign, timingSafeEqual } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-server';

/** Who the fake signs in: the claims of the ID tokens it issues. */
export interface FakeIdentity {
  sub: string;
  email?: string;
  emailVerified?: boolean | string;
  name?: string;
}

/** Ways the fake can get its ID tokens wrong, for the relying party's checks. */
export type IdTokenMisbehaviour =
  | 'wrong-nonce'
  | 'wrong-aud'
  | 'wrong-iss'
  | 'expired'
  | 'future-iat'
  | 'bad-signature'
  | 'unknown-kid'
  | 'alg-none'
  | 'alg-hs256';

export interface FakeOidcOptions {
  clientId?: string;
  clientSecret?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  identity: FakeIdentity;
  expiresAt: number;
  used: boolean;
}

/** What /authorize received (for assertions). */
export type AuthorizeRequest = Record<string, string>;
/** What /token received and answered. */
export interface TokenRequest {
  params: Record<string, string>;
  status: number;
  error?: string;
}

/**
 * An OpenID Connect provider on 127.0.0.1 speaking the real protocol: discovery, /authorize (auto-
 * approves, or denies), /token (client authentication by client_secret_post or _basic, single-use
 * codes bound to redirect_uri, PKCE S256 check), /jwks, and RS256 ID tokens with nonce, iss, aud,
 * iat and exp. `identity`, `deny` and `misbehave` steer the next sign-ins.
 */
export class FakeOidcProvider {
  readonly clientId: string;
  readonly clientSecret: string;
  identity: FakeIdentity = { sub: 'google-sub-1', email: 'someone@example.test', emailVerified: true, name: 'Some One' };
  /** Answer /authorize with error=access_denied (the person refused consent). */
  deny = false;
  misbehave?: IdTokenMisbehaviour;
  readonly authorizeRequests: AuthorizeRequest[] = [];
  readonly tokenRequests: TokenRequest[] = [];
  discoveryRequests = 0;
  jwksRequests = 0;

  private readonly http = new LocalHttpServer('FakeOidcProvider', (req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      json(res, 500, { error: 'server_error', error_description: err instanceof Error ? err.message : String(err) });
    });
  });
  private readonly kid = `fake-${randomBytes(4).toString('hex')}`;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: Record<string, unknown>;
  private readonly otherKey: KeyObject;
  private readonly codes = new Map<string, IssuedCode>();

  constructor(options: FakeOidcOptions = {}) {
    this.clientId = options.clientId ?? 'footprint-test.apps.example';
    this.clientSecret = options.clientSecret ?? 'fake-client-secret';
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicJwk = { ...publicKey.export({ format: 'jwk' }), kid: this.kid, use: 'sig', alg: 'RS256' };
    this.otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  }

  get issuer(): string {
    return this.http.origin;
  }

  /** The environment that points the app at this provider. */
  get env(): Record<string, string> {
    return { OIDC_ISSUER: this.issuer, GOOGLE_CLIENT_ID: this.clientId, GOOGLE_CLIENT_SECRET: this.clientSecret };
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  /** Back to a well-behaved provider signing in the default identity. */
  reset(identity?: FakeIdentity): void {
    this.deny = false;
    this.misbehave = undefined;
    if (identity) this.identity = identity;
  }

  /** An ID token as this provider would sign it (for unit-style checks of the relying party). */
  signIdToken(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
    return this.jwt({ alg: 'RS256', typ: 'JWT', kid: this.kid, ...header }, claims, this.privateKey);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      this.discoveryRequests += 1;
      return json(res, 200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'iss', 'aud', 'iat', 'exp', 'nonce'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') {
      this.jwksRequests += 1;
      return json(res, 200, { keys: [this.publicJwk] });
    }
    if (req.method === 'GET' && url.pathname === '/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return this.token(req, res);
    json(res, 404, { error: 'not_found' });
  }

  private authorize(url: URL, res: ServerResponse) {
    const q = Object.fromEntries(url.searchParams);
    this.authorizeRequests.push(q);
    // Errors before the redirect URI is trusted are shown to the person, never redirected (RFC 6749 4.1.2.1).
    if (q.client_id !== this.clientId) return text(res, 400, 'invalid_client: unknown client_id');
    if (!q.redirect_uri || !/^https?:\/\//.test(q.redirect_uri)) return text(res, 400, 'invalid_request: redirect_uri');
    const back = (params: Record<string, string>) => {
      const target = new URL(q.redirect_uri);
      for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
      if (q.state !== undefined) target.searchParams.set('state', q.state);
      res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' }).end();
    };
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (!(q.scope ?? '').split(' ').includes('openid')) return back({ error: 'invalid_scope' });
    if (q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge ?? '')) {
      return back({ error: 'invalid_request', error_description: 'PKCE S256 required' });
    }
    if (this.deny) return back({ error: 'access_denied', error_description: 'The user denied access.' });
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      clientId: q.client_id,
      redirectUri: q.redirect_uri,
      codeChallenge: q.code_challenge,
      nonce: q.nonce,
      identity: { ...this.identity },
      expiresAt: Date.now() + 60_000,
      used: false,
    });
    back({ code, scope: 'openid email profile' });
  }

  private async token(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const params = Object.fromEntries(new URLSearchParams(body));
    const fail = (status: number, error: string, description: string) => {
      this.tokenRequests.push({ params, status, error });
      json(res, status, { error, error_description: description });
    };
    let clientId = params.client_id;
    let clientSecret = params.client_secret;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
    }
    if (clientId !== this.clientId || !safeEqual(clientSecret ?? '', this.clientSecret)) {
      return fail(401, 'invalid_client', 'client authentication failed');
    }
    if (params.grant_type !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'authorization_code only');
    const issued = params.code ? this.codes.get(params.code) : undefined;
    if (!issued || issued.used || issued.expiresAt < Date.now() || issued.clientId !== clientId) {
      return fail(400, 'invalid_grant', 'the code is invalid, expired or used');
    }
    issued.used = true;
    if (params.redirect_uri !== issued.redirectUri) return fail(400, 'invalid_grant', 'redirect_uri mismatch');
    const challenge = createHash('sha256').update(params.code_verifier ?? '', 'ascii').digest('base64url');
    if (!params.code_verifier || !safeEqual(challenge, issued.codeChallenge)) {
      return fail(400, 'invalid_grant', 'PKCE verification failed');
    }
    this.tokenRequests.push({ params, status: 200 });
    json(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'openid email profile',
      id_token: this.idTokenFor(issued),
    });
  }

  private idTokenFor(issued: IssuedCode): string {
    const now = Math.floor(Date.now() / 1000);
    const m = this.misbehave;
    const claims: Record<string, unknown> = {
      iss: m === 'wrong-iss' ? 'https://issuer.invalid' : this.issuer,
      aud: m === 'wrong-aud' ? 'someone-else.apps.example' : issued.clientId,
      azp: issued.clientId,
      sub: issued.identity.sub,
      iat: m === 'expired' ? now - 7200 : m === 'future-iat' ? now + 3600 : now,
      exp: m === 'expired' ? now - 3600 : now + 3600,
      nonce: m === 'wrong-nonce' ? 'not-the-nonce' : issued.nonce,
    };
    if (issued.identity.email !== undefined) claims.email = issued.identity.email;
    if (issued.identity.emailVerified !== undefined) claims.email_verified = issued.identity.emailVerified;
    if (issued.identity.name !== undefined) claims.name = issued.identity.name;
    switch (m) {
      case 'bad-signature':
        return this.jwt({ alg: 'RS256', typ: 'JWT', kid: this.kid }, claims, this.otherKey);
      case 'unknown-kid':
        return this.jwt({ alg: 'RS256', typ: 'JWT', kid: 'no-such-key' }, claims, this.privateKey);
      case 'alg-none':
        return `${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(claims)}.`;
      case 'alg-hs256': {
        // The classic confusion attack: HMAC keyed with the public key's bytes.
        const input = `${b64json({ alg: 'HS256', typ: 'JWT', kid: this.kid })}.${b64json(claims)}`;
        return `${input}.${createHmac('sha256', JSON.stringify(this.publicJwk)).update(input).digest('base64url')}`;
      }
      default:
        return this.jwt({ alg: 'RS256', typ: 'JWT', kid: this.kid }, claims, this.privateKey);
    }
  }

  private jwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
    const input = `${b64json(header)}.${b64json(claims)}`;
    return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
  }
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

function json(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
      if (data.length > 64 * 1024) req.destroy(new Error('body too large'));
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
