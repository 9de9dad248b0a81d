import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity';

/** A refresh token to store (its id is made here). */
export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  persistent: boolean;
  expiresAt: Date;
}

/** SQL: no token of the family of `o` was revoked (a signed-out family is never revived). */
const FAMILY_NOT_REVOKED = 'NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = o.family_id AND r.revoked_at IS NOT NULL)';

@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>) {}

  /** The first token of a new session (family). */
  async insert(fields: NewRefreshToken): Promise<void> {
    await this.tokens.insert({ id: randomUUID(), ...fields, usedAt: null, revokedAt: null, predecessorId: null });
  }

  findByHash(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /**
   * Uses up the token and adds `next` to its family as its successor, in one statement: only if
   * nobody used or revoked it first, it has not expired and no token of its family was revoked.
   * False when any of that failed (nothing changed). The row lock on the used token makes one of
   * two concurrent calls the winner; the other sees it used.
   */
  rotate(usedId: string, next: NewRefreshToken, now: Date): Promise<boolean> {
    return this.addSuccessor(
      `UPDATE refresh_tokens o SET used_at = $1
       WHERE o.id = $2 AND o.used_at IS NULL AND o.revoked_at IS NULL AND o.expires_at > $1 AND ${FAMILY_NOT_REVOKED}
       RETURNING o.id`,
      [now, usedId],
      next,
    );
  }

  /**
   * A used token presented again (its answer was lost): retires its successor, which must still be
   * unused, by marking it used (it has no successor of its own, so presenting it later is reuse),
   * and adds `next` as the used token's new successor, in one statement. Only if the token was used
   * at or after `usedSince`, is neither revoked nor expired, its family was not revoked, and it has
   * had at most `maxRenewals` successors so far (the first, issued when it was used, counts).
   * False otherwise (nothing changed). The retired successor's row lock makes one of two
   * concurrent calls (or a call and that successor's own rotation) the winner; the other sees it used.
   */
  renewInGrace(usedId: string, next: NewRefreshToken, now: Date, usedSince: Date, maxRenewals: number): Promise<boolean> {
    return this.addSuccessor(
      `UPDATE refresh_tokens s SET used_at = $1
       FROM refresh_tokens o
       WHERE o.id = $2 AND o.used_at >= $3 AND o.revoked_at IS NULL AND o.expires_at > $1 AND ${FAMILY_NOT_REVOKED}
         AND s.family_id = o.family_id AND s.predecessor_id = o.id AND s.used_at IS NULL AND s.revoked_at IS NULL
         AND (SELECT count(*) FROM refresh_tokens c WHERE c.family_id = o.family_id AND c.predecessor_id = o.id) <= $4
       RETURNING o.id`,
      [now, usedId, usedSince, maxRenewals],
      next,
    );
  }

  /** Runs `change` (an UPDATE returning the predecessor's id) and inserts `next` after it, atomically. */
  private async addSuccessor(change: string, params: unknown[], next: NewRefreshToken): Promise<boolean> {
    const n = params.length;
    const rows: unknown[] = await this.tokens.query(
      `WITH changed AS (${change})
       INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, persistent, expires_at, predecessor_id)
       SELECT $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, changed.id FROM changed LIMIT 1
       RETURNING id`,
      [...params, randomUUID(), next.userId, next.familyId, next.tokenHash, next.persistent, next.expiresAt],
    );
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, at: Date): Promise<void> {
    await this.tokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /**
   * What an access token of this session needs checked, in one statement: the user exists, and
   * when its sessions were last revoked; null when there is no such user. `live`: the session
   * (token family) exists for this user and none of its tokens was revoked.
   */
  async sessionOfUser(familyId: string, userId: string): Promise<{ live: boolean; sessionsRevokedAt: Date | null } | null> {
    const rows: { live: boolean; sessions_revoked_at: Date | null }[] = await this.tokens.query(
      `SELECT u.sessions_revoked_at, f.tokens > 0 AND f.revoked IS NOT TRUE AS live
       FROM users u, LATERAL (SELECT count(*) AS tokens, bool_or(t.revoked_at IS NOT NULL) AS revoked
                              FROM refresh_tokens t WHERE t.family_id = $1 AND t.user_id = u.id) f
       WHERE u.id = $2`,
      [familyId, userId],
    );
    return rows.length ? { live: rows[0].live, sessionsRevokedAt: rows[0].sessions_revoked_at } : null;
  }

  async revokeAllOfUser(userId: string, at: Date): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** Every token of the user, ended ones included, newest first (the export). */
  listAllOfUser(userId: string): Promise<RefreshTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** The live token of each session: neither used, revoked nor expired. */
  listActiveOfUser(userId: string, now: Date): Promise<RefreshTokenEntity[]> {
    return this.tokens.find({
      where: { userId, usedAt: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(now) },
      order: { createdAt: 'DESC' },
    });
  }

  async deleteExpiredBefore(cutoff: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(cutoff) });
  }
}
