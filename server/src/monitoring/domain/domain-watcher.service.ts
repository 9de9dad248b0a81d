import { Injectable } from '@nestjs/common';
import { BreachCatalogueService } from '../../scans/breach-catalogue/breach-catalogue.service';
import type { BreachRecord } from '../../scans/sources/source.types';
import { WATCH_ADVICE } from '../../vocabulary/watch-advice.catalogue';
import type { NoticeItem } from '../monitoring.types';
import type { ClaimedMonitor, TargetUpdate, WatchOutcome } from '../monitor-run.types';
import { DomainProofService } from './domain-proof.service';
import { DomainSearchService } from './domain-search.service';
import { DomainBreachChange, LASTING_HIBP_STATUSES, readDomainWatchState, stepDomainWatch } from './domain-watch.rules';

/** An alert lists this many of a breach's new addresses; the monitor's page and its CSV have them all. */
const ALERT_ADDRESSES = 20;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const DOMAIN_RUN_MESSAGES = {
  noTarget: 'Nothing to check: the monitor has no domain',
  notProven: (domain: string) => `Nothing to check yet: control of ${domain} is not proven. Publish the TXT record or the file shown on the monitor's page, then press Verify.`,
  proofUnknown: (domain: string, reason: string) => `Control of ${domain} could not be checked (${reason}); nothing was searched, and the monitor will try again.`,
  lapsed: (domain: string, reason: string) => `Paused: control of ${domain} could not be confirmed (${reason}). Nothing is searched until it is proven again.`,
  pausedTitle: (domain: string) => `Control of ${domain} could not be confirmed: the watch is paused`,
  retry: 'The monitor will try again.',
  nextRegular: 'The monitor asks again at its next regular run.',
  firstSearch: (domain: string, addresses: number) => `First check: ${plural(addresses, 'breached address', 'breached addresses')} at ${domain} recorded as the starting point`,
} as const;

/**
 * One run of a domain watch: the proof of control checked again (a lapse pauses the watch, by
 * notice and email), then Have I Been Pwned's domain search (domain-search.service.ts) against the
 * last answer. A run that could not search compares nothing: it says why, and tries again when
 * that may pass (HIBP down, rate limited) or at its next regular time when it will not (the key's
 * subscription, HIBP's own verification of the domain).
 */
@Injectable()
export class DomainWatcher {
  constructor(
    private readonly proofs: DomainProofService,
    private readonly search: DomainSearchService,
    private readonly catalogue: BreachCatalogueService,
  ) {}

  async watch(claimed: ClaimedMonitor, now: Date): Promise<WatchOutcome> {
    const target = claimed.targets.find((t) => t.kind === 'domain');
    if (!target) return { outcome: 'failed', summary: DOMAIN_RUN_MESSAGES.noTarget, retry: false };
    const domain = target.value;
    if (!target.verifiedBy || !target.challenge) return { outcome: 'waiting', summary: DOMAIN_RUN_MESSAGES.notProven(domain), items: [] };

    const proof = await this.proofs.check(domain, target.challenge, target.verifiedBy);
    if (!proof.proven) {
      if (!proof.definitive) return { outcome: 'failed', summary: DOMAIN_RUN_MESSAGES.proofUnknown(domain, proof.reason), retry: true };
      return {
        outcome: 'failed',
        summary: DOMAIN_RUN_MESSAGES.lapsed(domain, proof.reason),
        retry: false,
        pause: true,
        items: [{ kind: 'watch_paused', target: domain, title: DOMAIN_RUN_MESSAGES.pausedTitle(domain), recommendation: WATCH_ADVICE.watchPaused, evidence: [proof.reason] }],
        targetUpdates: [{ kind: 'domain', value: domain, proof: { checkedAt: now, verifiedBy: null } }],
      };
    }

    const outcome = await this.search.search(domain);
    const previous = readDomainWatchState(target.watchState);
    const step = stepDomainWatch(previous, outcome, now, domain);
    const update: TargetUpdate = { kind: 'domain', value: domain, proof: { checkedAt: now, verifiedBy: proof.method }, watchState: step.state };
    if (outcome.status !== 'ok') {
      const lasting = LASTING_HIBP_STATUSES.includes(outcome.status);
      return { outcome: 'failed', summary: `${outcome.message} ${lasting ? DOMAIN_RUN_MESSAGES.nextRegular : DOMAIN_RUN_MESSAGES.retry}`, retry: !lasting, targetUpdates: [update] };
    }
    if (step.baselined) return { outcome: 'succeeded', summary: DOMAIN_RUN_MESSAGES.firstSearch(domain, Object.keys(outcome.aliases).length), items: [], targetUpdates: [update] };

    const records = step.changes.length > 0 ? await this.catalogue.recordsByName('hibp', step.changes.map((c) => c.breach)) : new Map<string, BreachRecord>();
    const items = step.changes.map((change) => domainBreachItem(domain, change, records.get(change.breach)));
    return { outcome: 'succeeded', summary: items.length > 0 ? `${plural(items.length, 'new breach of your domain', 'new breaches of your domain')}` : 'No changes', items, targetUpdates: [update] };
  }
}

/** A breach newly holding addresses of the domain, with the addresses (the first 20) and what the breach exposed. */
export function domainBreachItem(domain: string, change: DomainBreachChange, record: BreachRecord | undefined): NoticeItem {
  const name = record?.title || change.breach;
  const added = change.newAliases.length;
  const total = change.before + added;
  const addresses = change.newAliases.slice(0, ALERT_ADDRESSES).map((alias) => `${alias}@${domain}`);
  const more = added - addresses.length;
  return {
    kind: 'domain_breach',
    target: domain,
    title: change.before === 0 ? `${name}: ${plural(added, 'address', 'addresses')} at ${domain}` : `${name}: ${added} more ${added === 1 ? 'address' : 'addresses'} at ${domain}`,
    recommendation: WATCH_ADVICE.domainBreach(name),
    before: change.before === 0 ? `No address at ${domain} in this breach` : `${plural(change.before, 'address', 'addresses')} at ${domain} in this breach`,
    after: `${plural(total, 'address', 'addresses')} at ${domain} in this breach`,
    evidence: [
      ...(record ? [`Have I Been Pwned: ${name} (${record.breachDate}), exposed ${record.dataClasses.join(', ') || 'data'}`] : [`Have I Been Pwned lists the breach ${change.breach}`]),
      ...addresses,
      ...(more > 0 ? [`and ${more} more on the monitor's page`] : []),
    ],
  };
}
