import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { normalizeEmail } from './email-address.util';
import { randomPKCECodeVerifier } from 'openid-client';
import { OidcLoginAttemptRepository } from './oidc-login-attempt.repository';
import { IdTokenError, OidcProviderSource, OidcSourceError } from './oidc-provider.source';
import { constantTimeEqual, hashSecret, randomSecret } from './secret-token.util';
import { RefreshGrant, SessionService } from './session.service';
import { UserEntity } from './user.entity';
import { EmailTakenError, UserRepository } from './user.repository';

/** How long the person has, from 'Sign in with Google' to coming back. */
export const GOOGLE_ATTEMPT_SECONDS = 10 * 60;
const CLEANUP_EVERY_MS = 10 * 60_000;

/** What the popup tells the person (and the page that opened it). */
export const GOOGLE_MESSAGES = {
  notConfigured: 'Google sign-in is not configured on this server.',
  cancelled: 'Google sign-in was cancelled.',
  providerError: 'Google could not sign you in. Please try again.',
  invalidAttempt: 'This Google sign-in has expired or was already used. Please try again.',
  unavailable: 'Google sign-in is unavailable right now. Please try again later.',
  exchangeFailed: 'Google did not confirm the sign-in. Please try again.',
  invalidToken: "Google's answer could not be verified. Please try again.",
  emailNotVerified: 'Your Google account has no verified email address.',
  linkedElsewhere: 'This email address belongs to an account linked to another Google account.',
} as const;

/** A Google sign-in that did not work: `message` is for the person, `reason` for the log. */
export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'GoogleSignInError';
  }
}

export interface GoogleStart {
  /** Where to send the browser: the provider's authorization endpoint. */
  authorizationUrl: string;
  /** The secret for the fp_oidc cookie, binding the attempt to this browser. */
  browserSecret: string;
}

