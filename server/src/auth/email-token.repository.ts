import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, LessThan, Repository } from 'typeorm';
import { EmailTokenEntity, EmailTokenPurpose } from './email-token.entity';

@Injectable()
export class EmailTokenRepository {
  constructor(@InjectRepository(EmailTokenEntity) private readonly tokens: Repository<EmailTokenEntity>) {}

  async insert(fields: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.tokens.insert({ id: randomUUID(), ...fields, usedAt: null });
  }

  /** Makes every unused token of this purpose unusable (a newer link replaces older ones). */
  async invalidateUnused(userId: string, purpose: EmailTokenPurpose, at: Date): Promise<void> {
    await this.tokens.update({ userId, purpose, usedAt: IsNull() }, { usedAt: at });
  }

  /**
   * Uses the token once, atomically: returns its user's id, or null when the token is unknown,
   * of another purpose, used already or expired.
   */
  async consume(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<string | null> {
    const result = await this.tokens
      .createQueryBuilder()
      .update(EmailTokenEntity)
      .set({ usedAt: at })
      .where('token_hash = :tokenHash AND purpose = :purpose AND used_at IS NULL AND expires_at > :at', {
        tokenHash,
        purpose,
        at,
      })
      .returning('user_id')
      .execute();
    const rows = result.raw as { user_id: string }[];
    return rows[0]?.user_id ?? null;
  }

  listOfUser(userId: string): Promise<EmailTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async deleteExpiredBefore(cutoff: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(cutoff) });
  }
}
