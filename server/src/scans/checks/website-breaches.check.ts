import { Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { BREACH_SOURCES, breachSourceNames } from '../../vocabulary/breach-source.catalogue';
import type { CheckSourceReport } from '../../vocabulary/check.types';
import { analyzeWebsiteBreaches } from '../analysis/website-breaches.analyzer';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { WEBSITE_MESSAGES } from '../sources/website.source';
import { CheckOutcome, isUrlInput, scanCheck } from './scan-check.types';

/**
 * Breaches the stored catalogues (HIBP, XposedOrNot) list for the site's domain; never fetched per
 * scan. Ok with the catalogues that are loaded, naming any enabled one that is not yet; unavailable
 * when none is.
 */
@Injectable()
export class WebsiteBreachesCheck extends scanCheck({
  id: 'website-breaches',
  label: 'Known breaches of this site',
  noun: 'the breach catalogue',
  groups: ['breaches'],
}) {
  constructor(private readonly catalogue: BreachCatalogueService) {
    super();
  }

  /** Names the catalogues this server uses: "Known breaches of this site (the breach catalogue of Have I Been Pwned)". */
  override get label(): string {
    const sources = this.catalogue.enabledSources();
    const names = breachSourceNames(sources);
    return names ? `Known breaches of this site (the breach ${sources.length === 1 ? 'catalogue' : 'catalogues'} of ${names})` : 'Known breaches of this site';
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isUrlInput(input);
  }

  async run({ url }: Pick<ClassifiedScanInput, 'url'>): Promise<CheckOutcome> {
    let host: string;
    try {
      host = new URL(url ?? '').hostname;
    } catch {
      return { status: 'not_applicable', message: url ? WEBSITE_MESSAGES.invalidUrl : WEBSITE_MESSAGES.noUrl, findings: [] };
    }
    // An IP address is no domain: the catalogues list breaches by domain only.
    if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { status: 'ok', findings: [] };
    const found = await this.catalogue.findByDomain(host);
    const sources: CheckSourceReport[] = this.catalogue.enabledSources().map((id) =>
      found.loaded.includes(id)
        ? { id, name: BREACH_SOURCES[id].name, status: 'ok' }
        : { id, name: BREACH_SOURCES[id].name, status: 'unavailable', message: `${BREACH_SOURCES[id].name}'s breach catalogue has not been loaded on this server yet.` },
    );
    if (found.loaded.length === 0) {
      return { status: 'unavailable', message: 'No breach catalogue has been loaded on this server yet.', findings: [], sources };
    }
    const notLoaded = sources.filter((s) => s.status !== 'ok');
    return {
      status: 'ok',
      ...(notLoaded.length > 0 ? { message: `Checked ${breachSourceNames(found.loaded)}'s catalogue only: ${notLoaded.map((s) => s.message).join(' ')}` } : {}),
      findings: analyzeWebsiteBreaches(found.breaches),
      sources,
    };
  }
}
