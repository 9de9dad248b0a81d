import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, KeyObject } from 'node:crypto';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { AppSecrets } from '../common/security/app-secrets.service';
import { AuthenticatedUser } from './current-user.decorator';
import { SessionService } from './session.service';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The app_secrets row holding the HS256 key when JWT_SECRET is not configured. */
export const JWT_SECRET_NAME = 'jwt-hs256';

export interface IssuedAccessToken {
  accessToken: string;
  expiresIn: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Short-lived access tokens: HS256 JWTs with `sub` (the user id), `sid` (the sign-in session)
 * and `typ: 'access'`, valid 15 minutes. The key is JWT_SECRET, or one generated once and shared
 * through the database. A token is honoured only while its session is signed in, so signing out
 * ends its access tokens at once.
 */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly secrets: AppSecrets,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  key(): Promise<string> {
    return this.config.jwtSecret !== undefined ? Promise.resolve(this.config.jwtSecret) : this.secrets.get(JWT_SECRET_NAME);
  }

  /**
   * The key as a KeyObject, for verifying. Handed a string, jsonwebtoken first tries to read it as
   * a public key, which throws for an HMAC secret: about 0.4 ms of every authenticated request.
   */
  async verificationKey(): Promise<KeyObject> {
    const secret = await this.key();
    if (this.keyObject?.secret !== secret) this.keyObject = { secret, key: createSecretKey(Buffer.from(secret)) };
    return this.keyObject.key;
  }

  private keyObject?: { secret: string; key: KeyObject };

  async issue(userId: string, sessionId: string): Promise<IssuedAccessToken> {
    const accessToken = await this.jwt.signAsync(
      { typ: 'access', sid: sessionId },
      { subject: userId, secret: await this.key(), algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    );
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /**
   * The user behind the claims of a token whose signature passport-jwt has checked, or null:
   * wrong type, no expiry (passport-jwt only checks an `exp` that is there) or a lifetime longer
   * than ours, no session, unknown (deleted) user, issued before the user's sessions were
   * revoked, or its session signed out. The last three are one cached check (SessionService).
   */
  async userFor(claims: unknown): Promise<AuthenticatedUser | null> {
    const { sub, sid, typ, iat, exp } = (claims ?? {}) as { sub?: unknown; sid?: unknown; typ?: unknown; iat?: unknown; exp?: unknown };
    if (typ !== 'access' || typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    if (exp - iat > ACCESS_TOKEN_TTL_SECONDS || exp * 1000 <= Date.now()) return null;
    if (!UUID.test(sub) || !UUID.test(sid)) return null;
    if (!(await this.sessions.isLive(sub, sid, iat))) return null;
    return { userId: sub, method: 'session' };
  }
}
