import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { FindOptionsWhere, IsNull, MoreThan, Repository } from 'typeorm';
import { ApiTokenEntity, ApiTokenScope } from './api-token.entity';

@Injectable()
export class ApiTokenRepository {
  constructor(@InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>) {}

  async insert(fields: { userId: string; name: string; prefix: string; tokenHash: string; scope: ApiTokenScope; expiresAt: Date | null }): Promise<ApiTokenEntity> {
    const token = this.tokens.create({ id: randomUUID(), ...fields, lastUsedAt: null, revokedAt: null });
    return this.tokens.save(token);
  }

  countActiveOfUser(userId: string, now: Date): Promise<number> {
    return this.tokens.countBy(activeOf(userId, now));
  }

  /** One page of the user's active tokens (not revoked, not expired), newest first, and how many there are. */
  listActiveOfUser(userId: string, now: Date, page: { offset: number; limit: number }): Promise<[ApiTokenEntity[], number]> {
    return this.tokens.findAndCount({ where: activeOf(userId, now), order: { createdAt: 'DESC', id: 'DESC' }, skip: page.offset, take: page.limit });
  }

  listAllOfUser(userId: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  /** The unrevoked token with this hash, expired or not (the caller tells an expired token apart). */
  findUnrevokedByHash(tokenHash: string): Promise<ApiTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash, revokedAt: IsNull() });
  }

  /** Revokes the user's own active token; false when there is none with this id for this user. */
  async revoke(id: string, userId: string, at: Date): Promise<boolean> {
    const result = await this.tokens.update({ id, userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected === 1;
  }

  /** Revokes every active token of the user; how many there were. */
  async revokeAllOfUser(userId: string, at: Date): Promise<number> {
    const result = await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: at });
    return result.affected ?? 0;
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.tokens.update({ id }, { lastUsedAt: at });
  }
}

/** Not revoked, and without an expiry or expiring after `now`. */
function activeOf(userId: string, now: Date): FindOptionsWhere<ApiTokenEntity>[] {
  return [
    { userId, revokedAt: IsNull(), expiresAt: IsNull() },
    { userId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
  ];
}
