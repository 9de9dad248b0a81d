import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';

/** The claims sign-in uses from a verified ID token. */
export interface IdTokenClaims {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** What the callback must match: the sign-in's PKCE verifier, state and nonce. */
export interface SignInChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
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
const REQUEST_TIMEOUT_SECONDS = 5;
const DISCOVERY_TTL_MS = 60 * 60_000;

/**
 * The OpenID Connect provider (Google by default, OIDC_ISSUER): the only code that talks to it, through
 * openid-client. Discovery (cached for an hour, the issuer checked against the document), the
 * authorization URL, and the authorization code grant with PKCE, which verifies the ID token as
 * OpenID Connect Core 3.1.3.7 asks: the provider's signing key from its JWKS (cached, refetched for an
 * unknown key id), RS256 only, iss, aud and azp, exp and iat within CLOCK_SKEW_SECONDS, and the nonce.
 * An http:// issuer (the tests' fake, a closed network) is allowed only because configuration named one.
 */
@Injectable()
export class OidcProviderSource {
  private readonly issuer: URL;
  private readonly client?: { id: string; secret: string };
  private configuration?: { value: Promise<oidc.Configuration>; expiresAt: number };

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.issuer = new URL(config.oidc.issuer);
    this.client = config.oidc.client;
  }

  /** Where to send the browser: the authorization endpoint with code flow, PKCE S256, state and nonce. */
  async authorizationUrl(params: { redirectUri: string; codeVerifier: string; state: string; nonce: string }): Promise<string> {
    const config = await this.discover();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: params.redirectUri,
      scope: 'openid email profile',
      state: params.state,
      nonce: params.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    return url.toString();
  }

  /**
   * Exchanges the code of the callback (client_secret_post, with the PKCE verifier) and verifies the
   * ID token it brings. Throws OidcSourceError when the provider cannot be reached or refuses, and
   * IdTokenError when the token is not one we can trust.
   */
  async signIn(callbackUrl: URL, redirectUri: string, checks: SignInChecks): Promise<IdTokenClaims> {
    const config = await this.discover();
    let tokens;
    try {
      tokens = await oidc.authorizationCodeGrant(
        config,
        callbackUrl,
        { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
    } catch (err) {
      throw failure(err);
    }
    const claims = tokens.claims();
    if (!claims) throw new IdTokenError('missing');
    const now = Math.floor(Date.now() / 1000);
    if (claims.iat - CLOCK_SKEW_SECONDS > now) throw new IdTokenError('issued in the future');
    if (claims.iat + MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS < now) throw new IdTokenError('issued too long ago');
    if (typeof claims.sub !== 'string' || claims.sub === '' || claims.sub.length > 255) throw new IdTokenError('no subject');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      // Google sends a boolean; some providers send the string "true".
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: typeof claims.name === 'string' ? claims.name : undefined,
    };
  }

  /** The provider's configuration from its discovery document, fetched at most once an hour. */
  discover(): Promise<oidc.Configuration> {
    if (this.configuration && this.configuration.expiresAt > Date.now()) return this.configuration.value;
    const value = this.fetchConfiguration();
    this.configuration = { value, expiresAt: Date.now() + DISCOVERY_TTL_MS };
    // A failed discovery is tried again on the next sign-in, not cached for an hour.
    value.catch(() => (this.configuration = undefined));
    return value;
  }

  private async fetchConfiguration(): Promise<oidc.Configuration> {
    if (!this.client) throw new OidcSourceError('invalid', 'not configured');
    const insecure = this.issuer.protocol === 'http:';
    try {
      const config = await oidc.discovery(
        this.issuer,
        this.client.id,
        // Only RS256 ID tokens: 'none', HS256 (keyed with anything) and the rest are refused.
        { id_token_signed_response_alg: 'RS256', [oidc.clockTolerance]: CLOCK_SKEW_SECONDS },
        oidc.ClientSecretPost(this.client.secret),
        { timeout: REQUEST_TIMEOUT_SECONDS, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      config.timeout = REQUEST_TIMEOUT_SECONDS;
      // The ID token comes straight from the token endpoint, where OpenID Connect lets a client rely
      // on TLS instead of the signature; we check the signature too (the provider's JWKS).
      oidc.enableNonRepudiationChecks(config);
      return config;
    } catch (err) {
      throw failure(err);
    }
  }
}

/** openid-client's errors as ours: a transport failure, a refusal, or an ID token we do not trust. */
function failure(err: unknown): Error {
  if (err instanceof OidcSourceError || err instanceof IdTokenError) return err;
  const error = err as { name?: string; code?: string; error?: unknown; status?: number; cause?: unknown; message?: string };
  // The token endpoint answered an OAuth error (RFC 6749 5.2): its code only, never its description.
  if (typeof error.error === 'string') {
    const code = error.error.replace(/[^a-z_]/gi, '').slice(0, 40);
    return new OidcSourceError((error.status ?? 400) >= 500 ? 'unavailable' : 'refused', `HTTP ${error.status ?? '?'} ${code}`);
  }
  const idTokenReason = idTokenFailure(error);
  if (idTokenReason) return new IdTokenError(idTokenReason);
  // openid-client wraps what fetch threw as the cause of its own error.
  const layers = [error, error.cause as typeof error | undefined].filter((e): e is typeof error => e !== undefined && e !== null);
  if (layers.some((e) => e.name === 'TimeoutError' || e.name === 'AbortError')) return new OidcSourceError('unavailable', 'request timed out');
  if (layers.some((e) => e.message === 'fetch failed' || e.code === 'ECONNREFUSED')) return new OidcSourceError('unavailable', 'request failed');
  if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && typeof error.status === 'number' && error.status >= 500) {
    return new OidcSourceError('unavailable', `HTTP ${error.status}`);
  }
  return new OidcSourceError('invalid', (error.code ?? error.name ?? 'error').slice(0, 60));
}

/**
 * Why openid-client refused the ID token, in the words the logs have always used; undefined when it
 * was not about the token. Its error carries the check that failed as its cause.
 */
function idTokenFailure(error: { code?: string; message?: string; cause?: unknown }): string | undefined {
  const check = (error.cause ?? {}) as { message?: string; cause?: { header?: { alg?: unknown } } };
  const message = check.message ?? error.message ?? '';
  const claim = /"(\w+)"/.exec(message)?.[1];
  switch (error.code) {
    case 'OAUTH_JWT_CLAIM_COMPARISON_FAILED':
      return ({ nonce: 'wrong nonce', aud: 'wrong audience', iss: 'wrong issuer', azp: 'wrong authorized party' } as Record<string, string>)[claim ?? ''] ?? 'wrong claim';
    case 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED':
      return claim === 'iat' || claim === 'nbf' ? 'issued in the future' : 'expired';
    case 'OAUTH_KEY_SELECTION_FAILED':
      return 'unknown key id';
    case 'OAUTH_INVALID_RESPONSE':
      if (claim === 'alg') return `algorithm ${String(check.cause?.header?.alg ?? 'unknown').slice(0, 10)} not allowed`;
      if (/signature/i.test(message)) return 'bad signature';
      return /JWT|ID Token/.test(message) ? 'malformed' : undefined;
    default:
      return /signature/i.test(message) ? 'bad signature' : undefined;
  }
}
