import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from './auth.dto';
import { RefreshTokenRepository } from './refresh-token.repository';
import { hashSecret, randomSecret } from './secret-token.util';

/** 'Remember me' (and sign-up): the cookie and each of its tokens last 30 days. */
export const PERSISTENT_SESSION_SECONDS = 30 * 24 * 3600;
/** Without 'Remember me': a browser-session cookie whose token the server honours for 1 day. */
export const BROWSER_SESSION_SECONDS = 24 * 3600;
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * How long this instance trusts a session check of an access token: sign-out here is seen at
 * once (the entry is dropped), on other instances within this time.
 */
export const SESSION_CHECK_CACHE_MS = 5_000;
const SESSION_CHECK_CACHE_ENTRIES = 10_000;

/** A refresh token to hand to the browser in the fp_refresh cookie. */
export interface RefreshGrant {
  /** The session (token family) id; access tokens carry it as `sid`. */
  sessionId: string;
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

/**
 * Sign-in sessions as families of refresh tokens. Every refresh uses up the presented token and
 * issues the next one of the family; presenting a used token again means it was copied, so the
 * whole family is revoked and everyone holding it must sign in again.
 */
@Injectable()
export class SessionService {
  private readonly logger = new Logger(SessionService.name);
  private lastCleanup = 0;
  /** `${userId}:${sessionId}` → until when a positive check holds. */
  private readonly liveUntil = new Map<string, number>();

  constructor(private readonly tokens: RefreshTokenRepository) {}

  start(userId: string, persistent: boolean): Promise<RefreshGrant> {
    this.cleanUpNowAndThen();
    return this.issue(userId, randomUUID(), persistent);
  }

  /** Uses up the refresh token and returns its user and the family's next token; 401 otherwise. */
  async rotate(token: string): Promise<{ userId: string; grant: RefreshGrant }> {
    const now = new Date();
    const row = await this.tokens.findByHash(hashSecret(token));
    if (!row || row.revokedAt) throw expired();
    if (!row.usedAt && row.expiresAt <= now) throw expired();
    // Used before (or by a concurrent request just now): the token was copied.
    if (row.usedAt || !(await this.tokens.markUsed(row.id, now))) {
      await this.tokens.revokeFamily(row.familyId, now);
      this.liveUntil.delete(`${row.userId}:${row.familyId}`);
      this.logger.warn(`refresh token reuse detected; session revoked: userId=${row.userId}`);
      throw expired();
    }
    return { userId: row.userId, grant: await this.issue(row.userId, row.familyId, row.persistent) };
  }

  /** Signs the session out (its whole family, and so its access tokens); unknown tokens are ignored. */
  async end(token: string): Promise<void> {
    const row = await this.tokens.findByHash(hashSecret(token));
    if (!row) return;
    await this.tokens.revokeFamily(row.familyId, new Date());
    this.liveUntil.delete(`${row.userId}:${row.familyId}`);
  }

  /** Signs every session of the user out. */
  async endAll(userId: string): Promise<void> {
    await this.tokens.revokeAllOfUser(userId, new Date());
    for (const key of this.liveUntil.keys()) if (key.startsWith(`${userId}:`)) this.liveUntil.delete(key);
  }

  /**
   * Whether an access token's session is still signed in: it exists for this user and was not
   * revoked (sign-out, reuse of a refresh token, a password reset). Positive answers are kept
   * for SESSION_CHECK_CACHE_MS, so a busy client costs one query per few seconds.
   */
  async isLive(userId: string, sessionId: string): Promise<boolean> {
    const key = `${userId}:${sessionId}`;
    const now = Date.now();
    if ((this.liveUntil.get(key) ?? 0) > now) return true;
    const live = await this.tokens.familyIsLive(sessionId, userId);
    if (live) {
      if (this.liveUntil.size >= SESSION_CHECK_CACHE_ENTRIES) this.liveUntil.clear();
      this.liveUntil.set(key, now + SESSION_CHECK_CACHE_MS);
    } else {
      this.liveUntil.delete(key);
    }
    return live;
  }

  private async issue(userId: string, familyId: string, persistent: boolean): Promise<RefreshGrant> {
    const token = randomSecret();
    const lifetime = persistent ? PERSISTENT_SESSION_SECONDS : BROWSER_SESSION_SECONDS;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    await this.tokens.insert({ userId, familyId, tokenHash: hashSecret(token), persistent, expiresAt });
    return { sessionId: familyId, token, persistent, expiresAt };
  }

  private cleanUpNowAndThen() {
    const now = Date.now();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    this.tokens.deleteExpiredBefore(new Date(now)).catch((err: unknown) => {
      this.logger.warn(`refresh token cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

function expired() {
  return new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
}