export interface GoogleCallback {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * Google sign-in: OAuth 2.0 authorization code flow with PKCE (S256), state and nonce, as an
 * OpenID Connect relying party. A Google identity signs in to the account linked to it, else to
 * the account with the same verified email (linking it), else to a new account.
 */
@Injectable()
export class GoogleSignInService {
  private readonly logger = new Logger(GoogleSignInService.name);
  private readonly client?: { id: string; secret: string };
  private readonly redirectUri: string;
  private lastCleanup = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly provider: OidcProviderSource,
    private readonly attempts: OidcLoginAttemptRepository,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
  ) {
    this.client = config.oidc.client;
    this.redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  async start(rememberMe: boolean): Promise<GoogleStart> {
    this.requireClient();
    await this.withProvider(() => this.provider.discover(), 'discovery');
    const state = randomSecret();
    const nonce = randomSecret();
    const codeVerifier = randomPKCECodeVerifier();
    const browserSecret = randomSecret();
    this.cleanUpNowAndThen();
    await this.attempts.insert({
      stateHash: hashSecret(state),
      browserHash: hashSecret(browserSecret),
      nonce,
      codeVerifier,
      rememberMe,
      expiresAt: new Date(Date.now() + GOOGLE_ATTEMPT_SECONDS * 1000),
    });
    const authorizationUrl = await this.withProvider(() => this.provider.authorizationUrl({ redirectUri: this.redirectUri, codeVerifier, state, nonce }), 'discovery');
    return { authorizationUrl, browserSecret };
  }

  /** Checks the provider's answer and signs the person in: the refresh grant for the cookie. */
  async complete(query: GoogleCallback, browserSecret: string | undefined): Promise<{ userId: string; refresh: RefreshGrant; created: boolean }> {
    this.requireClient();
    // The attempt is used up whatever happens next, so a state works once.
    const attempt = query.state ? await this.attempts.take(hashSecret(query.state)) : undefined;
    if (query.error !== undefined) {
      const cancelled = query.error === 'access_denied';
      throw new GoogleSignInError(
        cancelled ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.providerError,
        `provider_error:${query.error.replace(/[^a-z_]/gi, '').slice(0, 40)}`,
      );
    }
    if (!attempt) throw new GoogleSignInError(GOOGLE_MESSAGES.invalidAttempt, query.state ? 'unknown_state' : 'no_state');
    if (!browserSecret || !constantTimeEqual(hashSecret(browserSecret), attempt.browserHash)) {
      throw new GoogleSignInError(GOOGLE_MESSAGES.invalidAttempt, 'other_browser');
    }
    if (attempt.expiresAt.getTime() <= Date.now()) throw new GoogleSignInError(GOOGLE_MESSAGES.invalidAttempt, 'expired_state');
    if (!query.code) throw new GoogleSignInError(GOOGLE_MESSAGES.providerError, 'no_code');

    // The callback as the provider sent it: the library checks its state against ours again.
    const callbackUrl = new URL(this.redirectUri);
    callbackUrl.searchParams.set('code', query.code);
    callbackUrl.searchParams.set('state', query.state!);
    let claims;
    try {
      claims = await this.withProvider(
        () => this.provider.signIn(callbackUrl, this.redirectUri, { codeVerifier: attempt.codeVerifier, state: query.state!, nonce: attempt.nonce }),
        'token_exchange',
        GOOGLE_MESSAGES.exchangeFailed,
      );
    } catch (err) {
      if (err instanceof IdTokenError) throw new GoogleSignInError(GOOGLE_MESSAGES.invalidToken, `id_token:${err.reason}`);
      throw err;
    }
    if (!claims.email || !claims.emailVerified) throw new GoogleSignInError(GOOGLE_MESSAGES.emailNotVerified, 'email_not_verified');

    const { user, created } = await this.accountFor(claims.sub, normalizeEmail(claims.email), claims.name);
    const refresh = await this.sessions.start(user.id, attempt.rememberMe);
    return { userId: user.id, refresh, created };
  }

  /** The account of this Google identity: linked, found by verified email (and linked), or new. */
  private async accountFor(sub: string, email: string, name: string | undefined, retried = false): Promise<{ user: UserEntity; created: boolean }> {
    const linked = await this.users.findByGoogleSubject(sub);
    if (linked) {
      this.logger.log(`google sign-in: userId=${linked.id}`);
      return { user: linked, created: false };
    }
    const now = new Date();
    const existing = await this.users.findByEmail(email);
    if (existing) {
      if (existing.googleSubject !== null) throw new GoogleSignInError(GOOGLE_MESSAGES.linkedElsewhere, 'email_linked_to_other_subject');
      // A password set on an address nobody verified may be someone else's (pre-registration):
      // Google proves the address belongs to this person, so that password and its sessions go.
      const dropPassword = existing.emailVerifiedAt === null && existing.passwordHash !== null;
      if (dropPassword) await this.sessions.endAll(existing.id);
      if (!(await this.users.linkGoogleSubject(existing.id, sub, now, dropPassword))) {
        if (retried) throw new GoogleSignInError(GOOGLE_MESSAGES.linkedElsewhere, 'link_race');
        return this.accountFor(sub, email, name, true);
      }
      this.logger.log(`google account linked: userId=${existing.id}${dropPassword ? ' (unverified password removed)' : ''}`);
      return { user: (await this.users.findById(existing.id)) ?? existing, created: false };
    }
    try {
      const user = await this.users.create({
        email,
        passwordHash: null,
        emailVerifiedAt: now,
        googleSubject: sub,
        displayName: name?.trim().slice(0, 100) || null,
      });
      this.logger.log(`account created with google: userId=${user.id}`);
      return { user, created: true };
    } catch (err) {
      // Someone created the account (or linked the identity) at the same moment: use theirs.
      if (err instanceof EmailTakenError && !retried) return this.accountFor(sub, email, name, true);
      throw err;
    }
  }

  private requireClient(): { id: string; secret: string } {
    if (!this.client) throw new GoogleSignInError(GOOGLE_MESSAGES.notConfigured, 'not_configured');
    return this.client;
  }

  private async withProvider<T>(call: () => Promise<T>, step: string, refusedMessage: string = GOOGLE_MESSAGES.unavailable): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof OidcSourceError)) throw err;
      const message = err.kind === 'unavailable' ? GOOGLE_MESSAGES.unavailable : refusedMessage;
      throw new GoogleSignInError(message, `${step}:${err.kind}:${err.message}`);
    }
  }

  private cleanUpNowAndThen() {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    this.attempts.deleteExpiredBefore(new Date(now)).catch((err: unknown) => {
      this.logger.warn(`google sign-in cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}
