import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, LessThan, MoreThan, Repository } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity';

@Injectable()
export class RefreshTokenRepository {
  constructor(@InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>) {}

  async insert(fields: {
    userId: string;
    familyId: string;
    tokenHash: string;
    persistent: boolean;
    expiresAt: Date;
  }): Promise<void> {
    await this.tokens.insert({ id: randomUUID(), ...fields, usedAt: null, revokedAt: null });
  }

  findByHash(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** Marks the token used, only if nobody used or revoked it first; false when someone did. */
  async markUsed(id: string, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, usedAt: IsNull(), revokedAt: IsNull() }, { usedAt: at });
    return result.affected === 1;
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

  /** The live token of each session: neither used, revoked nor expired. */
  /** Every token of the user, ended ones included, newest first (the export). */
  listAllOfUser(userId: string): Promise<RefreshTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

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
