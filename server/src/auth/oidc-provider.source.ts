import { Inject, Injectable } from '@nestjs/common';
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';

/** The parts of an issuer's /.well-known/openid-configuration that sign-in uses. */
export interface OidcDiscovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
}

/** The token endpoint's answer (RFC 6749 5.1; OpenID Connect Core 3.1.3.3). */
export interface OidcTokenResponse {
  idToken: string;
}

/** Why talking to the provider failed: it could not be reached, or it refused or answered nonsense. */
export class OidcSourceError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message);
    this.name = 'OidcSourceError';
  }
}

const REQUEST_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = 60 * 60_000;
const JWKS_TTL_MS = 60 * 60_000;
/** An unknown key id refetches the key set, but at most this often (a forged kid cannot hammer the provider). */
const JWKS_MIN_REFRESH_MS = 30_000;
const MAX_BODY_BYTES = 256 * 1024;

/**
 * The OpenID Connect provider (Google by default, OIDC_ISSUER): the only code that talks to it.
 * Discovery and the key set are cached; every request has a timeout and a size limit.
 */
@Injectable()
export class OidcProviderSource {
  private readonly issuer: string;
  private discovery?: { value: OidcDiscovery; expiresAt: number };
  private keys?: { byKid: Map<string, KeyObject>; fetchedAt: number; jwksUri: string };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.issuer = config.oidc.issuer;
  }

  /** The issuer's metadata, from its discovery document (cached for an hour). */
  async discover(): Promise<OidcDiscovery> {
    if (this.discovery && this.discovery.expiresAt > Date.now()) return this.discovery.value;
    const body = await this.getJson(`${this.issuer}/.well-known/openid-configuration`);
    const field = (name: string) => {
      const value = body[name];
      if (typeof value !== 'string' || !/^https?:\/\//.test(value)) {
        throw new OidcSourceError('invalid', `discovery document lacks ${name}`);
      }
      return value;
    };
    const value: OidcDiscovery = {
      issuer: field('issuer'),
      authorizationEndpoint: field('authorization_endpoint'),
      tokenEndpoint: field('token_endpoint'),
      jwksUri: field('jwks_uri'),
    };
    // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched for.
    if (value.issuer.replace(/\/+$/, '') !== this.issuer) {
      throw new OidcSourceError('invalid', 'discovery document names another issuer');
    }
    this.discovery = { value, expiresAt: Date.now() + DISCOVERY_TTL_MS };
    return value;
  }

  /** Exchanges an authorization code (with its PKCE verifier) for tokens; client_secret_post. */
  async exchangeCode(params: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    clientId: string;
    clientSecret: string;
  }): Promise<OidcTokenResponse> {
    const { tokenEndpoint } = await this.discover();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.codeVerifier,
      client_id: params.clientId,
      client_secret: params.clientSecret,
    });
    const body = await this.request(tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if (typeof body.id_token !== 'string' || body.id_token === '') {
      throw new OidcSourceError('invalid', 'token response has no id_token');
    }
    return { idToken: body.id_token };
  }

  /**
   * The provider's signing key with this key id (RSA keys from jwks_uri, cached for an hour). An
   * unknown key id refetches the set once (keys rotate); undefined when it is still unknown.
   */
  async signingKey(kid: string): Promise<KeyObject | undefined> {
    const { jwksUri } = await this.discover();
    const fresh = this.keys && this.keys.jwksUri === jwksUri && Date.now() - this.keys.fetchedAt < JWKS_TTL_MS;
    if (fresh && this.keys!.byKid.has(kid)) return this.keys!.byKid.get(kid);
    if (fresh && Date.now() - this.keys!.fetchedAt < JWKS_MIN_REFRESH_MS) return undefined;
    const body = await this.getJson(jwksUri);
    const byKid = new Map<string, KeyObject>();
    for (const jwk of Array.isArray(body.keys) ? (body.keys as Record<string, unknown>[]) : []) {
      if (!jwk || jwk.kty !== 'RSA' || typeof jwk.kid !== 'string') continue;
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      try {
        byKid.set(jwk.kid, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }));
      } catch {
        // A malformed key is skipped; tokens signed with it fail as 'unknown key'.
      }
    }
    this.keys = { byKid, fetchedAt: Date.now(), jwksUri };
    return byKid.get(kid);
  }

  private getJson(url: string): Promise<Record<string, unknown>> {
    return this.request(url, { method: 'GET', headers: { accept: 'application/json' } });
  }

  private async request(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new OidcSourceError('unavailable', timedOut ? 'request timed out' : 'request failed');
    }
    const text = await readLimited(res);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OidcSourceError(res.ok ? 'invalid' : 'refused', `HTTP ${res.status}, not JSON`);
    }
    if (!res.ok) {
      // RFC 6749 5.2: error is a code such as invalid_grant; never log the description blindly.
      const code = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string';
      const error = code ? String((body as { error: string }).error).replace(/[^a-z_]/gi, '').slice(0, 40) : 'unknown';
      throw new OidcSourceError(res.status >= 500 ? 'unavailable' : 'refused', `HTTP ${res.status} ${error}`);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OidcSourceError('invalid', 'not a JSON object');
    return body as Record<string, unknown>;
  }
}

async function readLimited(res: Response): Promise<string> {
  const length = Number(res.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw new OidcSourceError('invalid', 'response too large');
  const text = await res.text().catch(() => {
    throw new OidcSourceError('unavailable', 'response interrupted');
  });
  if (text.length > MAX_BODY_BYTES) throw new OidcSourceError('invalid', 'response too large');
  return text;
}
