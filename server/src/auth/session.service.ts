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
 * How long this instance trusts a session check of an access token (the user exists, the session
 * is signed in, when the user's sessions were last revoked): sign-out, a password reset, account
 * deletion or a revoked session here are seen at once (the entries are dropped), on other
 * instances within this time.
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
  /** `${userId}:${sessionId}` → a positive check: until when it holds, and the user's revocation instant. */
  private readonly checked = new Map<string, { until: number; sessionsRevokedAt: Date | null }>();
  /** Bumped by every invalidation: a check that was running meanwhile is answered but not kept. */
  private invalidations = 0;

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
      this.forgetSession(row.userId, row.familyId);
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
    this.forgetSession(row.userId, row.familyId);
  }

  /** Whether the session of this refresh token was started with 'Remember me' (false when unknown). */
  async isPersistent(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    return (await this.tokens.findByHash(hashSecret(token)))?.persistent ?? false;
  }

  /** Signs every session of the user out. */
  async endAll(userId: string): Promise<void> {
    await this.tokens.revokeAllOfUser(userId, new Date());
    this.forgetUser(userId);
  }

  /**
   * Drops this instance's cached checks of the user's sessions: call it after the user is deleted
   * or its sessions are revoked, so that their access tokens are refused here at once.
   */
  forgetUser(userId: string): void {
    this.invalidations++;
    for (const key of this.checked.keys()) if (key.startsWith(`${userId}:`)) this.checked.delete(key);
  }

  private forgetSession(userId: string, sessionId: string): void {
    this.invalidations++;
    this.checked.delete(`${userId}:${sessionId}`);
  }

  /**
   * Whether an access token issued at `issuedAt` (seconds) is honoured for its session: the user
   * exists, the session (token family) is signed in for it (not signed out, no reused refresh
   * token, not ended by a password reset), and the token is not older than the user's last
   * revocation of every session. One query answers it all; a positive answer is kept for
   * SESSION_CHECK_CACHE_MS, so a busy client costs one query per few seconds.
   */
  async isLive(userId: string, sessionId: string, issuedAt: number): Promise<boolean> {
    const key = `${userId}:${sessionId}`;
    const now = Date.now();
    let entry = this.checked.get(key);
    if (!entry || entry.until <= now) {
      const invalidationsBefore = this.invalidations;
      const found = await this.tokens.sessionOfUser(sessionId, userId);
      if (!found?.live) {
        this.checked.delete(key);
        return false;
      }
      entry = { until: now + SESSION_CHECK_CACHE_MS, sessionsRevokedAt: found.sessionsRevokedAt };
      // Not kept when a sign-out or a deletion happened while the query ran (its answer may predate it).
      if (invalidationsBefore === this.invalidations) {
        if (this.checked.size >= SESSION_CHECK_CACHE_ENTRIES) this.checked.clear();
        this.checked.set(key, entry);
      }
    }
    return !entry.sessionsRevokedAt || issuedAt >= Math.floor(entry.sessionsRevokedAt.getTime() / 1000);
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
