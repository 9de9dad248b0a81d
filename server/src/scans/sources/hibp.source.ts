import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, malformed, parseJson, sourceGet, SourceResponse, statusFailure } from './source-http.util';
import type { HibpBreach, HibpPaste, SourceResult } from './source.types';

export const HIBP_SERVICE = 'Have I Been Pwned';
/** Read by visitors: plain words, no setting names (operators find HIBP_API_KEY in docs/CONFIGURATION.md). */
export const HIBP_KEY_MISSING_MESSAGE = 'not set up on this server, so it was not asked';
/** The hint after "refused the API key": for visitors; the operator knows which key is meant. */
export const HIBP_KEY_REFUSED_HINT = "this server's key for it is not accepted";

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

  /**
   * A GET of an API route that needs the key (`path` after the API's base, already encoded); not
   * configured, with `keyMissing` as its message, without one. The key never leaves the server.
   */
  async keyedGet(path: string, signal: AbortSignal, keyMissing: string = HIBP_KEY_MISSING_MESSAGE): Promise<SourceResult<SourceResponse>> {
    if (!this.apiKey) return failure('not_configured', keyMissing);
    return sourceGet({
      service: HIBP_SERVICE,
      url: `${this.apiUrl}/${path}`,
      userAgent: this.userAgent,
      signal,
      headers: { 'hibp-api-key': this.apiKey, accept: 'application/json' },
    });
  }

  /** The breaches the address appears in (all fields); an empty list when HIBP knows none. */
  async breachedAccount(email: string, signal: AbortSignal): Promise<SourceResult<HibpBreach[]>> {
    const answer = await this.keyedGet(`breachedaccount/${encodeURIComponent(email)}?truncateResponse=false`, signal);
    if (answer.status !== 'ok') return answer;
    // 404 is HIBP's "this account is in no breach".
    if (answer.data.status === 404) return { status: 'ok', data: [] };
    return this.breachList(answer.data);
  }

  /**
   * The pastes the address appears in (`pasteaccount`, needs the key); an empty list when HIBP
   * knows none. Asked only for the signed-in owner of a verified address.
   */
  async pasteAccount(email: string, signal: AbortSignal): Promise<SourceResult<HibpPaste[]>> {
    const answer = await this.keyedGet(`pasteaccount/${encodeURIComponent(email)}`, signal);
    if (answer.status !== 'ok') return answer;
    if (answer.data.status === 404) return { status: 'ok', data: [] };
    if (answer.data.status !== 200) return statusFailure(HIBP_SERVICE, answer.data, HIBP_KEY_REFUSED_HINT);
    const parsed = parseJson(HIBP_SERVICE, answer.data.text);
    if (parsed.status !== 'ok') return parsed;
    if (!Array.isArray(parsed.data)) return malformed(HIBP_SERVICE);
    const pastes: HibpPaste[] = [];
    for (const item of parsed.data) {
      const paste = toPaste(item);
      if (!paste) return malformed(HIBP_SERVICE);
      pastes.push(paste);
    }
    return { status: 'ok', data: pastes };
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
    if (res.status !== 200) return statusFailure(HIBP_SERVICE, res, HIBP_KEY_REFUSED_HINT);
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

/** A paste with the fields we use checked: Source and Id are required, the rest may be null (HIBP leaves Title and Date empty for some sources). */
export function toPaste(value: unknown): HibpPaste | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.Source !== 'string' || raw.Source === '' || typeof raw.Id !== 'string' || raw.Id === '') return undefined;
  if (raw.Title !== undefined && raw.Title !== null && typeof raw.Title !== 'string') return undefined;
  if (raw.Date !== undefined && raw.Date !== null && (typeof raw.Date !== 'string' || !isInstant(raw.Date))) return undefined;
  if (raw.EmailCount !== undefined && raw.EmailCount !== null && (typeof raw.EmailCount !== 'number' || !Number.isSafeInteger(raw.EmailCount) || raw.EmailCount < 0)) return undefined;
  return {
    Source: raw.Source,
    Id: raw.Id,
    Title: typeof raw.Title === 'string' ? raw.Title : null,
    Date: typeof raw.Date === 'string' ? raw.Date : null,
    EmailCount: typeof raw.EmailCount === 'number' ? raw.EmailCount : null,
  };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isInstant = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
