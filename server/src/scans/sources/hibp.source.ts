import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, malformed, parseJson, sourceGet, SourceResponse, statusFailure } from './source-http';
import type { HibpBreach, SourceResult } from './source-types';

export const HIBP_SERVICE = 'Have I Been Pwned';
export const HIBP_KEY_MISSING_MESSAGE = 'Add HIBP_API_KEY to check breaches';

/**
 * Have I Been Pwned API v3 (https://haveibeenpwned.com/API/v3): the breaches of an account (needs
 * the key) and the whole breach catalogue (free). Answers are checked field by field: a breach
 * with a missing or mistyped field makes the whole answer malformed rather than half-trusted.
 */
@Injectable()
export class HibpSource {
  private readonly apiUrl: string;
  private readonly apiKey?: string;
  private readonly userAgent: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.apiUrl = config.sources.hibp.apiUrl;
    this.apiKey = config.sources.hibp.apiKey;
    this.userAgent = config.sources.userAgent;
  }

  get configured(): boolean {
    return Boolean(this.apiKey);
  }

  /** The breaches the address appears in (all fields); an empty list when HIBP knows none. */
  async breachedAccount(email: string, signal: AbortSignal): Promise<SourceResult<HibpBreach[]>> {
    if (!this.apiKey) return failure('not_configured', HIBP_KEY_MISSING_MESSAGE);
    const answer = await sourceGet({
      service: HIBP_SERVICE,
      url: `${this.apiUrl}/breachedaccount/${encodeURIComponent(email)}?truncateResponse=false`,
      userAgent: this.userAgent,
      signal,
      headers: { 'hibp-api-key': this.apiKey, accept: 'application/json' },
    });
    if (answer.status !== 'ok') return answer;
    // 404 is HIBP's "this account is in no breach".
    if (answer.data.status === 404) return { status: 'ok', data: [] };
    return this.breachList(answer.data);
  }

  /** Every breach HIBP lists (the catalogue the breach-catalogue module caches). */
  async breaches(signal: AbortSignal): Promise<SourceResult<HibpBreach[]>> {
    const answer = await sourceGet({
      service: HIBP_SERVICE,
      url: `${this.apiUrl}/breaches`,
      userAgent: this.userAgent,
      signal,
      headers: { accept: 'application/json' },
    });
    if (answer.status !== 'ok') return answer;
    return this.breachList(answer.data);
  }

  private breachList(res: SourceResponse): SourceResult<HibpBreach[]> {
    if (res.status !== 200) return statusFailure(HIBP_SERVICE, res, 'check HIBP_API_KEY');
    const parsed = parseJson(HIBP_SERVICE, res.text);
    if (parsed.status !== 'ok') return parsed;
    if (!Array.isArray(parsed.data)) return malformed(HIBP_SERVICE);
    const breaches: HibpBreach[] = [];
    for (const item of parsed.data) {
      const breach = toBreach(item);
      if (!breach) return malformed(HIBP_SERVICE);
      breaches.push(breach);
    }
    return { status: 'ok', data: breaches };
  }
}

const STRING_FIELDS = ['Name', 'Title', 'Domain', 'BreachDate', 'AddedDate', 'ModifiedDate', 'Description'] as const;
const FLAG_FIELDS = ['IsVerified', 'IsFabricated', 'IsSensitive', 'IsRetired', 'IsSpamList'] as const;
const OPTIONAL_FLAG_FIELDS = ['IsMalware', 'IsStealerLog', 'IsSubscriptionFree'] as const;

/** A breach with exactly the fields we know, or undefined when one we use is missing or mistyped. */
export function toBreach(value: unknown): HibpBreach | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!STRING_FIELDS.every((field) => typeof raw[field] === 'string')) return undefined;
  if (raw.Name === '') return undefined;
  if (!isDay(raw.BreachDate as string) || !isInstant(raw.AddedDate as string) || !isInstant(raw.ModifiedDate as string)) return undefined;
  if (!FLAG_FIELDS.every((field) => typeof raw[field] === 'boolean')) return undefined;
  if (!OPTIONAL_FLAG_FIELDS.every((field) => raw[field] === undefined || typeof raw[field] === 'boolean')) return undefined;
  if (typeof raw.PwnCount !== 'number' || !Number.isSafeInteger(raw.PwnCount) || raw.PwnCount < 0) return undefined;
  if (!Array.isArray(raw.DataClasses) || !raw.DataClasses.every((c) => typeof c === 'string')) return undefined;
  if (raw.LogoPath !== undefined && raw.LogoPath !== null && typeof raw.LogoPath !== 'string') return undefined;

  const breach: HibpBreach = {
    Name: raw.Name as string,
    Title: raw.Title as string,
    Domain: raw.Domain as string,
    BreachDate: raw.BreachDate as string,
    AddedDate: raw.AddedDate as string,
    ModifiedDate: raw.ModifiedDate as string,
    PwnCount: raw.PwnCount,
    Description: raw.Description as string,
    DataClasses: [...(raw.DataClasses as string[])],
    IsVerified: raw.IsVerified as boolean,
    IsFabricated: raw.IsFabricated as boolean,
    IsSensitive: raw.IsSensitive as boolean,
    IsRetired: raw.IsRetired as boolean,
    IsSpamList: raw.IsSpamList as boolean,
  };
  if (typeof raw.LogoPath === 'string') breach.LogoPath = raw.LogoPath;
  for (const field of OPTIONAL_FLAG_FIELDS) if (typeof raw[field] === 'boolean') breach[field] = raw[field];
  return breach;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
