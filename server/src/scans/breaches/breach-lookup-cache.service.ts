import { Inject, Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock.service';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { AppSecrets } from '../../common/security/app-secrets.service';
import { BreachLookupCacheRepository } from './breach-lookup-cache.repository';

/** The name of the generated key in app_secrets. */
const CACHE_SECRET = 'breach-lookup-cache';
const CLEANUP_EVERY_MS = 10 * 60_000;

const normalized = (email: string) => email.trim().toLowerCase();

/** One cached answer in an account's export. */
export interface ExportedBreachAnswer {
  source: string;
  /** The address it is about, when it is the account's own or one its monitors watch; else null. */
  address: string | null;
  storedAt: string;
  expiresAt: string;
  /** The source's answer as cached; absent when sealed with an address the account does not name. */
  answer?: unknown;
}

/**
 * A breach source's answer per email address, for BREACH_CACHE_TTL_SECONDS, shared by scans and
 * monitors and by every instance (PostgreSQL). The address is never stored: rows are keyed by a
 * keyed hash of it and the answer is encrypted with a key derived from it and the server's secret
 * (generated once, kept in app_secrets). Which accounts used an answer is recorded, so deleting an
 * account deletes them (the account module calls forgetAccount).
 */
@Injectable()
export class BreachLookupCache {
  private readonly logger = new Logger(BreachLookupCache.name);
  private readonly ttlMs: number;
  private lastCleanup = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly answers: BreachLookupCacheRepository,
    private readonly secrets: AppSecrets,
    // Expiry follows the app's clock, as retention and monitor schedules do (tests move it).
    private readonly clock: Clock,
  ) {
    this.ttlMs = config.sources.breachCacheTtlSeconds * 1000;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached answer of `source` about `email`, if it is still fresh; records `userId` as a reader. */
  async get<T>(source: string, email: string, userId?: string): Promise<T | undefined> {
    if (!this.enabled) return undefined;
    const keys = await this.keysOf(email);
    const sealed = await this.answers.find(source, keys.lookup, this.clock.now());
    if (!sealed) return undefined;
    const value = open(sealed, keys.encryption);
    if (value === undefined) {
      // Written with another secret (it was replaced): as good as absent.
      this.logger.warn(`breach cache entry unreadable: source=${source}`);
      return undefined;
    }
    if (userId) await this.answers.addReader(keys.lookup, userId);
    return value as T;
  }

  async put(source: string, email: string, value: unknown, userId?: string): Promise<void> {
    if (!this.enabled) return;
    const keys = await this.keysOf(email);
    const now = this.clock.now();
    await this.answers.save(source, keys.lookup, seal(value, keys.encryption), now, new Date(now.getTime() + this.ttlMs));
    if (userId) await this.answers.addReader(keys.lookup, userId);
    this.cleanUpNowAndThen(now);
  }

  /**
   * The answers the account owns: those its scans and monitors read, and those about `addresses`
   * (its own, the ones its monitors watch), expired ones not yet cleaned up included. An answer
   * about an address given here is decrypted; one about an address the account only scanned stays
   * sealed (only the address opens it, and it is not kept: the scan's stored result holds it).
   */
  async exportOf(userId: string, addresses: string[]): Promise<ExportedBreachAnswer[]> {
    const known = new Map<string, { address: string; encryption: Buffer }>();
    for (const address of new Set(addresses.map(normalized))) {
      const keys = await this.keysOf(address);
      known.set(keys.lookup, { address, encryption: keys.encryption });
    }
    const rows = await this.answers.ofUser(userId, [...known.keys()]);
    return rows.map((row) => {
      const of = known.get(row.lookupKey);
      const answer = of ? open(row.answer, of.encryption) : undefined;
      const entry: ExportedBreachAnswer = { source: row.source, address: of?.address ?? null, storedAt: row.storedAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
      return answer === undefined ? entry : { ...entry, answer };
    });
  }

  /** Deletes every answer the account's scans and monitors used, and those about `addresses` (its own, the ones its monitors watched). */
  async forgetAccount(userId: string, addresses: string[]): Promise<number> {
    const keys = await Promise.all([...new Set(addresses.map(normalized))].map((address) => this.keysOf(address)));
    return this.answers.deleteOfUser(userId, keys.map((k) => k.lookup));
  }

  private async keysOf(email: string): Promise<{ lookup: string; encryption: Buffer }> {
    const secret = await this.secrets.get(CACHE_SECRET);
    const address = normalized(email);
    const mac = (purpose: string) => createHmac('sha256', secret).update(`${purpose}\0${address}`, 'utf8').digest();
    return { lookup: mac('lookup').toString('base64url'), encryption: mac('answer') };
  }

  private cleanUpNowAndThen(now: Date): void {
    if (now.getTime() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now.getTime();
    this.answers.deleteExpired(now).catch((err: unknown) => {
      this.logger.warn(`breach cache cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

function seal(value: unknown, key: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(sealed: Buffer, key: Buffer): unknown {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    const text = Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
