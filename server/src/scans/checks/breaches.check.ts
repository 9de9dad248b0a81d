import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { emailBreachesLabel, emailBreachesOutcome } from '../breaches/breach-checks';
import { BreachLookupService } from '../breaches/breach-lookup.service';
import { CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check';

/**
 * The breaches an email address is in, from every enabled breach source (HIBP `breachedaccount`
 * with HIBP_API_KEY, XposedOrNot), merged into one entry per breach; pastes when a source reports them.
 */
@Injectable()
export class BreachesCheck extends scanCheck({
  id: 'breaches',
  label: 'Data breaches',
  noun: 'the breach service',
  groups: ['breaches'],
}) {
  constructor(
    private readonly lookups: BreachLookupService,
    private readonly catalogue: BreachCatalogueService,
  ) {
    super();
  }

  /** Names the sources this server asks: "Data breaches (Have I Been Pwned, XposedOrNot)". */
  override get label(): string {
    return emailBreachesLabel(this.lookups.enabledSources());
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  run(input: ClassifiedScanInput, { signal, deadline, viewer }: CheckContext): Promise<CheckOutcome> {
    return emailBreachesOutcome(input.value, this.lookups, this.catalogue, {
      signal,
      deadline,
      ...(viewer.userId ? { userId: viewer.userId } : {}),
      // HIBP's pastes are asked for only for the signed-in owner of the verified address.
      owner: viewer.userId !== undefined && viewer.verifiedEmail === input.value,
    });
  }
}
