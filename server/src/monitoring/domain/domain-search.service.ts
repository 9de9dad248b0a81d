import { Injectable } from '@nestjs/common';
import { withDeadline } from '../../common/deadline.util';
import { BreachLookupService } from '../../scans/breaches/breach-lookup.service';
import type { SourceResult } from '../../scans/sources/source.types';
import { DOMAIN_HIBP_MESSAGES, DomainSearchOutcome } from './domain-watch.rules';
import { HibpDomainSource } from './hibp-domain.source';

/** A domain search's whole budget: three requests, each waiting for its turn in HIBP's queue. */
export const DOMAIN_SEARCH_BUDGET_MS = 60_000;

/**
 * Have I Been Pwned's domain search as its API requires it: the domain must be verified on HIBP's
 * dashboard for the account of this server's key (`subscribeddomains`), and the key's subscription
 * must be large enough for the domain (`subscription/status`); only then `breacheddomain`. Every
 * request waits for its turn in HIBP's server-wide queue, the one breach lookups use (the key's
 * limit counts them all). Each way it can stop says so, in words that say whose doing it is.
 */
@Injectable()
export class DomainSearchService {
  constructor(
    private readonly hibp: HibpDomainSource,
    private readonly lookups: BreachLookupService,
  ) {}

  /** Within DOMAIN_SEARCH_BUDGET_MS, or sooner when `parent` aborts. */
  search(domain: string, parent?: AbortSignal): Promise<DomainSearchOutcome> {
    return withDeadline(DOMAIN_SEARCH_BUDGET_MS, [parent], (signal) => this.searchWithin(domain, signal));
  }

  private async searchWithin(domain: string, signal: AbortSignal): Promise<DomainSearchOutcome> {
    if (!this.hibp.configured) return { status: 'not_configured', message: DOMAIN_HIBP_MESSAGES.notConfigured };
    const deadline = Date.now() + DOMAIN_SEARCH_BUDGET_MS;
    const politely = async <T>(ask: () => Promise<T & { status: string; retryAfterSeconds?: number }>): Promise<T | SourceFailure> => {
      const refused = await this.lookups.waitForTurn('hibp', { signal, deadline });
      if (refused) return refused;
      const answer = await ask();
      await this.lookups.heard('hibp', answer);
      return answer;
    };

    const subscribed = await politely(() => this.hibp.subscribedDomains(signal));
    if (subscribed.status !== 'ok') return failed(subscribed);
    const listed = subscribed.data.find((d) => d.domain === domain);
    if (!listed) return { status: 'not_verified', message: DOMAIN_HIBP_MESSAGES.notVerified(domain) };

    const subscription = await politely(() => this.hibp.subscription(signal));
    if (subscription.status !== 'ok') return failed(subscription);
    const max = subscription.data.domainSearchMaxBreachedAccounts;
    const size = listed.pwnCountExcludingSpamLists;
    if (max !== null && size !== null && size > max) {
      return { status: 'subscription_too_small', message: DOMAIN_HIBP_MESSAGES.subscriptionTooSmall(domain, subscription.data.name, max, size) };
    }

    const found = await politely(() => this.hibp.breachedDomain(domain, signal));
    if (found.status === 'forbidden') return { status: 'refused', message: DOMAIN_HIBP_MESSAGES.refused(domain) };
    if (found.status !== 'ok') return failed(found);
    return { status: 'ok', aliases: found.data };
  }
}

type SourceFailure = Exclude<SourceResult<never>, { status: 'ok' }>;

/** A request that did not answer: its own status ('partial' never comes from a source). */
function failed(result: SourceFailure): DomainSearchOutcome {
  const status = result.status === 'not_configured' || result.status === 'rate_limited' || result.status === 'timed_out' ? result.status : 'unavailable';
  return { status, message: result.message };
}
