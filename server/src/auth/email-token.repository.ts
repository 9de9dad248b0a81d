import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, LessThan, Repository } from 'typeorm';
import { EmailTokenEntity, EmailTokenPurpose } from './email-token.entity';

@Injectable()
export class EmailTokenRepository {
  constructor(@InjectRepository(EmailTokenEntity) private readonly tokens: Repository<EmailTokenEntity>) {}

  async insert(fields: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; newEmail?: string }): Promise<void> {
    await this.tokens.insert({ id: randomUUID(), ...fields, newEmail: fields.newEmail ?? null, usedAt: null });
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
    return (await this.consumeWithAddress(tokenHash, purpose, at))?.userId ?? null;
  }

  /** consume(), also answering the new address a 'change-email' token carries. */
  async consumeWithAddress(tokenHash: string, purpose: EmailTokenPurpose, at: Date): Promise<{ userId: string; newEmail: string | null } | null> {
    const result = await this.tokens
      .createQueryBuilder()
      .update(EmailTokenEntity)
      .set({ usedAt: at })
      .where('token_hash = :tokenHash AND purpose = :purpose AND used_at IS NULL AND expires_at > :at', {
        tokenHash,
        purpose,
        at,
      })
      .returning('user_id, new_email')
      .execute();
    const row = (result.raw as { user_id: string; new_email: string | null }[])[0];
    return row ? { userId: row.user_id, newEmail: row.new_email } : null;
  }

  listOfUser(userId: string): Promise<EmailTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async deleteExpiredBefore(cutoff: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(cutoff) });
  }
}
