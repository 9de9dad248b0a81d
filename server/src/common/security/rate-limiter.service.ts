import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Clock } from '../clock/clock.service';
import { AppConfig } from '../config/app.config';
import { APP_CONFIG } from '../config/config.module';
import { addressBucket } from './client-address.util';
import { reportRateLimit } from '../http/rate-limit-headers.util';
import { RateLimitRepository } from './rate-limit.repository';
import { TooManyRequestsException } from './too-many-requests.exception';

/** At most `limit` hits per subject in each fixed window of `windowSeconds`. */
export interface RateLimitRule {
  /** Stable name, part of the stored key: `login-ip`, `signup-ip`… */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The 429's message, when the generic 'Too many attempts' is not the right words. */
  message?: string;
  /**
   * The subject is a client's IP address: counted per IPv4 address or per IPv6 network
   * (TUNING.rateLimitIpv6Prefix), an IPv4-mapped IPv6 address as its IPv4 address.
   */
  perAddress?: boolean;
}

const CLEANUP_EVERY_MS = 10 * 60_000;
/** Counters older than this are deleted; longer than every window we use. */
const KEEP_WINDOWS_MS = 24 * 3600_000;

/**
 * A fixed-window limiter kept in PostgreSQL, so every instance of the app shares the counts.
 * Subjects (IP addresses, emails, user ids) are stored only as SHA-256 hashes.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  private lastCleanup = 0;

  private readonly ipv6Prefix: number;
  /** The rules counted per account id or per account address, by name: deleting the account deletes their counters. */
  private readonly accountRules = new Map<string, { rule: RateLimitRule; subject: 'user' | 'email' }>();

  constructor(
    private readonly counters: RateLimitRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'rateLimitIpv6Prefix'>,
    // The windows follow the app's Clock, so a test can place its hits inside one window.
    private readonly clock: Clock,
  ) {
    this.ipv6Prefix = config.rateLimitIpv6Prefix;
  }

  /**
   * Counts a hit; throws TooManyRequestsException (429, Retry-After) once the limit is passed.
   * Either way the response carries the RateLimit-* headers of the tightest limit consulted.
   * Answers a function that takes the hit back, for a request refused afterwards for reasons of
   * the server's (a 503 has done nothing, so it must not count).
   */
  async consume(rule: RateLimitRule, rawSubject: string): Promise<() => Promise<void>> {
    const subject = rule.perAddress ? addressBucket(rawSubject, this.ipv6Prefix) : rawSubject;
    const now = this.clock.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const key = keyOf(rule, subject);
    const count = await this.counters.increment(key, new Date(windowStart));
    this.cleanUpNowAndThen(now);
    const secondsLeft = (windowStart + windowMs - now) / 1000;
    reportRateLimit(rule.limit, rule.limit - count, secondsLeft);
    if (count > rule.limit) {
      const retryAfterSeconds = Math.max(1, Math.ceil(secondsLeft));
      if (count === rule.limit + 1) this.logger.warn(`rate limit reached: rule=${rule.name}`);
      throw new TooManyRequestsException(retryAfterSeconds, rule.message);
    }
    return () => this.counters.decrement(key, new Date(windowStart));
  }

  /**
   * Deletes the counters of these subjects under these rules, every window: an account's deletion
   * takes the keys derived from its address and id with it (an unsalted hash of an address can be
   * matched against a guess, so it must not outlive the account).
   */
  forget(entries: { rule: RateLimitRule; subject: string }[]): Promise<number> {
    return this.counters.deleteKeys(entries.map(({ rule, subject }) => keyOf(rule, rule.perAddress ? addressBucket(subject, this.ipv6Prefix) : subject)));
  }

  /**
   * Gives back a hit counted at `countedAt` (epoch ms) that did not get what it was counted for (a
   * scan whose answer was incomplete because an outside service was rate limited). A hit counted
   * in a window that has since ended has nothing to give back.
   */
  async giveBack(rule: RateLimitRule, rawSubject: string, countedAt: number): Promise<void> {
    const subject = rule.perAddress ? addressBucket(rawSubject, this.ipv6Prefix) : rawSubject;
    const windowMs = rule.windowSeconds * 1000;
    await this.counters.decrement(keyOf(rule, subject), new Date(Math.floor(countedAt / windowMs) * windowMs));
  }

  /**
   * Declares rules whose subject is an account's id (`user`) or its address (`email`), so that
   * forgetAccount deletes their counters. Each module declares its own (the account module sits
   * beside the reports module and cannot name that module's rules).
   */
  countsPerAccount(subject: 'user' | 'email', rules: readonly RateLimitRule[]): void {
    for (const rule of rules) this.accountRules.set(rule.name, { rule, subject });
  }

  /** Deletes the counters of every rule declared with countsPerAccount for this account; how many rows went. */
  forgetAccount(userId: string, email: string): Promise<number> {
    return this.forget([...this.accountRules.values()].map(({ rule, subject }) => ({ rule, subject: subject === 'user' ? userId : email.trim().toLowerCase() })));
  }

  private cleanUpNowAndThen(now: number) {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    this.counters.deleteWindowsBefore(new Date(now - KEEP_WINDOWS_MS)).catch((err: unknown) => {
      this.logger.warn(`rate-limit cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

export function keyOf(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;
}
