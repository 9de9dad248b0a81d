import { Injectable } from '@nestjs/common';
import { HIBP_KEY_REFUSED_HINT, HIBP_SERVICE, HibpSource } from '../../scans/sources/hibp.source';
import { failure, malformed, parseJson, statusFailure } from '../../scans/sources/source-http.util';
import type { SourceResult } from '../../scans/sources/source.types';

/** A domain verified on the HIBP dashboard of the account that owns the API key (`subscribeddomains`). */
export interface HibpSubscribedDomain {
  domain: string;
  /** Breached addresses at the domain, with and without those only in spam lists; null when HIBP has not counted them yet. */
  pwnCount: number | null;
  pwnCountExcludingSpamLists: number | null;
}

/** The key's subscription (`subscription/status`). */
export interface HibpSubscription {
  name: string;
  /** The largest domain it searches, in breached addresses outside spam lists; null: no limit. */
  domainSearchMaxBreachedAccounts: number | null;
}

/** `breacheddomain`: each breached alias (the part before the @) with the names of its breaches; 403: HIBP will not search it for this key. */
export type DomainSearchResult = SourceResult<Record<string, string[]>> | { status: 'forbidden'; message: string };

/**
 * Have I Been Pwned's domain search (API v3): which domains the key's account has verified on
 * HIBP's dashboard, what the key's subscription allows, and the breached aliases of a verified
 * domain. The key never leaves the server; answers are checked field by field.
 */
@Injectable()
export class HibpDomainSource {
  constructor(private readonly hibp: HibpSource) {}

  get configured(): boolean {
    return this.hibp.configured;
  }

  async subscribedDomains(signal: AbortSignal): Promise<SourceResult<HibpSubscribedDomain[]>> {
    const answer = await this.get('subscribeddomains', signal);
    if (answer.status !== 'ok') return asFailure(answer);
    if (!Array.isArray(answer.data)) return malformed(HIBP_SERVICE);
    const domains: HibpSubscribedDomain[] = [];
    for (const item of answer.data) {
      if (!isObject(item) || typeof item.DomainName !== 'string') return malformed(HIBP_SERVICE);
      domains.push({ domain: item.DomainName.trim().toLowerCase(), pwnCount: count(item.PwnCount), pwnCountExcludingSpamLists: count(item.PwnCountExcludingSpamLists) });
    }
    return { status: 'ok', data: domains };
  }

  async subscription(signal: AbortSignal): Promise<SourceResult<HibpSubscription>> {
    const answer = await this.get('subscription/status', signal);
    if (answer.status !== 'ok') return asFailure(answer);
    const raw = answer.data;
    if (!isObject(raw) || typeof raw.SubscriptionName !== 'string') return malformed(HIBP_SERVICE);
    const max = raw.DomainSearchMaxBreachedAccounts;
    if (max !== null && max !== undefined && count(max) === null) return malformed(HIBP_SERVICE);
    return { status: 'ok', data: { name: raw.SubscriptionName, domainSearchMaxBreachedAccounts: count(max) } };
  }

  async breachedDomain(domain: string, signal: AbortSignal): Promise<DomainSearchResult> {
    const answer = await this.get(`breacheddomain/${encodeURIComponent(domain)}`, signal, { forbidden: true, notFound: {} });
    if (answer.status !== 'ok') return answer;
    const raw = answer.data;
    if (!isObject(raw)) return malformed(HIBP_SERVICE);
    const aliases: Record<string, string[]> = {};
    for (const [alias, names] of Object.entries(raw)) {
      if (alias === '' || !Array.isArray(names) || !names.every((n) => typeof n === 'string' && n !== '')) return malformed(HIBP_SERVICE);
      aliases[alias.toLowerCase()] = [...new Set(names as string[])].sort();
    }
    return { status: 'ok', data: aliases };
  }

  /** An authorised GET with the key; 404 becomes `notFound` when the route says so, 403 'forbidden' when asked for. */
  private async get(path: string, signal: AbortSignal, options: { forbidden?: boolean; notFound?: unknown } = {}): Promise<SourceResult<unknown> | Forbidden> {
    const answer = await this.hibp.keyedGet(path, signal, 'Searching a domain needs Have I Been Pwned, which is not set up on this server');
    if (answer.status !== 'ok') return answer;
    const res = answer.data;
    if (res.status === 404 && options.notFound !== undefined) return { status: 'ok', data: options.notFound };
    if (res.status === 403 && options.forbidden) return { status: 'forbidden', message: `${HIBP_SERVICE} refused the search` };
    if (res.status !== 200) return statusFailure(HIBP_SERVICE, res, HIBP_KEY_REFUSED_HINT);
    return parseJson(HIBP_SERVICE, res.text);
  }
}

type Forbidden = { status: 'forbidden'; message: string };

/** A 403 only routes that ask for it get; anywhere else it is one more refusal. */
const asFailure = (answer: Exclude<SourceResult<unknown>, { status: 'ok' }> | Forbidden) => (answer.status === 'forbidden' ? failure('unavailable', answer.message) : answer);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null);
