import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { websiteBreachesLabel, websiteBreachesOutcome } from '../breaches/breach-checks';
import { CheckOutcome, isUrlInput, scanCheck } from './scan-check';

/** Breaches the stored catalogues (HIBP, XposedOrNot) list for the site's domain; never fetched per scan. */
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
    return websiteBreachesLabel(this.catalogue.enabledSources());
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isUrlInput(input);
  }

  run(input: ClassifiedScanInput): Promise<CheckOutcome> {
    return websiteBreachesOutcome(input.url, this.catalogue, this.catalogue.enabledSources());
  }
}
