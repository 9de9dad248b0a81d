import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeEmailBreaches } from '../analysis/email-breaches.analyzer';
import { HibpSource } from '../sources/hibp.source';
import { analyzed, CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check';

/** The breaches an email address is in (HIBP `breachedaccount`, needs HIBP_API_KEY). */
@Injectable()
export class BreachesCheck extends scanCheck({
  id: 'breaches',
  label: 'Data breaches (Have I Been Pwned)',
  noun: 'the breach service',
  groups: ['breaches'],
}) {
  constructor(private readonly hibp: HibpSource) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  async run(input: ClassifiedScanInput, { signal }: CheckContext): Promise<CheckOutcome> {
    return analyzed(await this.hibp.breachedAccount(input.value, signal), analyzeEmailBreaches);
  }
}
