import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, KeyObject } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { AppSecrets } from '../common/security/app-secrets.service';
import { AuthenticatedUser } from './current-user.decorator';
import { UserRepository } from './user.repository';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** The app_secrets row holding the HS256 key when JWT_SECRET is not configured. */
export const JWT_SECRET_NAME = 'jwt-hs256';

export interface IssuedAccessToken {
  accessToken: string;
  expiresIn: number;
}

/**
 * Short-lived access tokens: HS256 JWTs with `sub` (the user id) and `typ: 'access'`, valid 15
 * minutes. The key is JWT_SECRET, or one generated once and shared through the database.
 */
@Injectable()
export class AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly secrets: AppSecrets,
    private readonly users: UserRepository,
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

  async issue(userId: string): Promise<IssuedAccessToken> {
    const accessToken = await this.jwt.signAsync(
      { typ: 'access' },
      { subject: userId, secret: await this.key(), algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    );
    return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  /**
   * The user behind the claims of a token whose signature and expiry passport-jwt has checked, or
   * null: wrong type, unknown (deleted) user, or issued before the user's sessions were revoked.
   */
  async userFor(claims: unknown): Promise<AuthenticatedUser | null> {
    const { sub, typ, iat } = (claims ?? {}) as { sub?: unknown; typ?: unknown; iat?: unknown };
    if (typ !== 'access' || typeof sub !== 'string' || typeof iat !== 'number') return null;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)) return null;
    const user = await this.users.findById(sub);
    if (!user) return null;
    if (user.sessionsRevokedAt && iat < Math.floor(user.sessionsRevokedAt.getTime() / 1000)) return null;
    return { userId: user.id, method: 'session' };
  }
}
