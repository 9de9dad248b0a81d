import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { OidcLoginAttemptEntity } from './oidc-login-attempt.entity';

@Injectable()
export class OidcLoginAttemptRepository {
  constructor(@InjectRepository(OidcLoginAttemptEntity) private readonly attempts: Repository<OidcLoginAttemptEntity>) {}

  async insert(fields: Omit<OidcLoginAttemptEntity, 'createdAt'>): Promise<void> {
    await this.attempts.insert(fields);
  }

  /** Deletes the attempt and returns it: whoever deletes it first is the only one to use it. */
  async take(stateHash: string): Promise<OidcLoginAttemptEntity | undefined> {
    const result = await this.attempts
      .createQueryBuilder()
      .delete()
      .where('state_hash = :stateHash', { stateHash })
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    if (!row) return undefined;
    return {
      stateHash: String(row.state_hash),
      browserHash: String(row.browser_hash),
      nonce: String(row.nonce),
      codeVerifier: String(row.code_verifier),
      rememberMe: row.remember_me === true,
      expiresAt: new Date(row.expires_at as string | Date),
      createdAt: new Date(),
    };
  }

  async deleteExpiredBefore(at: Date): Promise<void> {
    await this.attempts.delete({ expiresAt: LessThan(at) });
  }
}
