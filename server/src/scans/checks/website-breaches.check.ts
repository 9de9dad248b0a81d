import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeWebsiteBreaches } from '../analysis/website-breaches.analyzer';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { WEBSITE_MESSAGES } from '../sources/website.source';
import { CheckOutcome, isUrlInput, scanCheck } from './scan-check';

/** Known breaches of the site's domain, from the stored HIBP catalogue (never fetched per scan). */
export async function websiteBreachesOutcome(url: string | undefined, catalogue: Pick<BreachCatalogueService, 'state' | 'findByDomain'>): Promise<CheckOutcome> {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return { status: 'not_applicable', message: url ? WEBSITE_MESSAGES.invalidUrl : WEBSITE_MESSAGES.noUrl, findings: [] };
  }
  // An IP address is no domain: HIBP's catalogue lists breaches by domain only.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { status: 'ok', findings: [] };
  const state = await catalogue.state();
  if (!state.refreshedAt) {
    return { status: 'unavailable', message: "Have I Been Pwned's breach catalogue has not been loaded on this server yet.", findings: [] };
  }
  return { status: 'ok', findings: analyzeWebsiteBreaches(await catalogue.findByDomain(host)) };
}

/** Breaches HIBP lists for the site's domain ("HIBP lists a breach of {domain}…"). */
@Injectable()
export class WebsiteBreachesCheck extends scanCheck({
  id: 'website-breaches',
  label: "Known breaches of this site (Have I Been Pwned's breach catalogue)",
  noun: 'the breach catalogue',
  groups: ['breaches'],
}) {
  constructor(private readonly catalogue: BreachCatalogueService) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isUrlInput(input);
  }

  run(input: ClassifiedScanInput): Promise<CheckOutcome> {
    return websiteBreachesOutcome(input.url, this.catalogue);
  }
}
