import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, malformed, sourceGet, statusFailure } from './source-http.util';
import type { SourceResult } from './source.types';

export const PWNED_PASSWORDS_SERVICE = 'Pwned Passwords';

/** Five hex characters of a SHA-1: all that ever leaves the browser. */
export const HASH_PREFIX = /^[0-9A-Fa-f]{5}$/;
const RANGE_LINE = /^[0-9A-F]{35}:\d+$/;

/**
 * The Pwned Passwords range API (k-anonymity): the suffixes of every breached password's SHA-1
 * starting with a 5-character prefix. We always ask for padding (Add-Padding), so the size of the
 * answer does not hint at the prefix either.
 */
@Injectable()
export class PwnedPasswordsSource {
  private readonly baseUrl: string;
  private readonly userAgent: string;
  /** PWNED_PASSWORDS_ENABLED: false sends no hash prefix anywhere. */
  readonly enabled: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.enabled = config.sources.pwnedPasswords.enabled;
    this.baseUrl = config.sources.pwnedPasswords.url;
    this.userAgent = config.sources.userAgent;
  }

  /** The range body as received (`SUFFIX:COUNT` lines, padding lines with count 0 included). */
  async range(prefix: string, signal: AbortSignal): Promise<SourceResult<string>> {
    if (!HASH_PREFIX.test(prefix)) throw new Error('PwnedPasswordsSource.range: the prefix must be 5 hex characters');
    if (!this.enabled) return failure('not_configured', 'Pwned Passwords is turned off on this server (PWNED_PASSWORDS_ENABLED=false)');
    const answer = await sourceGet({
      service: PWNED_PASSWORDS_SERVICE,
      url: `${this.baseUrl}/range/${prefix.toUpperCase()}`,
      userAgent: this.userAgent,
      signal,
      headers: { 'add-padding': 'true', accept: 'text/plain' },
    });
    if (answer.status !== 'ok') return answer;
    const res = answer.data;
    if (res.status !== 200) return statusFailure(PWNED_PASSWORDS_SERVICE, res, 'the range API needs no key');
    const lines = res.text.split(/\r?\n/);
    // A final line break is tolerated; an empty answer or any other line is not.
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    if (lines.length === 0 || !lines.every((line) => RANGE_LINE.test(line))) return malformed(PWNED_PASSWORDS_SERVICE);
    return { status: 'ok', data: res.text };
  }
}
