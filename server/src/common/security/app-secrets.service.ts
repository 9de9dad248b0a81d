import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppSecretRepository } from './app-secret.repository';

/**
 * Secrets generated on first use and kept in the database (table app_secrets), so every instance
 * shares them and they survive restarts. Used only when the operator configured none.
 */
@Injectable()
export class AppSecrets {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(private readonly secrets: AppSecretRepository) {}

  /** The named secret: 48 random bytes (base64url) created the first time any instance asks. */
  get(name: string): Promise<string> {
    let value = this.cache.get(name);
    if (!value) {
      value = this.secrets.getOrInsert(name, randomBytes(48).toString('base64url'));
      this.cache.set(name, value);
      // A failure (database briefly down) is not remembered: the next call tries again.
      value.catch(() => this.cache.delete(name));
    }
    return value;
  }
}
