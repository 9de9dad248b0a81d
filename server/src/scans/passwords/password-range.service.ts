import { BadRequestException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { withDeadline } from '../../common/deadline.util';
import { RateLimiter } from '../../common/security/rate-limiter.service';
import { TooManyRequestsException } from '../../common/security/too-many-requests.exception';
import { SCAN_RATE_LIMITS } from '../scan-rate-limits.catalogue';
import { RATE_LIMIT_MESSAGE } from '../sources/source-http.util';
import { HASH_PREFIX, PwnedPasswordsSource } from '../sources/pwned-passwords.source';

export const INVALID_PREFIX_MESSAGE = 'Invalid password hash prefix';
export const PASSWORD_CHECK_FAILED_MESSAGE = 'Failed to check password';
export const PASSWORD_CHECK_OFF_MESSAGE = 'Password checks are turned off on this server.';
/** When the range service says 429 without saying how long to wait. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The password exposure check's server half: passes a 5-character SHA-1 prefix to the Pwned
 * Passwords range API (with padding) and its answer back. The prefix is never stored or logged.
 */
@Injectable()
export class PasswordRangeService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly source: PwnedPasswordsSource,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** The padded range body (`SUFFIX:COUNT` lines), or an HttpException saying why not. */
  async range(prefix: string, clientIp: string): Promise<string> {
    if (!HASH_PREFIX.test(prefix)) throw new BadRequestException(INVALID_PREFIX_MESSAGE);
    await this.rateLimiter.consume(SCAN_RATE_LIMITS.passwordRangePerIp, clientIp);
    const result = await withDeadline(this.config.scans.checkTimeoutMs, [], (signal) => this.source.range(prefix, signal));
    switch (result.status) {
      case 'ok':
        return result.data;
      case 'rate_limited':
        throw new TooManyRequestsException(Math.max(1, result.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS), RATE_LIMIT_MESSAGE);
      case 'timed_out':
        throw new HttpException(PASSWORD_CHECK_FAILED_MESSAGE, HttpStatus.GATEWAY_TIMEOUT);
      case 'not_configured':
        throw new HttpException(PASSWORD_CHECK_OFF_MESSAGE, HttpStatus.SERVICE_UNAVAILABLE);
      default:
        throw new HttpException(PASSWORD_CHECK_FAILED_MESSAGE, HttpStatus.BAD_GATEWAY);
    }
  }
}
