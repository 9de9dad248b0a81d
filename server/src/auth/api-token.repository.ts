import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { ApiTokenEntity } from './api-token.entity';

@Injectable()
export class ApiTokenRepository {
  constructor(@InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>) {}

  async insert(fields: { userId: string; name: string; prefix: string; tokenHash: string }): Promise<ApiTokenEntity> {
    const token = this.tokens.create({ id: randomUUID(), ...fields, lastUsedAt: null, revokedAt: null });
    return this.tokens.save(token);
  }

  countActiveOfUser(userId: string): Promise<number> {
    return this.tokens.countBy({ userId, revokedAt: IsNull() });
  }

  listActiveOfUser(userId: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  listAllOfUser(userId: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  findActiveByHash(tokenHash: string): Promise<ApiTokenEntity | null> {
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
