import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from './auth.dto';
import { NewRefreshToken, RefreshTokenRepository } from './refresh-token.repository';
import { hashSecret, randomSecret } from './secret-token.util';

/** 'Remember me' (and sign-up): the cookie and each of its tokens last 30 days. */
export const PERSISTENT_SESSION_SECONDS = 30 * 24 * 3600;
/** Without 'Remember me': a browser-session cookie whose token the server honours for 1 day. */
export const BROWSER_SESSION_SECONDS = 24 * 3600;
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * A refresh answer can be lost after the server committed it (a dropped connection, a proxy reset,
 * a tab closed mid-flight, a restart): the browser still holds the used token and presents it
 * again. For this long after its use, such a token is renewed instead of treated as copied, as
 * long as the successor it was given was never used (the browser never received it); that
 * successor is retired. Short, so that a copied token is worth little (OAuth 2.0 Security BCP,
 * refresh token rotation); long enough for a retry after a dropped connection or a restart.
 */
export const REFRESH_REUSE_GRACE_MS = 60_000;
/**
 * How many times one used token may be renewed so (lost answers in a row); its next presentation
 * is reuse, and revokes the family.
 */
export const REFRESH_REUSE_GRACE_RENEWALS = 3;

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
 * whole family is revoked and everyone holding it must sign in again. Except a retry of a lost
 * answer: within REFRESH_REUSE_GRACE_MS of its use, while the successor it was given was never
 * used, the used token is renewed (REFRESH_REUSE_GRACE_RENEWALS times at most).
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

  async start(userId: string, persistent: boolean): Promise<RefreshGrant> {
    this.cleanUpNowAndThen();
    const { grant, stored } = this.next(userId, randomUUID(), persistent, new Date());
    await this.tokens.insert(stored);
    return grant;
  }

  /** Uses up the refresh token and returns its user and the family's next token; 401 otherwise. */
  async rotate(token: string): Promise<{ userId: string; grant: RefreshGrant }> {
    const now = new Date();
    const row = await this.tokens.findByHash(hashSecret(token));
    if (!row || row.revokedAt) throw expired();
    if (!row.usedAt && row.expiresAt <= now) throw expired();
    const { grant, stored } = this.next(row.userId, row.familyId, row.persistent, now);
    if (!row.usedAt && (await this.tokens.rotate(row.id, stored, now))) return { userId: row.userId, grant };
    // Used before, or by a concurrent request just now. A lost answer's retry, if in time, unexpired
    // and its successor still unused; the repository checks it all again in the one statement that
    // retires that successor, so of two such retries at once only one is renewed.
    const graceFrom = new Date(now.getTime() - REFRESH_REUSE_GRACE_MS);
    const inGrace = (!row.usedAt || row.usedAt >= graceFrom) && row.expiresAt > now;
    if (inGrace && (await this.tokens.renewInGrace(row.id, stored, now, graceFrom, REFRESH_REUSE_GRACE_RENEWALS))) {
      this.logger.log(`used refresh token presented again within the grace; renewed, its unused successor retired: userId=${row.userId}`);
      return { userId: row.userId, grant };
    }
    // The token was copied (or the grace is spent).
    await this.tokens.revokeFamily(row.familyId, now);
    this.forgetSession(row.userId, row.familyId);
    this.logger.warn(`refresh token reuse detected; session revoked: userId=${row.userId}`);
    throw expired();
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

  /** A new token of the family: what the browser gets, and what is stored (only its hash). */
  private next(userId: string, familyId: string, persistent: boolean, now: Date): { grant: RefreshGrant; stored: NewRefreshToken } {
    const token = randomSecret();
    const lifetime = persistent ? PERSISTENT_SESSION_SECONDS : BROWSER_SESSION_SECONDS;
    const expiresAt = new Date(now.getTime() + lifetime * 1000);
    return {
      grant: { sessionId: familyId, token, persistent, expiresAt },
      stored: { userId, familyId, tokenHash: hashSecret(token), persistent, expiresAt },
    };
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
